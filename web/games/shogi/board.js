// The 9×9 board: coordinates (９…１ across the top, 一…九 down the right, from the engine's labels),
// SVG pieces, and the highlights players know from lishogi and 将棋ウォーズ: last move (from and to),
// the selected piece, legal targets (dots; a ring on a capture; arrows for a card's slide), check.

import { h } from '../../shell/dom.js';
import { pieceSvg } from './piecesvg.js';
import { PIECE_NAME_JA, PIECE_NAME_EN, FILE_DIGITS, RANK_KANJI, squareName, parseSquare } from './pieces.js';

const SEAT_MARK = ['▲', '△'];
const SEAT_EN = ['Sente', 'Gote'];

/** Coordinate labels for the language (engine's `labels` when given). */
export function coordLabels(view, lang) {
  const L = view.labels;
  if (L && Array.isArray(L.files) && L.ranks) {
    return { files: lang === 'en' ? L.files : (L.files_ja || L.files), ranks: (lang === 'en' ? L.ranks.en : L.ranks.ja) || L.ranks.ja };
  }
  return { files: [9, 8, 7, 6, 5, 4, 3, 2, 1].map((f) => (lang === 'en' ? String(f) : FILE_DIGITS[f])),
    ranks: RANK_KANJI.slice(1).map((k, i) => (lang === 'en' ? String(i + 1) : k)) };
}

/** The name of a square in the language of the labels ("７六" / "76"). */
export function squareText(sq, lang) {
  const p = parseSquare(sq);
  if (!p) return sq;
  return lang === 'en' ? `${p.file}${p.rank}` : `${FILE_DIGITS[p.file]}${RANK_KANJI[p.rank]}`;
}

/**
 * Build the board. o = {view, t, lang, flipped, bottom, sel, targets (Map sq → entry), cursor,
 * canMove, onSquare(sq), onKey(ev), hint ({from, to} of a suggested move, optional)}.
 */
export function boardElement(o) {
  const { view, t } = o;
  const last = view.last_move && view.last_move.to ? view.last_move : null;
  const inCheck = new Set((view.kings || []).filter((k, seat) => k && view.in_check && view.in_check[seat]));
  const labels = coordLabels(view, o.lang);
  const files = o.flipped ? [1, 2, 3, 4, 5, 6, 7, 8, 9] : [9, 8, 7, 6, 5, 4, 3, 2, 1];
  const ranks = o.flipped ? [9, 8, 7, 6, 5, 4, 3, 2, 1] : [1, 2, 3, 4, 5, 6, 7, 8, 9];
  const grid = h('div', { class: 'sg-board', role: 'grid', 'aria-label': t('将棋盤', 'Shogi board'), onkeydown: o.onKey });
  const head = h('div', { class: 'sg-files', 'aria-hidden': 'true' });
  for (const f of files) head.append(h('span', { text: labels.files[9 - f] }));
  const rows = h('div', { class: 'sg-rows' });
  const rankCol = h('div', { class: 'sg-ranks', 'aria-hidden': 'true' });
  for (const r of ranks) {
    rankCol.append(h('span', { text: labels.ranks[r - 1] }));
    const row = h('div', { class: 'sg-row', role: 'row' });
    for (const f of files) {
      const sq = squareName(f, r);
      const cell = view.board[r - 1][9 - f];
      const tgt = o.targets.get(sq);
      const cls = ['sg-sq'];
      if (cell) cls.push(`sg-owner-${cell.o}`, cell.o === o.bottom ? 'sg-up' : 'sg-down');
      if (last && last.to === sq) cls.push('sg-last-to');
      if (last && last.from === sq) cls.push('sg-last-from');
      if (o.sel && o.sel.sq === sq) cls.push('sg-selected');
      if (tgt) {
        cls.push('sg-target', `sg-target-${tgt.kind}`);
        if (tgt.foul) cls.push('sg-target-foul');
        if (tgt.unsafe) cls.push('sg-target-unsafe');
        if (cell) cls.push('sg-target-capture');
      }
      if (inCheck.has(sq)) cls.push('sg-in-check');
      // a study panel's suggested move (the better move of a marked mistake, the best candidate)
      if (o.hint && o.hint.from === sq) cls.push('sg-hint-from');
      if (o.hint && o.hint.to === sq) cls.push('sg-hint-to');
      const info = cell && view.pieces && view.pieces[cell.p];
      if (info && info.changed) cls.push('sg-carded');
      const moves = view.moves && view.moves[sq];
      const movable = o.canMove && cell && cell.o === view.side_to_move && moves && moves.length > 0;
      const btn = h('button', {
        type: 'button', class: cls.join(' '), 'data-sq': sq,
        'data-piece': cell ? cell.p : null, 'data-owner': cell ? String(cell.o) : null, 'data-movable': movable ? '1' : null,
        'data-promotion': tgt && tgt.promotion ? tgt.promotion : null, 'data-unsafe': tgt && tgt.unsafe ? '1' : null,
        'data-targets': movable ? moves.map((m) => `${m.to}${m.promotion === 'optional' ? '?' : m.promotion === 'forced' ? '+' : ''}`).join(' ') : null,
        role: 'gridcell', 'aria-label': squareLabel(o, sq, cell, tgt, last), tabindex: sq === o.cursor ? '0' : '-1',
        onclick: () => o.onSquare(sq),
      });
      if (cell) btn.append(pieceSvg(cell.p, { king: cell.o === 1 ? '王' : '玉' }));
      if (tgt) btn.append(targetMark(o, sq, tgt));
      row.append(btn);
    }
    rows.append(row);
  }
  grid.append(head, h('div', { class: 'sg-board-body' }, rows, rankCol));
  return grid;
}

