// 集大成将棋 / 本将棋 view. Renders the engine's view JSON (pygames/shogi/VIEW.md) and sends action
// strings back through ctx. No rules here: targets, promotion choices, fouls, names and labels come
// from the view JSON; refusals are explained by ctx.check.
//
// Layout: the play area (prompt bar, hands, board, active cards) is sized to fit the window without
// scrolling (fit()); the drawn card, the result and every dialog are overlays, so the board never moves.

import { h } from '../../shell/dom.js';
import { flashTracker } from '../../shell/turn.js';
import { DROP_LETTER, squareName, parseSquare } from './pieces.js';
import { boardElement, squareText } from './board.js';
import { handElement, cardStrip, cardPanel, pendingOverlay, pendingTab, SEAT_MARK, SEAT_JA, SEAT_EN } from './panels.js';
import { filesPanel, codedText, takeImportNotice } from './files.js';
import { getRecord } from './io.js';
import { pieceSvg } from './piecesvg.js';
import { faceCode, hasPromotedFace, loadSchema } from './schema.js';
import { setupForm as buildSetupForm } from './setup.js';
import { mountCardsPage } from './cards.js';

const WIDE_MIN = 760; // px of view width from which the board and a side panel sit side by side

/** Mount the game view. */
export function mount(root, ctx) {
  const t = (ja, en) => (ctx.t ? ctx.t(ja, en) : (ctx.lang === 'en' ? en : ja));
  const lang = () => (ctx.lang === 'en' ? 'en' : 'ja');
  const local = {
    flipped: readFlag(ctx, 'flipped'),
    files: { open: false, msg: '', text: null, importText: '', importMsg: '', importError: false },
    sel: null, // {sq} | {hand: 'FU'}
    cursor: '5e',
    message: null, // {text, kind}
    dialog: null, // {kind: 'promote'|'foul'|'unsafe'|'resign'|'declare', ...}
    busy: false,
    scrolled: false,
    preview: null, // {ply, payload}: an earlier position opened from the move list
  };
  let live = null; // the payload from the shell
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
  if (notice) local.message = { text: t(notice.ja, notice.en), kind: 'notice' };

  const shown = () => (local.preview ? local.preview.payload : live);
  function v() { const p = shown(); return (p && p.view) || {}; }
  function mySeat() { return live ? live.seat : null; }
  function canAct() {
    return !!live && !local.preview && !live.replay && !local.busy && Array.isArray(live.legal) && live.legal.length > 0;
  }
  function canMove() { return canAct() && v().phase === 'move'; }
  /** 後手 goes to the bottom when the only person at this device plays 後手; the flip button turns
   *  the board from there (the button's choice is remembered for the game). */
  function soleHumanIsGote() {
    const humans = ((live && live.players) || []).map((p, i) => (p.type === 'human' ? i : -1)).filter((i) => i >= 0);
    return humans.length === 1 && humans[0] === 1;
  }
  function isFlipped() { return local.flipped !== soleHumanIsGote(); }
  function bottomSeat() { return isFlipped() ? 1 : 0; }
  function isBot(seat) {
    const p = live && live.players && live.players[seat];
    return !!p && p.type === 'bot';
  }

  function say(text, kind = 'info') {
    local.message = text ? { text, kind } : null;
    renderBar();
  }

  async function act(action) {
    if (local.busy) return;
    local.busy = true;
    local.sel = null;
    local.dialog = null;
    local.message = null;
    render();
    try {
      await ctx.act(action);
    } catch (err) {
      local.message = { text: codedText(t, err), kind: 'error' };
    } finally {
      local.busy = false;
      render();
    }
  }

  // --- selection -------------------------------------------------------------------------
  function targetsOfSel() {
    const view = v();
    if (!local.sel) return [];
    if (local.sel.sq) return (view.moves && view.moves[local.sel.sq]) || [];
    if (local.sel.hand) return ((view.drops && view.drops[local.sel.hand]) || []).map((d) => ({ ...d, kind: 'drop' }));
    return [];
  }

  function ownerAt(sq) {
    const p = pieceAt(v(), sq);
    return p ? p.o : null;
  }

  async function clickSquare(sq) {
    local.cursor = sq;
    if (!canMove()) {
      if (canAct() && v().phase === 'draw_choice') say(t('引いたカードの有効・無効を選んでください', 'Choose on or off for the drawn card first'));
      render();
      return;
    }
    const side = v().side_to_move;
    if (local.sel) {
      const target = targetsOfSel().find((m) => m.to === sq);
      if (target) {
        choose(target);
        return;
      }
      if (local.sel.sq === sq) { local.sel = null; local.message = null; render(); return; }
      if (ownerAt(sq) === side) { select({ sq }); return; }
      // not a legal target: ask the engine why
      const action = local.sel.sq ? `${local.sel.sq}${sq}` : `${DROP_LETTER[local.sel.hand]}*${sq}`;
      const why = await ctx.check(action);
      say(why ? codedText(t, why) : t('そのマスには動かせません', 'That square cannot be reached'), 'error');
      return;
    }
    if (ownerAt(sq) === side) select({ sq });
    else if (ownerAt(sq) !== null) say(t('相手の駒は動かせません', 'That is not your piece'), 'error');
  }

  function select(sel) {
    local.sel = sel;
    const n = targetsOfSel().length;
    if (n === 0) {
      const p = sel.sq ? pieceAt(v(), sel.sq) : null;
      const special = p && v().pieces && v().pieces[p.p] && (v().pieces[p.p].moves.specials || []).includes('immobile');
      local.message = { text: special ? t('この駒は動けません（カードの効果）', 'This piece cannot move (card effect)')
        : t('この駒の行ける場所がありません', 'This piece has nowhere to go'), kind: 'error' };
    } else {
      local.message = null;
    }
    render();
  }

  function choose(target) {
    const base = local.sel.sq ? `${local.sel.sq}${target.to}` : `${DROP_LETTER[local.sel.hand]}*${target.to}`;
    const go = (action) => {
      if (target.foul) { local.dialog = { kind: 'foul', action, foul: target.foul }; render(); return; }
      if (target.unsafe) { local.dialog = { kind: 'unsafe', action }; render(); return; }
      act(action);
    };
    if (target.promotion === 'optional') {
      local.dialog = { kind: 'promote', base, target, go };
      render();
    } else if (target.promotion === 'forced') {
      go(`${base}+`);
    } else {
      go(base);
    }
  }

  function clickHand(seat, piece) {
    if (!canMove() || seat !== v().side_to_move) {
      if (canMove()) say(t('相手の持ち駒は使えません', 'Those are your opponent\'s pieces'), 'error');
      return;
    }
    if (local.sel && local.sel.hand === piece) { local.sel = null; render(); return; }
    select({ hand: piece });
  }

  function cancel() {
    if (local.dialog) local.dialog = null;
    else local.sel = null;
    local.message = null;
    render();
  }

  // --- an earlier position from the move list (←/→ step, Esc back to the game) -------------------
  // Moves are numbered by turn (the record's "ply"); the engine's replay call counts actions (chance
  // outcomes included). The action count of each turn is read from the engine's log: the k-th turn
  // ends with the k-th logged action whose text matches the record entry's action.
  let logCache = null; // {n: actions, ends: [action count after the setup, after turn 1, ...]}
  async function turnEnds(record) {
    if (logCache && logCache.n === record.actions.length) return logCache.ends;
    const { log } = await ctx.api('log', { record });
    const rec = (live.view && live.view.record) || [];
    let i = 0;
    while (i < log.length && log[i].seat < 0) i += 1;
    const ends = [i];
    for (const m of rec) {
      while (i < log.length && !(log[i].action === m.usi && log[i].seat === m.seat)) i += 1;
      ends.push(i < log.length ? log[i].ply : log.length);
      i += 1;
    }
    logCache = { n: record.actions.length, ends };
    return ends;
  }

  function lastTurn() { return ((live && live.view && live.view.record) || []).length; }

  async function openPreview(turn) {
    if (!live) return;
    if (!(turn >= 0) || turn >= lastTurn()) { closePreview(); return; }
    try {
      const record = await getRecord(ctx, live);
      const ends = await turnEnds(record);
      const payload = await ctx.api('replay', { record, ply: ends[turn], seat: live.seat });
      local.preview = { turn, payload };
      local.sel = null;
      local.dialog = null;
      render();
      focusMove(turn);
    } catch (err) {
      say(codedText(t, err), 'error');
    }
  }

  function closePreview() {
    if (!local.preview) return;
    local.preview = null;
    render();
  }

  function onMoveListKey(ev) {
    const last = lastTurn();
    const at = local.preview ? local.preview.turn : last;
    let next = null;
    if (ev.key === 'ArrowLeft' || ev.key === 'ArrowUp') next = at - 1;
    else if (ev.key === 'ArrowRight' || ev.key === 'ArrowDown') next = at + 1;
    else if (ev.key === 'Home') next = 0;
    else if (ev.key === 'End') next = last;
    else return;
    ev.preventDefault();
    next = Math.max(0, Math.min(last, next));
    if (next >= last) { closePreview(); focusMove(last); } else openPreview(next);
  }

  function focusMove(turn) {
    queueMicrotask(() => {
      const li = wrap.querySelector(`.sg-move-list [data-ply="${turn}"]`);
      if (li) li.focus();
    });
  }

  // --- keyboard ------------------------------------------------------------------------------
  function onBoardKey(ev) {
    const pos = parseSquare(local.cursor) || { file: 5, rank: 5 };
    const dir = isFlipped() ? -1 : 1;
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
    file = Math.min(9, Math.max(1, file));
    rank = Math.min(9, Math.max(1, rank));
    local.cursor = squareName(file, rank);
    updateCursor();
    focusCursor();
  }

  function focusCursor() {
    const btn = wrap.querySelector(`.sg-sq[data-sq="${local.cursor}"]`);
    if (btn) btn.focus();
  }

  function updateCursor() {
    for (const btn of wrap.querySelectorAll('.sg-sq')) {
      const on = btn.dataset.sq === local.cursor;
      btn.tabIndex = on ? 0 : -1;
      btn.classList.toggle('sg-cursor', on);
    }
  }

  root.addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape' && (local.dialog || local.sel || local.preview)) {
      ev.preventDefault();
      if (!local.dialog && !local.sel && local.preview) { closePreview(); return; }
      cancel();
      if (!local.dialog) focusCursor();
    }
  });

  // --- rendering -----------------------------------------------------------------------------
  let bar = null;

  function promptText(view, p) {
    if (view.phase === 'over' && p.outcome) {
      const o = p.outcome;
      const r = o.reason || {};
      const who = o.draw || !o.winners.length ? t('引き分け', 'Draw')
        : t(`${SEAT_MARK[o.winners[0]]}${SEAT_JA[o.winners[0]]}の勝ち`, `${SEAT_EN[o.winners[0]]} won`);
      return { text: t(`終局：${r.ja || who}`, `Game over: ${r.en || who}`), kind: 'over' };
    }
    if (local.preview) {
      return { text: t(`${local.preview.turn}手目の局面（←→で移動、Escで現在へ）`, `Position after move ${local.preview.turn} (← →; Esc: back)`), kind: 'info' };
    }
    if (local.message) return local.message;
    const side = view.side_to_move;
    if (!(side === 0 || side === 1)) return { text: t('カードを引いています…', 'Drawing a card…'), kind: 'info' };
    if (!p.replay && isBot(side)) {
      return { text: t(`${SEAT_MARK[side]}${SEAT_JA[side]}（コンピュータ）が考えています…`, `${SEAT_EN[side]} (computer) is thinking…`), kind: 'thinking' };
    }
    const checked = view.in_check && view.in_check[side];
    if (checked) {
      const mine = side === mySeat();
      return { text: view.ruleset === 'hon'
        ? t(`王手！ ${SEAT_MARK[side]}${SEAT_JA[side]}の玉が狙われています`, `Check! ${SEAT_EN[side]}'s king is attacked`)
        : t(`王手！ ${SEAT_MARK[side]}${SEAT_JA[side]}の玉が取られる形です${mine ? '（ドローはできません）' : ''}`,
          `Check! ${SEAT_EN[side]}'s king can be captured${mine ? ' (drawing is not allowed)' : ''}`), kind: 'check' };
    }
    const turn = `${SEAT_MARK[side]}${t(`${SEAT_JA[side]}の番`, `${SEAT_EN[side]} to move`)}`;
    if (p.replay) return { text: turn, kind: 'info' };
    if (view.phase === 'draw_choice') return { text: t(`${turn}：引いたカードを有効にしますか？`, `${turn}: turn the drawn card on or off?`), kind: 'turn' };
    if (local.sel) return { text: t(`${turn}：行き先を選んでください`, `${turn}: choose where to go`), kind: 'turn' };
    return { text: canMove() ? t(`${turn}：駒を選んでください`, `${turn}: pick a piece`) : turn, kind: 'turn' };
  }

  function lastMoveText(view) {
    const rec = view.record || [];
    const m = rec[rec.length - 1];
    if (!m) return t('最終手：なし', 'Last move: none');
    return t(`最終手：${m.ja}`, `Last move: ${m.en}`);
  }

  function renderBar() {
    if (!bar) return;
    const p = shown();
    if (!p || !p.view) return;
    const view = p.view;
    const pr = promptText(view, p);
    const prompt = bar.querySelector('.sg-prompt');
    prompt.className = `sg-prompt sg-prompt-${pr.kind}${pr.kind === 'error' ? ' sg-message-error' : ''}`;
    prompt.replaceChildren(h('span', { class: pr.kind === 'over' ? 'sg-over' : 'sg-prompt-text', text: pr.text }));
    bar.querySelector('.sg-lastmove').textContent = lastMoveText(view);
    flashes.apply();
  }

  function render() {
    const hadFocus = wrap.contains(document.activeElement) && document.activeElement.classList.contains('sg-sq');
    const p = shown();
    const view = v();
    // the phase first: the page's CSS hides the shell's result banner while the view shows the result
    if (live) wrap.dataset.phase = (live.view && live.view.phase) || '';
    // keep the page's height while the view is rebuilt: the browser would otherwise clamp the scroll
    // position and the board would jump
    wrap.style.minHeight = `${wrap.offsetHeight}px`;
    const scrollY = window.scrollY;
    wrap.replaceChildren();
    bar = null;
    if (!p || !view.board) return;
    wrap.dataset.plies = String(live.plies);
    wrap.dataset.phase = (live.view && live.view.phase) || '';
    wrap.dataset.ruleset = view.ruleset || '';
    wrap.classList.toggle('sg-previewing', !!local.preview);
    const bottom = bottomSeat();
    const top = 1 - bottom;

    bar = h('div', { class: 'sg-bar' },
      h('p', { class: 'sg-prompt', role: 'status', 'aria-live': 'polite' }),
      h('p', { class: 'sg-lastmove' }));
    const targets = new Map(targetsOfSel().map((m) => [m.to, m]));
    const boardBox = h('div', { class: 'sg-board-box' },
      boardElement({ view, t, lang: lang(), flipped: isFlipped(), bottom, sel: local.sel, targets, cursor: local.cursor,
        canMove: canMove(), onSquare: clickSquare, onKey: onBoardKey }));
    if (view.pending_draw && view.cards && local.pendingHidden) {
      boardBox.append(pendingTab({ view, t, onShow: () => { local.pendingHidden = false; render(); } }));
    } else if (view.pending_draw && view.cards) {
      boardBox.append(pendingOverlay({ view, t, legal: new Set(p.legal || []), mine: canAct(), onChoice: (c) => act(c),
        onHide: () => { local.pendingHidden = true; render(); } }));
    }
    // the result is the shell's panel over the final position (#outcome; resultBreakdown below)
    // always there in the card game (hidden until a piece is picked), so picking never resizes the board
    const legend = view.ruleset === 'cards' ? h('p', { class: `sg-legend${local.sel ? '' : ' sg-legend-off'}`, 'aria-hidden': local.sel ? null : 'true' },
      h('span', { class: 'sg-legend-leap', 'aria-hidden': 'true' }), t('射程移動', 'leap'), ' ',
      h('span', { class: 'sg-legend-slide', 'aria-hidden': 'true' }), t('矢印移動', 'slide')) : null;
    const stage = h('div', { class: 'sg-stage' },
      handElement({ view, t, seat: top, where: 'top', who: whoText(top), sel: local.sel, onPiece: clickHand }),
      boardBox,
      handElement({ view, t, seat: bottom, where: 'bottom', who: whoText(bottom), sel: local.sel, onPiece: clickHand }));
    const wide = isWide();
    wrap.dataset.layout = wide ? 'wide' : 'narrow';
    const strip = ctx.turn && ctx.turn.strip; // none in the shell's replay
    if (strip) turnSlot.replaceChildren(strip);
    const play = h('div', { class: 'sg-play' }, bar, strip && !wide ? turnSlot : null, stage,
      view.cards && !wide ? cardStrip(view, t) : null,
      renderControls(view, p), legend);
    const side = h('div', { class: 'sg-side' },
      strip && wide ? turnSlot : null,
      renderHead(view),
      view.cards ? cardPanel(view, t, { counts: wide }) : null,
      renderMoveList(view),
      filesPanel({ ctx, t, payload: live, view, state: local.files }));
    wrap.append(play, side);
    if (local.dialog) wrap.append(renderDialog(view));
    renderBar();
    flashes.apply();
    updateCursor();
    fit();
    wrap.style.minHeight = '';
    if (window.scrollY !== scrollY) window.scrollTo({ top: scrollY, behavior: 'instant' });
    if (hadFocus && !local.dialog) focusCursor();
  }

  function isWide() { return (wrap.clientWidth || root.clientWidth || window.innerWidth) >= WIDE_MIN; }

  function soleHuman() {
    const humans = ((live && live.players) || []).map((q, i) => (q.type === 'human' ? i : -1)).filter((i) => i >= 0);
    return humans.length === 1 ? humans[0] : null;
  }

  function whoText(seat) {
    const p = live.players && live.players[seat];
    let name = '';
    if (p && p.type === 'bot') name = t('コンピュータ', 'Computer');
    else if (p && p.name) name = p.name;
    return [h('span', { class: 'sg-hand-mark', text: `${SEAT_MARK[seat]}${t(SEAT_JA[seat], SEAT_EN[seat])}` }),
      name ? h('span', { class: 'sg-hand-name', text: name }) : null];
  }

  function renderHead(view) {
    const title = view.title ? t(view.title.ja, view.title.en)
      : view.ruleset === 'hon' ? t('本将棋', 'Shogi') : t('集大成将棋', 'Shūtaisei Shōgi');
    const box = h('div', { class: 'sg-status' }, h('span', { class: 'sg-title', text: title }),
      h('span', { class: 'sg-ply', text: t(`${view.ply || 0}手`, `move ${view.ply || 0}`) }));
    if (view.foul_loss) box.append(h('span', { class: 'sg-badge', text: t('反則負けあり', 'Fouls lose') }));
    if (view.repetition && view.repetition >= 2 && view.phase !== 'over') {
      box.append(h('span', { class: 'sg-badge', text: t(`同一局面 ${view.repetition}回目`, `Position seen ${view.repetition}×`) }));
    }
    const links = h('span', { class: 'sg-links' });
    if (view.ruleset === 'cards') links.append(h('a', { href: '#/page/shogi/cards', text: t('カード一覧', 'Cards') }));
    if (ctx.rulesHref) links.append(h('a', { class: 'sg-rules-link', href: ctx.rulesHref, text: t('遊び方', 'How to play') }));
    box.append(links);
    return box;
  }

  function renderControls(view, p) {
    const legal = new Set((p && p.legal) || []);
    const box = h('div', { class: 'sg-controls', role: 'group', 'aria-label': t('操作', 'Controls') });
    if (local.preview) {
      box.append(h('button', { type: 'button', class: 'sg-btn sg-primary', 'data-preview': 'back', onclick: closePreview },
        t('現在の局面に戻る', 'Back to the game')));
    } else if (view.ruleset === 'cards' && view.variant !== 'setup' && !p.replay) {
      const ok = !p.replay && legal.has('draw') && !local.busy;
      // refused by the rules now (e.g. in check): pressable, and pressing it says why
      const why = !ok && canAct() && view.phase === 'move' && view.draw_refusal ? view.draw_refusal : null;
      box.append(h('button', { type: 'button', class: `sg-btn sg-draw${why ? ' sg-btn-refused' : ''}`, 'data-action': 'draw',
        disabled: !ok && !why, 'aria-disabled': why ? 'true' : null, title: why ? t(why.ja, why.en) : null,
        onclick: () => (why ? say(codedText(t, { code: why.code, message_ja: why.ja, message_en: why.en }), 'error') : act('draw')) },
      t('ドロー', 'Draw a card')));
    }
    box.append(h('button', { type: 'button', class: 'sg-btn sg-flip', 'aria-pressed': isFlipped() ? 'true' : 'false',
      onclick: () => { local.flipped = !local.flipped; writeFlag(ctx, 'flipped', local.flipped); render(); } },
    t('盤を反転', 'Flip board')));
    if (!p.replay && !local.preview && legal.has('declare')) {
      // 入玉宣言: offered only while the engine says the declaration holds
      box.append(h('button', { type: 'button', class: 'sg-btn sg-primary sg-declare', 'data-action': 'declare',
        onclick: () => { local.dialog = { kind: 'declare' }; render(); } }, t('入玉宣言', 'Declare a win (entering king)')));
    }
    if (!p.replay && !local.preview && legal.has('resign')) {
      box.append(h('button', { type: 'button', class: 'sg-btn sg-resign', onclick: () => { local.dialog = { kind: 'resign' }; render(); } },
        t('投了', 'Resign')));
    }
    return box;
  }

  function renderMoveList(view) {
    // the whole game's moves, also while an earlier position is shown
    const rec = (live.view && live.view.record) || [];
    const at = local.preview ? local.preview.turn : rec.length;
    const box = h('section', { class: 'sg-moves', 'aria-label': t('棋譜', 'Moves') });
    box.append(h('h3', { text: t('棋譜', 'Moves') }),
      h('p', { class: 'sg-hint', text: t('手を押すとその局面（←→で移動）', 'Press a move to see that position (← → to step)') }));
    const canPreview = !live.replay && typeof ctx.api === 'function';
    const ol = h('ol', { class: 'sg-move-list', 'aria-label': t('指し手の一覧', 'Move list'), onkeydown: onMoveListKey,
      tabindex: canPreview ? null : '0' });
    ol.append(h('li', { value: '0', class: 'sg-move-start', 'data-ply': '0', tabindex: canPreview ? (at === 0 ? '0' : '-1') : null,
      'aria-current': at === 0 ? 'true' : null, onclick: canPreview ? () => openPreview(0) : null }, t('開始局面', 'Start')));
    for (const m of rec) {
      const cls = ['sg-move', m.draw ? 'sg-move-draw' : '', m.ply === at ? 'sg-move-current' : ''].filter(Boolean).join(' ');
      ol.append(h('li', { value: String(m.ply), class: cls, 'data-ply': String(m.ply),
        tabindex: canPreview ? (m.ply === at ? '0' : '-1') : null, 'aria-current': m.ply === at ? 'true' : null,
        onclick: canPreview ? () => (m.ply >= rec.length ? closePreview() : openPreview(m.ply)) : null }, t(m.ja, m.en),
      // an imported record's comments at this move (plain text)
      ...(Array.isArray(m.comments) ? m.comments.map((c) => h('span', { class: 'sg-comment', text: String(c) })) : [])));
    }
    const opening = (live.view && live.view.comments_at_start) || [];
    if (opening.length) box.append(...opening.map((c) => h('p', { class: 'sg-comment', text: String(c) })));
    if (!rec.length) box.append(h('p', { class: 'sg-none', text: t('まだ指していません', 'No moves yet') }));
    box.append(ol);
    queueMicrotask(() => {
      const cur = ol.querySelector('[aria-current="true"]');
      if (cur && ol.scrollHeight > ol.clientHeight) ol.scrollTop = Math.max(0, cur.offsetTop - ol.clientHeight / 2);
    });
    return box;
  }

  function renderDialog(view) {
    const d = local.dialog;
    const box = h('div', { class: 'sg-dialog', role: 'dialog', 'aria-modal': 'true' });
    const buttons = h('div', { class: 'sg-row-buttons' });
    if (d.kind === 'promote') {
      const p = pieceAt(view, local.sel && local.sel.sq);
      const info = p && view.pieces && view.pieces[p.p];
      box.setAttribute('aria-label', t('成りますか？', 'Promote?'));
      // keep the target square in sight: the dialog goes to the other half of the screen
      const to = parseSquare(d.target.to);
      const row = to ? (isFlipped() ? 9 - to.rank : to.rank - 1) : 4;
      box.classList.add(row < 4.5 ? 'sg-dialog-low' : 'sg-dialog-high');
      box.append(h('p', { text: t(`${info ? info.ja : ''}を成りますか？`, `Promote the ${info ? info.en.toLowerCase() : 'piece'}?`) }));
      // each choice shows the face the piece will have (the promoted face from the engine's schema)
      const face = (code) => (code ? h('span', { class: 'sg-promote-face', 'aria-hidden': 'true' }, pieceSvg(code)) : null);
      const promoted = p && hasPromotedFace(p.p) ? faceCode(p.p, 'promoted') : null;
      buttons.append(
        h('button', { type: 'button', class: 'sg-btn sg-primary sg-promote', 'data-promote': 'yes', onclick: () => d.go(`${d.base}+`) },
          face(promoted), t('成る', 'Promote')),
        h('button', { type: 'button', class: 'sg-btn sg-promote', 'data-promote': 'no', onclick: () => d.go(d.base) },
          face(p ? p.p : null), t('成らない（不成）', 'Do not promote')));
    } else if (d.kind === 'foul') {
      box.setAttribute('aria-label', t('反則の手', 'Foul move'));
      box.append(h('p', { class: 'sg-warn', text: t(`この手は反則で、指すと負けになります：${d.foul.ja}`, `This move is a foul and loses at once: ${d.foul.en}`) }));
      buttons.append(h('button', { type: 'button', class: 'sg-btn sg-danger', onclick: () => act(d.action) }, t('それでも指す', 'Play it anyway')));
    } else if (d.kind === 'unsafe') {
      box.setAttribute('aria-label', t('王が取られる手', 'King left open'));
      box.append(h('p', { class: 'sg-warn', text: t('この手では王が取られる状態になります。指しますか？', 'This move leaves your king open to capture. Play it anyway?') }));
      buttons.append(h('button', { type: 'button', class: 'sg-btn sg-danger', 'data-confirm': 'unsafe', onclick: () => act(d.action) }, t('指す', 'Play it')));
    } else if (d.kind === 'declare') {
      box.setAttribute('aria-label', t('入玉宣言', 'Declare a win'));
      box.append(h('p', { text: t('入玉宣言の条件を満たしています。宣言して勝ちにしますか？',
        'Your king has entered the enemy camp with enough pieces and points. Declare the win?') }));
      buttons.append(h('button', { type: 'button', class: 'sg-btn sg-primary', 'data-confirm': 'declare', onclick: () => act('declare') },
        t('宣言する', 'Declare')));
    } else if (d.kind === 'resign') {
      box.setAttribute('aria-label', t('投了', 'Resign'));
      box.append(h('p', { text: t('投了しますか？', 'Resign this game?') }));
      buttons.append(h('button', { type: 'button', class: 'sg-btn sg-danger', 'data-confirm': 'resign', onclick: () => act('resign') }, t('投了する', 'Resign')));
    }
    buttons.append(h('button', { type: 'button', class: 'sg-btn', 'data-cancel': '1', onclick: () => { cancel(); focusCursor(); } }, t('やめる', 'Cancel')));
    box.append(buttons);
    queueMicrotask(() => { const b = box.querySelector('button'); if (b) b.focus(); });
    return box;
  }

  // --- fitting the play area into the window -----------------------------------------------------
  /** Size the squares so that the prompt, both hands, the board and the active cards fit in the
   *  window. Below the shell's header if there is room; else the view is scrolled to the top once. */
  function fit() {
    if (!wrap.isConnected) return;
    const W = wrap.clientWidth;
    if (!W) return;
    const wide = wrap.dataset.layout === 'wide';
    if (wide !== (W >= WIDE_MIN)) { render(); return; } // the window crossed the layout width
    const play = wrap.querySelector('.sg-play');
    const board = wrap.querySelector('.sg-board');
    if (!play || !board) return;
    const vh = window.innerHeight;
    const topDoc = wrap.getBoundingClientRect().top + window.scrollY;
    const byWidth = wide ? (W - 300 - 56) / 12.75 : (W - 4) / 9.6;
    const widest = Math.min(byWidth, 72);
    const setCell = (c) => wrap.style.setProperty('--sg-cell', `${c}px`);
    // the play area's height is (nearly) linear in the cell size, extra + k * cell: a few rounds of
    // measuring and solving reach the largest cell that fits `avail`, whatever the starting size
    const solve = (avail) => {
      let cell = widest;
      for (let round = 0; round < 4; round += 1) {
        const cur = parseFloat(getComputedStyle(wrap).getPropertyValue('--sg-cell')) || 40;
        const hNow = play.getBoundingClientRect().height;
        const bNow = board.getBoundingClientRect().height;
        const hands = wide ? 0 : [...play.querySelectorAll('.sg-hand')].reduce((sum, e) => sum + e.getBoundingClientRect().height, 0);
        const k = (bNow + hands) / cur;
        cell = Math.max(22, Math.floor(Math.min(widest, (avail - (hNow - bNow - hands)) / k)));
        if (cell === cur) break;
        setCell(cell);
      }
      return cell;
    };
    let scroll = false;
    const below = solve(vh - topDoc - 8);
    if (live && live.replay) {
      // the shell's replay controls sit above the view: keep them in sight, the board a bit smaller
      if (below < widest * 0.7) setCell(Math.floor(widest * 0.7));
    } else if (below < widest * 0.92 - 1) {
      scroll = true;
      solve(vh - 8);
    }
    wrap.style.setProperty('--sg-play-h', `${Math.ceil(play.getBoundingClientRect().height)}px`);
    wrap.dataset.fit = scroll ? 'window' : 'below';
    if (scroll && !local.scrolled) {
      // once per visit, after the shell has finished its own navigation (focus) work
      local.scrolled = true;
      setTimeout(() => requestAnimationFrame(() => {
        if (!wrap.isConnected || wrap.dataset.fit !== 'window') return;
        const top = wrap.getBoundingClientRect().top + window.scrollY;
        window.scrollTo({ top: top - 4, behavior: 'instant' });
      }), 0);
    }
  }
  const onResize = () => fit();
  window.addEventListener('resize', onResize);
  // the view's stylesheet and fonts may arrive after the first render: fit again when the play area's
  // size changes by itself (a frame later, so a fit never re-triggers itself within one frame)
  let fitFrame = 0;
  let lastSize = '';
  const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(() => {
    const play = wrap.querySelector('.sg-play');
    const size = play ? `${Math.round(play.getBoundingClientRect().height)}x${wrap.clientWidth}` : '';
    if (size === lastSize) return;
    lastSize = size;
    cancelAnimationFrame(fitFrame);
    fitFrame = requestAnimationFrame(() => fit());
  }) : null;
  if (observer) observer.observe(wrap);
  if (document.fonts && document.fonts.ready) document.fonts.ready.then(() => fit());

  return {
    update(next) {
      const prevPly = live && live.view && live.view.ply;
      const prevPlies = live && live.plies;
      const first = !live;
      live = next;
      if (local.lang !== lang()) { local.lang = lang(); local.scrolled = false; } // the shell re-laid out its header
      if (!next || prevPly !== (next.view && next.view.ply) || prevPlies !== next.plies) {
        local.sel = null;
        local.dialog = null;
        local.preview = null;
        local.pendingHidden = false;
        if (!first && local.message && local.message.kind !== 'notice') local.message = null;
        const lm = next && next.view && next.view.last_move;
        if (lm && lm.to) local.cursor = lm.to;
        // the other side's move (the computer's, or the other person's) lights up where it landed
        const mover = lm ? lm.seat : null;
        if (!first && lm && lm.to && !next.replay && mover !== soleHuman() && next.plies > (prevPlies || 0)) {
          flashes.mark(`.sg-sq[data-sq="${lm.to}"]`);
          flashes.mark('.sg-lastmove', 'gain');
        }
      }
      render();
    },
    relang() { render(); },
    /** The shell's result panel adds this under its headline: the winner's side and the length. */
    resultBreakdown(payload) {
      const o = payload && payload.outcome;
      const view = (payload && payload.view) || {};
      if (!o) return null;
      const w = o.draw || !o.winners.length ? null : o.winners[0];
      const side = w === null ? t('引き分け', 'Draw') : t(`${SEAT_MARK[w]}${SEAT_JA[w]}の勝ち`, `${SEAT_EN[w]} won`);
      return h('p', { class: 'sg-result-line' }, h('span', { class: 'sg-result-side', text: side }), t('・', ' · '),
        h('span', { class: 'sg-result-ply', text: t(`${view.ply || 0}手で終局`, `ended after ${view.ply || 0} moves`) }));
    },
    destroy() {
      window.removeEventListener('resize', onResize);
      if (observer) observer.disconnect();
      cancelAnimationFrame(fitFrame);
      wrap.remove();
      root.classList.remove('sg-root');
    },
  };
}

function pieceAt(view, sq) {
  const pos = parseSquare(sq);
  if (!pos || !view.board) return null;
  return view.board[pos.rank - 1][9 - pos.file] || null;
}

function readFlag(ctx, key) {
  try {
    const val = ctx.storage && ctx.storage.get(key);
    return val === true || val === 'true';
  } catch { return false; }
}

function writeFlag(ctx, key, value) {
  try { if (ctx.storage) ctx.storage.set(key, value); } catch { /* storage full: forget */ }
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
