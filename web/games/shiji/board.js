// 四時の札遊び: drawing the board from the engine's view JSON (see pygames/shiji/VIEW.md).
// No game rules here: what may be played comes from `legal` and ctx.check.

import { signed } from '../../shell/format.js';
import { h as el } from '../../shell/dom.js';

const CJK = /([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff01-\uff60\u3000-\u303f]+)/;

/** English text that keeps the game's Japanese terms (雷霆, 先手決め, 回収…): the terms marked
 * `lang="ja"` (read in Japanese by a screen reader). Japanese text is returned as it is. */
export function jaTerms(text, english) {
  if (!english || typeof text !== 'string' || !CJK.test(text)) return text;
  return text.split(CJK).map((part, i) => (i % 2 ? el('span', { lang: 'ja' }, part) : part)).filter((p) => p !== '');
}

const STAR_NAMES = {
  M: ['朝', 'Morning'], D: ['昼', 'Noon'], E: ['夕', 'Evening'], N: ['夜', 'Night'], X: ['恐慌', 'Panic'],
};
const SYMBOLS = { M: '≥', D: 'Δ', E: '≤', N: '∀', X: 'X' };
/** English names short enough for a 34 px card face (the full name is in the aria-label). */
const SHORT_EN = { M: 'Morn', D: 'Noon', E: 'Eve', N: 'Night', X: 'Panic' };
const GOOD_NAMES = { pair: ['双札', 'pair'], ten: ['十札', 'ten'], step: ['段札', 'step'] };

/** Label of a card code in the current language. */
export function cardLabel(t, code) {
  if (/^[0-9]$/.test(code)) return t(`数字札 ${code}`, `number ${code}`);
  if (code === 'X') return t('恐慌札 X', 'Panic card X');
  const [ja, en] = STAR_NAMES[code] || [code, code];
  return t(`星札 ${ja} ${SYMBOLS[code]}`, `star ${en} ${SYMBOLS[code]}`);
}

/** A card face (span, or button when `onclick` is given). */
export function cardFace(t, code, { onclick = null, selected = false, extra = '', label = null, disabled = false } = {}) {
  const kind = /^[0-9]$/.test(code) ? 'num' : code === 'X' ? 'panic' : 'star';
  const cls = `sj-card sj-${kind} sj-c${code}${selected ? ' sj-selected' : ''}${extra ? ` ${extra}` : ''}`;
  const big = /^[0-9]$/.test(code) ? code : SYMBOLS[code];
  const small = /^[0-9]$/.test(code) ? '' : t(STAR_NAMES[code][0], SHORT_EN[code]);
  const body = [el('span', { class: 'sj-big', 'aria-hidden': 'true' }, big)];
  if (small) body.push(el('span', { class: 'sj-small', 'aria-hidden': 'true' }, small));
  const name = label || cardLabel(t, code);
  if (onclick) {
    return el('button', { type: 'button', class: cls, 'aria-label': name, 'aria-pressed': selected ? 'true' : 'false',
      onclick, disabled, dataset: { card: code } }, ...body);
  }
  return el('span', { class: cls, role: 'img', 'aria-label': name, dataset: { card: code } }, ...body);
}

/** A face-down card. */
export function cardBack(t, { onclick = null, label = null, extra = '', peek = null } = {}) {
  const name = label || t('ヴェールした札（裏）', 'veiled card (face down)');
  // `peek`: the owner knows what lies under their own veil; show it small on the back
  const body = peek ? [el('span', { class: 'sj-peek', 'aria-hidden': 'true' }, /^[0-9]$/.test(peek) ? peek : SYMBOLS[peek])] : [];
  if (onclick) return el('button', { type: 'button', class: `sj-card sj-back ${extra}`, 'aria-label': name, onclick, dataset: peek ? { card: peek } : {} }, ...body);
  return el('span', { class: `sj-card sj-back ${extra}`, role: 'img', 'aria-label': name }, ...body);
}

