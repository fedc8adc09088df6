// Saved matches in localStorage: one key per record (`pygames.match.<id>`) and a small index
// (`pygames.index`) so the landing page lists saves without calling Python. A failed write
// (QuotaExceededError) throws a SaveError and leaves every stored value as it was. Stored text is
// measured before it is parsed (jsonlimit.js): a save nested too deep reads as broken.

import { parseJson } from '../runtime/jsonlimit.js';

const PREFIX = 'pygames.match.';
const INDEX_KEY = 'pygames.index';
const GAME_PREFIX = 'pygames.game.';

/** A save that could not be written; `.quota` is true when storage is full. */
export class SaveError extends Error {
  constructor(cause) {
    super(String(cause && cause.message || cause));
    this.quota = isQuota(cause);
  }
}

/**
 * A save the tab did not expect: another tab wrote this match since this tab last read or wrote
 * it. `.stored` is the record stored now (nothing was written).
 */
export class ConflictError extends Error {
  constructor(stored) {
    super('the stored match changed in another tab');
    this.stored = stored;
  }
}

/** What a tab remembers of a stored match: how many actions and a digest of them (FNV-1a). */
export function stampOf(record) {
  const actions = record && Array.isArray(record.actions) ? record.actions : [];
  let hash = 0x811c9dc5;
  const text = actions.join('\n');
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return { ply: actions.length, digest: hash.toString(16) };
}

/** True when `record`'s actions begin with all of `base`'s (equal counts as extending). */
export function extendsRecord(record, base) {
  const a = record && Array.isArray(record.actions) ? record.actions : [];
  const b = base && Array.isArray(base.actions) ? base.actions : [];
  return a.length >= b.length && b.every((x, i) => a[i] === x);
}

let persistAsked = false;

/** Ask the browser once per page to keep this site's storage (navigator.storage.persist). */
export function askPersistentStorage() {
  if (persistAsked || !navigator.storage || typeof navigator.storage.persist !== 'function') return;
  persistAsked = true;
  navigator.storage.persisted().then((yes) => (yes ? true : navigator.storage.persist())).catch(() => {});
}

/** True when two stamps name the same actions. */
export function sameStamp(a, b) {
  return Boolean(a && b) && a.ply === b.ply && a.digest === b.digest;
}

/** The storage key of match `id` (to recognise `storage` events of another tab). */
export function saveKey(id) {
  return PREFIX + id;
}

function isQuota(err) {
  return Boolean(err)
    && (err.name === 'QuotaExceededError' || err.name === 'NS_ERROR_DOM_QUOTA_REACHED' || err.code === 22);
}

/** A new match id: time-ordered and random, safe in a URL. */
export function newId() {
  const rand = new Uint32Array(2);
  crypto.getRandomValues(rand);
  return Date.now().toString(36) + rand[0].toString(36) + rand[1].toString(36).slice(0, 4);
}

/** True for ids this module could have made (guards route parameters). */
export function validId(id) {
  return typeof id === 'string' && /^[a-z0-9]{4,40}$/.test(id);
}

function readIndex() {
  try {
    const list = parseJson(localStorage.getItem(INDEX_KEY) || '[]', 'save');
    return Array.isArray(list) ? list.filter((e) => e && typeof e === 'object' && validId(e.id)) : [];
  } catch {
    return []; // a damaged index is rebuilt from the records below
  }
}

function writeIndex(list) {
  localStorage.setItem(INDEX_KEY, JSON.stringify(list));
}

/**
 * Every saved match for the landing page, newest first: index entries joined with the
 * stored records. Entries whose record is not JSON come back with `broken: true`.
 */
