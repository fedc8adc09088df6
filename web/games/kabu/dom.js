// Small DOM helpers for the kabu view. All text goes in through textContent, never innerHTML.

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * Create an element: h('button', {class: 'x', onclick: fn, 'aria-label': '...'}, 'text', child…).
 * String children become text nodes; null/false children are skipped.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/** Create an SVG element with attributes (no children text except via textContent). */
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    el.setAttribute(k, String(v));
  }
  append(el, children);
  return el;
}

function setAttrs(el, attrs) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'class') el.className = v;
    else if (k === 'text') el.textContent = v;
    else if (k in el && typeof v !== 'string') el[k] = v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
}

function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

/** Remove every child of el. */
export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

/** Yen with thousands separators: 12000 -> "12,000円" / "¥12,000". */
export function yen(n, lang) {
  const v = Math.round(Number(n) || 0);
  const txt = Math.abs(v).toLocaleString('en-US');
  const sign = v < 0 ? '−' : '';
  return lang === 'ja' ? `${sign}${txt}円` : `${sign}¥${txt}`;
}

/** A signed number: +3 / −2 / ±0. */
export function signed(n) {
  if (!n) return '±0';
  return n > 0 ? `+${n}` : `−${Math.abs(n)}`;
}
