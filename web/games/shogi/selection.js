// Picking a piece and its target on the board, promotion and foul questions, the keyboard cursor.
// Targets, promotion choices and fouls come from the engine's view; refusals from ctx.check.

import { DROP_LETTER, squareName, parseSquare } from './pieces.js';
import { codedText } from './files.js';
import { pieceAt } from './uistate.js';

/** The selection handlers bound to `ui` (see uistate.js); `wrap` holds the board's buttons. */
export function selection(ui, wrap) {
  const { t, ctx } = ui;

  function targetsOfSel() {
    const view = ui.v();
    if (!ui.sel) return [];
    if (ui.sel.sq) return (view.moves && view.moves[ui.sel.sq]) || [];
    if (ui.sel.hand) return ((view.drops && view.drops[ui.sel.hand]) || []).map((d) => ({ ...d, kind: 'drop' }));
    return [];
  }

  function ownerAt(sq) {
    const p = pieceAt(ui.v(), sq);
    return p ? p.o : null;
  }

  async function clickSquare(sq) {
    ui.cursor = sq;
    if (!ui.canMove()) {
      if (ui.canAct() && ui.v().phase === 'draw_choice') ui.say(t('引いたカードの有効・無効を選んでください', 'Choose on or off for the drawn card first'));
      ui.render();
      return;
    }
    const side = ui.v().side_to_move;
    if (ui.sel) {
      const target = targetsOfSel().find((m) => m.to === sq);
      if (target) { choose(target); return; }
      if (ui.sel.sq === sq) { ui.sel = null; ui.message = null; ui.render(); return; }
      if (ownerAt(sq) === side) { select({ sq }); return; }
      if (ui.studyPayload) { ui.say(t('そのマスには動かせません', 'That square cannot be reached'), 'error'); return; }
      // not a legal target: ask the engine why
      const action = ui.sel.sq ? `${ui.sel.sq}${sq}` : `${DROP_LETTER[ui.sel.hand]}*${sq}`;
      const why = await ctx.check(action);
      ui.say(why ? codedText(t, why) : t('そのマスには動かせません', 'That square cannot be reached'), 'error');
      return;
    }
    if (ownerAt(sq) === side) select({ sq });
    else if (ownerAt(sq) !== null) ui.say(t('相手の駒は動かせません', 'That is not your piece'), 'error');
  }

  function select(sel) {
    ui.sel = sel;
    if (targetsOfSel().length === 0) {
      const view = ui.v();
      const p = sel.sq ? pieceAt(view, sel.sq) : null;
      const special = p && view.pieces && view.pieces[p.p] && (view.pieces[p.p].moves.specials || []).includes('immobile');
      ui.message = { text: special ? t('この駒は動けません（カードの効果）', 'This piece cannot move (card effect)')
        : t('この駒の行ける場所がありません', 'This piece has nowhere to go'), kind: 'error' };
    } else {
      ui.message = null;
    }
    ui.render();
  }

  /** The action of a target, through the promotion/foul/unsafe questions; `send` plays it. */
  function choose(target, send = ui.studyPayload ? ui.studyAct : ui.act) {
    const base = ui.sel.sq ? `${ui.sel.sq}${target.to}` : `${DROP_LETTER[ui.sel.hand]}*${target.to}`;
    const go = (action) => {
      if (target.foul) { ui.dialog = { kind: 'foul', action, foul: target.foul, send }; ui.render(); return; }
      if (target.unsafe) { ui.dialog = { kind: 'unsafe', action, send }; ui.render(); return; }
      send(action);
    };
    if (target.promotion === 'optional') {
      ui.dialog = { kind: 'promote', base, target, go };
      ui.render();
    } else if (target.promotion === 'forced') {
      go(`${base}+`);
    } else {
      go(base);
    }
  }

  function clickHand(seat, piece) {
    if (!ui.canMove() || seat !== ui.v().side_to_move) {
      if (ui.canMove()) ui.say(t('相手の持ち駒は使えません', 'Those are your opponent\'s pieces'), 'error');
      return;
    }
    if (ui.sel && ui.sel.hand === piece) { ui.sel = null; ui.render(); return; }
    select({ hand: piece });
  }

  function cancel() {
    if (ui.dialog) ui.dialog = null;
    else ui.sel = null;
    ui.message = null;
    ui.render();
  }

  // --- keyboard ------------------------------------------------------------------------------
  function onBoardKey(ev) {
    const pos = parseSquare(ui.cursor) || { file: 5, rank: 5 };
    const dir = ui.isFlipped() ? -1 : 1;
    let { file, rank } = pos;
    switch (ev.key) {
      case 'ArrowUp': rank -= dir; break;
      case 'ArrowDown': rank += dir; break;
      case 'ArrowLeft': file += dir; break;
      case 'ArrowRight': file -= dir; break;
      case 'Escape': ev.preventDefault(); cancel(); focusCursor(); return;
      default: return;
    }
    ev.preventDefault();
    ui.cursor = squareName(Math.min(9, Math.max(1, file)), Math.min(9, Math.max(1, rank)));
    updateCursor();
    focusCursor();
  }

  function focusCursor() {
    const btn = wrap.querySelector(`.sg-sq[data-sq="${ui.cursor}"]`);
    if (btn) btn.focus();
  }

  function updateCursor() {
    for (const btn of wrap.querySelectorAll('.sg-sq')) {
      const on = btn.dataset.sq === ui.cursor;
      btn.tabIndex = on ? 0 : -1;
      btn.classList.toggle('sg-cursor', on);
    }
  }

  return { targetsOfSel, clickSquare, select, choose, clickHand, cancel, onBoardKey, focusCursor, updateCursor };
}
