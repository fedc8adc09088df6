// Numbers as players read them: one minus sign (U+2212 −) everywhere, never the ASCII hyphen.

/** `n` as text with − for negatives (non-numbers are returned as text unchanged). */
export function formatNumber(n) {
  if (typeof n !== 'number' || !Number.isFinite(n)) return String(n ?? '');
  return n < 0 ? `\u2212${Math.abs(n)}` : String(n);
}

/** `n` with its sign always shown: +3, −2, 0. */
export function signed(n) {
  if (typeof n !== 'number' || !Number.isFinite(n)) return String(n ?? '');
  return n > 0 ? `+${n}` : formatNumber(n);
}

/** Any text with ASCII minus signs before digits replaced by − (for engine figures in text). */
export function fixMinus(text) {
  return String(text ?? '').replace(/(^|[\s(（:：=、,])-(?=\d)/g, '$1\u2212');
}