function targetMark(o, sq, tgt) {
  const mark = h('span', { class: 'sg-mark', 'aria-hidden': 'true' });
  if ((tgt.kind === 'slide' || tgt.kind === 'both') && o.sel && o.sel.sq) {
    const from = parseSquare(o.sel.sq);
    const to = parseSquare(sq);
    // screen angle of the move (files decrease to the right when not flipped)
    let sx = from.file - to.file; let sy = to.rank - from.rank;
    if (o.flipped) { sx = -sx; sy = -sy; }
    mark.style.setProperty('--angle', `${Math.atan2(sy, sx) * 180 / Math.PI}deg`);
  }
  return mark;
}

function squareLabel(o, sq, cell, tgt, last) {
  const { view, t } = o;
  const ja = [squareText(sq, 'ja')];
  const en = [squareText(sq, 'en')];
  if (cell) {
    ja.push(`${SEAT_MARK[cell.o]}${PIECE_NAME_JA[cell.p] || cell.p}`);
    en.push(`${SEAT_EN[cell.o]} ${PIECE_NAME_EN[cell.p] || cell.p}`);
    const info = view.pieces && view.pieces[cell.p];
    if (info && info.changed) { ja.push('（カードで変化）'); en.push('(changed by a card)'); }
  } else {
    ja.push('空き'); en.push('empty');
  }
  if (o.sel && o.sel.sq === sq) { ja.push('選択中'); en.push('selected'); }
  if (tgt) {
    const kja = { leap: '射程移動', slide: '矢印移動', both: '射程・矢印移動', drop: '打てます' }[tgt.kind] || '';
    const ken = { leap: 'leap', slide: 'slide', both: 'leap or slide', drop: 'drop here' }[tgt.kind] || '';
    ja.push(`行けます（${kja}）`); en.push(`reachable (${ken})`);
    if (tgt.foul) { ja.push(`反則: ${tgt.foul.ja}`); en.push(`foul: ${tgt.foul.en}`); }
    if (tgt.unsafe) { ja.push('注意：王が取られる状態になります'); en.push('warning: leaves your king open to capture'); }
  }
  if (last && last.to === sq) { ja.push('最終手'); en.push('last move'); }
  if (o.hint && o.hint.to === sq) { ja.push('候補の行き先'); en.push('suggested move goes here'); }
  return t(ja.join(' '), en.join(', '));
}
