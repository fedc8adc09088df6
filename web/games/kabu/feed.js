// "What just happened", where the eye is: the difference between the view the person saw last and
// the view now (fills, orders the opponent made public, cancelled remainders, price card, events,
// tools, dividends), and the set of figures that changed (flashed with the shell's flashTracker).
// It adds to the shell's events strip what the log does not spell out (fills, price moves). Pure rendering; no rules.
import { h } from '../../shell/dom.js';
import { MARKS, kindLabel, num, pointLabel, signed, yen } from './labels.js';

const MAX_FEED = 8;

/** Keys of the figures that differ between two views (see board.js `flash`). */
export function changedKeys(prev, cur, seats) {
  const out = new Set();
  if (!prev) return out;
  const old = Object.fromEntries((prev.issues || []).map(x => [x.id, x]));
  for (const is of cur.issues || []) {
    const o = old[is.id];
    if (!o) continue;
    if (o.price !== is.price) out.add(`price:${is.id}`);
    if (o.market_qty !== is.market_qty) out.add(`mkt:${is.id}`);
    const top = (v, side) => JSON.stringify((((v.book || {})[is.id] || {})[side] || [])[0] || null);
    if (top(prev, 'buys') !== top(cur, 'buys')) out.add(`bid:${is.id}`);
    if (top(prev, 'sells') !== top(cur, 'sells')) out.add(`ask:${is.id}`);
    for (const s of seats) {
      if (((prev.players[s] || {}).holdings || {})[is.id] !== ((cur.players[s] || {}).holdings || {})[is.id]) out.add(`hold${s}:${is.id}`);
    }
  }
  for (const s of seats) {
    for (const f of ['cash', 'stock', 'total']) {
      const key = f === 'stock' ? 'stock_value' : f;
      if ((prev.players[s] || {})[key] !== (cur.players[s] || {})[key]) out.add(`${f}${s}`);
    }
  }
  const ids = v => new Set(Object.values(v.book || {}).flatMap(b => [...b.buys, ...b.sells]).map(o => o.id));
  const before = ids(prev);
  for (const id of ids(cur)) if (!before.has(id)) out.add(`order:${id}`);
  if (JSON.stringify(prev.last_price_card) !== JSON.stringify(cur.last_price_card)) out.add('pricecard');
  return out;
}

/** Raw happenings between two views (language-free; `text` renders them). */
export function happenings(prev, cur, me) {
  if (!prev) return [];
  const out = [];
  const since = (key) => (cur[key] || []).slice((prev[key] || []).length);
  const pc = cur.last_price_card;
  if (pc && JSON.stringify(pc) !== JSON.stringify(prev.last_price_card)) out.push({ kind: 'price', seat: cur.turn.active, card: pc });
  for (const f of since('fills')) {
    const last = out[out.length - 1];
    if (last && last.kind === 'fill' && ['point', 'issue', 'price', 'buyer', 'seller', 'how'].every(k => last.fill[k] === f[k])) last.fill = { ...last.fill, qty: last.fill.qty + f.qty };
    else out.push({ kind: 'fill', seat: f.buyer === me ? f.seller : f.buyer, fill: { ...f } });
  }
  for (const c of since('cancels')) out.push({ kind: 'cancel', seat: c.owner, cancel: c });
  for (const e of since('events')) out.push({ kind: 'event', seat: e.seat, event: e });
  for (const u of since('tool_log')) out.push({ kind: 'tool', seat: u.seat, tool: u });
  for (const d of since('dividends')) if (d.paid && (d.paid[0] || d.paid[1])) out.push({ kind: 'dividend', seat: null, dividend: d });
  if (me === 0 || me === 1) {
    const before = new Set(Object.values(prev.book || {}).flatMap(b => [...b.buys, ...b.sells]).map(o => o.id));
    for (const b of Object.values(cur.book || {})) {
      for (const o of [...b.buys, ...b.sells]) if (o.owner !== me && !before.has(o.id)) out.push({ kind: 'order', seat: o.owner, order: o });
    }
  }
  return out;
}

