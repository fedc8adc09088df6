// JSON from outside (storage, an imported file, a share link, a call's arguments) is measured
// before it is parsed or sent to the engine: too long or nested too deep is refused with a coded
// ja/en error. The Python side checks again (pygames/core/jsonlimit.py, the same limits): a deep
// enough text overflows the JavaScript stack inside Pyodide and would kill the engine.
//
//   import { checkJson, parseJson, inflateLink } from '../runtime/jsonlimit.js';
//   const problem = checkJson(text, 'record');   // null, or {code, message_ja, message_en, params}
//   const value = parseJson(text, 'record');     // the value; throws that object (or record.not_json)

/** Deepest nesting of arrays and objects accepted (pygames.core.jsonlimit.MAX_DEPTH). */
export const MAX_DEPTH = 64;
/** Longest JSON text accepted from storage, a file or an inflated link (linkcodec.MAX_JSON_BYTES). */
export const MAX_CHARS = 2_000_000;
/** Longest share-link text (linkcodec.MAX_LINK_CHARS). */
export const MAX_LINK_CHARS = 100_000;

const WHAT = {
  api: ['呼び出しのデータ', "The call's data"],
  link: ['共有リンク', 'This share link'],
  record: ['対局データ', 'This match file'],
  save: ['保存データ', 'This save'],
};

/** The deepest nesting in `text`, counting no further than `stop` (brackets in strings skipped). */
export function jsonDepth(text, stop = Infinity) {
  let level = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) {
      inString = true;
    } else if (c === 91 || c === 123) {
      level++;
      if (level > deepest) {
        deepest = level;
        if (deepest > stop) return deepest;
      }
    } else if (c === 93 || c === 125) {
      level--;
    }
  }
  return deepest;
}

function refusal(prefix, kind, params) {
  const [ja, en] = WHAT[prefix] || WHAT.api;
  const text = {
    too_large: [`${ja}が大きすぎます`, `${en} is too large`],
    too_deep: [`${ja}の入れ子が深すぎます（壊れているか、細工されています）`, `${en} is nested too deeply (damaged or crafted)`],
    not_json: [`${ja}をJSONとして読めません`, `${en} is not valid JSON`],
  }[kind];
  return { code: `${prefix}.${kind}`, message_ja: text[0], message_en: text[1], params: params || {} };
}

/** null when `text` may be parsed, else the coded refusal (`<prefix>.too_large` / `.too_deep`). */
export function checkJson(text, prefix = 'api', maxChars = MAX_CHARS, maxDepth = MAX_DEPTH) {
  if (typeof text !== 'string') return refusal(prefix, 'not_json');
  if (text.length > maxChars) return refusal(prefix, 'too_large', { limit: maxChars });
  if (jsonDepth(text, maxDepth) > maxDepth) return refusal(prefix, 'too_deep', { limit: maxDepth });
  return null;
}

/** JSON.parse after checkJson; throws the coded refusal (`<prefix>.not_json` for bad syntax). */
export function parseJson(text, prefix = 'api', maxChars = MAX_CHARS) {
  const problem = checkJson(text, prefix, maxChars);
  if (problem) throw problem;
  try {
    return JSON.parse(text);
  } catch {
    throw refusal(prefix, 'not_json');
  }
}

/**
 * Look inside a share link (`m1.` + base64url of zlib-deflated JSON) before the engine does:
 * null when it may go on to decode_link, else a coded refusal (too long, expands too much, too
 * deep). A link this code cannot read is left to the engine, which says what is wrong with it.
 */
export async function checkLink(link) {
  let text = String(link || '').trim().replace(/^#/, '');
  if (text.includes('=') && !text.startsWith('m1.')) text = text.slice(text.indexOf('=') + 1);
  if (text.length > MAX_LINK_CHARS) return refusal('link', 'too_large', { limit: MAX_LINK_CHARS });
  if (!text.startsWith('m1.') || typeof DecompressionStream !== 'function') return null;
  let bytes;
  try {
    const b64 = text.slice(3).replace(/-/g, '+').replace(/_/g, '/');
    const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    bytes = Uint8Array.from(raw, (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
  let inflated = '';
  try {
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'));
    const reader = stream.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      inflated += value;
      if (inflated.length > MAX_CHARS) {
        reader.cancel().catch(() => {});
        return refusal('link', 'too_large', { limit: MAX_CHARS });
      }
      if (jsonDepth(inflated, MAX_DEPTH) > MAX_DEPTH) {
        reader.cancel().catch(() => {});
        return refusal('link', 'too_deep', { limit: MAX_DEPTH });
      }
    }
  } catch {
    return null; // truncated or corrupt: the engine refuses it with the reason
  }
  return null;
}