export function listSaves() {
  const byId = new Map(readIndex().map((e) => [e.id, e]));
  const found = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key || !key.startsWith(PREFIX)) continue;
    const id = key.slice(PREFIX.length);
    const entry = { ...(byId.get(id) || {}), id };
    let record = null;
    try {
      record = parseJson(localStorage.getItem(key), 'save');
    } catch {
      record = null;
    }
    if (!record || typeof record !== 'object' || Array.isArray(record)) {
      entry.broken = true;
    } else if (!byId.has(id)) {
      Object.assign(entry, entryFromRecord(record, id, null));
    }
    found.push(entry);
  }
  found.sort((a, b) => (Number(b.updated) || 0) - (Number(a.updated) || 0));
  return found;
}

function entryFromRecord(record, id, progress, finished = false, title = null, outcome = null) {
  const meta = record.meta && typeof record.meta === 'object' ? record.meta : {};
  // Seats as {name, type, level}: the landing page renders their names in the current language
  // (a friend by link stays 'remote', so this device's one person is あなた there too)
  const players = Array.isArray(record.players) ? record.players.map((p) => ({
    name: String(p && p.name || ''), type: p && (p.type === 'bot' || p.type === 'remote') ? p.type : 'human',
    level: p && typeof p.level === 'string' ? p.level : undefined })) : [];
  return {
    id, game: String(record.game || ''), title: title || null, players,
    progress: progress || { ja: '', en: '' }, updated: Number(meta.updated) || 0,
    created: Number(meta.created) || 0, finished: Boolean(finished), result: resultOf(outcome),
  };
}

/**
 * What the saved list says of a finished match's end, from the engine's `outcome`: its winners'
 * seats and whether it was a draw ({winners: number[], draw: boolean}); null before the end.
 */
export function resultOf(outcome) {
  if (!outcome || typeof outcome !== 'object' || !Array.isArray(outcome.winners)) return null;
  return { winners: outcome.winners.filter((s) => Number.isInteger(s) && s >= 0), draw: Boolean(outcome.draw) };
}

/** Note the result of finished match `id` on its saved-list entry, with the engine's progress line
 *  now (`summary` of a `load`: a save from before results were kept). */
export function setResult(id, summary) {
  const list = readIndex();
  const entry = list.find((e) => e.id === id);
  const result = resultOf(summary && summary.outcome);
  if (!entry || !result) return;
  entry.result = result;
  if (summary.progress && typeof summary.progress === 'object') entry.progress = summary.progress;
  try {
    writeIndex(list);
  } catch {
    /* asked again on the next visit */
  }
}

/** The raw stored text of a save (for exporting even a damaged one), or null. */
export function rawSave(id) {
  return localStorage.getItem(PREFIX + id);
}

/** `{record}` for a save, `{missing: true}`, or `{broken: true}` when it is not JSON. */
export function loadSave(id) {
  const text = localStorage.getItem(PREFIX + id);
  if (text === null) return { missing: true };
  try {
    const record = parseJson(text, 'save');
    if (!record || typeof record !== 'object' || Array.isArray(record)) return { broken: true };
    return { record };
  } catch {
    return { broken: true };
  }
}

/**
 * Save `record` (its meta.id names the slot) and update the index with `info`
 * ({title, progress, finished, outcome}: the engine's outcome once it is over). Throws SaveError; nothing already stored is lost.
 * With `expected` (a stampOf of what this tab last read or wrote), the write happens only if the
 * stored match still has those actions (or is gone): else ConflictError, and nothing is written.
 */
