// "What just happened", where the eye is: the difference between the view the person saw last and
// the view now (fills, orders the opponent made public, cancelled remainders, price card, events,
// tools, dividends), and the set of figures that changed (flashed with the shell's flashTracker).
// It adds to the shell's events strip what the log does not spell out (fills, price moves). Pure rendering; no rules.
import { h } from '../../shell/dom.js';
import { MARKS, handLabel, kindLabel, num, pointLabel, signed, turnLabel, yen } from './labels.js';

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

const ORDER_PHASES = [5, 6, 9, 10];

/** Where in a turn something happened, as a sortable number (③ … ⑩, 清算 11). */
function pointPos(point, phase) {
  const m = /^(end|after)(\d+)$/.exec(point || '');
  if (m) return Number(m[2]) + (m[1] === 'end' ? 0.5 : 0.1);
  if (point === 'liquidation') return 11;
  return (phase || 0) + 0.2;
}

/** The story of the duel from the view's logs (kept in the match record, so it survives a reload):
 * every price card, fill, cancelled remainder, event, tool use, dividend and the opponent's public
 * orders, each with its turn and its place in the turn. Language-free; `text` renders an item. */
export function story(v, me) {
  const out = [];
  const add = (turn, pos, kind, key, x) => out.push({ turn, pos, kind, key: `${kind}:${key}`, ...x });
  (v.price_cards || []).forEach((c, i) => add(c.turn, 4, 'price', i, { seat: c.turn % 2, card: c }));
  (v.fills || []).forEach((f, i) => {
    if (f.point === 'tool') return; // the tool use says what it sold
    const prev = out[out.length - 1];
    if (prev && prev.kind === 'fill' && ['turn', 'point', 'issue', 'price', 'buyer', 'seller', 'how'].every(k => prev.fill[k] === f[k])) {
      prev.fill = { ...prev.fill, qty: prev.fill.qty + f.qty };
      return;
    }
    add(f.turn, pointPos(f.point, f.phase), 'fill', i, { seat: f.buyer === me ? f.seller : f.buyer, fill: { ...f } });
  });
  // one line per player and judging for the market orders' cancelled remainders (after a spring's
  // market buys they were one line per issue and pushed the fills out of the box)
  const cancelled = {};
  (v.cancels || []).forEach((c, i) => {
    const group = [c.turn, c.point, c.owner, c.side].join(':');
    if (cancelled[group]) { cancelled[group].cancel.items.push({ issue: c.issue, qty: c.qty }); return; }
    add(c.turn, pointPos(c.point, c.phase) + 0.05, 'cancel', i, { seat: c.owner, cancel: { ...c, items: [{ issue: c.issue, qty: c.qty }] } });
    cancelled[group] = out[out.length - 1];
  });
  (v.events || []).forEach((e, i) => add(e.turn, 8, 'event', i, { seat: e.seat, event: e }));
  (v.tool_log || []).forEach((u, i) => add(u.turn, u.tool === 'T05' ? 3.9 : (u.phase || 0) + 0.05, 'tool', i, { seat: u.seat, tool: u }));
  (v.jankens || []).forEach((j, i) => add(j.turn, j.phase + 0.48, 'janken', i, { seat: j.winner, janken: j }));
  (v.dividends || []).forEach((d, i) => { if (d.paid && (d.paid[0] || d.paid[1])) add(d.turn, 7.5, 'dividend', i, { seat: null, dividend: d }); });
  if (me === 0 || me === 1) {
    for (const b of Object.values(v.book || {})) {
      for (const o of [...b.buys, ...b.sells]) {
        if (o.owner === me || o.sealed || o.phase_id < 0) continue;
        add(Math.floor(o.phase_id / 4), ORDER_PHASES[o.phase_id % 4] + 0.45, 'order', o.id, { seat: o.owner, order: o });
      }
    }
  }
  return out.map((x, i) => ({ ...x, i })).sort((a, b) => a.turn - b.turn || a.pos - b.pos || a.i - b.i);
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
      const left = c.items.map(it => t(`${L.issue(it.issue)} ${it.qty}株`, `${it.qty} × ${L.issue(it.issue)}`)).join(t('・', ', '));
      return t(`${MARKS[c.phase] || ''} ${L.who(c.owner)}の成行${c.side === 'buy' ? '買い' : '売り'}の残りを取り消し: ${left}（成行は1回の判定だけ）`,
        `${MARKS[c.phase] || ''} ${L.whose(c.owner)} market ${c.side === 'buy' ? 'buys' : 'sells'}, cancelled what was left: ${left} (a market order lives for one judging)`);
    }
    case 'event': {
      const e = x.event;
      const eff = Object.entries(e.effect || {}).map(([id, d]) => `${L.issue(id)} ${signed(d)}`).join(t('、', ', '));
      return t(`⑧ ${L.who(e.seat)}のイベント「${L.card('events', e.card)}」${e.target ? `→${L.issue(e.target)}` : ''}${eff ? `: ${eff}` : ''}`,
        `⑧ ${L.whose(e.seat)} event ${L.card('events', e.card)}${e.target ? ` → ${L.issue(e.target)}` : ''}${eff ? `: ${eff}` : ''}`);
    }
    case 'tool': {
      const u = x.tool;
      const sales = u.sales ? Object.entries(u.sales).map(([id, q]) => `${L.issue(id)} ×${q}`).join(t('、', ', ')) : '';
      return t(`${MARKS[u.phase] || ''} ${L.who(u.seat)}がツール「${L.card('tools', u.tool)}」を使用${sales ? `（${sales}）` : ''}`,
        `${MARKS[u.phase] || ''} ${L.who(u.seat)} used ${L.card('tools', u.tool)}${sales ? ` (${sales})` : ''}`);
    }
    case 'dividend': {
      const d = x.dividend;
      // the paid figure already includes the doubling: say why, not "×2" (read as twice the figure)
      const paid = [0, 1].map(s => `${L.who(s)} ${yen(d.paid[s], L.lang)}${d.doubled && d.doubled[s] ? t(`（${L.card('tools', 'T04')}で2倍）`, ` (doubled by ${L.card('tools', 'T04')})`) : ''}`).join(' / ');
      return t(`⑦ 配当: ${paid}`, `⑦ dividends: ${paid}`);
    }
    case 'janken': return jankenText(x.janken, L);
    case 'order': {
      const o = x.order;
      const what = o.kind === 'limit' ? t(`指値${num(o.price)}`, `limit ${num(o.price)}`) : kindLabel({ t }, 'mkt');
      return t(`${L.who(o.owner)}の${o.side === 'buy' ? '買い' : '売り'}注文: ${L.issue(o.issue)} ${what} ×${o.qty}`,
        `${L.who(o.owner)} ${o.side === 'buy' ? 'bids for' : 'offers'} ${L.issue(o.issue)}: ${what} × ${o.qty}`);
    }
    default: return '';
  }
}

