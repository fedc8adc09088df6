// Replay viewer: first/back/forward/last, a slider over plies (the `replay` call), the move list
// (movelist.js: click a move to go there) and the keys ← → Home End, with the game's view mounted
// in replay mode, the events strip, and a point-of-view choice.
//
// Secrets stay secret: while a hidden-information match is unfinished, the point of view offers only
// the public view and the people playing on this device, never a computer's seat; with two or more
// people on the device, the replay first asks who is looking and offers only that person's seat
// (another person must say so again). A finished match shows every seat.

import { h, fill, clear } from './dom.js';
import { t, pick, errorText, shellError } from './i18n.js';
import { call, whenReady, isReady } from './engine.js';
import { engineWait } from './wait.js';
import { loadView, baseCtx, preloadView, prewarmView } from './views.js';
import { messagePage } from './pages.js';
import { openSaved, titleOf } from './match.js';
import { plainView } from './plainview.js';
import { loadSave, setMeta } from './storage.js';
import { moveList } from './movelist.js';
import { seatName, namedPlayers } from './seats.js';
import { eventStrip, recentEvents } from './turn.js';
import { headline, reasonText } from './result.js';

/** Render the replay of saved match `id`. */
export async function replayPage(root, { id }) {
  // The move list shows at once from the save; the board waits for the engine.
  const early = loadSave(id);
  preloadView(early);
  const moves = early.record && Array.isArray(early.record.actions) ? moveList(early.record) : null;
  root.append(engineWait());
  if (moves) root.append(moves.el);
  if (!isReady()) prewarmView(early, root, () => !isReady());
  await whenReady;
  const opened = await openSaved(id);
  if (opened.error) return messagePage(root, opened.error);
  const { record, info, finished } = opened;
  const viewMod = await loadView(info.name);
  const players = record.players;
  const humans = players.map((p, i) => (p.type === 'human' ? i : -1)).filter((i) => i >= 0);
  const secret = Boolean(info.hidden_information) && !finished;
  let seat = humans.length === 1 ? humans[0] : null;
  let looker = humans.length === 1 ? humans[0] : null; // with secrets: the person who said they look
  let asking = secret && humans.length >= 2; // "who is looking?" is on screen
  let alive = true;
  let payload = null;
  let token = 0;
  clear(root);

  const title = h('h1', { class: 'match-title' });
  // the step buttons, the slider and the position stay in sight (sticky at the top) while the view
  // below them is looked at; the rest of the controls follow the view
  const bar = h('div', { class: 'replay-bar', id: 'replay-bar', role: 'group' });
  const controls = h('div', { class: 'replay-controls card' });
  const alertBox = h('p', { class: 'error', role: 'alert' });
  const askBox = h('section', { class: 'handover card', id: 'replay-who', hidden: true,
    'aria-labelledby': 'replay-who-msg' });
  const viewRoot = h('div', { class: 'view-root', id: 'view-root', dataset: { game: info.name } });
  const strip = eventStrip();
  // at the last step of a finished match: who won and why, as the match's own result said it
  const resultBox = h('section', { class: 'replay-result card', id: 'replay-result', hidden: true, 'aria-live': 'polite' });
  let log = [];
  root.append(title, bar, alertBox, askBox, resultBox, strip.el, viewRoot);
  if (moves) {
    root.append(moves.el);
    moves.setPick((n) => show(n));
  }
  root.append(controls);
  call('log', { record }).then((r) => { log = r.log; if (moves) moves.setLog(r.log); if (alive) render(); }, () => {});

  const refuse = () => Promise.reject(shellError('shell.replay', 'replayNoAct'));
  let full = record; // the whole match (a view's results are kept in its meta: see match.js saveMeta)
  const saveMeta = (key, value) => {
    full = { ...full, meta: { ...(full.meta || {}), [key]: value } };
    return setMeta(id, key, value);
  };
  // topInset: the height the sticky bar covers at the top of the window (a view fitting itself to the
  // window leaves it room)
  const topInset = () => (bar.isConnected && getComputedStyle(bar).position === 'sticky' ? bar.getBoundingClientRect().height : 0);
  const ctx = baseCtx(info.name, { act: refuse, check: async () => shellError('shell.replay', 'replayNoAct'),
    record: () => full, saveMeta, topInset });
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
    position = h('span', { id: 'replay-position', 'aria-live': 'polite' });
    const seatSelect = h('select', { id: 'replay-seat', onchange: (e) => { seat = e.target.value === '' ? null : Number(e.target.value); show(ply); } },
      h('option', { value: '', selected: seat === null }, t(secret ? 'publicView' : 'spectator')),
      viewable().map((i) => h('option', { value: i, selected: seat === i }, nameOf(i))));
    const someoneElse = secret && humans.length >= 2
      ? h('button', { type: 'button', id: 'replay-other-looker', onclick: () => ask() }, t('otherLooker')) : null;
    bar.setAttribute('aria-label', t('replayHeading', pick(info.title)));
    fill(bar,
      h('div', { class: 'replay-buttons' },
        button('replay-first', t('first'), () => 0),
        button('replay-back', t('back'), () => ply - 1),
        button('replay-forward', t('forward'), () => ply + 1),
        button('replay-last', t('last'), () => plies)),
      h('div', { class: 'replay-slider-row' }, h('label', { for: 'replay-slider' }, t('plySlider')), slider, position));
    fill(controls,
      h('p', { class: 'muted small', id: 'replay-keys' }, t('replayKeys')),
      h('div', { class: 'field' }, h('label', { for: 'replay-seat' }, t('perspective')), seatSelect, someoneElse),
      secret ? h('p', { class: 'muted small', id: 'replay-secret-note' }, t('replaySecretNote')) : null,
      h('p', {}, h('a', { class: 'button', href: `#/play/${record.meta.id}` }, t('toMatch')), ' ',
        h('a', { class: 'button', href: '#/' }, t('home'))));
    renderAsk();
    render();
  }

  /** The seats this device may look through: all once the match is over, else its people's. */
  function viewable() {
    if (!secret) return players.map((_, i) => i);
    return looker === null ? [] : [looker];
  }

  /** Ask who is looking (two people on one device): the view shows only public information meanwhile. */
  function ask() {
    asking = true;
    looker = null;
    seat = null;
    build();
    show(ply);
    askBox.querySelector('button')?.focus();
  }

  function choose(who) {
    asking = false;
    looker = who;
    seat = who;
    build();
    show(ply);
  }

  function renderAsk() {
    askBox.hidden = !asking;
    if (!asking) return;
    fill(askBox,
      h('p', { id: 'replay-who-msg', class: 'handover-msg' }, t('whoIsLooking')),
      h('div', { class: 'actions' },
        humans.map((i) => h('button', { type: 'button', class: 'primary', dataset: { seat: i }, onclick: () => choose(i) },
          t('handOverButton', nameOf(i)))),
        h('button', { type: 'button', id: 'replay-public', onclick: () => choose(null) }, t('publicView'))));
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
    const outcome = payload && payload.ply === ply ? payload.outcome : null;
    resultBox.hidden = !outcome;
    if (outcome) {
      const reason = reasonText(outcome, players);
      fill(resultBox, h('p', { class: 'result-kicker' }, t('resultHeading')), h('h2', {}, headline(outcome, players)),
        reason ? h('p', { class: 'result-reason' }, reason) : null);
    }
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
