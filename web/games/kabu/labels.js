// Presentation labels for the kabu view (Japanese first, English second). No game rules here.
import { signed as signedNumber } from '../../shell/format.js';

export const SEASONS = [['春', 'Spring'], ['夏', 'Summer'], ['秋', 'Autumn'], ['冬', 'Winter']];
export const ROLES = [['先攻', 'First'], ['後攻', 'Second']];
export const MARKS = { 3: '③', 4: '④', 5: '⑤', 6: '⑥', 7: '⑦', 8: '⑧', 9: '⑨', 10: '⑩' };

/** "春・先攻" for a turn index (turns alternate first/second, two per season). */
export function turnLabel(ctx, index, years) {
  const season = SEASONS[Math.floor(index / 2) % 4];
  const role = ROLES[index % 2];
  const year = Math.floor(index / 8) + 1;
  const y = years > 1 ? ctx.t(`${year}年目 `, `Y${year} `) : '';
  return y + ctx.t(`${season[0]}・${role[0]}`, `${season[1]} · ${role[1]}`);
}

/** When a fill happened, from its `point` field. */
export function pointLabel(ctx, point) {
  const m = /^end(\d+)$/.exec(point || '');
  if (m) return ctx.t(`${MARKS[m[1]] || m[1]}終了時`, `end of ${MARKS[m[1]] || m[1]}`);
  switch (point) {
    case 'after4': return ctx.t('④直後', 'right after ④');
    case 'after8': return ctx.t('⑧直後', 'right after ⑧');
    case 'tool': return ctx.t('ツール', 'tool');
    case 'liquidation': return ctx.t('清算', 'liquidation');
    default: return String(point || '');
  }
}

export function sideLabel(ctx, side) {
  return side === 'buy' ? ctx.t('買い', 'Buy') : ctx.t('売り', 'Sell');
}

export function kindLabel(ctx, kind) {
  return kind === 'mkt' ? ctx.t('成行', 'Market') : ctx.t('指値', 'Limit');
}

export const HANDS = [['rock', 'グー', 'Rock', '✊'], ['scissors', 'チョキ', 'Scissors', '✌'], ['paper', 'パー', 'Paper', '✋']];

export function handLabel(ctx, hand) {
  const row = HANDS.find(x => x[0] === hand);
  return row ? ctx.t(row[1], row[2]) : String(hand || '');
}

/** Name of a catalog entry ({name_ja, name_en}) or the id. */
export function nameOf(ctx, entry, id) {
  return entry ? ctx.t(entry.name_ja, entry.name_en) : String(id || '');
}

/** Yen with thousands separators: 12000 -> "12,000円" / "¥12,000" (one minus sign, U+2212). */
export function yen(n, lang) {
  const v = Math.round(Number(n) || 0);
  const txt = Math.abs(v).toLocaleString('en-US');
  const sign = v < 0 ? '−' : '';
  return lang === 'ja' ? `${sign}${txt}円` : `${sign}¥${txt}`;
}

/** A signed number: +3 / −2 / ±0 (the shell's format.js, with ±0 for no change). */
export function signed(n) {
  return n ? signedNumber(Number(n)) : '±0';
}

/** A whole number with thousands separators and the minus sign −. */
export function num(n) {
  const v = Math.round(Number(n) || 0);
  return (v < 0 ? '−' : '') + Math.abs(v).toLocaleString('en-US');
}