export function saveMatch(record, info = {}, expected = undefined) {
  const now = Date.now();
  const meta = { ...(record.meta || {}) };
  if (!validId(meta.id)) meta.id = newId();
  if (expected !== undefined) {
    const stored = loadSave(meta.id);
    // Another tab wrote since: refused unless this record already holds all of that (it is newer).
    if (stored.record && !sameStamp(stampOf(stored.record), expected) && !extendsRecord(record, stored.record)) {
      throw new ConflictError(stored.record);
    }
  }
  if (!meta.created) meta.created = now;
  meta.updated = Math.max(now, (Number(meta.updated) || 0) + 1);
  const saved = { ...record, meta };
  try {
    localStorage.setItem(PREFIX + meta.id, JSON.stringify(saved));
  } catch (err) {
    throw new SaveError(err);
  }
  const old = readIndex();
  const before = old.find((e) => e.id === meta.id);
  const list = old.filter((e) => e.id !== meta.id);
  const entry = entryFromRecord(saved, meta.id, info.progress, info.finished, info.title, info.outcome);
  if (before && typeof before.label === 'string' && before.label) entry.label = before.label; // the person's name for it stays
  list.push(entry);
  try {
    writeIndex(list);
  } catch (err) {
    // The record itself is saved; the landing page rebuilds a missing entry from it.
    throw new SaveError(err);
  }
  return saved;
}

/** Mark a save as refused by the engine (shown on its landing entry only). */
export function markBroken(id, reason) {
  const list = readIndex();
  const entry = list.find((e) => e.id === id);
  try {
    if (entry) {
      entry.brokenReason = reason;
      writeIndex(list);
    } else {
      writeIndex([...list, { id, brokenReason: reason, updated: 0 }]);
    }
  } catch {
    /* the message is shown anyway */
  }
}

/** Forget that a save was refused (the engine, e.g. after an update, now opens it). */
export function clearBroken(id) {
  const list = readIndex();
  const entry = list.find((e) => e.id === id);
  if (!entry || !entry.brokenReason) return;
  delete entry.brokenReason;
  try {
    writeIndex(list);
  } catch {
    /* the mark comes back on the next check; nothing is lost */
  }
}

/** The most characters of a name a person gives a saved match. */
export const MAX_LABEL_CHARS = 60;

/** Give saved match `id` a name of the person's own on the saved list (`label` trimmed; '' removes it).
 *  False when there is no such entry or it cannot be written. */
export function renameSave(id, label) {
  const list = readIndex();
  let entry = list.find((e) => e.id === id);
  if (!entry) { // a save the index lost (or never had): its entry is made from the record, as listSaves does
    const saved = loadSave(id);
    if (!saved.record || !validId(id)) return false;
    entry = entryFromRecord(saved.record, id, null);
    list.push(entry);
  }
  const text = String(label || '').trim().slice(0, MAX_LABEL_CHARS);
  if (text) entry.label = text;
  else delete entry.label;
  try {
    writeIndex(list);
    return true;
  } catch {
    return false;
  }
}

/** Delete a save and its index entry. */
export function deleteSave(id) {
  localStorage.removeItem(PREFIX + id);
  try {
    writeIndex(readIndex().filter((e) => e.id !== id));
  } catch {
    /* removing cannot exceed the quota */
  }
}

/** Namespaced storage for a game's own data (puzzle progress, custom cards). */
export function gameStorage(game) {
  const prefix = `${GAME_PREFIX}${game}.`;
  return {
    get(key) {
      try {
        const text = localStorage.getItem(prefix + key);
        return text === null ? null : parseJson(text, 'save');
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        localStorage.setItem(prefix + key, JSON.stringify(value));
      } catch (err) {
        throw new SaveError(err);
      }
    },
    remove(key) {
      localStorage.removeItem(prefix + key);
    },
  };
}

/** Set one key of a saved match's meta (a game's own results, e.g. a shogi review), leaving its
 *  actions and the saves index as they are. False when there is no such save or it cannot be written. */
export function setMeta(id, key, value) {
  try {
    const text = localStorage.getItem(PREFIX + id);
    if (!validId(id) || text === null) return false;
    const saved = JSON.parse(text);
    if (!saved || typeof saved !== 'object') return false;
    saved.meta = { ...(saved.meta && typeof saved.meta === 'object' ? saved.meta : {}), [key]: value };
    localStorage.setItem(PREFIX + id, JSON.stringify(saved));
    return true;
  } catch {
    return false;
  }
}
