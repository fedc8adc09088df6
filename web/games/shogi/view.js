// 集大成将棋 / 本将棋 view. Renders the engine's view JSON (pygames/shogi/VIEW.md) and sends action
// strings back through ctx. No rules here: targets, promotion choices, fouls, names and labels come
// from the view JSON; refusals are explained by ctx.check.
//
// Layout: the play area (prompt bar, hands, board, active cards) is sized to fit the window without
// scrolling (fit.js); the drawn card, the result and every dialog are overlays, so the board never
// moves. The state of the screen is one object (uistate.js); each panel is its own module.

import { h } from '../../shell/dom.js';
import { flashTracker } from '../../shell/turn.js';
import { boardElement, squareText } from './board.js';
import { handElement, cardStrip, cardPanel, pendingOverlay, pendingTab, SEAT_MARK, SEAT_JA, SEAT_EN } from './panels.js';
import { filesPanel, codedText, takeImportNotice } from './files.js';
import { loadSchema } from './schema.js';
import { setupForm as buildSetupForm } from './setup.js';
import { mountCardsPage } from './cards.js';
import { createUi } from './uistate.js';
import { selection } from './selection.js';
import { previews, moveListPanel, showCurrentMove } from './moves.js';
import { promptText, lastMoveText } from './prompt.js';
import { dialogPanel } from './dialog.js';
import { fitter, WIDE_MIN } from './fit.js';
import { headPanel, controlsPanel, whoText } from './sidebar.js';
import { study } from './study.js';
import { moveFx } from './fx.js';
import { gameClock } from './clock.js';

