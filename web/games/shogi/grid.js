// Draws one piece face's movement on a small grid (SVG): leaps as dots, slides as arrows.
// Pure drawing from data given by the engine: no movement rules live here.

import { svg as el } from '../../shell/dom.js';

const DIR_JA = { '0,1': '前', '0,-1': '後', '1,0': '右', '-1,0': '左', '1,1': '右前', '-1,1': '左前', '1,-1': '右後', '-1,-1': '左後' };
const DIR_EN = { '0,1': 'forward', '0,-1': 'back', '1,0': 'right', '-1,0': 'left', '1,1': 'forward-right', '-1,1': 'forward-left', '1,-1': 'back-right', '-1,-1': 'back-left' };

/** Plain-language description of a face's move (for aria-label / title). */
export function describeMove(face, t) {
  if (!face) return t('本将棋と同じ動き', 'standard move');
  const parts = [];
  const leaps = face.leaps || [];
  const slides = face.slides || [];
  if (leaps.length) {
    parts.push(t('射程移動: ', 'leaps: ') + leaps.map(([dx, dy]) => `(${dx},${dy})`).join(' '));
  }
  if (slides.length) {
    parts.push(t('矢印移動: ', 'slides: ') + slides.map(([dx, dy]) => {
      const key = `${Math.sign(dx)},${Math.sign(dy)}`;
      return t(DIR_JA[key] || `(${dx},${dy})`, DIR_EN[key] || `(${dx},${dy})`);
    }).join(t('・', ', ')));
  }
  if (!parts.length) parts.push(t('動けません', 'cannot move'));
  return parts.join(t('／', '; '));
}

/**
 * An SVG grid of a face's move. `face` = {leaps: [[dx,dy]...], slides: [[dx,dy]...]}, offsets from the
 * owner's side (dy > 0 forward = up). `glyph` is drawn in the centre. Options: {cell, radius, onCell,
 * name (the piece's name in the current language, for the label; else the glyph)}.
 * With onCell(dx, dy, event) each cell is clickable (the card editor).
 */
export function moveGrid(face, glyph, t, opts = {}) {
  const leaps = (face && face.leaps) || [];
  const slides = (face && face.slides) || [];
  let radius = opts.radius || 2;
  for (const [dx, dy] of leaps) radius = Math.max(radius, Math.abs(dx), Math.abs(dy));
  radius = Math.min(radius, 8);
  const n = 2 * radius + 1;
  const cell = opts.cell || 14;
  const size = n * cell;
  const svg = el('svg', { viewBox: `0 0 ${size} ${size}`, width: size, height: size, class: 'sg-grid' });
  svg.setAttribute('role', 'img');
  const label = `${opts.name || glyph || ''} ${describeMove(face, t)}`.trim();
  svg.setAttribute('aria-label', label);
  const title = el('title');
  title.textContent = label;
  svg.appendChild(title);
  const cx = (dx) => (dx + radius) * cell;
  const cy = (dy) => (radius - dy) * cell;
  for (let dy = radius; dy >= -radius; dy--) {
    for (let dx = -radius; dx <= radius; dx++) {
      const rect = el('rect', { x: cx(dx), y: cy(dy), width: cell, height: cell, class: 'sg-grid-cell' });
      if (dx === 0 && dy === 0) rect.setAttribute('class', 'sg-grid-cell sg-grid-centre');
      svg.appendChild(rect);
    }
  }
  if (glyph) {
    const text = el('text', { x: cx(0) + cell / 2, y: cy(0) + cell * 0.78, 'font-size': cell * 0.8,
      'text-anchor': 'middle', class: 'sg-grid-glyph', lang: 'ja', translate: 'no' });
    text.textContent = glyph.length > 1 ? glyph[glyph.length - 1] : glyph;
    svg.appendChild(text);
  }
  for (const [dx, dy] of slides) {
    const ux = Math.sign(dx); const uy = Math.sign(dy);
    const x0 = cx(0) + cell / 2 + ux * cell * 0.5; const y0 = cy(0) + cell / 2 - uy * cell * 0.5;
    const x1 = cx(ux * radius) + cell / 2 + ux * cell * 0.35; const y1 = cy(uy * radius) + cell / 2 - uy * cell * 0.35;
    svg.appendChild(el('line', { x1: x0, y1: y0, x2: x1, y2: y1, class: 'sg-grid-slide' }));
    // arrow head
    const len = Math.hypot(x1 - x0, y1 - y0) || 1;
    const ax = (x1 - x0) / len; const ay = (y1 - y0) / len;
    const h = cell * 0.45;
    const p1 = `${x1},${y1}`;
    const p2 = `${x1 - ax * h - ay * h * 0.6},${y1 - ay * h + ax * h * 0.6}`;
    const p3 = `${x1 - ax * h + ay * h * 0.6},${y1 - ay * h - ax * h * 0.6}`;
    svg.appendChild(el('polygon', { points: `${p1} ${p2} ${p3}`, class: 'sg-grid-arrow' }));
  }
  for (const [dx, dy] of leaps) {
    if (Math.abs(dx) > radius || Math.abs(dy) > radius) continue;
    svg.appendChild(el('circle', { cx: cx(dx) + cell / 2, cy: cy(dy) + cell / 2, r: cell * 0.28, class: 'sg-grid-leap' }));
  }
  if (opts.onCell) {
    for (let dy = radius; dy >= -radius; dy--) {
      for (let dx = -radius; dx <= radius; dx++) {
        if (dx === 0 && dy === 0) continue;
        const hit = el('rect', { x: cx(dx), y: cy(dy), width: cell, height: cell, class: 'sg-grid-hit' });
        hit.addEventListener('click', (ev) => opts.onCell(dx, dy, ev));
        svg.appendChild(hit);
      }
    }
  }
  return svg;
}
