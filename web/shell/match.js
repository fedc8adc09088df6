// The match screen: mounts the game's view and draws around it (title, players, toolbar, status,
// result, hand-over screen, log); one object holds the page's state (matchstate.js) and small
// modules do the rest: the engine calls and computer seats (matchplay.js), saving safely between
// tabs (matchsave.js), the toolbar with undo, share and export (matchbar.js), the status line and
// older rulings (matchstatus.js), the hand-over screen (handover.js), the log (matchlog.js).
// A tutorial's guide (tutorial.js) and a match with a friend by link (remote.js) plug in here.

import { h, clear } from './dom.js';
import { t, pick, errorText } from './i18n.js';
import { call, gameInfo, whenReady, isReady } from './engine.js';
import { engineWait } from './wait.js';
import { loadSave, markBroken, listSaves, setMeta, stampOf, clearBroken } from './storage.js';
import { loadView, baseCtx, preloadView, prewarmView } from './views.js';
import { go } from './router.js';
import { messagePage } from './pages.js';
import { plainView } from './plainview.js';
import { seatName, shownName, namedPlayers } from './seats.js';
import { eventStrip, recentEvents, flash, markChanged, changedKeys, flashTracker } from './turn.js';
import { resultDisplay } from './result.js';
import { tutorialGuide } from './tutorial.js';
import { remoteSession } from './remote.js';
import { matchState } from './matchstate.js';
import { matchSaver } from './matchsave.js';
import { matchPlay } from './matchplay.js';
import { matchToolbar } from './matchbar.js';
import { renderStatus, renderRulings } from './matchstatus.js';
import { renderHandover } from './handover.js';
import { matchLog } from './matchlog.js';

/**
 * Open saved match `id` (validated by the engine first) and play it. The `pg:*` performance marks
 * time the opening (bench/playlink.py prints them relative to engine-ready).
 */
