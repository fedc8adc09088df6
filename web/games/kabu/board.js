// The trading screen's always-visible parts: a one-line turn strip, both players' money, the market
// table with its best bid and ask (a broker's quote board) and the order book (板) of the chosen issue.
// Pure rendering of payload.view (pygames/kabu/VIEW.md); no game rules here.
import { h } from '../../shell/dom.js';
import { lineChart } from './chart.js';
import { MARKS, ROLES, SEASONS, kindLabel, num, signed, turnLabel, yen } from './labels.js';
import { priceCard } from './cards.js';

/** The class of a figure that changed since the person last looked (view.js flashes them with the shell's flashTracker). */
function flash(m, key) {
  return m.changed.has(key) ? ` kabu-changed kabu-changed-${m.gen}` : '';
}

/** Turn pips (8 per year), the phase strip ③–⑩ with the judging points ◆, the last price card. */
export function turnStrip(m) {
  const { ctx, v } = m;
  const turn = v.turn;
  const perYear = 8;
  const now = Math.min(turn.index, turn.total - 1);
  const yearStart = Math.min(Math.floor(now / perYear) * perYear, Math.max(0, turn.total - perYear));
  const pips = h('ol', { class: 'kabu-pips', 'aria-label': ctx.t('ターン', 'Turns') });
  for (let i = 0; i < perYear; i++) {
    const idx = yearStart + i;
    const state = idx < turn.index || turn.phase >= 12 ? 'kabu-done' : idx === turn.index ? 'kabu-now' : '';
    const season = SEASONS[Math.floor(idx / 2) % 4];
    pips.append(h('li', { class: state, 'aria-current': idx === turn.index && turn.phase < 12 ? 'step' : null,
      title: turnLabel(ctx, idx, v.years) }, ctx.t(season[0], season[1].slice(0, 2)),
    h('small', {}, ctx.t(ROLES[idx % 2][0].slice(0, 1), idx % 2 ? '2' : '1'))));
  }
  const phases = h('ol', { class: 'kabu-phases', 'aria-label': ctx.t('フェーズ', 'Phases') });
  for (const ph of v.phase_track || []) {
    const cur = ph.phase === turn.phase;
    phases.append(h('li', { class: cur ? 'kabu-now' : '', 'aria-current': cur ? 'step' : null, title: ctx.t(ph.ja, ph.en) },
      ph.phase <= 10 ? (ph.mark || String(ph.phase)) : ctx.t(ph.ja, ph.en),
      ph.phase <= 10 ? h('span', { class: cur ? 'kabu-phase-name' : 'kabu-sr' }, ` ${ctx.t(ph.ja, ph.en)}`) : null));
    if (ph.judging_after && (ph.phase === 4 || ph.phase === 8)) {
      phases.append(h('li', { class: 'kabu-mp', title: ctx.t('株価確定直後の約定判定', 'matching right after the price is set') },
        '◆', h('span', { class: 'kabu-sr' }, ctx.t('約定判定', 'matching'))));
    }
  }
  const pc = v.last_price_card;
  const card = pc && pc.turn === turn.index
    ? h('span', { class: `kabu-pricecard${flash(m, 'pricecard')}`, id: 'kabu-price-card' }, priceCard(ctx, pc.value, { scale: 0.6 }),
      ctx.t(` 全銘柄 ${signed(pc.value)}`, ` every issue ${signed(pc.value)}`),
      pc.chart ? h('small', {}, ctx.t(`（${pc.chart.map(signed).join('・')}から）`, ` (of ${pc.chart.map(signed).join(', ')})`)) : null)
    : null;
  const label = turnLabel(ctx, now, v.years) + (turn.phase <= 10 ? ` ${MARKS[turn.phase]}` : ` ${ctx.t(turn.phase_ja, turn.phase_en)}`);
  return h('section', { class: 'kabu-strip', id: 'kabu-tracker', 'aria-label': ctx.t('進行', 'Progress') },
    h('h2', { id: 'kabu-tracker-h', class: 'kabu-turn' }, label), pips, phases, card,
    h('a', { href: ctx.rulesHref, class: 'kabu-rules-link' }, ctx.t('遊び方', 'Rules')));
}

