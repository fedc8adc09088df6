// The shogi view's state object: what the person is doing on this screen (selection, dialog, an
// earlier position opened, the panels' own state) and the questions every panel asks about it.
// Panels receive it as `ui` and call ui.render() after changing it. No rules here.

import { parseSquare } from './pieces.js';

/** A fresh state object for `ctx`; mount() fills in render/act/say. */
export function createUi(ctx) {
  const ui = {
    ctx,
    live: null, // the payload from the shell
    flipped: readFlag(ctx, 'flipped'),
    files: { open: false, msg: '', text: null, importText: '', importMsg: '', importError: false },
    sel: null, // {sq} | {hand: 'FU'}
    cursor: '5e',
    message: null, // {text, kind}
    dialog: null, // {kind: 'promote'|'foul'|'unsafe'|'resign'|'declare', ...}
    busy: false,
    scrolled: false,
    pendingHidden: false,
    preview: null, // {turn, payload}: an earlier position opened from the move list
    studyPayload: null, // a position a study panel shows (review, analysis branch, puzzle): see study.js
    studyAct: null, // where a move made on that position goes (a branch, a puzzle answer)
    /** @type {(() => number | null | undefined) | null} the record's turn a study shows (study.js) */
    studyAt: null,
    panel: null, // the study panel open in the side column: 'review' | 'analysis' | null
    t: (ja, en) => (ctx.t ? ctx.t(ja, en) : (ctx.lang === 'en' ? en : ja)),
    lang: () => (ctx.lang === 'en' ? 'en' : 'ja'),
    shown() { return ui.studyPayload || (ui.preview ? ui.preview.payload : ui.live); },
    v() { const p = ui.shown(); return (p && p.view) || {}; },
    mySeat() { return ui.live ? ui.live.seat : null; },
    canAct() {
      const live = ui.live;
      return !!live && !ui.preview && !ui.studyPayload && !live.replay && !ui.busy && Array.isArray(live.legal) && live.legal.length > 0;
    },
    canMove() {
      if (ui.studyPayload) return !!ui.studyAct && ui.v().phase === 'move' && (ui.studyPayload.legal || []).length > 0;
      return ui.canAct() && ui.v().phase === 'move';
    },
    humans() {
      return ((ui.live && ui.live.players) || []).map((p, i) => (p.type === 'human' ? i : -1)).filter((i) => i >= 0);
    },
    /** The one person's seat at this device, or null. */
    soleHuman() { const hs = ui.humans(); return hs.length === 1 ? hs[0] : null; },
    /** 後手 goes to the bottom when the only person at this device plays 後手; the flip button turns
     *  the board from there (the button's choice is remembered for the game). */
    isFlipped() { return ui.flipped !== (ui.soleHuman() === 1); },
    bottomSeat() { return ui.isFlipped() ? 1 : 0; },
    isBot(seat) {
      const p = ui.live && ui.live.players && ui.live.players[seat];
      return !!p && p.type === 'bot';
    },
    setFlipped(on) { ui.flipped = on; writeFlag(ctx, 'flipped', on); ui.render(); },
    render() {},
    say() {},
    act: /** @type {(action: string) => Promise<void>} */ (async (_action) => {}),
  };
  return ui;
}

/** The piece at `sq` ('7g') in a view's board, or null. */
export function pieceAt(view, sq) {
  const pos = parseSquare(sq);
  if (!pos || !view.board) return null;
  return view.board[pos.rank - 1][9 - pos.file] || null;
}

export function readFlag(ctx, key) {
  try {
    const val = ctx.storage && ctx.storage.get(key);
    return val === true || val === 'true';
  } catch { return false; }
}

export function writeFlag(ctx, key, value) {
  try { if (ctx.storage) ctx.storage.set(key, value); } catch { /* storage full: forget */ }
}
