// The game clock on this screen (持ち時間 + 秒読み, from the match's clock option in the view JSON).
// Time is read from Date.now() (a test drives it with Playwright's page.clock); when the person's time
// is up the view plays `timeout`, which the engine records as 切れ負け. When a computer's time is up
// (a slow device), the shell asks timeUp(seat) before it takes the computer's move and plays the
// computer's `timeout` instead.
//
// The clocks are kept in the save's meta ({plies, left, since}: `since` is when the turn began), so a
// reload resumes them. A person's time runs while the page is closed, as on lishogi or 将棋ウォーズ
// (a game with a clock cannot be paused by closing it: reopened after the time is up, it ends on
// time at once); a computer's does not, since it cannot think while the page is closed.

import { h } from '../../shell/dom.js';
import { SEAT_MARK } from './panels.js';

const KEY = 'shogi_clock';

function fmt(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The clock controller for `ui`; `el()` is its display, `update(payload)` follows the match. */
export function gameClock(ui) {
  const { t, ctx } = ui;
  let C = null; // {main, byo, left: [ms, ms], plies, start}
  let timer = 0;
  let box = null;
  let flagged = false;

  function save() {
    if (typeof ctx.saveMeta === 'function') ctx.saveMeta(KEY, { plies: C.plies, left: C.left, since: C.start });
  }

  function setup(view, payload) {
    const spec = view.clock;
    if (!spec) { C = null; return; }
    if (!C) {
      const rec = typeof ctx.record === 'function' ? ctx.record() : null;
      const kept = rec && rec.meta && rec.meta[KEY];
      const ok = kept && Array.isArray(kept.left) && kept.left.length === 2 && kept.left.every(Number.isFinite) && kept.plies === payload.plies;
      const now = Date.now();
      // the person's turn began when it was saved (time away counts); a computer's turn begins now
      const since = ok && Number.isFinite(kept.since) && !ui.isBot(view.side_to_move) ? Math.min(now, kept.since) : now;
      C = { main: spec.main * 1000, byo: spec.byoyomi * 1000, left: ok ? kept.left.slice() : [spec.main * 1000, spec.main * 1000],
        plies: payload.plies, side: view.side_to_move, start: since };
      if (view.phase !== 'over' && !(ok && kept.since === since)) save();
    }
  }

  /** True when `seat` is to move and its time (main time and byoyomi) is used up now. */
  function timeUp(seat) {
    if (!C || seat !== C.side || !ui.live || ui.live.replay || (ui.live.view && ui.live.view.phase === 'over')) return false;
    const [main, byo] = now(seat);
    return main <= 0 && byo <= 0;
  }

  /** The side to move's time: [main left, byoyomi left] now. */
  function now(side) {
    const used = side === C.side ? Date.now() - C.start : 0;
    const main = C.left[side] - used;
    return main >= 0 ? [main, C.byo] : [0, C.byo + main];
  }

  function draw() {
    if (!box || !C) return;
    box.replaceChildren(...[0, 1].map((seat) => {
      const [main, byo] = now(seat);
      const active = seat === C.side && ui.live && ui.live.view.phase !== 'over';
      const text = main > 0 || !C.byo ? fmt(main) : t(`秒読み ${Math.max(0, Math.ceil(byo / 1000))}`, `byoyomi ${Math.max(0, Math.ceil(byo / 1000))}`);
      return h('span', { class: `sg-clock-side${active ? ' sg-clock-active' : ''}${active && main <= 0 && byo < 10000 ? ' sg-clock-low' : ''}`,
        'data-seat': String(seat), text: `${SEAT_MARK[seat]}${text}` });
    }));
  }

  function tick() {
    draw();
    if (!C || flagged || !timeUp(C.side)) return;
    // the person's time: play timeout now (a computer's is played by the shell, see timeUp above)
    if ((ui.live.legal || []).includes('timeout') && !ui.isBot(C.side)) {
      flagged = true;
      ui.act('timeout');
    }
  }

  return {
    update(payload, newPly) {
      const view = payload && payload.view;
      if (!view || payload.replay) { C = null; return; }
      setup(view, payload);
      if (!C) return;
      if (newPly && payload.plies !== C.plies) {
        // the turn that ended: its mover's main time pays first, the byoyomi resets for every move
        const used = Date.now() - C.start;
        C.left[C.side] = Math.max(0, C.left[C.side] - used);
        C.plies = payload.plies;
        C.side = view.side_to_move;
        C.start = Date.now();
        flagged = false; // a time-up that was not played (the page was busy) is looked at again
        save();
      }
      C.side = view.side_to_move;
      if (view.phase === 'over') { clearInterval(timer); timer = 0; } else if (!timer) timer = setInterval(tick, 250);
    },
    el() {
      if (!C) return null;
      box = h('p', { class: 'sg-clock', role: 'timer', 'aria-label': t('持ち時間', 'Clock') });
      draw();
      return box;
    },
    timeUp,
    destroy() { clearInterval(timer); },
  };
}