/** Both players: cash, share value, total assets (changed figures flash). */
export function moneyStrip(m) {
  const { ctx, v } = m;
  return h('section', { class: 'kabu-money', id: 'kabu-players', 'aria-label': ctx.t('資産', 'Assets') },
    m.seats.map(s => {
      const p = v.players[s];
      return h('div', { class: `kabu-purse ${s === m.me ? 'kabu-purse-me' : 'kabu-purse-opp'}`, 'data-seat': s, id: s === m.me ? 'kabu-me' : `kabu-seat-${s}` },
        h('b', {}, m.who(s), h('small', {}, ` ${ctx.t(p.role_ja, p.role_en)}`), p.done ? h('small', { class: 'kabu-done-mark' }, ctx.t(' 確定済み', ' confirmed')) : null),
        h('span', { class: `kabu-cash${p.cash < 0 ? ' kabu-neg' : ''}${flash(m, `cash${s}`)}` }, ctx.t('現金 ', 'Cash '), h('strong', {}, yen(p.cash, ctx.lang))),
        h('span', { class: flash(m, `stock${s}`) }, ctx.t('株 ', 'Shares '), yen(p.stock_value, ctx.lang)),
        h('span', { class: flash(m, `total${s}`) }, ctx.t('総資産 ', 'Total '), h('strong', {}, yen(p.total, ctx.lang))));
    }));
}

/** The best open order of one side of an issue's book: "12×2" / "成行×1" and whose it is, or "—". */
function best(m, rows) {
  if (!rows || !rows.length) return '—';
  const o = rows[0];
  const mine = o.owner === m.me;
  // whose: the seat's name, or on a phone (view.css) the short 自分 / 相手, which fits the narrow column
  return [`${o.kind === 'limit' ? num(o.price) : kindLabel(m.ctx, 'mkt')}×${o.qty}`,
    h('small', { class: `kabu-quote-who${mine ? ' kabu-quote-mine' : ''}` },
      h('span', { class: 'kabu-who-long' }, m.who(o.owner)), h('span', { class: 'kabu-who-short' }, m.whoShort(o.owner)))];
}