function orderText(t, v) {
  return v.order === 'desc' ? [t('逆順', 'reverse'), t('小さいほど優位', 'lower wins')] : [t('昇順', 'ascending'), t('大きいほど優位', 'higher wins')];
}

/** The star state: [what may come next, why] (the second part is left out on phones). */
function starText(t, star) {
  if (!star.enforced) return [t('運行の原則なし', 'star cycle off'), ''];
  if (star.state === 'balanced') return [t('平衡状態', 'balanced'), t('どの星札も可', 'any star')];
  if (star.state === 'panic') return [t('恐慌状態', 'panic state'), t('どの星札も可', 'any star')];
  const next = star.next.map((c) => t(STAR_NAMES[c][0], STAR_NAMES[c][1])).join('/');
  return [t(`次の星: ${next}`, `next star: ${next}`), ''];
}

/** The status strip: value to beat, order, star state, round counter. */
export function statusStrip(t, v, me) {
  const beat = v.to_beat === null || v.to_beat === undefined ? t('自由', 'free') : String(v.to_beat).padStart(2, '0');
  const who = v.last_seat === null || v.last_seat === undefined ? '' : v.last_seat === me ? t('（自分の貝札）', ' (your shell)') : t('（相手の貝札）', " (opponent's shell)");
  const [order, orderWhy] = orderText(t, v);
  const [stars, starsWhy] = starText(t, v.star);
  // each box: its name, the value, then a line of explanation (`sj-more`, left out on phones)
  const more = (text) => (text ? el('span', { class: 'sj-k sj-more' }, text) : null);
  return el('div', { class: 'sj-status', role: 'group', 'aria-label': t('場の状態', 'table state') },
    el('div', { class: 'sj-stat sj-beat' }, el('span', { class: 'sj-k' }, t('超える値', 'To beat')),
      el('strong', { class: 'sj-v', dataset: { testid: 'to-beat' } }, beat), more(who)),
    el('div', { class: `sj-stat sj-order ${v.order === 'desc' ? 'sj-desc' : ''}`, title: orderWhy }, el('span', { class: 'sj-k' }, t('評価', 'Order')),
      el('strong', { class: 'sj-v' }, order), more(orderWhy),
      v.order_note ? el('span', { class: 'sj-k sj-order-note', dataset: { testid: 'order-note' } }, t(v.order_note.ja, v.order_note.en)) : null),
    el('div', { class: 'sj-stat sj-stars', title: starsWhy }, el('span', { class: 'sj-k' }, t('星の運行', 'Stars')),
      el('strong', { class: 'sj-v' }, stars), more(starsWhy),
      // the last star's card is labelled at every width (on a phone, under 「次の星: 夕」, a bare ≤ read as the next star)
      v.star.last ? el('span', { class: 'sj-k sj-laststar' }, el('span', { class: 'sj-more' }, t('直前の星札 ', 'last star ')),
        el('span', { class: 'sj-less' }, t('直前', 'last')), cardFace(t, v.star.last, { extra: 'sj-mini' })) : null),
    el('div', { class: 'sj-stat sj-round' }, el('span', { class: 'sj-k' }, t('巡', 'Rounds')),
      el('strong', { class: 'sj-v', dataset: { testid: 'round' }, title: t(v.round.ja, v.round.en) }, v.round.text),
      more(v.round.total ? t('巡済み（閉場まで）', ' done (to closing)') : t('巡済み', ' done'))));
}

