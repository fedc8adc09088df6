// "What just happened": this turn's and the previous turn's fills, tool uses, events and dividends,
// shown right under the prompt so a player sees the computer's moves without scrolling. Pure rendering.
import { h } from '../../shell/dom.js';
import { MARKS, turnLabel, pointLabel, nameOf, yen, signed, num } from './labels.js';

/** Where a fill happened, as a sortable phase number (⑤ end → 5, after ④ → 4, liquidation → 11). */
function fillPhase(f) {
  const m = /^(?:end|after)(\d+)$/.exec(f.point || '');
  if (m) return Number(m[1]) + (f.point.startsWith('end') ? 0.5 : 0);
  return f.point === 'liquidation' ? 11 : (f.phase || 0);
}

/** Consecutive fills of the same kind (point, issue, price, buyer, seller) as one line with the summed quantity. */
function groupFills(fills) {
  const out = [];
  const key = f => JSON.stringify([f.point, f.phase, f.issue, f.price, f.buyer, f.seller, f.how]);
  for (const f of fills) {
    const last = out[out.length - 1];
    if (last && key(last) === key(f)) last.qty += f.qty;
    else out.push({ ...f });
  }
  return out;
}

/** The items of one turn, in the order they happened. */
function turnItems(m, turn) {
  const { ctx, v } = m;
  const cat = v.catalog || {};
  const party = x => (x === 'market' ? ctx.t('証券市場', 'the market') : m.who(x));
  const items = [];
  for (const u of (v.tool_log || []).filter(x => x.turn === turn)) {
    const sales = u.sales ? Object.entries(u.sales).map(([id, q]) => `${m.issueName(id)} ×${q}`).join(ctx.t('、', ', ')) : '';
    items.push([u.phase || 0, 'tool', ctx.t(`${MARKS[u.phase] || ''} ${m.who(u.seat)}がツール「${nameOf(ctx, (cat.tools || {})[u.tool], u.tool)}」を使用${sales ? `（${sales}）` : ''}`,
      `${MARKS[u.phase] || ''} ${m.who(u.seat)} used ${nameOf(ctx, (cat.tools || {})[u.tool], u.tool)}${sales ? ` (${sales})` : ''}`)]);
  }
  for (const d of (v.dividends || []).filter(x => x.turn === turn && x.paid && (x.paid[0] || x.paid[1]))) {
    const paid = m.seats.map(s => `${m.who(s)} ${yen(d.paid[s], ctx.lang)}${d.doubled && d.doubled[s] ? ' (×2)' : ''}`).join(' / ');
    items.push([7, 'dividend', ctx.t(`⑦ 配当: ${paid}`, `⑦ dividends: ${paid}`)]);
  }
  for (const e of (v.events || []).filter(x => x.turn === turn)) {
    const eff = e.effect && Object.keys(e.effect).length
      ? Object.entries(e.effect).map(([id, d]) => `${m.issueName(id)} ${signed(d)}`).join(ctx.t('、', ', ')) : '';
    items.push([8, 'event', ctx.t(`⑧ ${m.who(e.seat)}のイベント「${nameOf(ctx, (cat.events || {})[e.card], e.card)}」${eff ? `: ${eff}` : ''}`,
      `⑧ ${m.who(e.seat)}'s event ${nameOf(ctx, (cat.events || {})[e.card], e.card)}${eff ? `: ${eff}` : ''}`)]);
  }
  for (const f of groupFills((v.fills || []).filter(x => x.turn === turn))) {
    const when = f.point === 'tool' ? ctx.t(`${MARKS[f.phase] || ''} 特殊売却`, `${MARKS[f.phase] || ''} special sale`) : pointLabel(ctx, f.point);
    items.push([fillPhase(f), 'fill', ctx.t(
      `${when} 約定: ${m.issueName(f.issue)} ${f.qty}株 @${f.price}単位（買い手 ${party(f.buyer)}・売り手 ${party(f.seller)}）`,
      `${when} fill: ${f.qty} × ${m.issueName(f.issue)} @ ${f.price} units (${party(f.buyer)} bought from ${party(f.seller)})`)]);
  }
  return items.sort((a, b) => a[0] - b[0]);
}

/** The panel (#kabu-recent): newest turn first, each turn's items oldest first. */
export function recentPanel(m) {
  const { ctx, v } = m;
  const now = Math.min(v.turn.index, v.turn.total - 1);
  const blocks = [];
  for (const turn of [now, now - 1]) {
    if (turn < 0) continue;
    const items = turnItems(m, turn);
    const title = `${turnLabel(ctx, turn, v.years)}${turn === now ? ctx.t('（このターン）', ' (this turn)') : ctx.t('（前のターン）', ' (previous turn)')}`;
    blocks.push(h('h3', {}, title),
      items.length
        ? h('ul', { class: 'kabu-recent-list' }, items.map(([, kind, text]) => h('li', { class: `kabu-recent-${kind}` }, text)))
        : h('p', { class: 'kabu-muted' }, ctx.t('約定・ツール・イベントはまだありません。', 'No fills, tools or events yet.')));
  }
  return h('section', { class: 'kabu-panel kabu-wide', id: 'kabu-recent', 'aria-labelledby': 'kabu-recent-h' },
    h('h2', { id: 'kabu-recent-h' }, ctx.t('直近の出来事', 'What just happened')), ...blocks);
}