/** The quote board: issue, price, change, best bid / ask, dividend, market stock, both holdings. */
export function market(m) {
  const { ctx, v, ui } = m;
  const rows = v.issues.map(is => {
    const ch = is.change || 0;
    const b = (v.book || {})[is.id] || { buys: [], sells: [] };
    const chosen = is.id === ui.issue;
    return h('tr', { 'data-issue': is.id, class: chosen ? 'kabu-chosen' : '', 'aria-selected': chosen ? 'true' : 'false' },
      h('th', { scope: 'row', class: 'kabu-name', title: ctx.t(is.sector_ja, is.sector_en) },
        h('button', { type: 'button', class: 'kabu-link', 'data-pick': is.id, 'aria-pressed': String(chosen),
          onclick: () => { ui.issue = is.id; ui.priceTouched = false; m.rerender(); } },
        ctx.t(is.name_ja, is.name_en)), h('span', { class: 'kabu-sr' }, ` ${ctx.t(is.sector_ja, is.sector_en)}`)),
      h('td', { class: `kabu-price${flash(m, `price:${is.id}`)}` }, num(is.price),
        h('small', { class: `kabu-chg-inline ${ch > 0 ? 'kabu-up' : ch < 0 ? 'kabu-down' : ''}`, 'aria-hidden': 'true' }, signed(ch))),
      h('td', { class: `kabu-col-chg ${ch > 0 ? 'kabu-up' : ch < 0 ? 'kabu-down' : ''}` }, signed(ch)),
      h('td', { class: `kabu-bid${flash(m, `bid:${is.id}`)}` }, ...best(m, b.buys)),
      h('td', { class: `kabu-ask${flash(m, `ask:${is.id}`)}` }, ...best(m, b.sells)),
      // a raised dividend is already doubled in the figure: mark it as raised, not as "×2" (read as 2 × the figure)
      h('td', { class: 'kabu-col-div' }, num(is.dividend), is.dividend_doubled
        ? h('small', { class: 'kabu-div-raised', title: ctx.t('増配発表で配当が2倍になった銘柄', 'Dividend doubled by a raise event') }, ctx.t('（増配）', ' (raised)'))
        : null),
      h('td', { class: flash(m, `mkt:${is.id}`) }, String(is.market_qty)),
      ...m.seats.map(s => h('td', { class: flash(m, `hold${s}:${is.id}`) }, String((v.players[s].holdings || {})[is.id] || 0))));
  });
  const col = (ja, en, title, cls = null) => h('th', { scope: 'col', title, class: cls }, ctx.t(ja, en));
  return h('section', { class: 'kabu-panel kabu-market', id: 'kabu-market', 'aria-labelledby': 'kabu-market-h' },
    h('h2', { id: 'kabu-market-h' }, ctx.t('株式市場', 'Market'),
      h('small', { class: 'kabu-muted' }, ctx.t(`　単位＝${v.unit_yen}円・配当は1株あたり円`, `  1 unit = ${v.unit_yen} yen · dividend per share in yen`))),
    h('div', { class: 'kabu-scroll', tabindex: '0', role: 'region', 'aria-label': ctx.t('株式市場の表', 'Market table') }, h('table', {},
      h('thead', {}, h('tr', {}, col('銘柄', 'Issue'), col('株価', 'Price'), col('変化', 'Chg', ctx.t('このターン開始時からの変化', 'change since this turn began'), 'kabu-col-chg'),
        col('買気配', 'Bid', ctx.t('いちばん優先の買い注文と、誰の注文か', 'best buy order and whose it is')), col('売気配', 'Ask', ctx.t('いちばん優先の売り注文と、誰の注文か', 'best sell order and whose it is')),
        col('配当', 'Div.', null, 'kabu-col-div'), col('市場', 'Mkt', ctx.t('市場在庫', 'market inventory')),
        ...m.seats.map(s => h('th', { scope: 'col' }, m.whoShort(s))))),
      h('tbody', {}, rows))));
}

