// Shogi pieces drawn in SVG: the five-sided piece, its name in one or two characters (成銀 stacked),
// red for a promoted face. Sizes follow a real set (玉 largest, 歩 smallest). Drawing only: which piece
// is where comes from the engine's view JSON.

import { svg as el } from '../../shell/dom.js';

/** Characters written on each face (display only). Promoted lance/knight/silver in two characters. */
export const FACE_TEXT = {
  FU: '歩', KY: '香', KE: '桂', GI: '銀', KI: '金', KA: '角', HI: '飛', OU: '玉',
  TO: 'と', NY: '成香', NK: '成桂', NG: '成銀', UM: '馬', RY: '龍',
};
const PROMOTED_FACES = new Set(['TO', 'NY', 'NK', 'NG', 'UM', 'RY']);
/** Relative size of each piece as in a wooden set. */
const SCALE = { OU: 1, HI: 0.96, KA: 0.96, RY: 0.96, UM: 0.96, KI: 0.93, GI: 0.93, NG: 0.93,
  KE: 0.9, NK: 0.9, KY: 0.88, NY: 0.88, FU: 0.85, TO: 0.85 };

/**
 * An SVG piece. `code` is an engine piece code; `opts.king` overrides the king's character (王 for
 * 後手, 玉 for 先手, as most sets and apps do). The SVG scales with its box (viewBox 0 0 100 100) and is
 * turned by CSS for the opponent.
 */
export function pieceSvg(code, opts = {}) {
  const s = SCALE[code] || 0.9;
  const svg = el('svg', { viewBox: '0 0 100 100', class: `sg-pc${PROMOTED_FACES.has(code) ? ' sg-pc-promoted' : ''}`,
    'aria-hidden': 'true', focusable: 'false' });
  // pentagon: point at the top, sides widening toward the base
  const w = 82 * s; const hgt = 96 * s; // large faces: the characters are what players read
  const cx = 50; const base = 50 + hgt / 2; const top = 50 - hgt / 2;
  const shoulder = top + hgt * 0.2;
  const pts = [[cx, top], [cx + w * 0.4, shoulder], [cx + w / 2, base], [cx - w / 2, base], [cx - w * 0.4, shoulder]];
  svg.append(el('polygon', { points: pts.map((p) => p.map((n) => n.toFixed(1)).join(',')).join(' '), class: 'sg-pc-body' }));
  const text = code === 'OU' && opts.king ? opts.king : (FACE_TEXT[code] || '?');
  const chars = [...text];
  if (chars.length === 1) {
    const t = el('text', { x: cx, y: 50 + hgt * 0.12, 'font-size': (68 * s).toFixed(1), class: 'sg-pc-text',
      'text-anchor': 'middle', 'dominant-baseline': 'central' });
    t.textContent = chars[0];
    svg.append(t);
  } else {
    const size = 42 * s;
    chars.slice(0, 2).forEach((c, i) => {
      const t = el('text', { x: cx, y: (50 + hgt * 0.12 + (i === 0 ? -0.52 : 0.5) * size).toFixed(1), 'font-size': size.toFixed(1),
        class: 'sg-pc-text', 'text-anchor': 'middle', 'dominant-baseline': 'central' });
      t.textContent = c;
      svg.append(t);
    });
  }
  return svg;
}
