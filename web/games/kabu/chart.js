// Inline SVG line charts (prices per issue, assets per player). Pure presentation.
import { svg as s } from '../../shell/dom.js';

/** Round tick values covering [lo, hi]: a step of 1, 2 or 5 × 10^k giving 2 to 4 intervals. */
export function roundTicks(lo, hi) {
  const span = hi - lo;
  let step = 1;
  for (const p of [1, 10, 100, 1000, 10000, 100000, 1000000]) {
    const hit = [1, 2, 5].map(f => f * p).find(s => Math.ceil(hi / s) - Math.floor(lo / s) <= 4);
    if (hit) { step = hit; break; }
  }
  if (span <= 0) step = 1;
  const out = [];
  for (let v = Math.floor(lo / step) * step; v <= Math.ceil(hi / step) * step + step / 2; v += step) out.push(v);
  return out;
}

/**
 * A line chart.
 * @param {Array<{label: string, values: number[], cls?: string}>} series one line each
 * @param {{width?: number, height?: number, title: string, xLabels?: string[], small?: boolean, padLeft?: number,
 *          format?: (v:number)=>string}} opts
 * @returns {SVGSVGElement} with role="img" and an aria-label summarising first→last of each line
 */
export function lineChart(series, opts) {
  const W = opts.width || 320, H = opts.height || (opts.small ? 48 : 160);
  const padL = opts.small ? 2 : (opts.padLeft || 44), padR = opts.small ? 2 : 8, padT = opts.small ? 4 : 10, padB = opts.small ? 4 : 20;
  const all = series.flatMap(x => x.values).filter(v => Number.isFinite(v));
  let lo = all.length ? Math.min(...all) : 0, hi = all.length ? Math.max(...all) : 1;
  if (lo === hi) { lo -= 1; hi += 1; }
  // a big chart's axis runs between round ticks (1, 2 or 5 × a power of ten), never an odd middle value
  const ticks = opts.small ? [] : roundTicks(lo, hi);
  if (ticks.length) { lo = ticks[0]; hi = ticks[ticks.length - 1]; }
  const n = Math.max(2, ...series.map(x => x.values.length));
  const X = i => padL + (W - padL - padR) * (i / (n - 1));
  const Y = v => padT + (H - padT - padB) * (1 - (v - lo) / (hi - lo));
  const fmt = opts.format || (v => String(v));
  const summary = series.map(x => {
    const v = x.values.filter(Number.isFinite);
    return v.length ? `${x.label}: ${fmt(v[0])} → ${fmt(v[v.length - 1])}` : x.label;
  }).join('; ');
  const svg = /** @type {SVGSVGElement} */ (s('svg', { viewBox: `0 0 ${W} ${H}`,
    class: 'kabu-chart' + (opts.small ? ' kabu-chart-small' : ''),
    role: 'img', 'aria-label': `${opts.title}: ${summary}`, preserveAspectRatio: 'none' }));
  // never stretch a big chart past its drawn width: its axis text would grow with it
  if (!opts.small) svg.style.maxWidth = `${W}px`;
  const title = s('title'); title.textContent = `${opts.title}: ${summary}`; svg.append(title);
  if (!opts.small) {
    for (const v of ticks) {
      svg.append(s('line', { x1: padL, x2: W - padR, y1: Y(v), y2: Y(v), class: 'kabu-grid' }));
      const t = s('text', { x: padL - 4, y: Y(v) + 4, 'text-anchor': 'end', class: 'kabu-axis' });
      t.textContent = fmt(Math.round(v)); svg.append(t);
    }
    (opts.xLabels || []).forEach((lab, i) => {
      if (!lab) return;
      const t = s('text', { x: X(i), y: H - 4, 'text-anchor': 'middle', class: 'kabu-axis' });
      t.textContent = lab; svg.append(t);
    });
  }
  series.forEach((x, k) => {
    const pts = x.values.map((v, i) => Number.isFinite(v) ? `${X(i).toFixed(1)},${Y(v).toFixed(1)}` : null).filter(Boolean);
    if (pts.length === 1) pts.push(pts[0]);
    svg.append(s('polyline', { points: pts.join(' '), class: `kabu-line ${x.cls || 'kabu-line-' + k}`, fill: 'none' }));
  });
  return svg;
}
