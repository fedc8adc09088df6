// The match screen: mounts the game's view, runs computer seats, hand-over screens, saving
// after every action, undo, the move log, the outcome banner, share and export.
//
// Saves are safe between tabs: every write checks that the stored match is the one this tab last
// read or wrote (storage.js stamps: ply + digest); another tab's write is noticed (`storage`
// event) and taken over when this tab has nothing newer; when both went on differently, this
// tab's version is kept as a copy and the page says so. When storage is full, the moves not yet
// saved stay in this tab, the page says how many, and saving is retried until there is space.

import { h, fill, clear, delay, download } from './dom.js';
import { t, pick, errorText, shellError } from './i18n.js';
import { call, gameInfo, whenReady } from './engine.js';
import { engineWait } from './wait.js';
import { loadSave, saveMatch, markBroken, listSaves, SaveError, setMeta, ConflictError, stampOf, sameStamp, saveKey,
  extendsRecord, newId, askPersistentStorage, clearBroken } from './storage.js';
import { loadView, baseCtx, preloadView } from './views.js';
import { go } from './router.js';
import { messagePage } from './pages.js';
import { sharePanel } from './share.js';
import { plainView } from './plainview.js';
import { seatName, namedPlayers, namedText } from './seats.js';
import { eventStrip, recentEvents, flash, markChanged, changedKeys, flashTracker } from './turn.js';
import { resultDisplay } from './result.js';
import { tutorialGuide } from './tutorial.js';
import { remoteSession } from './remote.js';

const BOT_DELAY_MS = 500;
/** How often a save refused for lack of space is tried again (also on any other tab's write). */
const SAVE_RETRY_MS = 5000;

/** The visible pause before a computer move; tests may shorten it for one tab (sessionStorage). */
function botDelay() {
  const v = Number(sessionStorage.getItem('pygames.botDelayMs'));
  return sessionStorage.getItem('pygames.botDelayMs') !== null && Number.isFinite(v) && v >= 0 ? v : BOT_DELAY_MS;
}

