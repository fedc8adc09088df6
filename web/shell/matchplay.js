// The match screen's round trips to the engine, one call per click: a person's action (through
// the tutorial's guide and a friend's link when there is one), the computer seats' moves, and the
// view's questions (check, inspect).

import { delay } from './dom.js';
import { shellError } from './i18n.js';
import { call } from './engine.js';

const BOT_DELAY_MS = 500;

/** The visible pause before a computer move; tests may shorten it for one tab (sessionStorage). */
function botDelay() {
  const v = Number(sessionStorage.getItem('pygames.botDelayMs'));
  return sessionStorage.getItem('pygames.botDelayMs') !== null && Number.isFinite(v) && v >= 0 ? v : BOT_DELAY_MS;
}

/** An engine refusal as the plain object a view gets. */
const refusalOf = (err) => ({ code: err.code, message_ja: err.message_ja, message_en: err.message_en,
  params: err.params });

/**
 * The engine calls of a match page's state `m` (matchstate.js). `hooks`: adopt(answer) and
 * render() of the page, showError(err), clearAlert(), afterBusy() (matchsave.js), outOfTime(seat)
 * (a computer seat's clock ran out: it plays `timeout`); `rs`, a match
 * with a friend by link (remote.js) or null; `guide`, a tutorial's guide (tutorial.js) or null.
 * @param {import('./matchstate.js').MatchState} m
 * @param {{adopt: (answer: any) => void, render: () => void, showError: (err: any) => void,
 *   clearAlert: () => void, afterBusy: () => void, outOfTime: (seat: number) => boolean, rs: any,
 *   guide: any}} hooks
 */
export function matchPlay(m, hooks) {
  const { rs, guide } = hooks;

  /** The computer seat to move, if any. */
  const botToMove = (toMove) => toMove.find((s) => s >= 0 && m.players[s] && m.players[s].type === 'bot');

  /** A `play`/`play_bot`/`undo` call on the cached match; after `match.cache_miss`, once more with the record. */
  async function playCall(name, args) {
    if (m.cached && m.cached.ply === m.record.actions.length) {
      try {
        return await call(name, { ...args, ...m.cached });
      } catch (err) {
        if (err.code !== 'match.cache_miss') throw err;
      }
    }
    return call(name, { ...args, record: m.record });
  }

  /** The computer seats play, one after the other, each after a visible pause. */
  async function runBots() {
    if (m.busy) return;
    m.busy = true;
    let moved = false; // no computer seat to move: nothing changed, the page is not drawn again
    try {
      while (m.alive && m.general && !m.general.outcome) {
        const seat = botToMove(m.general.to_move);
        if (seat === undefined) break;
        moved = true;
        m.thinking = seat;
        hooks.render();
        await delay(botDelay());
        if (!m.alive) return;
        let answer = hooks.outOfTime(seat) ? null : await playCall('play_bot', { seat, look: m.shown });
        if (!m.alive) return;
        // the view's clock says the computer's time ran out (before or while it thought): it loses on time
        if (hooks.outOfTime(seat)) answer = await playCall('play', { seat, action: 'timeout', look: m.shown });
        if (!m.alive) return;
        m.thinking = null;
        hooks.adopt(answer);
      }
    } catch (err) {
      hooks.showError(err);
    } finally {
      m.busy = false;
      m.thinking = null;
      if (m.alive && moved) hooks.render();
      hooks.afterBusy();
    }
  }

  /** The view's ctx.act: the shown seat plays `action`; then the computer seats. */
  async function act(action) {
    const g = m.general;
    if (m.busy || m.covered || !g || g.outcome || m.shown === null || !g.to_move.includes(m.shown)) {
      throw shellError('shell.not_now', 'notNow');
    }
    const refusal = guide ? guide.refuse(String(action)) : null;
    if (refusal) throw refusal; // a tutorial asks for its suggested move (nothing is sent)
    m.busy = true;
    hooks.clearAlert();
    try {
      const answer = rs ? await rs.act(String(action))
        : await playCall('play', { seat: m.shown, action: String(action), look: m.shown });
      if (!m.alive) return;
      if (guide) guide.played(String(action));
      hooks.adopt(answer);
    } catch (err) {
      hooks.showError(err);
      throw err;
    } finally {
      m.busy = false;
      hooks.afterBusy();
    }
    runBots();
  }

  /** The view's ctx.check: null when the shown seat may play `action`, else the refusal. */
  async function check(action) {
    if (m.shown === null) return shellError('shell.spectator', 'watching');
    try {
      await call('check', { record: m.record, seat: m.shown, action: String(action) });
      return null;
    } catch (err) {
      return refusalOf(err);
    }
  }

  /** Like check, and when the action is legal, what the engine says about it first (its details). */
  async function inspect(action) {
    if (m.shown === null) return { error: shellError('shell.spectator', 'watching'), details: null };
    try {
      const result = await call('check', { record: m.record, seat: m.shown, action: String(action) });
      return { error: null, details: result.details ?? null };
    } catch (err) {
      return { error: refusalOf(err), details: null };
    }
  }

  return { botToMove, playCall, runBots, act, check, inspect };
}
