// 集大成将棋 / 本将棋 view. Renders the engine's view JSON (pygames/shogi/VIEW.md) and sends action
// strings back through ctx. No rules here: targets, promotion choices and fouls come from the view JSON,
// refusals are explained by ctx.check.

import {
  PIECE_GLYPH, PIECE_NAME_JA, PIECE_NAME_EN, DROP_LETTER, HAND_ORDER, RANK_KANJI, FILE_DIGITS,
  squareJa, squareName, parseSquare,
} from './pieces.js';
import { cardElement } from './cardview.js';
import { engineCall, getRecord, openRecord, downloadText, copyText } from './io.js';
import { setupForm as buildSetupForm } from './setup.js';
import { mountCardsPage } from './cards.js';
import { h } from './dom.js';


const SEAT_MARK = ['▲', '△'];
let importUid = 0;
const SEAT_JA = ['先手', '後手'];
const SEAT_EN = ['Sente', 'Gote'];

/** Mount the game view. */
export function mount(root, ctx) {
  const t = (ja, en) => (ctx.t ? ctx.t(ja, en) : (ctx.lang === 'en' ? en : ja));
  const local = {
    flipped: readFlag(ctx, 'flipped'),
    exportOpen: false, exportMsg: '', exportText: null, importText: '', importMsg: '',
    sel: null, // {sq} | {hand: 'FU'}
    cursor: '5e',
    message: null, // {text, kind}
    dialog: null, // {kind: 'promote'|'foul'|'unsafe'|'resign'|'import', ...}
    busy: false,
  };
  let payload = null;
  root.classList.add('sg-root');
  const wrap = h('div', { class: 'sg-view' });
  root.append(wrap);

  function v() { return (payload && payload.view) || {}; }
  function mySeat() { return payload ? payload.seat : null; }
  function canAct() {
    return !!payload && !payload.replay && !local.busy && Array.isArray(payload.legal) && payload.legal.length > 0;
  }
  function canMove() { return canAct() && v().phase === 'move'; }
  /** 後手 goes to the bottom when the only person at this device plays 後手; the flip button turns
   *  the board from there (the button's choice is remembered for the game). */
  function soleHumanIsGote() {
    const humans = ((payload && payload.players) || []).map((p, i) => (p.type === 'human' ? i : -1)).filter((i) => i >= 0);
    return humans.length === 1 && humans[0] === 1;
  }
  function isFlipped() { return local.flipped !== soleHumanIsGote(); }
  function bottomSeat() { return isFlipped() ? 1 : 0; }

  function say(text, kind = 'info') {
    local.message = text ? { text, kind } : null;
    renderMessage();
  }

  async function act(action) {
    if (local.busy) return;
    local.busy = true;
    local.sel = null;
    local.dialog = null;
    say(null);
    render();
    try {
      await ctx.act(action);
    } catch (err) {
      say(errText(err), 'error');
    } finally {
      local.busy = false;
      render();
    }
  }

  function errText(err) {
    if (!err) return '';
    return t(err.message_ja || err.message || String(err), err.message_en || err.message || String(err));
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
      if (local.sel.sq === sq) { local.sel = null; say(null); render(); return; }
      if (ownerAt(sq) === side) { select({ sq }); return; }
      // not a legal target: ask the engine why
      const action = local.sel.sq ? `${local.sel.sq}${sq}` : `${DROP_LETTER[local.sel.hand]}*${sq}`;
      const why = await ctx.check(action);
      say(why ? errText(why) : t('そのマスには動かせません', 'That square cannot be reached'), 'error');
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
      say(special ? t('この駒は動けません（カードの効果）', 'This piece cannot move (card effect)')
        : t('この駒の行ける場所がありません', 'This piece has nowhere to go'), 'error');
    } else {
      say(null);
    }
    render();
  }

  function choose(target) {
    const base = local.sel.sq ? `${local.sel.sq}${target.to}` : `${DROP_LETTER[local.sel.hand]}*${target.to}`;
    const go = (action) => {
      if (target.foul) {
        local.dialog = { kind: 'foul', action, foul: target.foul };
        render();
        return;
      }
      if (target.unsafe) {
        local.dialog = { kind: 'unsafe', action };
        render();
        return;
      }
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
    if (local.sel && local.sel.hand === piece) local.sel = null;
    else { select({ hand: piece }); return; }
    render();
  }

  function cancel() {
    if (local.dialog) local.dialog = null;
    else local.sel = null;
    say(null);
    render();
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
    if (ev.key === 'Escape' && (local.dialog || local.sel)) {
      ev.preventDefault();
      cancel();
      if (!local.dialog) focusCursor();
    }
  });

  // --- rendering -----------------------------------------------------------------------------
  let msgBox = null;
  function renderMessage() {
    if (!msgBox) return;
    msgBox.textContent = local.message ? local.message.text : '';
    msgBox.className = `sg-message${local.message ? ` sg-message-${local.message.kind}` : ''}`;
  }

  function render() {
    const hadFocus = wrap.contains(document.activeElement) && document.activeElement.classList.contains('sg-sq');
    const view = v();
    wrap.replaceChildren();
    if (!payload || !view.board) return;
    wrap.dataset.plies = String(payload.plies);
    wrap.dataset.phase = view.phase || '';
    const bottom = bottomSeat();
    const top = 1 - bottom;

    const status = renderStatus(view);
    const boardArea = h('div', { class: 'sg-board-area' },
      renderHand(view, top, 'top'),
      renderBoard(view),
      renderHand(view, bottom, 'bottom'));
    msgBox = h('p', { class: 'sg-message', role: 'status', 'aria-live': 'polite' });
    const side = h('div', { class: 'sg-side' },
      renderCards(view),
      renderControls(view),
      renderMoveList(view));
    wrap.append(...[status, msgBox, view.pending_draw && view.cards ? renderPending(view) : null,
      h('div', { class: 'sg-main' }, boardArea, side)].filter(Boolean));
    if (local.dialog) wrap.append(renderDialog(view));
    renderMessage();
    updateCursor();
    if (hadFocus && !local.dialog) focusCursor();
  }

  function renderStatus(view) {
    const box = h('div', { class: 'sg-status' });
    const side = view.side_to_move;
    const title = view.ruleset === 'hon' ? t('本将棋', 'Standard shogi') : t('集大成将棋', 'Shūtaisei Shōgi');
    box.append(h('span', { class: 'sg-title', text: title }));
    if (view.phase !== 'over' && (side === 0 || side === 1)) {
      box.append(h('span', { class: `sg-turn sg-turn-${side}`,
        text: `${SEAT_MARK[side]}${t(`${SEAT_JA[side]}の番`, `${SEAT_EN[side]} to move`)}` }));
    }
    box.append(h('span', { class: 'sg-ply', text: t(`${view.ply || 0}手`, `move ${view.ply || 0}`) }));
    if (view.foul_loss) box.append(h('span', { class: 'sg-badge', text: t('反則負けあり', 'Fouls lose') }));
    if (view.phase === 'over' && payload.outcome) {
      const r = payload.outcome.reason || {};
      box.append(h('strong', { class: 'sg-over', text: t(`終局: ${r.ja || ''}`, `Game over: ${r.en || ''}`) }));
    }
    const checks = (view.in_check || []).map((c, seat) => (c ? seat : null)).filter((s) => s !== null);
    for (const seat of checks) {
      if (view.phase === 'over') break;
      const mine = seat === mySeat();
      const text = view.ruleset === 'hon'
        ? t(`王手！ ${SEAT_MARK[seat]}${SEAT_JA[seat]}の玉が狙われています`, `Check! ${SEAT_EN[seat]}'s king is attacked`)
        : t(`王手！ ${SEAT_MARK[seat]}${SEAT_JA[seat]}の玉が取られる形です${mine ? '（ドローはできません）' : ''}`,
          `Check! ${SEAT_EN[seat]}'s king can be captured${mine ? ' (drawing is not allowed)' : ''}`);
      box.append(h('p', { class: 'sg-check', role: 'alert', text }));
    }
    if (view.repetition && view.repetition >= 2 && view.phase !== 'over') {
      box.append(h('span', { class: 'sg-badge', text: t(`同一局面 ${view.repetition}回目`, `Position seen ${view.repetition}×`) }));
    }
    const links = h('span', { class: 'sg-links' });
    if (view.ruleset === 'cards') links.append(h('a', { href: '#/page/shogi/cards', text: t('カード一覧', 'Cards') }));
    if (ctx.rulesHref) links.append(h('a', { class: 'sg-rules-link', href: ctx.rulesHref, text: t('遊び方', 'How to play') }));
    box.append(links);
    return box;
  }

  function renderBoard(view) {
    const targets = new Map(targetsOfSel().map((m) => [m.to, m]));
    const last = view.last_move && view.last_move.to ? view.last_move : null;
    const kingsInCheck = new Set((view.kings || []).filter((k, seat) => k && view.in_check && view.in_check[seat]));
    const bottom = bottomSeat();
    const grid = h('div', { class: 'sg-board', role: 'grid', 'aria-label': t('将棋盤', 'Shogi board'),
      onkeydown: onBoardKey });
    const files = isFlipped() ? [1, 2, 3, 4, 5, 6, 7, 8, 9] : [9, 8, 7, 6, 5, 4, 3, 2, 1];
    const ranks = isFlipped() ? [9, 8, 7, 6, 5, 4, 3, 2, 1] : [1, 2, 3, 4, 5, 6, 7, 8, 9];
    const head = h('div', { class: 'sg-files', 'aria-hidden': 'true' });
    for (const f of files) head.append(h('span', { text: FILE_DIGITS[f] }));
    const rows = h('div', { class: 'sg-rows' });
    for (const r of ranks) {
      const row = h('div', { class: 'sg-row', role: 'row' });
      for (const f of files) {
        const sq = squareName(f, r);
        const cell = view.board[r - 1][9 - f];
        const tgt = targets.get(sq);
        const cls = ['sg-sq'];
        if (cell) cls.push(`sg-owner-${cell.o}`, cell.o === bottom ? 'sg-up' : 'sg-down');
        if (last && (last.to === sq || last.from === sq)) cls.push(last.to === sq ? 'sg-last-to' : 'sg-last-from');
        if (local.sel && local.sel.sq === sq) cls.push('sg-selected');
        if (tgt) cls.push('sg-target', `sg-target-${tgt.kind}`, tgt.foul ? 'sg-target-foul' : '',
          tgt.unsafe ? 'sg-target-unsafe' : '');
        if (kingsInCheck.has(sq)) cls.push('sg-in-check');
        const label = squareLabel(sq, f, r, cell, tgt, last);
        const movable = canMove() && cell && cell.o === view.side_to_move && view.moves && (view.moves[sq] || []).length > 0;
        const btn = h('button', { type: 'button', class: cls.filter(Boolean).join(' '), 'data-sq': sq,
          'data-piece': cell ? cell.p : null, 'data-owner': cell ? String(cell.o) : null, 'data-movable': movable ? '1' : null,
          'data-promotion': tgt && tgt.promotion ? tgt.promotion : null, 'data-unsafe': tgt && tgt.unsafe ? '1' : null,
          'data-targets': movable ? view.moves[sq].map((m) => `${m.to}${m.promotion === 'optional' ? '?' : m.promotion === 'forced' ? '+' : ''}`).join(' ') : null,
          role: 'gridcell', 'aria-label': label, tabindex: '-1', onclick: () => clickSquare(sq) });
        if (cell) {
          btn.append(h('span', { class: 'sg-piece', 'aria-hidden': 'true',
            text: cell.p === 'OU' && cell.o === 1 ? '王' : PIECE_GLYPH[cell.p] || '?' }));
          if (view.pieces && view.pieces[cell.p] && view.pieces[cell.p].changed) btn.classList.add('sg-carded');
        }
        if (tgt) {
          const mark = h('span', { class: 'sg-mark', 'aria-hidden': 'true' });
          if (tgt.kind === 'slide' || tgt.kind === 'both') {
            const from = local.sel && local.sel.sq ? parseSquare(local.sel.sq) : null;
            if (from) {
              const to = parseSquare(sq);
              // screen angle of the move (files decrease to the right when not flipped)
              let sx = from.file - to.file; let sy = to.rank - from.rank;
              if (isFlipped()) { sx = -sx; sy = -sy; }
              mark.style.setProperty('--angle', `${Math.atan2(sy, sx) * 180 / Math.PI}deg`);
            }
          }
          btn.append(mark);
        }
        row.append(btn);
      }
      row.append(h('span', { class: 'sg-rank', 'aria-hidden': 'true', text: RANK_KANJI[r] }));
      rows.append(row);
    }
    grid.append(head, rows);
    const legend = h('p', { class: 'sg-legend' },
      h('span', { class: 'sg-legend-leap', 'aria-hidden': 'true' }), t('射程移動', 'leap'), ' ',
      h('span', { class: 'sg-legend-slide', 'aria-hidden': 'true' }), t('矢印移動', 'slide'));
    return h('div', { class: 'sg-board-wrap' }, grid, local.sel ? legend : null);
  }

  function squareLabel(sq, f, r, cell, tgt, last) {
    const parts = [squareJa(f, r)];
    const en = [`${f}${'abcdefghi'[r - 1]}`];
    if (cell) {
      parts.push(`${SEAT_MARK[cell.o]}${PIECE_NAME_JA[cell.p] || cell.p}`);
      en.push(`${SEAT_EN[cell.o]} ${PIECE_NAME_EN[cell.p] || cell.p}`);
      const info = v().pieces && v().pieces[cell.p];
      if (info && info.changed) { parts.push('（カードで変化）'); en.push('(changed by a card)'); }
    } else {
      parts.push('空き'); en.push('empty');
    }
    if (local.sel && local.sel.sq === sq) { parts.push('選択中'); en.push('selected'); }
    if (tgt) {
      const kja = { leap: '射程移動', slide: '矢印移動', both: '射程・矢印移動', drop: '打てます' }[tgt.kind] || '';
      const ken = { leap: 'leap', slide: 'slide', both: 'leap or slide', drop: 'drop here' }[tgt.kind] || '';
      parts.push(`行けます（${kja}）`); en.push(`reachable (${ken})`);
      if (tgt.foul) { parts.push(`反則: ${tgt.foul.ja}`); en.push(`foul: ${tgt.foul.en}`); }
      if (tgt.unsafe) { parts.push('注意：王が取られる状態になります'); en.push('warning: leaves your king open to capture'); }
    }
    if (last && last.to === sq) { parts.push('最終手'); en.push('last move'); }
    return t(parts.join(' '), en.join(', '));
  }

  function renderHand(view, seat, where) {
    const hand = (view.hands && view.hands[seat]) || {};
    const box = h('div', { class: `sg-hand sg-hand-${where}`, 'aria-label':
      t(`${SEAT_MARK[seat]}${SEAT_JA[seat]}の持ち駒`, `${SEAT_EN[seat]}'s pieces in hand`), role: 'group' });
    box.append(h('span', { class: 'sg-hand-who', text: `${SEAT_MARK[seat]}${t(SEAT_JA[seat], SEAT_EN[seat])}${playerName(seat)}` }));
    let any = false;
    for (const p of HAND_ORDER) {
      const n = hand[p] || 0;
      if (!n) continue;
      any = true;
      const selected = local.sel && local.sel.hand === p && seat === view.side_to_move;
      const btn = h('button', { type: 'button', class: `sg-hand-piece${selected ? ' sg-selected' : ''}`,
        'data-hand': `${seat}-${p}`, 'aria-pressed': selected ? 'true' : 'false',
        'aria-label': t(`${PIECE_NAME_JA[p]} ${n}枚`, `${PIECE_NAME_EN[p]} ×${n}`), onclick: () => clickHand(seat, p) },
      h('span', { class: 'sg-hand-glyph', 'aria-hidden': 'true', text: PIECE_GLYPH[p] }),
      n > 1 ? h('span', { class: 'sg-hand-count', 'aria-hidden': 'true', text: String(n) }) : null);
      box.append(btn);
    }
    if (!any) box.append(h('span', { class: 'sg-hand-none', text: t('なし', 'none') }));
    return box;
  }

  function playerName(seat) {
    const p = payload.players && payload.players[seat];
    if (!p) return '';
    if (p.type === 'bot') return ` (${t('コンピュータ', 'Computer')})`;
    return p.name ? ` ${p.name}` : '';
  }

  function renderCards(view) {
    if (!view.cards) return null;
    const c = view.cards;
    const box = h('section', { class: 'sg-cards', 'aria-label': t('有効カード', 'Active cards') });
    box.append(h('h3', { text: t('有効カード', 'Active cards') }));
    box.append(h('p', { class: 'sg-counts' },
      h('span', { class: 'sg-deck-count', text: t(`山札 ${c.deck_count}枚`, `Deck ${c.deck_count}`) }), ' · ',
      h('span', { class: 'sg-discard-count', text: t(`捨札 ${c.discard_count}枚`, `Discard ${c.discard_count}`) })));
    const list = h('div', { class: 'sg-card-list' });
    for (const card of c.active || []) list.append(cardElement(card, t, { compact: true }));
    if (!(c.active || []).length) list.append(h('p', { class: 'sg-none', text: t('有効カードはありません', 'No active cards') }));
    box.append(list);
    return box;
  }

  function renderPending(view) {
    const pd = view.pending_draw;
    const box = h('div', { class: 'sg-pending', role: 'group', 'aria-label': t('引いたカード', 'Drawn card') });
    const drawer = view.side_to_move;
    box.append(h('h4', { text: t(`${SEAT_MARK[drawer]}${SEAT_JA[drawer]}が引いたカード`, `Card drawn by ${SEAT_EN[drawer]}`) }));
    box.append(cardElement(pd.card, t, {}));
    const legal = new Set(payload.legal || []);
    const mine = canAct() && !payload.replay;
    const buttons = h('div', { class: 'sg-choice' });
    for (const choice of pd.choices || []) {
      let label;
      if (choice === 'draw:on') label = t('有効にする', 'Turn on');
      else if (choice === 'draw:off') label = t('無効（捨てる）', 'Turn off (discard)');
      else if (choice.startsWith('draw:nullify:')) {
        const id = choice.slice('draw:nullify:'.length);
        const target = (view.cards.pool && view.cards.pool[id]) || (view.cards.active || []).find((x) => x.id === id);
        const name = target ? target.name : id;
        label = t(`有効：「${name}」を無効化`, `On: nullify "${target && target.name_en ? target.name_en : name}"`);
      } else label = choice;
      buttons.append(h('button', { type: 'button', class: 'sg-btn', 'data-action': choice,
        disabled: !(mine && legal.has(choice)), onclick: () => act(choice) }, label));
    }
    if (!mine) buttons.append(h('p', { class: 'sg-wait', text: t('相手が選んでいます…', 'Waiting for the other player…') }));
    box.append(buttons);
    return box;
  }

  function renderControls(view) {
    const legal = new Set((payload && payload.legal) || []);
    const box = h('div', { class: 'sg-controls', role: 'group', 'aria-label': t('操作', 'Controls') });
    if (view.ruleset === 'cards' && view.variant !== 'setup') {
      const ok = !payload.replay && legal.has('draw');
      const btn = h('button', { type: 'button', class: 'sg-btn sg-draw', 'data-action': 'draw', disabled: !ok,
        onclick: () => act('draw') }, t('ドロー（山札から1枚）', 'Draw a card'));
      box.append(btn);
      if (!ok && view.draw_refusal && canAct() && view.phase === 'move') {
        box.append(h('p', { class: 'sg-refusal', text: t(view.draw_refusal.ja, view.draw_refusal.en) }));
      }
    }
    box.append(h('button', { type: 'button', class: 'sg-btn sg-flip', 'aria-pressed': isFlipped() ? 'true' : 'false',
      onclick: () => { local.flipped = !local.flipped; writeFlag(ctx, 'flipped', local.flipped); render(); } },
    t('盤を反転', 'Flip board')));
    if (!payload.replay && legal.has('resign')) {
      box.append(h('button', { type: 'button', class: 'sg-btn sg-resign', onclick: () => { local.dialog = { kind: 'resign' }; render(); } },
        t('投了', 'Resign')));
    }
    box.append(renderExport(view));
    return box;
  }

  function renderExport(view) {
    const det = h('details', { class: 'sg-export', open: local.exportOpen,
      ontoggle: () => { local.exportOpen = det.open; } });
    det.append(h('summary', { text: t('棋譜・局面（KIF / SFEN）', 'Record and position (KIF / SFEN)') }));
    const out = h('p', { class: 'sg-export-msg', role: 'status' });
    out.textContent = local.exportMsg || '';
    const note = (text) => { local.exportMsg = text; out.textContent = text; };
    const kifBtn = h('button', { type: 'button', class: 'sg-btn', 'data-export': 'kif', onclick: async () => {
      try {
        const res = await engineCall(ctx, 'export_kif', { record: await getRecord(ctx, payload) });
        downloadText(res.filename || 'shogi.kifu', res.kif, 'text/plain;charset=utf-8');
        note(t('KIFを保存しました', 'KIF saved'));
      } catch (err) { note(errText(err)); }
    } }, t('KIFを保存', 'Save KIF'));
    const kifCopy = h('button', { type: 'button', class: 'sg-btn', onclick: async () => {
      try {
        const res = await engineCall(ctx, 'export_kif', { record: await getRecord(ctx, payload) });
        text.value = res.kif;
        local.exportText = res.kif;
        note((await copyText(res.kif)) ? t('KIFをコピーしました', 'KIF copied') : t('下の欄からコピーしてください', 'Copy it from the box below'));
      } catch (err) { note(errText(err)); }
    } }, t('KIFをコピー', 'Copy KIF'));
    const sfenCopy = h('button', { type: 'button', class: 'sg-btn', 'data-export': 'sfen', onclick: async () => {
      let value = view.sfen || '';
      if (view.cards) {
        // the card state (active cards, deck, discard) goes beside the SFEN as JSON
        try {
          const res = await engineCall(ctx, 'export_sfen', { record: await getRecord(ctx, payload) });
          value = res.cards ? `${res.sfen}\n${JSON.stringify(res.cards)}` : res.sfen;
        } catch { /* the plain SFEN of the view */ }
      }
      text.value = value;
      local.exportText = value;
      note((await copyText(value)) ? t('SFENをコピーしました', 'SFEN copied') : t('下の欄からコピーしてください', 'Copy it from the box below'));
    } }, t('SFENをコピー', 'Copy SFEN'));
    const text = h('textarea', { class: 'sg-export-text', rows: '3', readonly: true, 'aria-label': t('書き出した内容', 'Exported text') });
    text.value = local.exportText || view.sfen || '';
    det.append(h('div', { class: 'sg-row-buttons' }, kifBtn, kifCopy, sfenCopy), text, out);
    det.append(renderImport());
    return det;
  }

  function renderImport() {
    const box = h('div', { class: 'sg-import' });
    const id = `sg-import-${++importUid}`;
    box.append(h('label', { for: id, text: t('本将棋の棋譜（KIF）か局面（SFEN）を読み込む', 'Load a standard-shogi record (KIF) or position (SFEN)') }));
    const area = h('textarea', { id, class: 'sg-import-text', rows: '4', oninput: () => { local.importText = area.value; } });
    area.value = local.importText || '';
    const file = h('input', { type: 'file', accept: '.kif,.kifu,.sfen,.txt,text/plain', 'aria-label': t('ファイルを選ぶ', 'Choose a file'),
      onchange: async () => { if (file.files[0]) { area.value = await readFileText(file.files[0]); local.importText = area.value; } } });
    const msg = h('p', { class: 'sg-import-msg', role: 'status' });
    msg.textContent = local.importMsg || '';
    const say2 = (text) => { local.importMsg = text; const m = wrap.querySelector('.sg-import-msg'); if (m) m.textContent = text; };
    const go = h('button', { type: 'button', class: 'sg-btn', 'data-import': 'go', onclick: async () => {
      say2(t('読み込み中…', 'Loading…'));
      try {
        const players = (payload.players || []).map((p) => ({ ...p }));
        const res = await engineCall(ctx, 'import_record', { text: area.value, players: players.length ? players : null, seed: 0 });
        local.importText = '';
        say2(t('読み込みました', 'Loaded'));
        await openRecord(ctx, res.record);
      } catch (err) { say2(errText(err)); }
    } }, t('新しい対局として開く', 'Open as a new match'));
    box.append(area, h('div', { class: 'sg-row-buttons' }, file, go), msg);
    return box;
  }

  function renderMoveList(view) {
    const rec = view.record || [];
    const box = h('section', { class: 'sg-moves', 'aria-label': t('棋譜', 'Moves') });
    box.append(h('h3', { text: t('棋譜', 'Moves') }));
    const ol = h('ol', { class: 'sg-move-list', tabindex: '0', 'aria-label': t('指し手の一覧', 'Move list') });
    for (const m of rec) {
      ol.append(h('li', { value: String(m.ply), class: m.draw ? 'sg-move-draw' : '', text: t(m.ja, m.en) }));
    }
    if (!rec.length) box.append(h('p', { class: 'sg-none', text: t('まだ指していません', 'No moves yet') }));
    box.append(ol);
    queueMicrotask(() => { ol.scrollTop = ol.scrollHeight; });
    return box;
  }

  function renderDialog(view) {
    const d = local.dialog;
    const box = h('div', { class: 'sg-dialog', role: 'dialog', 'aria-modal': 'true' });
    const buttons = h('div', { class: 'sg-row-buttons' });
    if (d.kind === 'promote') {
      const p = pieceAt(view, local.sel && local.sel.sq);
      const name = p ? PIECE_NAME_JA[p.p] : '';
      box.setAttribute('aria-label', t('成りますか？', 'Promote?'));
      box.append(h('p', { text: t(`${name}を成りますか？`, 'Promote this piece?') }));
      buttons.append(
        h('button', { type: 'button', class: 'sg-btn sg-primary', 'data-promote': 'yes', onclick: () => d.go(`${d.base}+`) }, t('成る', 'Promote')),
        h('button', { type: 'button', class: 'sg-btn', 'data-promote': 'no', onclick: () => d.go(d.base) }, t('成らない（不成）', 'Do not promote')));
    } else if (d.kind === 'foul') {
      box.setAttribute('aria-label', t('反則の手', 'Foul move'));
      box.append(h('p', { class: 'sg-warn', text: t(`この手は反則で、指すと負けになります：${d.foul.ja}`, `This move is a foul and loses at once: ${d.foul.en}`) }));
      buttons.append(
        h('button', { type: 'button', class: 'sg-btn sg-danger', onclick: () => act(d.action) }, t('それでも指す', 'Play it anyway')));
    } else if (d.kind === 'unsafe') {
      box.setAttribute('aria-label', t('王が取られる手', 'King left open'));
      box.append(h('p', { class: 'sg-warn', text: t('この手では王が取られる状態になります。指しますか？', 'This move leaves your king open to capture. Play it anyway?') }));
      buttons.append(
        h('button', { type: 'button', class: 'sg-btn sg-danger', 'data-confirm': 'unsafe', onclick: () => act(d.action) }, t('指す', 'Play it')));
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

  return {
    update(next) {
      const prevPly = payload && payload.view && payload.view.ply;
      const prevRecordLen = payload && payload.plies;
      payload = next;
      if (!next || prevPly !== (next.view && next.view.ply) || prevRecordLen !== next.plies) {
        local.sel = null;
        local.dialog = null;
        if (next && next.view && next.view.last_move && next.view.last_move.to) local.cursor = next.view.last_move.to;
      }
      render();
    },
    destroy() {
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
    const v = ctx.storage && ctx.storage.get(key);
    return v === true || v === 'true';
  } catch { return false; }
}

function writeFlag(ctx, key, value) {
  try { if (ctx.storage) ctx.storage.set(key, value); } catch { /* storage full: forget */ }
}

function readFileText(file) {
  return file.text();
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