/** One happening as text in one language. `L` = {t(ja, en), lang, who(seat), issue(id), card(kind, id)}. */
export function text(x, L) {
  const { t } = L;
  const party = p => (p === 'market' ? t('市場', 'the market') : L.who(p));
  switch (x.kind) {
    case 'price': {
      const c = x.card;
      return t(`④ 株価変動カード ${signed(c.value)}: 全銘柄が${signed(c.value)}単位${c.chart ? `（チャート分析で ${c.chart.map(signed).join('・')} から選択）` : ''}`,
        `④ price card ${signed(c.value)}: every issue ${signed(c.value)} units${c.chart ? ` (chosen from ${c.chart.map(signed).join(', ')})` : ''}`);
    }
    case 'fill': {
      const f = x.fill;
      const when = f.point === 'tool' ? t('特殊売却', 'special sale') : pointLabel({ t }, f.point);
      return t(`${when} 約定 ${L.issue(f.issue)} ${f.qty}株 @${num(f.price)}（${party(f.buyer)}が${party(f.seller)}から買い）`,
        `${when} fill: ${f.qty} × ${L.issue(f.issue)} @ ${num(f.price)} (${party(f.buyer)} bought from ${party(f.seller)})`);
    }
    case 'cancel': {
      const c = x.cancel;
      return t(`${MARKS[c.phase] || ''} ${L.who(c.owner)}の成行${c.side === 'buy' ? '買い' : '売り'} ${L.issue(c.issue)} 残り${c.qty}株を取り消し（成行は1回の判定だけ）`,
        `${MARKS[c.phase] || ''} ${L.who(c.owner)}'s market ${c.side} of ${L.issue(c.issue)}: ${c.qty} left, cancelled (a market order lives for one judging)`);
    }
    case 'event': {
      const e = x.event;
      const eff = Object.entries(e.effect || {}).map(([id, d]) => `${L.issue(id)} ${signed(d)}`).join(t('、', ', '));
      return t(`⑧ ${L.who(e.seat)}のイベント「${L.card('events', e.card)}」${e.target ? `→${L.issue(e.target)}` : ''}${eff ? `: ${eff}` : ''}`,
        `⑧ ${L.who(e.seat)}'s event ${L.card('events', e.card)}${e.target ? ` → ${L.issue(e.target)}` : ''}${eff ? `: ${eff}` : ''}`);
    }
    case 'tool': {
      const u = x.tool;
      const sales = u.sales ? Object.entries(u.sales).map(([id, q]) => `${L.issue(id)} ×${q}`).join(t('、', ', ')) : '';
      return t(`${MARKS[u.phase] || ''} ${L.who(u.seat)}がツール「${L.card('tools', u.tool)}」を使用${sales ? `（${sales}）` : ''}`,
        `${MARKS[u.phase] || ''} ${L.who(u.seat)} used ${L.card('tools', u.tool)}${sales ? ` (${sales})` : ''}`);
    }
    case 'dividend': {
      const d = x.dividend;
      const paid = [0, 1].map(s => `${L.who(s)} ${yen(d.paid[s], L.lang)}${d.doubled && d.doubled[s] ? ' ×2' : ''}`).join(' / ');
      return t(`⑦ 配当: ${paid}`, `⑦ dividends: ${paid}`);
    }
    case 'order': {
      const o = x.order;
      const what = o.kind === 'limit' ? t(`指値${num(o.price)}`, `limit ${num(o.price)}`) : kindLabel({ t }, 'mkt');
      return t(`${L.who(o.owner)}の${o.side === 'buy' ? '買い' : '売り'}注文: ${L.issue(o.issue)} ${what} ×${o.qty}`,
        `${L.who(o.owner)} ${o.side === 'buy' ? 'bids for' : 'offers'} ${L.issue(o.issue)}: ${what} × ${o.qty}`);
    }
    default: return '';
  }
}

/** Keep the newest happenings (newest first), marking the ones that just arrived. */
export function pushFeed(ui, items) {
  for (const x of ui.feed || []) x.fresh = false;
  const fresh = items.slice().reverse().map(x => ({ ...x, fresh: true }));
  ui.feed = [...fresh, ...(ui.feed || [])].slice(0, MAX_FEED);
}

/** The feed box (#kabu-feed): what the computer (and the market) just did. */
export function feedPanel(m, L) {
  const { ctx, ui } = m;
  const items = ui.feed || [];
  return h('section', { class: 'kabu-feed', id: 'kabu-feed', 'aria-labelledby': 'kabu-feed-h' },
    h('h2', { id: 'kabu-feed-h' }, ctx.t('いま起きたこと', 'Just now')),
    items.length
      ? h('ul', { 'aria-live': 'polite', tabindex: '0', 'aria-label': ctx.t('いま起きたこと', 'Just now') }, items.map(x => h('li', { class: `kabu-ev-${x.kind}${x.fresh ? ' kabu-fresh' : ''}`, 'data-kind': x.kind }, text(x, L))))
      : h('p', { class: 'kabu-muted' }, ctx.t('相手の注文・約定・イベントはここに出ます。', "The opponent's orders, fills and events appear here.")));
}
