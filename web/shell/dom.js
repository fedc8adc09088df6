// Small DOM helpers. Text always goes in with textContent, never innerHTML.

/**
 * Create an element. `attrs` keys: class, text, on<Event> (function), dataset (object),
 * hidden/disabled/checked/... (booleans set as properties), anything else as an attribute.
 * Children: nodes, strings (text nodes), or null/false (skipped); arrays are flattened.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false && !BOOL_PROPS.has(key)) continue;
    if (key === 'class') el.className = value;
    else if (key === 'text') el.textContent = String(value);
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key.startsWith('on') && typeof value === 'function') {
      el.addEventListener(key.slice(2).toLowerCase(), value);
    }
    else if (BOOL_PROPS.has(key)) el[key] = Boolean(value);
    else if (key === 'value') el.value = value;
    else el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * Create an SVG element: every attribute set with setAttribute (null/undefined/false skipped),
 * `text` as textContent; children like h(). The one SVG helper of the views (charts, pieces, grids).
 * @param {string} tag
 * @param {Object<string, any>} [attrs]
 * @param {...any} children
 * @returns {SVGElement}
 */
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'text') el.textContent = String(value);
    else el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

const BOOL_PROPS = new Set(['hidden', 'disabled', 'checked', 'selected', 'open', 'readOnly', 'required', 'multiple']);

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
}

/** Append `children` to `el` like h() does (null/false skipped, arrays flattened). */
export function add(el, ...children) {
  append(el, children);
  return el;
}

/** Replace every child of `el` with `children` (null/false skipped, arrays flattened). */
export function fill(el, ...children) {
  clear(el);
  append(el, children);
  return el;
}

/** Remove every child of `el`. */
export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

/** Offer `text` as a file download (no server involved). */
export function download(filename, text, type = 'application/json') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = h('a', { href: url, download: filename, hidden: true });
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Resolve after `ms` milliseconds (for visible computer-move delays, never to pass tests). */
export function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Read a File as text. */
export function readFile(file) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

/** A fresh random integer in [0, 2^53) from crypto.getRandomValues. */
export function randomSeed() {
  const a = new Uint32Array(2);
  crypto.getRandomValues(a);
  return (a[0] & 0x1fffff) * 2 ** 32 + a[1];
}
