// モットコイン (Motto Coin) view: renders the engine's view JSON (pygames/motto/VIEW.md) and
// sends action strings back. No rules here: legality comes from payload.legal and ctx.check.
// Uses the shell's turn display (events strip in the auction panel, flashes of won coins and
// changed dice) and its action bar (prompt, your bid, Bid / Hard pass stay on screen).
// The screen keeps its UI state in one object (`ui`); the panels (panels.js, bid.js, coins.js) are
// pure functions of the view, that state and a render context.

import { h } from '../../shell/dom.js';
import { flashTracker, changedKeys } from '../../shell/turn.js';
import { youSeat } from '../../shell/seats.js';
import { actionBar, bidBuilder } from './bid.js';
import { auctionPanel, breakdown, infoBar, playersPanel, publicCoins, resultLines } from './panels.js';

const CHECK_DELAY_MS = 120;

/**
 * The screen's UI state, kept between updates (the picture itself is redrawn from the payload).
 * @typedef {object} MottoUi
 * @property {import('../../../types/view').Payload | null} payload the latest payload
 * @property {number[]} counts dice per face (index 1–6) in the bid being built
 * @property {string} builderKey the auction and seat the counts belong to
 * @property {string} standingKey that auction's standing bid when the person last acted
 * @property {boolean} touched the person changed the builder since the standing bid last changed
 * @property {number} checkSeq the latest legality check (older answers are dropped)
 * @property {ReturnType<typeof setTimeout> | null} checkTimer
 * @property {boolean} sending an action is on its way
 * @property {Set<number>} openDetails seats whose projection breakdown is open
 * @property {string} decision the seat and ply of the bid the person was last asked for ('' when none)
 * @property {{owners: Object<string, number>, dice: Object<string, string>, standing: string, ply: number} | null} lastSeen
 *   what the previous update showed, for the highlights
 */

/**
 * @param {HTMLElement} root
 * @param {import('../../../types/view').Ctx} ctx
 * @returns {import('../../../types/view').MountedView}
 */