/** Mount the game view. */
export function mount(root, ctx) {
  const ui = createUi(ctx);
  const { t } = ui;
  root.classList.add('sg-root');
  const wrap = h('div', { class: 'sg-view' });
  root.append(wrap);
  // the other side's move lights up where it landed (the shell's highlight, kept across redraws)
  const flashes = flashTracker(wrap);
  // the shell's events strip (what the others just did), at the top of the side panel on wide
  // screens, in a one-line slot of fixed height under the prompt on phones: the board never moves
  const turnSlot = h('div', { class: 'sg-turn-slot' });
  loadSchema(ctx).catch(() => { /* the promotion dialog then shows words only */ });
  const notice = takeImportNotice();
  if (notice) ui.message = { text: t(notice.ja, notice.en), kind: 'notice' };
  const sel = selection(ui, wrap);
  const pv = previews(ui, wrap);
  // after every fit (the first layout in the page included): the move list shows the board's move
  const fitting = fitter(wrap, ui, () => render(), () => showCurrentMove(wrap));
  const studies = study(ui, pv, sel);
  const fx = moveFx(wrap, ctx);
  const clock = gameClock(ui);

  ui.render = () => render();
  ui.say = (text, kind = 'info') => { ui.message = text ? { text, kind } : null; renderBar(); };
  ui.act = async (action) => {
    if (ui.busy) return;
    ui.busy = true;
    ui.sel = null;
    ui.dialog = null;
    ui.message = null;
    render();
    try {
      await ctx.act(action);
    } catch (err) {
      ui.message = { text: codedText(t, err), kind: 'error' };
    } finally {
      ui.busy = false;
      render();
    }
  };

  root.addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape' && (ui.dialog || ui.sel || ui.preview)) {
      ev.preventDefault();
      if (!ui.dialog && !ui.sel && ui.preview) { pv.closePreview(); return; }
      sel.cancel();
      if (!ui.dialog) sel.focusCursor();
    }
  });

  let bar = null;
  function renderBar() {
    const p = ui.shown();
    if (!bar || !p || !p.view) return;
    const pr = promptText(ui, p.view, p);
    const prompt = bar.querySelector('.sg-prompt');
    prompt.className = `sg-prompt sg-prompt-${pr.kind}${pr.kind === 'error' ? ' sg-message-error' : ''}`;
    prompt.replaceChildren(h('span', { class: pr.kind === 'over' ? 'sg-over' : 'sg-prompt-text', text: pr.text }));
    bar.querySelector('.sg-lastmove').textContent = lastMoveText(ui, p.view);
    flashes.apply();
  }

  function render() {
    const hadFocus = wrap.contains(document.activeElement) && document.activeElement.classList.contains('sg-sq');
    const live = ui.live;
    const p = ui.shown();
    const view = (p && p.view) || {};
    // the phase first: the page's CSS hides the shell's result banner while the view shows the result
    if (live) wrap.dataset.phase = (live.view && live.view.phase) || '';
    // keep the page's height while the view is rebuilt: the browser would otherwise clamp the scroll
    // position and the board would jump
    const height = wrap.offsetHeight;
    fitting.prime(); // the first render only: the cell the width allows, from this same layout
    wrap.style.minHeight = `${height}px`;
    const scrollY = window.scrollY;
    wrap.replaceChildren();
    bar = null;
    if (!p || !view.board) return;
    wrap.dataset.plies = String(live.plies);
    wrap.dataset.ruleset = view.ruleset || '';
    wrap.classList.toggle('sg-previewing', !!ui.preview);
    // the shell's result banner steps aside (and in a puzzle its 対局終了 status line: the board is a puzzle's)
    if (studies.open()) wrap.dataset.study = studies.mode();
    else delete wrap.dataset.study;
    const bottom = ui.bottomSeat();
    const top = 1 - bottom;
    bar = h('div', { class: 'sg-bar' },
      h('p', { class: 'sg-prompt', role: 'status', 'aria-live': 'polite' }),
      h('p', { class: 'sg-lastmove' }));
    const targets = new Map(sel.targetsOfSel().map((m) => [m.to, m]));
    const boardBox = h('div', { class: 'sg-board-box' },
      boardElement({ view, t, lang: ui.lang(), flipped: ui.isFlipped(), bottom, sel: ui.sel, targets, cursor: ui.cursor,
        canMove: ui.canMove(), onSquare: sel.clickSquare, onKey: sel.onBoardKey, hint: studies.hint() }));
    if (view.pending_draw && view.cards && ui.pendingHidden) {
      boardBox.append(pendingTab({ view, t, onShow: () => { ui.pendingHidden = false; render(); } }));
    } else if (view.pending_draw && view.cards) {
      boardBox.append(pendingOverlay({ view, t, legal: new Set(p.legal || []), mine: ui.canAct(), onChoice: (c) => ui.act(c),
        onHide: () => { ui.pendingHidden = true; render(); } }));
    }
    // always there in the card game (hidden until a piece is picked), so picking never resizes the board
    const legend = view.ruleset === 'cards' ? h('p', { class: `sg-legend${ui.sel ? '' : ' sg-legend-off'}`, 'aria-hidden': ui.sel ? null : 'true' },
      h('span', { class: 'sg-legend-leap', 'aria-hidden': 'true' }), t('射程移動', 'leap'), ' ',
      h('span', { class: 'sg-legend-slide', 'aria-hidden': 'true' }), t('矢印移動', 'slide')) : null;
    const stage = h('div', { class: 'sg-stage' },
      handElement({ view, t, seat: top, where: 'top', who: whoText(ui, top), sel: ui.sel, onPiece: sel.clickHand }),
      boardBox,
      handElement({ view, t, seat: bottom, where: 'bottom', who: whoText(ui, bottom), sel: ui.sel, onPiece: sel.clickHand }));
    const wide = (wrap.clientWidth || root.clientWidth || window.innerWidth) >= WIDE_MIN;
    wrap.dataset.layout = wide ? 'wide' : 'narrow';
    const strip = ctx.turn && ctx.turn.strip; // none in the shell's replay
    if (strip) turnSlot.replaceChildren(strip);
    const play = h('div', { class: 'sg-play' }, bar, clock.el(), studies.bar(), strip && !wide ? turnSlot : null, stage,
      view.cards && !wide ? cardStrip(view, t) : null,
      controlsPanel(view, p, ui, pv, [...studies.buttons(), fx.toggle(t)]), legend);
    const side = h('div', { class: 'sg-side' },
      strip && wide ? turnSlot : null,
      headPanel(view, ui),
      studies.panel(),
      view.cards ? cardPanel(view, t, { counts: wide }) : null,
      moveListPanel(ui, pv, studies.marks()),
      filesPanel({ ctx, t, payload: live, view, state: ui.files }));
    wrap.append(play, side);
    if (ui.dialog) wrap.append(dialogPanel(view, ui, () => { sel.cancel(); sel.focusCursor(); }));
    renderBar();
    flashes.apply();
    sel.updateCursor();
    fitting.fit();
    wrap.style.minHeight = '';
    if (window.scrollY !== scrollY) window.scrollTo({ top: scrollY, behavior: 'instant' });
    if (hadFocus && !ui.dialog) sel.focusCursor();
  }

  return {
    update(next) {
      const live = ui.live;
      const prevPly = live && live.view && live.view.ply;
      const prevPlies = live && live.plies;
      const first = !live;
      ui.live = next;
      clock.update(next, !first && !!next && next.plies !== prevPlies);
      if (ui.langSeen !== ui.lang()) { ui.langSeen = ui.lang(); ui.scrolled = false; } // the shell re-laid out its header
      if (!next || prevPly !== (next.view && next.view.ply) || prevPlies !== next.plies) {
        ui.sel = null;
        ui.dialog = null;
        ui.preview = null;
        ui.pendingHidden = false;
        if (!first && ui.message && ui.message.kind !== 'notice') ui.message = null;
        const lm = next && next.view && next.view.last_move;
        if (lm && lm.to) ui.cursor = lm.to;
        // the other side's move (the computer's, or the other person's) lights up where it landed
        const mover = lm ? lm.seat : null;
        if (!first && lm && lm.to && !next.replay && mover !== ui.soleHuman() && next.plies > (prevPlies || 0)) {
          flashes.mark(`.sg-sq[data-sq="${lm.to}"]`);
          flashes.mark('.sg-lastmove', 'gain');
        }
        studies.update(next, first);
      }
      render();
      if (!first && next && next.plies > (prevPlies || 0) && !ui.studyPayload) fx.played(next.view && next.view.last_move);
    },
    relang() { render(); },
    /** The shell asks before taking a computer's move: is `seat`'s time up on this screen's clock? */
    timeUp(seat) { return clock.timeUp(seat); },
    /** The shell's result panel adds this under its headline: the winner's side and the length. */
    resultBreakdown(payload) {
      const o = payload && payload.outcome;
      const view = (payload && payload.view) || {};
      if (!o) return null;
      const w = o.draw || !o.winners.length ? null : o.winners[0];
      const side = w === null ? t('引き分け', 'Draw') : t(`${SEAT_MARK[w]}${SEAT_JA[w]}の勝ち`, `${SEAT_EN[w]} won`);
      return h('p', { class: 'sg-result-line' }, h('span', { class: 'sg-result-side', text: side }), t('・', ' · '),
        h('span', { class: 'sg-result-ply', text: t(`${view.ply || 0}手で終局`, `ended after ${view.ply || 0} moves`) }),
        studies.resultButton());
    },
    destroy() {
      studies.destroy();
      clock.destroy();
      fitting.destroy();
      wrap.remove();
      root.classList.remove('sg-root');
    },
  };
}

/** Custom new-match form: ruleset, fouls, variants, user cards (see setup.js). */
export function setupForm(root, ctx) {
  return buildSetupForm(root, ctx);
}

/** Extra pages: `cards` (gallery and editor). */
export function mountPage(name, root, ctx) {
  if (name === 'cards') return mountCardsPage(root, ctx);
  const p = document.createElement('p');
  p.textContent = ctx.t ? ctx.t('ページがありません', 'No such page') : 'No such page';
  root.append(p);
  return { destroy() { p.remove(); } };
}

export { squareText };
export { prewarm } from './warm.js';