/** A decided janken: the tied group, every round's hands and who fills first. */
export function jankenText(j, L) {
  const { t } = L;
  const ctx = { t };
  const what = j.kind === 'limit' ? t(`指値${num(j.price)}`, `(limit ${num(j.price)})`) : t(kindLabel(ctx, 'mkt'), '(market)');
  const rounds = (j.hands || []).map(pair => [0, 1].map(s => `${L.who(s)} ${handLabel(ctx, pair[s])}`).join(t('・', ' vs ')));
  return t(`${MARKS[j.phase] || ''} じゃんけん ${L.issue(j.issue)} ${what}: ${rounds.join(' → ')} → ${L.who(j.winner)}の注文が先に約定`,
    `${MARKS[j.phase] || ''} janken for ${L.issue(j.issue)} ${what}: ${rounds.join(' → ')} → ${L.whose(j.winner)} order fills first`);
}

/** The items of `turns`, grouped by turn (oldest first, each in time order), as headed lists. */
function turnBlocks(m, L, items, turns, fresh) {
  const { ctx, v } = m;
  const now = Math.min(v.turn.index, v.turn.total - 1);
  return turns.flatMap(turn => {
    const mine = items.filter(x => x.turn === turn);
    const label = turnLabel(ctx, turn, v.years) + (turn === now && !v.result ? ctx.t('（このターン）', ' (this turn)') : '');
    return [h('h3', { 'data-turn': turn }, label),
      mine.length
        ? h('ol', { class: 'kabu-story' }, mine.map(x => h('li', { class: `kabu-ev-${x.kind}${fresh.has(x.key) ? ' kabu-fresh' : ''}`, 'data-kind': x.kind, 'data-key': x.key }, text(x, L))))
        : h('p', { class: 'kabu-muted' }, ctx.t('まだ何も起きていません。', 'Nothing yet.'))];
  });
}

/** 「いま起きたこと」 (#kabu-feed) by the prompt: the previous turn and this one, in time order. Items new
 * since the person last looked are marked (ui.seen: the keys already shown). */
export function feedPanel(m, L) {
  const { ctx, v, ui } = m;
  const items = story(v, m.me);
  const now = Math.min(v.turn.index, v.turn.total - 1);
  const seen = ui.seen || null;
  const fresh = new Set(seen ? items.filter(x => !seen.has(x.key)).map(x => x.key) : []);
  if (ui.seenGen !== m.gen) { ui.seen = new Set(items.map(x => x.key)); ui.seenGen = m.gen; ui.fresh = fresh; }
  const turns = [now - 1, now].filter(x => x >= 0);
  // the title sits above the scrolled lines, not over them (sticky, it half-covered the line under it)
  return h('section', { class: 'kabu-feed', id: 'kabu-feed', 'aria-labelledby': 'kabu-feed-h' },
    h('h2', { id: 'kabu-feed-h' }, ctx.t('いま起きたこと', 'Just now')),
    h('div', { class: 'kabu-feed-lines', id: 'kabu-feed-lines', role: 'group', 'aria-labelledby': 'kabu-feed-h', tabindex: '0' },
      ...turnBlocks(m, L, items, turns, ui.fresh || fresh)));
}

const NEWS = new Set(['fill', 'cancel', 'janken', 'dividend', 'event']);

/** Keys of the story's items that a judging or the turn's steps made (not orders placed, not the price
 * card the turn strip shows): what the person has to see before the next form. */
export function newsKeys(m) {
  return story(m.v, m.me).filter(x => NEWS.has(x.kind)).map(x => x.key);
}

/** The turns before those (#kabu-history, a tab on a phone): the rest of the story, nothing twice. */
export function historyPanel(m, L) {
  const { ctx, v } = m;
  const now = Math.min(v.turn.index, v.turn.total - 1);
  const turns = [];
  for (let t = 0; t < now - 1; t++) turns.push(t);
  return h('section', { class: 'kabu-panel kabu-wide', id: 'kabu-history', 'aria-labelledby': 'kabu-history-h' },
    h('h2', { id: 'kabu-history-h' }, ctx.t('これまでの流れ', 'Earlier turns')),
    turns.length ? h('div', {}, ...turnBlocks(m, L, story(v, m.me), turns, new Set()))
      : h('p', { class: 'kabu-muted' }, ctx.t('前のターンの出来事はここに並びます。', 'Earlier turns are listed here.')));
}
