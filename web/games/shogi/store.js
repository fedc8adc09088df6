// User-made cards in the game's namespaced storage (ctx.storage).

const KEY = 'custom_cards';

/** The saved user cards (an array; damaged data reads as empty). */
export function loadCustomCards(ctx) {
  try {
    let v = ctx.storage && ctx.storage.get(KEY);
    if (typeof v === 'string') v = JSON.parse(v);
    return Array.isArray(v) ? v.filter((c) => c && typeof c === 'object' && typeof c.id === 'string') : [];
  } catch {
    return [];
  }
}

/** Save the user cards; throws when storage is full. */
export function saveCustomCards(ctx, cards) {
  ctx.storage.set(KEY, cards.map(schemaCard));
}

/** A card as the schema has it (drops display extras such as the engine's "changed"). */
export function schemaCard(card) {
  const out = { id: card.id, name: card.name, kind: card.kind, faces: card.faces };
  if (card.name_en) out.name_en = card.name_en;
  return out;
}