/** One player's market row; `onCell(cell)` makes cells clickable (veil / recover). */
export function marketRow(t, player, { clickable = null, onCell = null, label }) {
  const cells = player.row.map((cell) => {
    const goods = cell.goods.length ? ` sj-good sj-good-${cell.goods.join('-')}` : '';
    const extra = `${cell.new ? 'sj-new' : ''}${goods}`;
    const canClick = clickable && clickable.has(cell.pos) && onCell;
    if (cell.gap) return el('span', { class: 'sj-card sj-gap', role: 'img', 'aria-label': t('回収された跡', 'recovered (empty)') });
    if (cell.veiled) {
      const lbl = t('ヴェールした札', 'veiled card') + (cell.card ? ` (${cardLabel(t, cell.card.code)})` : '');
      return cardBack(t, { onclick: canClick ? () => onCell(cell) : null, label: lbl, extra: `${extra}${canClick ? ' sj-clickable' : ''}`,
        peek: cell.card ? cell.card.code : null });
    }
    const goodsText = cell.goods.map((g) => t(GOOD_NAMES[g][0], GOOD_NAMES[g][1])).join(t('・', ', '));
    const lbl = cardLabel(t, cell.card.code) + (goodsText ? ` (${goodsText})` : '');
    return cardFace(t, cell.card.code, { onclick: canClick ? () => onCell(cell) : null, extra: `${extra}${canClick ? ' sj-clickable' : ''}`, label: lbl });
  });
  // what the goods add, as the engine counts it: each good's reward summed (土地), one draw of two (山札),
  // nothing for the shell that went out
  const reward = player.goods_reward || { cards: 0, how: 'out' };
  const rewardText = {
    land: t(`（報酬 計${reward.cards}枚）`, ` (reward ${reward.cards} cards)`),
    deck: t(`（報酬: 山札から${reward.cards}枚）`, ` (reward: ${reward.cards} cards from the deck)`),
    out: t('（上がりのため報酬なし）', ' (went out: no reward)'),
  }[reward.how];
  const goods = player.goods.length
    ? el('p', { class: 'sj-goods' }, t('商品: ', 'Goods: '),
      player.goods.map((g) => (reward.how === 'land' ? `${t(g.ja, g.en)} ${signed(g.reward)}` : t(g.ja, g.en))).join(t('、', ', ')),
      rewardText)
    : null;
  // One box per shell (貝札) so that a player can tell the pairs apart; the row still wraps.
  const shells = [];
  player.row.forEach((cell, i) => {
    const last = shells[shells.length - 1];
    if (last && last.shell === cell.shell) last.cells.push(cells[i]);
    else shells.push({ shell: cell.shell, cells: [cells[i]], fresh: false });
    if (cell.new) shells[shells.length - 1].fresh = true;
  });
  const groups = shells.map((g) => el('span', { class: `sj-shell${g.fresh ? ' sj-shell-new' : ''}`, dataset: { shell: g.shell } }, g.cells));
  return el('section', { class: 'sj-market', 'aria-label': label },
    el('div', { class: 'sj-row' }, groups.length ? groups : el('span', { class: 'sj-empty' }, t('（まだ貝札なし）', '(no shells yet)'))),
    goods);
}

/** Counts line: hand, land, merchant, shells placed. */
export function counts(t, player, v) {
  const merchant = player.merchant
    ? el('span', { class: 'sj-merchant' }, t('商人札', 'Merchant'), ' ', cardFace(t, '0', { extra: 'sj-mini sj-merchant-card', label: t('商人札（公開された0）', 'merchant card (face-up 0)') }))
    : el('span', { class: 'sj-merchant sj-gone' }, t('商人札: 交換済み', 'Merchant: taken'));
  const limit = player.hand_size >= v.hand_limit - 1 ? ' sj-warn' : '';
  return el('p', { class: 'sj-counts' },
    el('span', { class: `sj-count${limit}` }, t(`手札 ${player.hand_size}枚`, `Hand ${player.hand_size}`)), ' ',
    el('span', { class: 'sj-count' }, v.rules.deck ? t(`山札 ${player.land_size}枚`, `Deck ${player.land_size}`) : t(`土地 ${player.land_size}枚`, `Land ${player.land_size}`)), ' ',
    el('span', { class: 'sj-count' }, t(`貝札 ${player.placed}組`, `Shells ${player.placed}`)), ' ', merchant);
}

export { STAR_NAMES, SYMBOLS, GOOD_NAMES };
