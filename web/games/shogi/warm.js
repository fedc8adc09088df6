// Warming the screen while the engine starts: a hidden board with every piece face is built, laid
// out once and removed, so the first real render finds the view's code compiled, its stylesheet
// matched and the pieces' Japanese font loaded. Nothing is shown and nothing is about a match: the
// board the player sees comes only from the engine's view JSON (view.js).

import { h } from '../../shell/dom.js';
import { boardElement } from './board.js';
import { handElement } from './panels.js';
import { FACE_TEXT } from './piecesvg.js';

/** A display-only board: each piece face once for each side, no moves. */
function sampleView() {
  const codes = Object.keys(FACE_TEXT);
  const board = Array.from({ length: 9 }, () => Array(9).fill(null));
  codes.forEach((p, i) => {
    board[Math.floor(i / 9)][i % 9] = { p, o: 0 };
    board[8 - Math.floor(i / 9)][8 - (i % 9)] = { p, o: 1 };
  });
  return { board, hands: [{ HI: 1, KA: 1, KI: 1, GI: 1, KE: 1, KY: 1, FU: 2 }, {}], moves: {}, side_to_move: 0 };
}

/**
 * Build the hidden board inside `host` (an element in the document), lay it out, and remove it.
 * @param {HTMLElement} host
 * @param {(ja: string, en?: string) => string} t
 * @param {'ja' | 'en'} lang
 */
export function prewarm(host, t, lang) {
  const view = sampleView();
  const common = { view, t, sel: null, onPiece: () => {} };
  const stage = h('div', { class: 'sg-stage' },
    handElement({ ...common, seat: 1, where: 'top', who: '' }),
    h('div', { class: 'sg-board-box' }, boardElement({ view, t, lang, flipped: false, bottom: 0, sel: null,
      targets: new Map(), cursor: null, canMove: false, onSquare: () => {}, onKey: () => {} })),
    handElement({ ...common, seat: 0, where: 'bottom', who: '' }));
  const box = h('div', { class: 'sg-root', 'aria-hidden': 'true', inert: '',
    style: 'position:absolute;left:-10000px;top:0;visibility:hidden;pointer-events:none' },
  h('div', { class: 'sg-view' }, h('div', { class: 'sg-play' }, stage)));
  host.append(box);
  box.getBoundingClientRect(); // style and layout now, while the page has nothing else to do
  box.remove();
}
