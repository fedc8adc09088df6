// "What just happened": the shared turn display of every game view.
//
// - eventStrip(): a short list of the other players' and the computer's actions since the viewer's
//   last action (payload.events), with the thinking indicator while a computer plays. The shell
//   makes one per match screen (ctx.turn.strip); a view may move it next to its prompt, otherwise
//   the shell shows it just above the view.
// - flash(el) / markChanged(els): a brief highlight of changed things (a moved piece, a filled
//   order, a won coin). Without motion when the player asked for reduced motion.
// - recentEvents(log, seat, players): the payload's `events` from the engine's log entries.
// Documented in web/games/README.md ("The turn display").

import { h, fill } from './dom.js';
import { t, pick } from './i18n.js';
import { seatName, shownName, yourText } from './seats.js';

const MAX_EVENTS = 6;
const FLASH_MS = 1600;

/** How long a highlight lasts; tests may lengthen it for one tab (sessionStorage), as they shorten the
 * computer's pause, so that a highlight is still there when a loaded machine gets to look at it. */
function flashMs() {
  const v = Number(sessionStorage.getItem('pygames.flashMs'));
  return sessionStorage.getItem('pygames.flashMs') !== null && Number.isFinite(v) && v > 0 ? v : FLASH_MS;
}

/** True when the player asked the system for less motion. */
export function reducedMotion() {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Highlight `el` briefly (class `pg-flash`, or `pg-flash-<kind>` e.g. 'gain', 'loss'); with reduced
 * motion the highlight is a steady outline for the same time. Calling it again restarts it.
 */
export function flash(el, kind = '') {
  if (!el || !el.classList) return;
  const cls = kind ? ['pg-flash', `pg-flash-${kind}`] : ['pg-flash'];
  el.classList.remove('pg-flash', 'pg-flash-gain', 'pg-flash-loss', 'pg-flash-new');
  void el.offsetWidth; // restart the animation
  el.classList.add(...cls);
  clearTimeout(el.pgFlashTimer);
  // The timer holds the element weakly: a view that redraws drops the old element (and its
  // whole detached subtree) at once instead of keeping it alive until the highlight ends.
  const ref = new WeakRef(el);
  el.pgFlashTimer = setTimeout(() => ref.deref()?.classList.remove(...cls), flashMs());
}

/**
 * Flashes that survive a view redrawing itself (views that rebuild their DOM on every update):
 * `const flashes = flashTracker(root)`; `flashes.mark(selector, kind?)` after an update, and
 * `flashes.apply()` after every render. A redrawn element continues its highlight where it was.
 */
export function flashTracker(root) {
  let items = [];
  const apply = () => {
    const now = performance.now();
    items = items.filter((i) => now - i.start < flashMs());
    for (const i of items) {
      for (const el of root.querySelectorAll(i.selector)) {
        if (el.classList.contains('pg-flash')) continue;
        const cls = i.kind ? ['pg-flash', `pg-flash-${i.kind}`] : ['pg-flash'];
        el.classList.add(...cls);
        el.style.animationDelay = `${-(now - i.start)}ms`;
        clearTimeout(el.pgFlashTimer);
        const ref = new WeakRef(el);
        el.pgFlashTimer = setTimeout(() => {
          const live = ref.deref();
          if (live) { live.classList.remove(...cls); live.style.animationDelay = ''; }
        }, flashMs() - (now - i.start));
      }
    }
  };
  return {
    mark(selector, kind = '') { if (selector) items.push({ selector, kind, start: performance.now() }); apply(); },
    apply,
  };
}

/** flash() every element of `els` (nulls are skipped). */
export function markChanged(els, kind = '') {
  for (const el of els || []) flash(el, kind);
}

/**
 * The keys whose values differ between two plain objects (e.g. {coinId: owner} before and after):
 * what a view flashes after an update. `prev === null` (first render) gives no keys.
 */
export function changedKeys(prev, next) {
  if (!prev || !next) return [];
  const keys = new Set([...Object.keys(prev), ...Object.keys(next)]);
  return [...keys].filter((k) => JSON.stringify(prev[k]) !== JSON.stringify(next[k]));
}

/**
 * The payload's `events` from engine log entries, newest last:
 * {ply, seat, kind: 'self'|'chance'|'bot'|'human', ja, en}. The engine picks the entries
 * (webapi `_answer`'s `events`: from the viewer's own last action on, at most six).
 */
export function recentEvents(log, seat, players) {
  return log.slice(-MAX_EVENTS).map((e) => ({
    ply: e.ply, seat: e.seat, ja: e.ja, en: e.en,
    kind: e.seat === seat ? 'self' : e.seat === -1 ? 'chance'
      : (players[e.seat] && players[e.seat].type === 'bot' ? 'bot' : 'human'),
  }));
}

/**
 * The events strip: `update({events, thinking, players})` redraws it; events not shown before
 * appear with a short fade (no motion with reduced motion). `el` is the element to place.
 */
export function eventStrip() {
  const list = h('ol', { class: 'turn-list' });
  const thinkingLine = h('p', { class: 'turn-thinking', hidden: true });
  const el = h('section', { class: 'turn-strip', id: 'turn-events', 'aria-live': 'polite', 'aria-labelledby': 'turn-events-h' },
    h('h2', { class: 'visually-hidden', id: 'turn-events-h' }), list, thinkingLine);
  let seen = new Set();
  let lastKey = '';
  let last = { events: [], thinking: null, players: [] };

  function update({ events = [], thinking = null, players = [] } = {}) {
    last = { events, thinking, players };
    el.querySelector('#turn-events-h').textContent = t('eventsHeading');
    const key = events.map((e) => e.ply).join(',');
    const fresh = key !== lastKey;
    fill(list, events.map((e) => {
      // the one person against the computer is あなた / You here too, as in the result and the game views
      const who = e.seat === -1 ? null : shownName(players, e.seat);
      const li = h('li', { class: `turn-event turn-${e.kind}`, dataset: { ply: e.ply, seat: e.seat } },
        who ? h('span', { class: 'turn-who' }, who) : null, h('span', { class: 'turn-what' }, yourText(pick(e.ja, e.en), players)));
      if (fresh && !seen.has(e.ply)) li.classList.add('turn-new');
      return li;
    }));
    seen = new Set(events.map((e) => e.ply));
    lastKey = key;
    // Only the viewer's own move is no news: the strip shows when someone else acted or thinks.
    el.hidden = !events.some((e) => e.kind !== 'self') && thinking === null;
    thinkingLine.hidden = thinking === null;
    if (thinking !== null) {
      fill(thinkingLine, h('span', { class: 'turn-dots', 'aria-hidden': 'true' }, h('i'), h('i'), h('i')), ' ',
        t('thinking', seatName(players, thinking)));
    }
  }

  return { el, update, relang: () => update(last) };
}
