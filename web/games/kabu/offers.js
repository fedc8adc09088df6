// The computer's (the opponent's) live quotes as offers the person can take with one tap, and what a
// share can still earn this duel (both from the engine's view: v.offers, v.outlook; VIEW.md).
// Taking an offer fills the order ticket (issue, limit, quantity); the preview and warning run as for
// any order and the person still confirms. No game rules here.
import { h } from '../../shell/dom.js';
import { MARKS, num, signed, yen } from './labels.js';

/** One offer as a sentence: 「コンピュータが 大和自動車 を 14 で 2株 買いたい」. */
export function offerText(m, o) {
  const { ctx } = m;
  const who = m.who(o.owner);
  const name = m.issueName(o.issue);
  return o.side === 'buy'
    ? ctx.t(`${who}が ${name} を ${num(o.price)} で ${o.qty}株 買いたい`, `${who} wants to buy ${o.qty} × ${name} at ${num(o.price)}`)
    : ctx.t(`${who}が ${name} を ${num(o.price)} で ${o.qty}株 売りたい`, `${who} wants to sell ${o.qty} × ${name} at ${num(o.price)}`);
}

/** Fill the ticket with the order that takes offer `o` (the person still reviews and confirms). */
function take(m, o) {
  fillTicket(m, { issue: o.issue, price: o.price, qty: o.take_qty, tookOffer: o.order });
}

/** Scroll ``el`` into view and, on a phone, out from under the action bar pinned to the screen's bottom. */
function clearOfTheBar(el) {
  el.scrollIntoView({ block: 'nearest' });
  const bar = document.getElementById('kabu-bar');
  if (!bar || getComputedStyle(bar).position !== 'sticky') return;
  const b = bar.getBoundingClientRect();
  const r = el.getBoundingClientRect();
  if (b.top < r.bottom && b.top > r.top - b.height) window.scrollBy(0, r.bottom - b.top + 8);
}

/** Fill the order ticket with a limit order (issue, price, qty…), redraw and bring its button into view. */
export function fillTicket(m, fields) {
  Object.assign(m.ui, { kind: 'limit', priceTouched: true }, fields);
  m.rerender();
  const place = document.getElementById('kabu-place');
  if (place) { clearOfTheBar(place); place.focus({ preventScroll: true }); }
}

/** The offers list (#kabu-offers): null when the opponent has no open quote. */
export function offersPanel(m) {
  const { ctx, v } = m;
  const offers = (v.offers || []).filter(o => o.owner !== m.me);
  if (m.me === null || !offers.length) return null;
  const row = o => {
    const vs = o.vs_price ? ctx.t(`時価 ${num(o.current)} より ${signed(o.vs_price)}`, `${signed(o.vs_price)} vs the price ${num(o.current)}`)
      : ctx.t('時価と同じ', 'at the price');
    const detail = h('small', { class: 'kabu-muted' }, ctx.t(` （${vs}・1株 ${yen(o.yen, 'ja')}）`, ` (${vs}, ${yen(o.yen, 'en')} a share)`));
    let act;
    if (o.now) {
      act = h('button', { type: 'button', class: 'kabu-take', 'data-offer': o.order, disabled: m.busy, onclick: () => take(m, o) },
        o.take_side === 'sell' ? ctx.t(`${o.take_qty}株 売って応じる`, `Sell ${o.take_qty} to it`) : ctx.t(`${o.take_qty}株 買って応じる`, `Buy ${o.take_qty} from it`));
    } else {
      act = h('small', { class: 'kabu-muted' }, notNow(m, o));
    }
    return h('li', { 'data-offer-row': o.order, class: o.now ? 'kabu-offer-now' : '' }, h('span', {}, offerText(m, o)), detail, ' ', act);
  };
  const shown = offers.slice(0, 6);
  const now = shown.filter(o => o.now);
  const later = shown.filter(o => !o.now);
  // those that cannot be taken in this phase are folded under one line: on a phone, five of them in a buy
  // phase (each 「売り注文（⑥⑩）で応じられます」) filled the screen above the ticket of the phase
  const folded = later.length ? h('details', { id: 'kabu-offers-later', open: !now.length && later.length === 1 },
    h('summary', {}, now.length
      ? ctx.t(`ほかに${later.length}件（このフェーズでは応じられません）`, `${later.length} more (not takeable in this phase)`)
      : laterSummary(m, later)),
    h('ul', {}, later.map(row))) : null;
  return h('section', { class: 'kabu-offers', id: 'kabu-offers', 'aria-labelledby': 'kabu-offers-h' },
    h('h3', { id: 'kabu-offers-h' }, ctx.t('相手からの注文（応じられます）', 'Offers you can take')),
    now.length ? h('ul', {}, now.map(row)) : null, folded);
}

