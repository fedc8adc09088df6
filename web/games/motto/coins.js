// モットコイン view pieces: dice, coin cards and score sheets. Pure: each takes what it draws and
// `t(ja, en)`, and returns a node. No rules here.
import { h } from '../../shell/dom.js';
import { formatNumber as fmt } from '../../shell/format.js';

/** @typedef {(ja: string, en?: string) => string} T */

const PIPS = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };

/** "(3+2) × (−10) = −50": the crash line of a score sheet, signs in brackets. */
const signed = (n) => (n < 0 ? `(${fmt(n)})` : String(n));
/** Points in words. @param {number} n @param {T} t */
export const pts = (n, t) => t(`${fmt(n)}点`, `${fmt(n)} pts`);

/** A die drawn with CSS pips; `face` 0 draws a blank free die. */
export function die(face, label, extra = '') {
  const node = h('span', { class: `die ${extra}`.trim(), role: 'img', 'aria-label': label, dataset: { face: String(face) } });
  const on = PIPS[face] || [];
  for (let i = 0; i < 9; i++) node.append(h('span', { class: on.includes(i) ? 'pip on' : 'pip' }));
  return node;
}

/** A row of dice showing `faces`. @param {number[]} faces @param {T} t */
export function diceRow(faces, t, cls = '') {
  const row = h('span', { class: `dice ${cls}`.trim() });
  faces.forEach((f) => row.append(die(f, t(`ダイス ${f}`, `die ${f}`))));
  return row;
}

/** A coin's name: No.5, a hard fork, the stable coin. */
export function coinTitle(c, t) {
  if (!c) return '';
  if (c.kind === 'stable') return t('ステーブルコイン', 'Stable coin');
  if (c.kind === 'fork') return t(`No.${c.no} ハードフォーク`, `No.${c.no} HARD FORK`);
  return `No.${c.no}`;
}

/** A coin as a card: number, worth, tags, price change and crash; `dice` drawn on it when given. */
export function coinCard(c, dice, t, opts = {}) {
  const kindClass = `coin coin-${c.kind}${opts.big ? ' coin-big' : ''}`;
  const worth = c.kind === 'coin' ? String(c.value) : `MIN×${c.multiplier}`;
  let fluct = null;
  if (c.fluctuation === 'recover') fluct = h('span', { class: 'fluct blue words', title: t('落札者以外は一番小さいダイスを1個回収', 'Others recover their lowest die') }, t('最小1個回収', 'recover 1 lowest'));
  else if (typeof c.fluctuation === 'number') {
    const up = c.fluctuation > 0;
    fluct = h('span', { class: `fluct ${up ? 'red' : 'blue'}`, title: t('落札者以外のダイスの目が変わる', "Others' dice change") },
      `${up ? '+' : '−'}${Math.abs(c.fluctuation)}`);
  }
  const label = [coinTitle(c, t), c.kind === 'coin' ? t(`価値${c.value}`, `value ${c.value}`) : worth,
    t(`暴落 ${fmt(c.crash)}/目`, `crash ${fmt(c.crash)} per pip`)].join(' ');
  return h('div', { class: kindClass, role: 'group', 'aria-label': label, dataset: { coin: c.id } },
    h('span', { class: 'coin-no' }, c.kind === 'stable' ? 'STABLE' : `No.${c.no}`),
    h('span', { class: c.kind === 'coin' ? 'coin-value' : 'coin-value special' }, worth),
    c.kind === 'fork' ? h('span', { class: 'coin-tag' }, 'HARD FORK') : null,
    c.double ? h('span', { class: 'coin-tag double' }, t('ダブルオークション', 'double auction')) : null,
    h('span', { class: 'coin-foot' }, fluct, h('span', { class: 'crash' }, fmt(c.crash))),
    dice && dice.length ? diceRow(dice, t, 'on-coin') : null);
}

/** The auctioned coin's numbers in words, with their units (the card only shows bare numbers). */
export function coinInfo(c, t) {
  const parts = [];
  if (c.kind === 'coin') parts.push(t(`価値 ${c.value}`, `value ${c.value}`));
  else parts.push(t(`得点 MIN×${c.multiplier}`, `scores MIN×${c.multiplier}`));
  if (c.fluctuation === 'recover') parts.push(t('落札者以外は一番小さいダイスを1個回収', 'others take back their lowest die'));
  else if (typeof c.fluctuation === 'number') {
    const n = `${c.fluctuation > 0 ? '+' : '−'}${Math.abs(c.fluctuation)}`;
    parts.push(t(`価格変動 ${n}（落札者以外の全ダイス）`, `price change ${n} (all dice of the others)`));
  }
  parts.push(t(`大暴落 1目につき ${fmt(c.crash)}`, `crash ${fmt(c.crash)} per pip`));
  if (c.double) parts.push(t('ダブルオークション（2番手もステーブルコインを取る）', 'double auction (the runner-up takes a stable coin)'));
  if (c.kind === 'fork') parts.push(t('4枚目のハードフォークでゲーム終了', 'the 4th hard fork ends the game'));
  return h('p', { class: 'coin-info', id: 'motto-coin-info' }, parts.join(t('・', ' · ')));
}

/** "(3+1) × (-6) = -24", or "ダイスなし 0" for a coin with no dice on it. */
function crashCell(r, t) {
  if (!r.dice.length) return h('td', { class: 'muted' }, t('ダイスなし 0', 'no dice 0'));
  return h('td', {}, `(${r.dice.join('+')}) × ${signed(r.crash)} = ${fmt(r.loss)}`);
}

/** A score sheet: each stack, each special coin, the total (a projection or the final score). */
export function sheetTable(s, t) {
  const rows = h('tbody');
  s.stacks.forEach((r) => rows.append(h('tr', {},
    h('th', { scope: 'row' }, t(`まとめ No.${r.coins.join('・')}`, `Stack No.${r.coins.join(', ')}`)),
    h('td', {}, `${r.value} × ${r.count} = ${r.points}`),
    crashCell(r, t))));
  s.specials.forEach((r) => rows.append(h('tr', {},
    h('th', { scope: 'row' }, r.kind === 'stable' ? t('ステーブルコイン', 'Stable coin') : t(`ハードフォーク No.${r.no}`, `Hard fork No.${r.no}`)),
    h('td', {}, `MIN ${s.min} × ${r.multiplier} = ${r.points}`),
    crashCell(r, t))));
  rows.append(h('tr', { class: 'total' }, h('th', { scope: 'row' }, t('合計', 'Total')),
    h('td', {}, String(s.positive)), h('td', {}, `${fmt(s.loss)} → ${pts(s.total, t)}`)));
  return h('table', { class: 'score-table' }, h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('コイン', 'Coins')),
    h('th', { scope: 'col' }, t('価値', 'Value')), h('th', { scope: 'col' }, t('損失（目×暴落）', 'Loss (pips × crash)')))), rows);
}