export function mount(root, ctx) {
  const t = (ja, en) => ctx.t(ja, en);
  const box = h('div', { class: 'motto' });
  root.append(box);
  const flashes = flashTracker(box); // highlights survive the view redrawing itself
  /** @type {MottoUi} */
  const ui = {
    payload: null, counts: [0, 0, 0, 0, 0, 0, 0], builderKey: '', standingKey: '', touched: false,
    checkSeq: 0, checkTimer: null, sending: false, openDetails: new Set(), lastSeen: null, decision: '',
  };

  const rawName = (seat) => {
    const p = ui.payload && ui.payload.players && ui.payload.players[seat];
    return (p && p.name) || t(`${seat + 1}番`, `P${seat + 1}`);
  };
  /** A seat's name; when two seats share a name (three computers), the seat number tells them apart.
   *  The one person against the computers is あなた / You, as in the shell's turn line, strip and result. */
  const nameOf = (seat) => {
    if (isYou(seat)) return t('あなた', 'You');
    const name = rawName(seat);
    const seats = (ui.payload && ui.payload.players && ui.payload.players.length) || 0;
    for (let other = 0; other < seats; other++) {
      if (other !== seat && rawName(other) === name) return `${name} #${seat + 1}`;
    }
    return name;
  };

  /** True for the one person against the computers (seats.youSeat): the screen calls them あなた / You. */
  const isYou = (seat) => Boolean(ui.payload) && seat === youSeat(ui.payload.players);

  /** The render context the panels get (see panels.js RenderCtx). */
  function renderCtx(mine) {
    return { t, ctx, nameOf, isYou, payload: ui.payload, mine, send, changed, setFrom, verify };
  }

  function setFrom(action) {
    ui.counts = [0, 0, 0, 0, 0, 0, 0];
    action.slice(4).split(',').forEach((f) => { ui.counts[Number(f)] += 1; });
    changed();
  }

  /** The builder changed: redraw (render keeps the focus on the same control). */
  function changed() {
    ui.touched = true;
    render();
  }

  /** Ask the engine whether `action` is legal; show why not. Stale answers are dropped. */
  function verify(action, verdict, button) {
    const seq = ++ui.checkSeq;
    if (ui.checkTimer) clearTimeout(ui.checkTimer);
    if (!action) {
      verdict.textContent = '';
      return;
    }
    verdict.textContent = t('確認中…', 'Checking…');
    ui.checkTimer = setTimeout(async () => {
      const err = await ctx.check(action);
      if (seq !== ui.checkSeq) return;
      if (err && !ui.touched) {
        // Not the person's doing (they were just outbid): a hint, never an error.
        verdict.className = 'verdict hint';
        verdict.textContent = t('今の入札より強い入札を作るか、ハードパスしてください', 'Build a stronger bid than the standing one, or hard pass');
        button.disabled = true;
      } else if (err) {
        verdict.className = 'verdict bad';
        verdict.textContent = t(err.message_ja, err.message_en);
        button.disabled = true;
      } else {
        verdict.className = 'verdict ok';
        verdict.textContent = t('今の入札より強いので入札できます', 'Beats the standing bid: you may bid');
        button.disabled = ui.sending;
      }
    }, CHECK_DELAY_MS);
  }

  async function send(action) {
    if (ui.sending) return;
    ui.sending = true;
    try {
      await ctx.act(action);
    } catch (err) {
      const alert = box.querySelector('#motto-verdict');
      if (alert && err && err.message_ja) alert.textContent = t(err.message_ja, err.message_en);
    } finally {
      ui.sending = false;
    }
  }

  function render() {
    const payload = ui.payload;
    if (!payload) return;
    const v = payload.view;
    const mine = payload.seat !== null && payload.seat !== undefined && (payload.legal || []).length > 0;
    const rc = renderCtx(mine);
    const focusId = document.activeElement && box.contains(document.activeElement) ? focusKeyOf(document.activeElement) : null;
    const parts = [infoBar(v, ui, rc)];
    if (payload.outcome) parts.push(breakdown(v, ui, rc));
    const bidding = mine && v.phase === 'auction' && v.coin && !payload.replay;
    const built = bidding ? bidBuilder(v, ui, rc) : null;
    const auction = auctionPanel(v, ui, rc);
    if (built) auction.append(built.wrap);
    parts.push(auction, playersPanel(v, ui, rc), publicCoins(v, ui, rc));
    if (built) parts.push(actionBar(v, built, rc));
    box.replaceChildren(...parts);
    flashes.apply();
    if (focusId) restoreFocus(focusId);
  }

  /** A new decision for the person (their turn came): the dice to pick and the builder's buttons are
   *  brought on screen ABOVE the pinned action bar, which would otherwise cover them (its prompt says
   *  "pick dice above"). Nothing moves when they are in view already. */
  function revealBuilder() {
    const builder = /** @type {HTMLElement | null} */ (box.querySelector('.bid-builder'));
    const bar = box.querySelector('#motto-bar');
    if (!builder || !bar) return;
    const barTop = Math.min(bar.getBoundingClientRect().top, window.innerHeight);
    const r = builder.getBoundingClientRect();
    if (r.top >= 0 && r.bottom <= barTop) return;
    builder.style.scrollMarginBottom = `${Math.ceil(bar.getBoundingClientRect().height) + 8}px`;
    builder.scrollIntoView({ block: 'nearest' });
  }

  /** What the highlights compare: who owns each coin, the dice on it, the standing bid. */
  function snapshotOf(v) {
    /** @type {Object<string, number>} */
    const owners = {};
    /** @type {Object<string, string>} */
    const dice = {};
    v.players.forEach((p) => p.coins.forEach((c) => { owners[c.id] = p.seat; dice[c.id] = c.dice.join(','); }));
    return { owners, dice, standing: v.standing ? `${v.standing.seat}:${v.standing.bid}` : '', ply: ui.payload.ply };
  }

  /** After an update: flash the coins that changed hands (won), the dice that moved, the new bid. */
  function highlight(prev, next) {
    if (!prev || next.ply <= prev.ply) return;
    for (const cid of changedKeys(prev.owners, next.owners)) {
      if (next.owners[cid] === undefined) continue;
      flashes.mark(`.player[data-seat="${next.owners[cid]}"] .coin[data-coin="${cid}"]`, 'gain');
    }
    for (const cid of changedKeys(prev.dice, next.dice)) {
      if (prev.owners[cid] === undefined || prev.owners[cid] !== next.owners[cid]) continue;
      flashes.mark(`.player[data-seat="${next.owners[cid]}"] .coin[data-coin="${cid}"] .dice`, 'loss');
    }
    if (next.standing && next.standing !== prev.standing) flashes.mark('#motto-standing');
  }

  function focusKeyOf(node) {
    if (node.id) return `#${node.id}`;
    if (node.dataset && node.dataset.face && node.dataset.op) return `button[data-face="${node.dataset.face}"][data-op="${node.dataset.op}"]`;
    return null;
  }

  function restoreFocus(selector) {
    const node = /** @type {HTMLButtonElement | null} */ (box.querySelector(selector));
    if (node && !node.disabled) node.focus();
  }

  return {
    update(next) {
      ui.payload = next;
      render();
      const decision = box.querySelector('.bid-builder') ? `${next.seat}:${next.ply}` : '';
      if (decision && decision !== ui.decision) revealBuilder();
      ui.decision = decision;
      const now = snapshotOf(next.view);
      if (!next.replay) highlight(ui.lastSeen, now);
      ui.lastSeen = now;
    },
    resultBreakdown: (done) => resultLines(done, renderCtx(false)),
    destroy() {
      if (ui.checkTimer) clearTimeout(ui.checkTimer);
      box.remove();
    },
  };
}