/** The order book (板) of the chosen issue: sells above the price, buys below, in priority order. */
export function orderBook(m) {
  const { ctx, v, ui } = m;
  const is = v.issues.find(x => x.id === ui.issue) || v.issues[0];
  if (!is) return h('section', { id: 'kabu-book' });
  const b = (v.book || {})[is.id] || { buys: [], sells: [] };
  const row = (o, side, i) => h('tr', { 'data-order': o.id, class: `kabu-${side}-row${o.owner === m.me ? ' kabu-mine' : ''}${o.sealed ? ' kabu-sealed' : ''}${flash(m, `order:${o.id}`)}` },
    h('td', { class: 'kabu-who' }, m.whoShort(o.owner), o.sealed ? ctx.t('（未公開）', ' (sealed)') : ''),
    h('td', {}, side === 'sell' ? `${o.qty}` : ''),
    h('td', { class: 'kabu-level' }, o.kind === 'limit' ? num(o.price) : kindLabel(ctx, 'mkt')),
    h('td', {}, side === 'buy' ? `${o.qty}` : ''),
    h('td', { class: 'kabu-muted' }, `${i + 1}`, o.rank
      ? h('small', {}, ctx.t(o.rank === 1 ? '（じゃんけん勝ち）' : '（じゃんけん負け）', o.rank === 1 ? ' (won janken)' : ' (lost janken)')) : null));
  // sells: best (lowest) next to the price line, so the list runs from the worst down to the best
  const sells = b.sells.map((o, i) => row(o, 'sell', i)).reverse();
  const buys = b.buys.map((o, i) => row(o, 'buy', i));
  const priceLine = h('tr', { class: 'kabu-priceline' }, h('td', { colspan: '2' }, ctx.t('現在値', 'Last')),
    h('td', { class: `kabu-level${flash(m, `price:${is.id}`)}` }, num(is.price)), h('td', { colspan: '2' }, ''));
  const others = v.issues.filter(x => x.id !== is.id).map(x => {
    const bx = (v.book || {})[x.id] || { buys: [], sells: [] };
    const n = bx.buys.length + bx.sells.length;
    return n ? h('button', { type: 'button', class: 'kabu-chip', 'data-pick': x.id, onclick: () => { ui.issue = x.id; ui.priceTouched = false; m.rerender(); } },
      ctx.t(`${x.name_ja} 買${bx.buys.length}・売${bx.sells.length}`, `${x.name_en} ${bx.buys.length} bid · ${bx.sells.length} ask`)) : null;
  }).filter(Boolean);
  // the checkpoints, then the price now where a fill has moved it since the last one (appended always,
  // the duel's first prompt drew its one price twice: a bare rule beside the title)
  const points = (v.price_history || []).map(p => (p.prices || {})[is.id]);
  const hist = points.length && points[points.length - 1] === is.price ? points : points.concat([is.price]);
  const sealed = Array.isArray(v.opponent_sealed)
    ? h('p', { id: 'kabu-opp-sealed', class: 'kabu-note' }, ctx.t('板読み（相手のこのフェーズの未公開注文）: ', "Book reading (the opponent's sealed orders this phase): "),
      v.opponent_sealed.length ? v.opponent_sealed.map(o => `${m.issueName(o.issue)} ${o.side === 'buy' ? ctx.t('買', 'buy') : ctx.t('売', 'sell')} ${o.kind === 'limit' ? num(o.price) : kindLabel(ctx, 'mkt')}×${o.qty}`).join(ctx.t('、', ', '))
        : ctx.t('まだありません', 'none yet'))
    : null;
  return h('section', { class: 'kabu-panel kabu-book', id: 'kabu-book', 'aria-labelledby': 'kabu-book-h' },
    h('div', { class: 'kabu-top' }, h('h2', { id: 'kabu-book-h' }, ctx.t(`板: ${is.name_ja}`, `Order book: ${is.name_en}`)),
      // a price history of one point would draw as a bare rule: the small chart comes with the second price
      hist.length > 1 ? lineChart([{ label: ctx.t(is.name_ja, is.name_en), values: hist, cls: 'kabu-line-price' }],
        { title: ctx.t(`${is.name_ja}の株価推移`, `${is.name_en} price`), small: true, width: 120, height: 28 }) : null),
    h('div', { class: 'kabu-scroll', tabindex: '0', role: 'region', 'aria-label': ctx.t(`${is.name_ja}の注文板`, `${is.name_en} order book`) },
      h('table', { class: 'kabu-ladder' },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, ctx.t('注文者', 'Who')), h('th', { scope: 'col' }, ctx.t('売数量', 'Ask qty')),
          h('th', { scope: 'col' }, ctx.t('値段', 'Price')), h('th', { scope: 'col' }, ctx.t('買数量', 'Bid qty')), h('th', { scope: 'col' }, ctx.t('順位', 'Priority')))),
        h('tbody', {}, sells, priceLine, buys))),
    !b.buys.length && !b.sells.length ? h('p', { class: 'kabu-muted' }, ctx.t('この銘柄の注文待ちはありません。', 'No open orders in this issue.')) : null,
    others.length ? h('div', { class: 'kabu-row kabu-others' }, h('span', { class: 'kabu-muted' }, ctx.t('ほかの板: ', 'Other books: ')), others) : null,
    sealed);
}