export async function matchPage(root, { id }) {
  performance.mark('pg:match:start');
  const save = loadSave(id);
  preloadView(save);
  root.append(engineWait());
  if (!isReady()) prewarmView(save, root, () => !isReady());
  await whenReady;
  performance.mark('pg:match:ready');
  const opened = await openSaved(id);
  performance.mark('pg:load:done');
  if (opened.error) return messagePage(root, opened.error);
  const { info } = opened;
  // The stored match as this tab last read or wrote it: a write expects to find it unchanged.
  const m = matchState(opened.record, info, stampOf(loadSave(id).record));
  const { players } = m;
  // What to show is asked for at once, before the view mounts: a view may ask the engine for its own
  // things when it mounts, and the engine answers calls in the order they were made. (A match with
  // a friend by link asks through remote.js, once the page has made it.)
  const firstLook = m.record.remote ? null : call('look', { record: m.record, look: m.shown });
  if (firstLook) firstLook.catch(() => {}); // its failure is reported where it is awaited (opening)
  performance.mark('pg:look:sent');
  const viewMod = await loadView(info.name);
  performance.mark('pg:view:loaded');
  clear(root);

  // --- layout ----------------------------------------------------------------------
  const title = h('h1', { class: 'match-title' });
  const playersLine = h('p', { class: 'match-players' });
  const toolbar = h('nav', { class: 'toolbar' });
  const status = h('p', { class: 'status', id: 'match-status', role: 'status', 'aria-live': 'polite' });
  const alertBox = h('p', { class: 'error', id: 'match-alert', role: 'alert' });
  const showError = (err) => { alertBox.textContent = t('engineFailed', errorText(err)); };
  const clearAlert = () => { alertBox.textContent = ''; };
  const result = resultDisplay({ game: info.name, matchId: m.record.meta.id });
  const strip = eventStrip();
  // The events strip is the view's to place (ctx.turn.strip, where its prompt is); the shell shows
  // it above the view itself only for the plain fallback view, so a laid-out screen never shifts.
  const turnSlot = h('div', { class: 'turn-slot' });
  const undoWhy = h('p', { class: 'undo-why muted small', id: 'undo-why', role: 'status' });
  const rulingsNote = h('p', { class: 'rulings-note muted small', id: 'rulings-note', hidden: true });
  const handover = h('section', { class: 'handover card', id: 'handover', hidden: true,
    'aria-labelledby': 'handover-msg' });
  const viewRoot = h('div', { class: 'view-root', id: 'view-root', dataset: { game: info.name } });
  const nameOf = (seat) => seatName(players, seat);
  const log = matchLog({ getRecord: () => m.record, nameOf, showError, alive: () => m.alive });
  const shareSlot = h('div', { class: 'share-slot' });
  // a tutorial's guide (tutorial.js) sits right above the game's screen
  const guide = await tutorialGuide(m.record.meta.id, info.name);
  performance.mark('pg:guide');
  const remoteSlot = h('div', { class: 'remote-slot' });
  root.append(h('div', { class: 'match-head' }, title, playersLine, toolbar, undoWhy, rulingsNote), shareSlot,
    remoteSlot, status, alertBox, result.banner, handover, ...(guide ? [guide.el] : []), turnSlot,
    h('div', { class: 'stage' }, viewRoot, result.overlay), log.el);

  const matchTitle = () => titleOf(m.payload, info);
  const saver = matchSaver(m, { saveInfo, adopt, render, showError, runBots: () => play.runBots() });
  const afterBusy = () => saver.afterBusy();
  // A match with a friend by link (remote.js): actions go through the engine's remote calls.
  const rs = m.record.remote ? remoteSession(remoteSlot, {
    getRecord: () => m.record, setRecord: (r) => { m.record = { ...r, meta: { ...r.meta, id: m.record.meta.id } }; },
    adopt: (answer) => adopt(answer), showError, general: () => m.general,
  }) : null;
  // a view that keeps a game clock says when a computer seat has no time left (it then loses on time)
  const outOfTime = (seat) => {
    try { return typeof view.timeUp === 'function' && view.timeUp(seat) === true; } catch { return false; }
  };
  const play = matchPlay(m, { adopt, render, showError, clearAlert, afterBusy, outOfTime, rs, guide });
  const { act, check, inspect } = play;

  const turn = { strip: strip.el, flash, markChanged, changedKeys, flashTracker };
  // a view may keep its own results with the save (meta[key], never the actions): e.g. a shogi review
  const saveMeta = (key, value) => {
    m.record = { ...m.record, meta: { ...(m.record.meta || {}), [key]: value } };
    return setMeta(m.record.meta.id, key, value);
  };
  const ctx = baseCtx(info.name, { act, check, inspect, turn, record: () => m.record, saveMeta });
  const bar = matchToolbar(m, { toolbar, undoWhy, shareSlot, rulesHref: ctx.rulesHref },
    { playCall: play.playCall, runBots: play.runBots, adopt, showError, clearAlert, afterBusy, rs });
  let view;
  try {
    view = viewMod && typeof viewMod.mount === 'function' ? viewMod.mount(viewRoot, ctx) : null;
  } catch (err) {
    view = null;
    console.warn('view mount failed', err);
  }
  performance.mark('pg:mount');
  const ownView = Boolean(view);
  if (!view) view = plainView(viewRoot, ctx, !viewMod);
  if (!ownView) turnSlot.append(strip.el);

  // --- answers -------------------------------------------------------------------------
  /** Take an answer of play/play_bot/look: the new actions, the views; save and draw. */
  function adopt(answer, { save = true } = {}) {
    if (!m.payload) performance.mark('pg:look:done');
    const base = answer.ply - answer.added.length;
    m.record = { ...m.record, actions: [...m.record.actions.slice(0, base), ...answer.added], meta: m.record.meta };
    m.cached = { match: answer.match, ply: answer.ply, tip: answer.tip };
    m.general = answer.general;
    const seat = answer.next;
    m.payload = answer.views.find((v) => v.seat === seat) || answer.views[answer.views.length - 1];
    if (m.secretive && seat !== null && seat !== m.shown) {
      m.covered = true;
      m.coverSeat = seat;
    } else if (m.secretive && m.covered && m.coverSeat === null) {
      m.coverSeat = seat;
    }
    m.shown = seat;
    // What happened since the shown seat's last action: in the same answer (webapi._answer).
    m.events = recentEvents(answer.events || [], m.shown, players);
    if (save) saver.persist();
    render();
  }

  /** Fetch what to show for the current record (on opening: `pending`, asked for already), save it, draw. */
  async function refresh({ save = true } = {}, pending = null) {
    adopt(await (pending || (rs ? rs.look(m.record, m.shown) : call('look', { record: m.record, look: m.shown }))),
      { save });
  }

  function saveInfo() {
    return { title: matchTitle(), progress: rs ? rs.progress(m.general.progress) : m.general.progress,
      finished: Boolean(m.general.outcome), outcome: m.general.outcome };
  }

  // --- drawing ---------------------------------------------------------------------------
  function render() {
    if (!m.alive) return;
    const { payload, general, covered } = m;
    title.textContent = pick(matchTitle());
    playersLine.textContent = players.map((p, i) => shownName(players, i)).join(t('listSep'));
    bar.render();
    renderRulings(general, info, rulingsNote);
    renderStatus(m, status, rs, nameOf);
    result.update((general && general.outcome) || null, players);
    renderHandover(m, handover, nameOf, reveal);
    log.render();
    if (rs) rs.render();
    viewRoot.hidden = covered;
    strip.update({ events: covered ? [] : m.events, thinking: m.thinking, players });
    if (covered || !payload) return;
    const shownPayload = { ...payload, players: namedPlayers(players), events: m.events, thinking: m.thinking,
      replay: false };
    m.viewPayload = shownPayload;
    if (m.busy && m.thinking !== null) shownPayload.legal = []; // computer seats act first
    try {
      view.update(shownPayload);
    } catch (err) {
      console.warn('view update failed', err);
    }
    if (typeof view.resultBreakdown === 'function' && general && general.outcome) {
      let node = null;
      try {
        node = view.resultBreakdown({ ...payload, players: namedPlayers(players) });
      } catch (err) {
        console.warn('resultBreakdown failed', err);
      }
      result.update(general.outcome, players, node);
    }
  }

  function reveal() {
    m.covered = false;
    m.coverSeat = null;
    render();
    viewRoot.focus?.();
  }

  // --- opening ---------------------------------------------------------------------------
  try {
    await refresh({ save: false }, firstLook);
    performance.mark('pg:first:update');
  } catch (err) {
    return messagePage(root, () => t('cannotOpen', errorText(err)));
  }
  // a save made under the game's title (a link, an import) takes the engine's title for the match
  const entry = listSaves().find((e) => e.id === m.record.meta.id);
  const own = matchTitle();
  if (entry && own !== info.title && !(entry.title && entry.title.ja === own.ja && entry.title.en === own.en)) {
    saver.persist();
  }
  if (rs) {
    saver.persist(); // the saved list shows whose turn it is
    rs.opened(m.record.meta.id);
  }
  play.runBots();
  // A read-only window onto the match for tests and debugging (actions still go through act).
  window.pygamesMatch = {
    get record() { return m.record; }, get payload() { return m.payload; }, get general() { return m.general; },
    get busy() { return m.busy; }, get covered() { return m.covered; }, get viewPayload() { return m.viewPayload; },
    act,
    /** A match with a friend by link: whose turn from this device's side, requests (remote.js status). */
    get remote() { return rs ? rs.status : null; },
    /** True when nothing runs and no computer seat is to move (a person may act, or it is over). */
    get idle() {
      const g = m.general;
      return !m.busy && Boolean(g) && (Boolean(g.outcome) || play.botToMove(g.to_move) === undefined);
    },
  };

  return {
    destroy() {
      m.alive = false;
      saver.destroy();
      delete window.pygamesMatch;
      if (view && view.destroy) view.destroy();
      bar.destroy();
      if (rs) rs.destroy();
    },
    relang() {
      strip.relang();
      if (guide) guide.render();
      render();
      bar.relang();
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
    performance.mark('pg:load:sent');
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
