// The parts around the board: hands (持ち駒), the active cards (strip and full panels), the drawn-card
// overlay. Each builder returns an element; no rules here.

import { h } from '../../shell/dom.js';
import { pieceSvg } from './piecesvg.js';
import { cardElement } from './cardview.js';
import { HAND_ORDER, KIND_NAME, PIECE_NAME_JA, PIECE_NAME_EN } from './pieces.js';

export const SEAT_MARK = ['▲', '△'];
export const SEAT_JA = ['先手', '後手'];
export const SEAT_EN = ['Sente', 'Gote'];
/** The sides' names as [ja, en] lists: 先手/後手, or 下手/上手 in a handicap game (seat 0 is 下手, the full set). */
export function sideNames(view) {
  return view && view.handicap ? [['下手', '上手'], ['Lower', 'Upper']] : [SEAT_JA, SEAT_EN];
}

/** 持ち駒 of `seat`. o = {view, t, seat, where: 'top'|'bottom', who, sel, onPiece(seat, piece)}. */
export function handElement(o) {
  const { view, t, seat } = o;
  const hand = (view.hands && view.hands[seat]) || {};
  const box = h('div', { class: `sg-hand sg-hand-${o.where}`, role: 'group', 'data-seat': String(seat),
    'aria-label': t(`${SEAT_MARK[seat]}${SEAT_JA[seat]}の持ち駒`, `${SEAT_EN[seat]}'s pieces in hand`) });
  box.append(h('span', { class: 'sg-hand-who' }, o.who));
  const list = h('div', { class: 'sg-hand-pieces' });
  let any = false;
  for (const p of HAND_ORDER) {
    const n = hand[p] || 0;
    if (!n) continue;
    any = true;
    const selected = o.sel && o.sel.hand === p && seat === view.side_to_move;
    const btn = h('button', { type: 'button', class: `sg-hand-piece${selected ? ' sg-selected' : ''}${seat === 1 ? ' sg-owner-1' : ''}`,
      'data-hand': `${seat}-${p}`, 'aria-pressed': selected ? 'true' : 'false',
      'aria-label': t(`${PIECE_NAME_JA[p]} ${n}枚`, `${PIECE_NAME_EN[p]} ×${n}`), onclick: () => o.onPiece(seat, p) },
    pieceSvg(p), n > 1 ? h('span', { class: 'sg-hand-count', 'aria-hidden': 'true', text: String(n) }) : null);
    if (o.where === 'top') btn.classList.add('sg-down');
    list.append(btn);
  }
  if (!any) list.append(h('span', { class: 'sg-hand-none', text: t('なし', 'none') }));
  box.append(list);
  return box;
}

/** Deck and discard counts. */
export function countsElement(view, t) {
  const c = view.cards;
  return h('p', { class: 'sg-counts' },
    h('span', { class: 'sg-deck-count', text: t(`山札 ${c.deck_count}枚`, `Deck ${c.deck_count}`) }), ' · ',
    h('span', { class: 'sg-discard-count', text: t(`捨札 ${c.discard_count}枚`, `Discard ${c.discard_count}`) }));
}

/** The active cards as a one-line strip (phones): kind and name; the full panels with their grids follow below. */
export function cardStrip(view, t) {
  const c = view.cards;
  const strip = h('section', { class: 'sg-strip sg-active-cards', 'aria-label': t('有効カード', 'Active cards') });
  strip.append(countsElement(view, t));
  const list = h('ul', { class: 'sg-chips' });
  for (const card of c.active || []) {
    const kind = KIND_NAME[card.kind] || [card.kind, card.kind];
    const name = t(card.name || card.id, card.name_en || card.name || card.id);
    const chip = h('li', { class: 'sg-chip', 'data-card': card.id, title: name },
      // the kind as its piece's kanji (as on the board): room for the card's name on a phone
      kind[0].length === 1 ? h('span', { class: 'sg-card-kind', title: t(kind[0], kind[1]), 'aria-label': t(kind[0], kind[1]), lang: 'ja', translate: 'no', text: kind[0] })
        : h('span', { class: 'sg-card-kind', text: t(kind[0], kind[1]) }),
      h('span', { class: 'sg-chip-name', text: name }));
    list.append(chip);
  }
  if (!(c.active || []).length) list.append(h('li', { class: 'sg-none', text: t('有効カードなし', 'No active cards') }));
  strip.append(list);
  return strip;
}

/** The active cards with their move grids (desktop side panel; below the board on phones). */
export function cardPanel(view, t, opts = {}) {
  const c = view.cards;
  const box = h('section', { class: `sg-cards${opts.counts ? ' sg-active-cards' : ''}`, 'aria-label': t('有効カード', 'Active cards') });
  box.append(h('h3', { text: t('有効カード', 'Active cards') }));
  if (opts.counts) box.append(countsElement(view, t));
  const list = h('div', { class: 'sg-card-list' });
  for (const card of c.active || []) list.append(cardElement(card, t, { compact: true }));
  if (!(c.active || []).length) list.append(h('p', { class: 'sg-none', text: t('有効カードはありません', 'No active cards') }));
  box.append(list);
  return box;
}

/** The drawn card over the board, with the drawer's choices. o = {view, t, legal:Set, mine, onChoice}. */
export function pendingOverlay(o) {
  const { view, t } = o;
  const pd = view.pending_draw;
  const drawer = view.side_to_move;
  const box = h('div', { class: 'sg-overlay sg-pending', role: 'group', 'aria-label': t('引いたカード', 'Drawn card') });
  box.append(h('h4', { text: t(`${SEAT_MARK[drawer]}${SEAT_JA[drawer]}が引いたカード`, `Card drawn by ${SEAT_EN[drawer]}`) }));
  box.append(cardElement(pd.card, t, {}));
  const buttons = h('div', { class: 'sg-choice' });
  for (const choice of pd.choices || []) {
    let label;
    if (choice === 'draw:on') label = t('有効にする', 'Turn on');
    else if (choice === 'draw:off') label = t('無効（捨てる）', 'Turn off (discard)');
    else if (choice.startsWith('draw:nullify:')) {
      const id = choice.slice('draw:nullify:'.length);
      const target = (view.cards.pool && view.cards.pool[id]) || (view.cards.active || []).find((x) => x.id === id);
      const name = target ? target.name : id;
      label = t(`有効：「${name}」を無効化`, `On: nullify "${target && target.name_en ? target.name_en : name}"`);
    } else label = choice;
    buttons.append(h('button', { type: 'button', class: `sg-btn${choice === 'draw:on' ? ' sg-primary' : ''}`, 'data-action': choice,
      disabled: !(o.mine && o.legal.has(choice)), onclick: () => o.onChoice(choice) }, label));
  }
  if (!o.mine) buttons.append(h('p', { class: 'sg-wait', text: t('相手が選んでいます…', 'Waiting for the other player…') }));
  if (o.onHide) buttons.append(h('button', { type: 'button', class: 'sg-btn', 'data-pending': 'hide', onclick: o.onHide }, t('盤を見る', 'See the board')));
  box.append(buttons);
  return box;
}

/** The drawn card folded away (to look at the board): a tab over the board's top edge that reopens it. */
export function pendingTab(o) {
  const { view, t } = o;
  const card = view.pending_draw.card;
  return h('button', { type: 'button', class: 'sg-btn sg-primary sg-pending-tab', 'data-pending': 'show', onclick: o.onShow },
    t(`引いたカード「${card.name || card.id}」を選ぶ`, `Choose for the drawn card "${card.name_en || card.name || card.id}"`));
}
