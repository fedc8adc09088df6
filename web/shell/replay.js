// Replay viewer: first/back/forward/last, a slider over plies (the `replay` call), the move list
// (movelist.js: click a move to go there) and the keys ← → Home End, with the game's view mounted
// in replay mode, the events strip, and a point-of-view choice.

import { h, fill, clear } from './dom.js';
import { t, pick, errorText, shellError } from './i18n.js';
import { call, whenReady } from './engine.js';
import { engineWait } from './wait.js';
import { loadView, baseCtx, preloadView } from './views.js';
import { messagePage } from './pages.js';
import { openSaved, titleOf } from './match.js';
import { plainView } from './plainview.js';
import { loadSave, setMeta } from './storage.js';
import { moveList } from './movelist.js';
import { seatName, namedPlayers } from './seats.js';
import { eventStrip, recentEvents } from './turn.js';

/** Render the replay of saved match `id`. */
export async function replayPage(root, { id }) {
  // The move list shows at once from the save; the board waits for the engine.
  const early = loadSave(id);
  preloadView(early);
  const moves = early.record && Array.isArray(early.record.actions) ? moveList(early.record) : null;
  root.append(engineWait());
  if (moves) root.append(moves.el);
  await whenReady;
  const opened = await openSaved(id);
  if (opened.error) return messagePage(root, opened.error);
  const { record, info } = opened;
  const viewMod = await loadView(info.name);
  const players = record.players;
  const humans = players.map((p, i) => (p.type === 'human' ? i : -1)).filter((i) => i >= 0);
  let seat = humans.length === 1 ? humans[0] : null;
  let alive = true;
  let payload = null;
  let token = 0;
  clear(root);

  const title = h('h1', { class: 'match-title' });
  const controls = h('div', { class: 'replay-controls card' });
  const alertBox = h('p', { class: 'error', role: 'alert' });
  const viewRoot = h('div', { class: 'view-root', id: 'view-root', dataset: { game: info.name } });
  const strip = eventStrip();
  let log = [];
  root.append(title, controls, alertBox, strip.el, viewRoot);
  if (moves) {
    root.append(moves.el);
    moves.setPick((n) => show(n));
  }
  call('log', { record }).then((r) => { log = r.log; if (moves) moves.setLog(r.log); if (alive) render(); }, () => {});

  const refuse = () => Promise.reject(shellError('shell.replay', 'replayNoAct'));
  let full = record; // the whole match (a view's results are kept in its meta: see match.js saveMeta)
  const saveMeta = (key, value) => {
    full = { ...full, meta: { ...(full.meta || {}), [key]: value } };
    return setMeta(id, key, value);
  };
  const ctx = baseCtx(info.name, { act: refuse, check: async () => shellError('shell.replay', 'replayNoAct'),
    record: () => full, saveMeta });
  let view = null;
  try {
    view = viewMod && typeof viewMod.mount === 'function' ? viewMod.mount(viewRoot, ctx) : null;
  } catch (err) {
    console.warn('view mount failed', err);
  }
  if (!view) view = plainView(viewRoot, ctx, !viewMod);

  let plies = record.actions.length;
  let ply = plies;

  async function show(next) {
    ply = Math.max(0, Math.min(plies, next));
    const mine = ++token;
    try {
      const result = await call('replay', { record, ply, seat });
      if (!alive || mine !== token) return;
      payload = result;
      plies = result.plies;
      alertBox.textContent = '';
      render();
    } catch (err) {
      alertBox.textContent = t('engineFailed', errorText(err));
    }
  }

  const nameOf = (i) => seatName(players, i);
  const buttons = {};
  let slider;
  let position;

  /** Build the controls (again after a language change); state changes only update them. */
  function build() {
    title.textContent = t('replayHeading', pick(info.title));
    const button = (id, label, step) => {
      buttons[id] = h('button', { type: 'button', id, onclick: () => show(step()) }, label);
      return buttons[id];
    };
    slider = h('input', { type: 'range', id: 'replay-slider', min: 0, max: plies, step: 1, value: ply,
      oninput: (e) => show(Number(e.target.value)) });
    position = h('p', { id: 'replay-position', 'aria-live': 'polite' });
    const seatSelect = h('select', { id: 'replay-seat', onchange: (e) => { seat = e.target.value === '' ? null : Number(e.target.value); show(ply); } },
      h('option', { value: '', selected: seat === null }, t('spectator')),
      players.map((p, i) => h('option', { value: i, selected: seat === i }, nameOf(i))));
    fill(controls, 
      h('div', { class: 'actions replay-buttons' },
        button('replay-first', t('first'), () => 0),
        button('replay-back', t('back'), () => ply - 1),
        button('replay-forward', t('forward'), () => ply + 1),
        button('replay-last', t('last'), () => plies)),
      h('div', { class: 'field slider' }, h('label', { for: 'replay-slider' }, t('plySlider')), slider),
      position,
      h('p', { class: 'muted small', id: 'replay-keys' }, t('replayKeys')),
      h('div', { class: 'field' }, h('label', { for: 'replay-seat' }, t('perspective')), seatSelect),
      h('p', {}, h('a', { class: 'button', href: `#/play/${record.meta.id}` }, t('toMatch')), ' ',
        h('a', { class: 'button', href: '#/' }, t('home'))));
    render();
  }

  function render() {
    // the engine's own title for this match when its view gives one (e.g. 本将棋), else the game's
    title.textContent = t('replayHeading', pick(titleOf(payload, info)));
    buttons['replay-first'].disabled = ply === 0;
    buttons['replay-back'].disabled = ply === 0;
    buttons['replay-forward'].disabled = ply >= plies;
    buttons['replay-last'].disabled = ply >= plies;
    slider.max = String(plies);
    slider.value = String(ply);
    slider.setAttribute('aria-valuetext', t('plyOf', ply, plies));
    position.textContent = t('plyOf', ply, plies);
    if (moves) moves.mark(ply);
    const events = recentEvents(log.slice(Math.max(0, ply - 3), ply), seat, players);
    strip.update({ events, thinking: null, players });
    if (payload) {
      try {
        view.update({ ...payload, legal: [], players: namedPlayers(players), events, thinking: null, replay: true });
      } catch (err) {
        console.warn('view update failed', err);
      }
    }
  }

  /** ← → one move, Home / End the first and last (not while typing or on the slider). */
  function onKey(e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const tag = e.target && e.target.tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || (e.target && e.target.isContentEditable)) return;
    const step = { ArrowLeft: () => ply - 1, ArrowRight: () => ply + 1, Home: () => 0, End: () => plies }[e.key];
    if (!step) return;
    e.preventDefault();
    show(step());
  }
  document.addEventListener('keydown', onKey);

  build();
  await show(ply);
  return {
    destroy() {
      alive = false;
      document.removeEventListener('keydown', onKey);
      if (view && view.destroy) view.destroy();
    },
    relang() { strip.relang(); build(); if (moves) moves.relang(); },
  };
}
