// Saving on the match screen, after every action. Saves are safe between tabs: every write
// checks that the stored match is the one this tab last read or wrote (storage.js stamps: ply +
// digest); another tab's write is noticed (`storage` event) and taken over when this tab has
// nothing newer; when both went on differently, this tab's version is kept as a copy and the page
// says so. When storage is full, the moves not yet saved stay in this tab, the page says how
// many, and saving is retried until there is space.

import { t } from './i18n.js';
import { call } from './engine.js';
import { loadSave, saveMatch, SaveError, ConflictError, stampOf, sameStamp, saveKey, extendsRecord, newId,
  askPersistentStorage } from './storage.js';

/** How often a save refused for lack of space is tried again (also on any other tab's write). */
const SAVE_RETRY_MS = 5000;

/**
 * The saver of a match page's state `m` (matchstate.js). `hooks`: saveInfo() → {title, progress,
 * finished} for the saved list; adopt(answer, {save}), render(), showError(err), runBots() of the page.
 * @param {import('./matchstate.js').MatchState} m
 * @param {{saveInfo: () => any, adopt: (answer: any, opts?: any) => void, render: () => void,
 *   showError: (err: any) => void, runBots: () => any}} hooks
 */
export function matchSaver(m, hooks) {
  let retryTimer = null;
  let otherTabPending = false; // another tab wrote while this one was busy

  const failed = (err, unsaved) => ({ kind: 'save',
    text: () => (err instanceof SaveError && err.quota ? t('quotaUnsaved', unsaved) : t('saveFailed')) });

  /** Save the match (the expected stored stamp is `m.known`); a conflict or a full storage is handled. */
  function persist() {
    try {
      m.record = saveMatch(m.record, hooks.saveInfo(), m.known);
      m.known = stampOf(m.record);
      if (m.notice && m.notice.kind === 'save') m.notice = null;
      stopRetry();
      askPersistentStorage();
    } catch (err) {
      if (err instanceof ConflictError) {
        if (extendsRecord(err.stored, m.record)) takeOver(err.stored);
        else keepBoth();
        return;
      }
      m.notice = failed(err, Math.max(1, m.record.actions.length - m.known.ply));
      if (!retryTimer) retryTimer = setInterval(retrySave, SAVE_RETRY_MS);
    }
  }

  function stopRetry() {
    if (retryTimer) clearInterval(retryTimer);
    retryTimer = null;
  }

  /** Try a refused save again (the moves are still in this tab). */
  function retrySave() {
    if (!m.alive || m.busy || !m.general || sameStamp(stampOf(m.record), m.known)) return;
    persist();
    hooks.render();
  }

  /** Both tabs went on differently: this tab's version becomes a copy; the other keeps the save. */
  function keepBoth() {
    const otherId = m.record.meta.id;
    const copy = { ...m.record, meta: { ...m.record.meta, id: newId(), created: Date.now() } };
    try {
      m.record = saveMatch(copy, hooks.saveInfo());
      m.known = stampOf(m.record);
      history.replaceState(null, '', `${location.pathname}${location.search}#/play/${m.record.meta.id}`);
      m.notice = { kind: 'conflict', text: () => t('keptBoth'), link: `#/play/${otherId}` };
    } catch (err) {
      m.notice = failed(err, 1);
    }
  }

  /** Show the match as another tab saved it (it holds everything this tab has, or this tab had nothing new). */
  async function takeOver(stored) {
    m.busy = true;
    try {
      m.record = { ...stored, meta: { ...(stored.meta || {}), id: m.record.meta.id } };
      m.known = stampOf(stored);
      m.cached = null;
      hooks.adopt(await call('look', { record: m.record, look: m.shown }), { save: false });
      m.notice = { kind: 'other', text: () => t('updatedElsewhere') };
    } catch (err) {
      hooks.showError(err);
    } finally {
      m.busy = false;
    }
    hooks.render();
    hooks.runBots();
  }

  /** Another tab wrote to storage: this match, or space may have been freed. */
  function onStorage(e) {
    if (!m.alive || !m.general) return;
    if (e.key !== null && e.key !== saveKey(m.record.meta.id)) {
      retrySave();
      return;
    }
    const stored = loadSave(m.record.meta.id).record;
    if (!stored || sameStamp(stampOf(stored), m.known)) return; // deleted, or nothing new
    if (m.busy) {
      otherTabPending = true;
      return;
    }
    if (extendsRecord(m.record, stored)) retrySave(); // this tab is ahead (unsaved moves)
    else if (sameStamp(stampOf(m.record), m.known) || extendsRecord(stored, m.record)) takeOver(stored);
    else {
      keepBoth();
      hooks.render();
    }
  }
  window.addEventListener('storage', onStorage);

  /** After an action or a computer's move: a write of another tab seen meanwhile is handled now. */
  function afterBusy() {
    if (otherTabPending && m.alive && !m.busy) {
      otherTabPending = false;
      onStorage({ key: null });
    }
  }

  return {
    persist,
    afterBusy,
    destroy() {
      stopRetry();
      window.removeEventListener('storage', onStorage);
    },
  };
}