/** Open saved match `id` (validated by the engine first) and play it. */
export async function matchPage(root, { id }) {
  preloadView(loadSave(id));
  root.append(engineWait());
  await whenReady;
  const opened = await openSaved(id);
  if (opened.error) return messagePage(root, opened.error);
  const { info } = opened;
  let record = opened.record;
  // The stored match as this tab last read or wrote it: a write expects to find it unchanged.
  let known = stampOf(loadSave(id).record);
  let retryTimer = null;
  let otherTabPending = false; // another tab wrote while this one was busy
  const viewMod = await loadView(info.name);
  clear(root);

  const players = record.players;
  const humans = players.map((p, i) => (p.type === 'human' ? i : -1)).filter((i) => i >= 0);
  const secretive = Boolean(info.hidden_information) && humans.length >= 2;
  let alive = true;
  let busy = false; // a computer seat is thinking or an action is in flight
  let thinking = null; // seat currently thinking
  let shown = humans.length === 1 ? humans[0] : null; // the seat whose view is on screen
  let covered = secretive; // a hand-over screen hides the view
  let coverSeat = null;
  let payload = null; // last view() result for `shown`
  let general = null; // last view() result for the spectator (to_move, outcome, progress)
  let notice = null; // {kind, text()} in the status area
  let shareBox = null;
  let events = []; // what happened since the shown seat's last action (turn.js)
  let viewPayload = null; // the last payload given to the view (with names, events, thinking)
  let undoNote = ''; // why undo is not possible now, shown as text under the toolbar (every device)

  // --- layout ----------------------------------------------------------------------
  const title = h('h1', { class: 'match-title' });
  const playersLine = h('p', { class: 'match-players' });
  const toolbar = h('nav', { class: 'toolbar' });
  const status = h('p', { class: 'status', id: 'match-status', role: 'status', 'aria-live': 'polite' });
  const alertBox = h('p', { class: 'error', id: 'match-alert', role: 'alert' });
  const result = resultDisplay({ game: info.name, matchId: record.meta.id });
  const banner = result.banner;
  const strip = eventStrip();
  // The events strip is the view's to place (ctx.turn.strip, where its prompt is); the shell shows
  // it above the view itself only for the plain fallback view, so a laid-out screen never shifts.
  const turnSlot = h('div', { class: 'turn-slot' });
  const undoWhy = h('p', { class: 'undo-why muted small', id: 'undo-why', role: 'status' });
  const rulingsNote = h('p', { class: 'rulings-note muted small', id: 'rulings-note', hidden: true });
  const handover = h('section', { class: 'handover card', id: 'handover', hidden: true, 'aria-labelledby': 'handover-msg' });
  const viewRoot = h('div', { class: 'view-root', id: 'view-root', dataset: { game: info.name } });
  const logBox = h('details', { class: 'log card', id: 'match-log', ontoggle: () => { if (logBox.open) renderLog(); } });
  const shareSlot = h('div', { class: 'share-slot' });
  // a tutorial's guide (tutorial.js) sits right above the game's screen
  const guide = await tutorialGuide(record.meta.id, info.name);
  const remoteSlot = h('div', { class: 'remote-slot' });
  root.append(h('div', { class: 'match-head' }, title, playersLine, toolbar, undoWhy, rulingsNote), shareSlot, remoteSlot, status, alertBox,
    banner, handover, ...(guide ? [guide.el] : []), turnSlot, h('div', { class: 'stage' }, viewRoot, result.overlay), logBox);

  const turn = { strip: strip.el, flash, markChanged, changedKeys, flashTracker };
  // a view may keep its own results with the save (meta[key], never the actions): e.g. a shogi review
  const saveMeta = (key, value) => {
    record = { ...record, meta: { ...(record.meta || {}), [key]: value } };
    return setMeta(record.meta.id, key, value);
  };
  const ctx = baseCtx(info.name, { act, check, inspect, turn, record: () => record, saveMeta });
  let view;
  try {
    view = viewMod && typeof viewMod.mount === 'function' ? viewMod.mount(viewRoot, ctx) : null;
  } catch (err) {
    view = null;
    console.warn('view mount failed', err);
  }
  const ownView = Boolean(view);
  if (!view) view = plainView(viewRoot, ctx, !viewMod);
  if (!ownView) turnSlot.append(strip.el);

  // A match with a friend by link (remote.js): actions go through the engine's remote calls.
  const rs = record.remote ? remoteSession(remoteSlot, {
    getRecord: () => record, setRecord: (r) => { record = { ...r, meta: { ...r.meta, id: record.meta.id } }; },
    adopt: (answer) => adopt(answer), showError: (err) => showError(err), general: () => general,
  }) : null;

  // --- engine round trips: one call per click ---------------------------------------------
  let cached = null; // {match, ply, tip} of the worker's cached match (see webapi.play)

  function botToMove(toMove) {
    return toMove.find((s) => s >= 0 && players[s] && players[s].type === 'bot');
  }

  /** A `play`/`play_bot` call on the cached match; after `match.cache_miss`, once more with the record. */
  async function playCall(name, args) {
    if (cached && cached.ply === record.actions.length) {
      try {
        return await call(name, { ...args, ...cached });
      } catch (err) {
        if (err.code !== 'match.cache_miss') throw err;
      }
    }
    return call(name, { ...args, record });
  }

  /** Take an answer of play/play_bot/look: the new actions, the views; save and draw. */
  function adopt(answer, { save = true } = {}) {
    const base = answer.ply - answer.added.length;
    record = { ...record, actions: [...record.actions.slice(0, base), ...answer.added], meta: record.meta };
    cached = { match: answer.match, ply: answer.ply, tip: answer.tip };
    general = answer.general;
    const seat = answer.next;
    payload = answer.views.find((v) => v.seat === seat) || answer.views[answer.views.length - 1];
    if (secretive && seat !== null && seat !== shown) {
      covered = true;
      coverSeat = seat;
    } else if (secretive && covered && coverSeat === null) {
      coverSeat = seat;
    }
    shown = seat;
    // What happened since the shown seat's last action: in the same answer (webapi._answer).
    events = recentEvents(answer.events || [], shown, players);
    if (save) persist();
    render();
  }

  /** Fetch what to show for the current record (on opening and after undo), save it, draw. */
  async function refresh({ save = true } = {}) {
    adopt(rs ? await rs.look(record, shown) : await call('look', { record, look: shown }), { save });
  }

  const matchTitle = () => titleOf(payload, info);

  const saveInfo = () => ({ title: matchTitle(), progress: rs ? rs.progress(general.progress) : general.progress,
    finished: Boolean(general.outcome) });

  function persist() {
    try {
      record = saveMatch(record, saveInfo(), known);
      known = stampOf(record);
      if (notice && notice.kind === 'save') notice = null;
      stopRetry();
      askPersistentStorage();
    } catch (err) {
      if (err instanceof ConflictError) {
        if (extendsRecord(err.stored, record)) takeOver(err.stored);
        else keepBoth();
        return;
      }
      const unsaved = Math.max(1, record.actions.length - known.ply);
      notice = { kind: 'save', text: () => (err instanceof SaveError && err.quota ? t('quotaUnsaved', unsaved) : t('saveFailed')) };
      if (!retryTimer) retryTimer = setInterval(retrySave, SAVE_RETRY_MS);
    }
  }

  function stopRetry() {
    if (retryTimer) clearInterval(retryTimer);
    retryTimer = null;
  }

  /** Try a refused save again (the moves are still in this tab). */
  function retrySave() {
    if (!alive || busy || !general || sameStamp(stampOf(record), known)) return;
    persist();
    render();
  }

  /** Both tabs went on differently: this tab's version becomes a copy; the other keeps the save. */
  function keepBoth() {
    const otherId = record.meta.id;
    const copy = { ...record, meta: { ...record.meta, id: newId(), created: Date.now() } };
    try {
      record = saveMatch(copy, saveInfo());
      known = stampOf(record);
      history.replaceState(null, '', `${location.pathname}${location.search}#/play/${record.meta.id}`);
      notice = { kind: 'conflict', text: () => t('keptBoth'), link: `#/play/${otherId}` };
    } catch (err) {
      notice = { kind: 'save', text: () => (err instanceof SaveError && err.quota ? t('quotaUnsaved', 1) : t('saveFailed')) };
    }
  }

  /** Show the match as another tab saved it (it holds everything this tab has, or this tab had nothing new). */
  async function takeOver(stored) {
    busy = true;
    try {
      record = { ...stored, meta: { ...(stored.meta || {}), id: record.meta.id } };
      known = stampOf(stored);
      cached = null;
      adopt(await call('look', { record, look: shown }), { save: false });
      notice = { kind: 'other', text: () => t('updatedElsewhere') };
    } catch (err) {
      showError(err);
    } finally {
      busy = false;
    }
    render();
    runBots();
  }

  /** Another tab wrote to storage: this match, or space may have been freed. */
  function onStorage(e) {
    if (!alive || !general) return;
    if (e.key !== null && e.key !== saveKey(record.meta.id)) {
      retrySave();
      return;
    }
    const stored = loadSave(record.meta.id).record;
    if (!stored || sameStamp(stampOf(stored), known)) return; // deleted, or nothing new
    if (busy) {
      otherTabPending = true;
      return;
    }
    if (extendsRecord(record, stored)) retrySave(); // this tab is ahead (unsaved moves)
    else if (sameStamp(stampOf(record), known) || extendsRecord(stored, record)) takeOver(stored);
    else {
      keepBoth();
      render();
    }
  }
  window.addEventListener('storage', onStorage);

  /** After an action or a computer's move: a write of another tab seen meanwhile is handled now. */
  function afterBusy() {
    if (otherTabPending && alive && !busy) {
      otherTabPending = false;
      onStorage({ key: null });
    }
  }

  async function runBots() {
    if (busy) return;
    busy = true;
    try {
      while (alive && general && !general.outcome) {
        const seat = botToMove(general.to_move);
        if (seat === undefined) break;
        thinking = seat;
        render();
        await delay(botDelay());
        if (!alive) return;
        const answer = await playCall('play_bot', { seat, look: shown });
        if (!alive) return;
        thinking = null;
        adopt(answer);
      }
    } catch (err) {
      showError(err);
    } finally {
      busy = false;
      thinking = null;
      if (alive) render();
      afterBusy();
    }
  }

  // --- ctx for the view ------------------------------------------------------------------
  async function act(action) {
    if (busy || covered || !general || general.outcome || shown === null || !general.to_move.includes(shown)) {
      throw shellError('shell.not_now', 'notNow');
    }
    const refusal = guide ? guide.refuse(String(action)) : null;
    if (refusal) throw refusal; // a tutorial asks for its suggested move (nothing is sent)
    busy = true;
    alertBox.textContent = '';
    try {
      const answer = rs ? await rs.act(String(action)) : await playCall('play', { seat: shown, action: String(action), look: shown });
      if (!alive) return;
      if (guide) guide.played(String(action));
      adopt(answer);
    } catch (err) {
      showError(err);
      throw err;
    } finally {
      busy = false;
      afterBusy();
    }
    runBots();
  }

  async function check(action) {
    if (shown === null) return shellError('shell.spectator', 'watching');
    try {
      await call('check', { record, seat: shown, action: String(action) });
      return null;
    } catch (err) {
      return { code: err.code, message_ja: err.message_ja, message_en: err.message_en, params: err.params };
    }
  }

  /** Like check, and when the action is legal, what the engine says about it first (its details). */
  async function inspect(action) {
    if (shown === null) return { error: shellError('shell.spectator', 'watching'), details: null };
    try {
      const result = await call('check', { record, seat: shown, action: String(action) });
      return { error: null, details: result.details ?? null };
    } catch (err) {
      return { error: { code: err.code, message_ja: err.message_ja, message_en: err.message_en, params: err.params }, details: null };
    }
  }

  function showError(err) {
    alertBox.textContent = t('engineFailed', errorText(err));
  }

  async function undo() {
    if (busy || covered || shown === null || !(payload && payload.can_undo)) {
      const why = undoBlocked();
      if (why) {
        undoNote = t('undoWhy', why);
        renderToolbar();
      }
      return;
    }
    busy = true;
    try {
      const answer = await playCall('undo', { seat: shown, look: shown });
      alertBox.textContent = '';
      adopt(answer);
    } catch (err) {
      showError(err);
    } finally {
      busy = false;
      afterBusy();
    }
    runBots();
  }

  // --- drawing ---------------------------------------------------------------------------
  const nameOf = (seat) => seatName(players, seat);

  function render() {
    if (!alive) return;
    title.textContent = pick(matchTitle());
    playersLine.textContent = players.map((p, i) => nameOf(i)).join(t('listSep'));
    toolbar.setAttribute('aria-label', t('toolbar'));
    renderToolbar();
    renderRulings();
    renderStatus();
    renderBanner();
    renderHandover();
    logBox.replaceChildren(h('summary', {}, t('logHeading')), ...(logBox.open ? [h('p', { class: 'muted' }, t('loading'))] : []));
    if (logBox.open) renderLog();
    if (rs) rs.render();
    viewRoot.hidden = covered;
    strip.update({ events: covered ? [] : events, thinking, players });
    if (!covered && payload) {
      const shownPayload = { ...payload, players: namedPlayers(players), events, thinking, replay: false };
      viewPayload = shownPayload;
      if (busy && thinking !== null) shownPayload.legal = []; // computer seats act first
      try {
        view.update(shownPayload);
      } catch (err) {
        console.warn('view update failed', err);
      }
    }
    if (!covered && payload && typeof view.resultBreakdown === 'function' && general && general.outcome) {
      let node = null;
      try { node = view.resultBreakdown({ ...payload, players: namedPlayers(players) }); } catch (err) { console.warn('resultBreakdown failed', err); }
      result.update(general.outcome, players, node);
    }
  }

  /** Why undo is not possible now ('' when it is). */
  function undoBlocked() {
    if (busy && thinking !== null) return t('undoBusy');
    if (shown === null) return t('undoSpectator');
    if (payload && payload.can_undo) return '';
    return payload && payload.undo_reason ? namedText(pick(payload.undo_reason), players) : '';
  }

  function renderToolbar() {
    const canUndo = Boolean(payload && payload.can_undo) && !busy && !covered;
    const why = canUndo ? '' : undoBlocked();
    // A greyed 待った says why as visible text under the toolbar on every device (a hover tooltip
    // never reaches a touch screen); it stays clickable (aria-disabled), and a click says it again.
    undoNote = why ? t('undoWhy', why) : '';
    undoWhy.textContent = undoNote;
    if (rs) { // a friend's match by link: take-backs and draws are asked of the friend (remote.js)
      undoWhy.textContent = '';
      fill(toolbar, h('a', { class: 'button', href: ctx.rulesHref }, t('rulesShort')), ...rs.toolbar(),
        h('button', { type: 'button', id: 'export-button', onclick: exportRecord }, t('export')),
        h('a', { class: 'button', href: `#/replay/${record.meta.id}` }, t('replay')),
        h('a', { class: 'button', href: '#/' }, t('home')));
      return;
    }
    fill(toolbar,
      h('a', { class: 'button', href: ctx.rulesHref }, t('rulesShort')),
      h('button', { type: 'button', id: 'undo-button', 'aria-disabled': canUndo ? null : 'true', class: canUndo ? '' : 'is-disabled',
        'aria-describedby': undoNote ? 'undo-why' : null, onclick: undo }, t('undo')),
      h('button', { type: 'button', id: 'share-button', 'aria-expanded': String(Boolean(shareBox)), onclick: toggleShare }, t('share')),
      h('button', { type: 'button', id: 'export-button', onclick: exportRecord }, t('export')),
      h('a', { class: 'button', href: `#/replay/${record.meta.id}` }, t('replay')),
      h('a', { class: 'button', href: '#/' }, t('home')));
  }

  /** A match recorded under older rulings says so (and which), e.g. motto v1: seat 1 always starts. */
  function renderRulings() {
    const older = (general && general.rulings && general.rulings.older) || [];
    rulingsNote.hidden = older.length === 0;
    if (!older.length) return;
    const valueText = (r) => {
      const spec = (info.options || []).find((o) => o.key === r.key);
      const choice = spec && (spec.choices || []).find((c) => c.value === r.value);
      return choice ? pick(choice.label) : String(r.value);
    };
    rulingsNote.textContent = t('olderRulings', older.map((r) => t('rulingValue', pick(r.label), valueText(r))).join(t('listSep')));
  }

  function renderStatus() {
    status.className = 'status';
    if (notice) {
      status.classList.add('warn');
      status.textContent = notice.text();
      if (notice.link) status.append(' ', h('a', { href: notice.link, id: 'other-version' }, t('otherVersion')));
      if (notice.kind === 'other') notice = null; // said once
      return;
    }
    if (!general) return;
    if (rs && rs.statusText()) {
      status.textContent = rs.statusText();
    } else if (thinking !== null) {
      status.classList.add('thinking');
      status.textContent = t('thinking', nameOf(thinking));
    } else if (general.outcome) {
      status.textContent = t('matchOver');
    } else if (shown !== null && general.to_move.includes(shown)) {
      status.textContent = t('yourTurn', nameOf(shown));
    } else {
      status.textContent = t('waitingFor', general.to_move.filter((s) => s >= 0).map(nameOf).join(t('listSep')));
    }
  }

  function renderBanner() {
    result.update((general && general.outcome) || null, players);
  }

  function renderHandover() {
    handover.hidden = !covered;
    if (!covered) return;
    const seat = coverSeat ?? shown ?? humans[0];
    fill(handover, 
      h('p', { id: 'handover-msg', class: 'handover-msg' }, t('handOver', nameOf(seat))),
      h('button', { type: 'button', class: 'primary', id: 'handover-button', onclick: reveal }, t('handOverButton', nameOf(seat))));
  }

  function reveal() {
    covered = false;
    coverSeat = null;
    render();
    viewRoot.focus?.();
  }

  async function renderLog() {
    try {
      const { log } = await call('log', { record });
      if (!alive || !logBox.open) return;
      const list = log.length ? h('ol', { class: 'log-list', tabindex: '0', 'aria-label': t('logHeading') }, log.map((e) => h('li', { value: e.ply },
        e.seat === -1 ? null : h('span', { class: 'log-seat' }, nameOf(e.seat)), namedText(pick(e.ja, e.en), players)))) : h('p', { class: 'muted' }, t('logEmpty'));
      logBox.replaceChildren(h('summary', {}, t('logHeading')), list);
    } catch (err) {
      showError(err);
    }
  }

  function exportRecord() {
    download(`pygames-${record.game}-${record.meta.id}.json`, JSON.stringify(record, null, 1));
  }

  function toggleShare() {
    if (shareBox) {
      shareBox.destroy();
      shareBox = null;
    } else {
      shareBox = sharePanel(shareSlot, record, () => { shareBox = null; renderToolbar(); });
    }
    renderToolbar();
  }

  try {
    await refresh({ save: false });
  } catch (err) {
    return messagePage(root, () => t('cannotOpen', errorText(err)));
  }
  // a save made under the game's title (a link, an import) takes the engine's title for the match
  const entry = listSaves().find((e) => e.id === record.meta.id);
  const own = matchTitle();
  if (entry && own !== info.title && !(entry.title && entry.title.ja === own.ja && entry.title.en === own.en)) persist();
  if (rs) {
    persist(); // the saved list shows whose turn it is
    rs.opened(record.meta.id);
  }
  runBots();
  // A read-only window onto the match for tests and debugging (actions still go through act).
  window.pygamesMatch = {
    get record() { return record; }, get payload() { return payload; }, get general() { return general; },
    get busy() { return busy; }, get covered() { return covered; }, get viewPayload() { return viewPayload; }, act,
    /** A match with a friend by link: whose turn from this device's side, requests (remote.js status). */
    get remote() { return rs ? rs.status : null; },
    /** True when nothing runs and no computer seat is to move (a person may act, or it is over). */
    get idle() { return !busy && Boolean(general) && (Boolean(general.outcome) || botToMove(general.to_move) === undefined); },
  };

  return {
    destroy() {
      alive = false;
      stopRetry();
      window.removeEventListener('storage', onStorage);
      delete window.pygamesMatch;
      if (view && view.destroy) view.destroy();
      if (shareBox) shareBox.destroy();
      if (rs) rs.destroy();
    },
    relang() {
      strip.relang();
      if (guide) guide.render();
      render();
      if (shareBox) shareBox.relang();
      if (rs) rs.relang();
    },
  };
}