/** Why an offer cannot be taken in this phase, and when it can. */
function notNow(m, o) {
  const { ctx } = m;
  const when = o.take_side === 'sell' ? `${MARKS[6]}${MARKS[10]}` : `${MARKS[5]}${MARKS[9]}`;
  return o.placed ? ctx.t(`応じる注文（${o.placed}株）を出しました。約定はフェーズの終わりです`, `you placed an order taking it (${o.placed}); it fills when the phase ends`)
    : o.take_side === 'sell' && !o.take_qty ? ctx.t('売れる持ち株がありません', 'you hold none to sell')
    : o.take_side === 'sell' ? ctx.t(`売り注文（${when}）で応じられます`, `take it in a sell phase (${when})`)
      : ctx.t(`買い注文（${when}）で応じられます`, `take it in a buy phase (${when})`);
}

/** One line for offers none of which can be taken now: how many, of which side, and when. */
function laterSummary(m, later) {
  const { ctx } = m;
  const sides = new Set(later.map(o => o.take_side));
  const n = later.length;
  if (sides.size === 1 && sides.has('sell')) return ctx.t(`相手の買い注文 ${n}件 — 売り注文（${MARKS[6]}${MARKS[10]}）で応じられます`, `${n} bids from your opponent — take them in a sell phase (${MARKS[6]}${MARKS[10]})`);
  if (sides.size === 1) return ctx.t(`相手の売り注文 ${n}件 — 買い注文（${MARKS[5]}${MARKS[9]}）で応じられます`, `${n} asks from your opponent — take them in a buy phase (${MARKS[5]}${MARKS[9]})`);
  return ctx.t(`相手の注文 ${n}件 — このフェーズでは応じられません`, `${n} orders from your opponent — not takeable in this phase`);
}

/** What one share of `issue` can still earn this duel, as the engine counts it for this player. */
export function outlookLine(m, issue) {
  const { ctx, v } = m;
  const o = v.outlook;
  const x = o && o.issues && o.issues[issue];
  if (!x) return null;
  const cat = v.catalog.events || {};
  const parts = [];
  parts.push(!x.dividend_yen ? ctx.t('配当なし', 'no dividend')
    : !o.dividend_turns ? ctx.t('配当はもう残っていません', 'no dividends left this duel')
      : ctx.t(`配当 あと${o.dividend_turns}回 × ${yen(x.dividend_yen, 'ja')} = ${yen(x.dividends_left_yen, 'ja')}`,
        `dividends: ${o.dividend_turns} more × ${yen(x.dividend_yen, 'en')} = ${yen(x.dividends_left_yen, 'en')}`));
  if ((x.own_events || []).length) {
    const cards = x.own_events.map(e => `${ctx.t((cat[e.card] || {}).name_ja || e.card, (cat[e.card] || {}).name_en || e.card)} ${signed(e.delta)}${e.copies > 1 ? `×${e.copies}` : ''}`);
    // every card left will be drawn: say the sure effect, not an average
    parts.push(o.own_events_sure
      ? ctx.t(`あなたのイベント ${cards.join('・')}（残りは全部引くので 必ず ${signed(x.own_events_units)}単位）`,
        `your events ${cards.join(', ')} (all will be drawn: surely ${signed(x.own_events_units)} units)`)
      : ctx.t(`あなたのイベント ${cards.join('・')}（あと${o.own_draws_left}枚引く・平均 ${signed(x.own_events_units)}単位）`,
        `your events ${cards.join(', ')} (${o.own_draws_left} more draws, on average ${signed(x.own_events_units)} units)`));
  }
  if (o.price_cards_left) parts.push(ctx.t(`株価変動カード あと${o.price_cards_left}枚（全銘柄に効く・平均 ±0）`, `${o.price_cards_left} more price cards (they hit every issue, ±0 on average)`));
  return h('p', { class: 'kabu-outlook', id: 'kabu-outlook' },
    h('b', {}, ctx.t(`${m.issueName(issue)} 1株の今年の見込み: `, `What one share of ${m.issueName(issue)} can still earn: `)),
    parts.join(ctx.t('／', ' / ')));
}
