// Display tables for shogi pieces: names only, no rules.

/** Kanji shown on a board square for each engine piece code (VIEW.md). */
export const PIECE_GLYPH = {
  FU: '歩', KY: '香', KE: '桂', GI: '銀', KI: '金', KA: '角', HI: '飛', OU: '玉',
  TO: 'と', NY: '杏', NK: '圭', NG: '全', UM: '馬', RY: '龍',
};

/** Longer names (labels, move text). */
export const PIECE_NAME_JA = {
  FU: '歩', KY: '香', KE: '桂', GI: '銀', KI: '金', KA: '角', HI: '飛', OU: '玉',
  TO: 'と', NY: '成香', NK: '成桂', NG: '成銀', UM: '馬', RY: '龍',
};

export const PIECE_NAME_EN = {
  FU: 'pawn', KY: 'lance', KE: 'knight', GI: 'silver', KI: 'gold', KA: 'bishop', HI: 'rook', OU: 'king',
  TO: 'tokin', NY: 'promoted lance', NK: 'promoted knight', NG: 'promoted silver', UM: 'horse', RY: 'dragon',
};

/** Hand pieces: engine code → USI drop letter. */
export const DROP_LETTER = { FU: 'P', KY: 'L', KE: 'N', GI: 'S', KI: 'G', KA: 'B', HI: 'R' };
/** Hand order as shown (strongest first, as in KIF). */
export const HAND_ORDER = ['HI', 'KA', 'KI', 'GI', 'KE', 'KY', 'FU'];

export const KINDS = ['FU', 'KY', 'KE', 'GI', 'KI', 'KA', 'HI'];
export const KIND_NAME = {
  FU: ['歩', 'Pawn'], KY: ['香', 'Lance'], KE: ['桂', 'Knight'], GI: ['銀', 'Silver'],
  KI: ['金', 'Gold'], KA: ['角', 'Bishop'], HI: ['飛', 'Rook'], NULLIFY: ['カード無効化', 'Nullify'],
};
export const SPECIAL_NAME = {
  immune_leap_capture: ['射程移動で取れません', 'Cannot be captured by a leap'],
  immune_slide_capture: ['矢印移動で取れません', 'Cannot be captured by a slide'],
  immobile: ['この駒は動けません', 'This piece cannot move'],
};

export const FILE_DIGITS = ['', '１', '２', '３', '４', '５', '６', '７', '８', '９'];
export const RANK_KANJI = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
export const RANK_LETTERS = 'abcdefghi';

/** USI square ("7g") → {file: 7, rank: 7}; null if not a square. */
export function parseSquare(sq) {
  if (typeof sq !== 'string' || sq.length !== 2) return null;
  const file = Number(sq[0]);
  const rank = RANK_LETTERS.indexOf(sq[1]) + 1;
  if (!(file >= 1 && file <= 9) || rank < 1) return null;
  return { file, rank };
}

export function squareName(file, rank) {
  return `${file}${RANK_LETTERS[rank - 1]}`;
}

/** Japanese label of a square, e.g. "７六". */
export function squareJa(file, rank) {
  return `${FILE_DIGITS[file]}${RANK_KANJI[rank]}`;
}

/**
 * Parse a USI move string into parts. Returns null for anything else (draw tokens etc.).
 * {from: "7g"|null, to: "7f", drop: "P"|null, promote: bool}
 */
export function parseUsi(action) {
  if (typeof action !== 'string') return null;
  let m = /^([PLNSGBR])\*([1-9][a-i])$/.exec(action);
  if (m) return { from: null, to: m[2], drop: m[1], promote: false };
  m = /^([1-9][a-i])([1-9][a-i])(\+?)$/.exec(action);
  if (m) return { from: m[1], to: m[2], drop: null, promote: m[3] === '+' };
  return null;
}
