// The engine's card schema (card_schema call), fetched once per page load: kinds, specials, the
// basic set, which piece a card's "promoted" face changes, and the ピックアップ deck rule.
// The view holds no such rule itself.

import { engineCall } from './io.js';

let cached = null;
let loaded = null;

/** The schema (a promise, memoised; a failure is not cached). */
export function loadSchema(ctx) {
  if (!cached) {
    cached = engineCall(ctx, 'card_schema', {}).then((res) => { loaded = res; return res; })
      .catch((err) => { cached = null; throw err; });
  }
  return cached;
}

/** The piece code a face of a card of `kind` changes (the unpromoted kind until the schema is loaded). */
export function faceCode(kind, face) {
  if (face !== 'promoted') return kind;
  return (loaded && loaded.promoted && loaded.promoted[kind]) || kind;
}

/** Whether a kind has a promoted face (per the engine; unknown before the schema is loaded). */
export function hasPromotedFace(kind) {
  return Boolean(loaded && loaded.promoted && loaded.promoted[kind]);
}