/**
 * The title of a match: the engine's own when the view payload gives one (`payload.view.title`,
 * e.g. 本将棋 for a plain game of the shogi engine), else the game's (`info.title`).
 */
export function titleOf(payload, info) {
  const own = payload && payload.view && payload.view.title;
  return own && typeof own === 'object' && (own.ja || own.en)
    ? { ja: String(own.ja || own.en), en: String(own.en || own.ja) } : info.title;
}

/**
 * Load save `id` and validate it with the engine. Returns {record, info} or {error: () => text};
 * a refused save is marked on its landing entry only.
 */
export async function openSaved(id) {
  const saved = loadSave(id);
  if (saved.missing) return { error: () => t('notFound') };
  if (saved.broken) return { error: () => t('brokenSave') };
  const meta = saved.record.meta;
  let loaded;
  try {
    loaded = await call('load', { record: saved.record });
  } catch (err) {
    const reason = { ja: err.message_ja || String(err), en: err.message_en || String(err) };
    markBroken(id, reason);
    return { error: () => t('cannotOpen', pick(reason)) };
  }
  clearBroken(id); // refused once (e.g. by an older build), it opens now
  const info = await gameInfo(loaded.record.game);
  const record = { ...loaded.record, meta: { ...(meta && typeof meta === 'object' ? meta : {}), id } };
  return { record, info, finished: Boolean(loaded.summary && loaded.summary.finished) };
}

export { go };
