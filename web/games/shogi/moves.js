// The move list, and an earlier position opened from it (←/→ step, Esc back to the game).

import { h } from '../../shell/dom.js';
import { getRecord } from './io.js';
import { codedText } from './files.js';

/** Preview handlers bound to `ui`; `wrap` holds the move list. */
export function previews(ui, wrap) {
  const { ctx, t } = ui;
  // Moves are numbered by turn (the record's "ply"); the engine's replay call counts actions (chance
  // outcomes included). The action count of each turn is read from the engine's log: the k-th turn
  // ends with the k-th logged action whose text matches the record entry's action.
  let logCache = null; // {n: actions, ends: [action count after the setup, after turn 1, ...]}
  async function turnEnds(record) {
    if (logCache && logCache.n === record.actions.length) return logCache.ends;
    const { log } = await ctx.api('log', { record });
    const rec = (ui.live.view && ui.live.view.record) || [];
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

  function lastTurn() { return ((ui.live && ui.live.view && ui.live.view.record) || []).length; }

  async function openPreview(turn) {
    if (!ui.live) return;
    if (!(turn >= 0) || turn >= lastTurn()) { closePreview(); return; }
    try {
      const record = await getRecord(ctx, ui.live);
      const ends = await turnEnds(record);
      const payload = await ctx.api('replay', { record, ply: ends[turn], seat: ui.live.seat });
      ui.preview = { turn, payload };
      ui.sel = null;
      ui.dialog = null;
      ui.render();
      focusMove(turn);
    } catch (err) {
      ui.say(codedText(t, err), 'error');
    }
  }

  function closePreview() {
    if (!ui.preview) return;
    ui.preview = null;
    ui.render();
  }

  function onMoveListKey(ev) {
    const last = lastTurn();
    const at = ui.preview ? ui.preview.turn : last;
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

  return { openPreview, closePreview, onMoveListKey, lastTurn, turnEnds };
}

/** The whole game's moves (also while an earlier position is shown); `marks` (from a review) tag
 *  moves as 悪手/疑問手/好手 by turn. */
export function moveListPanel(ui, pv, marks = null) {
  const { t, ctx, live } = ui;
  const rec = (live.view && live.view.record) || [];
  // the position on the board: a study's (none of these moves if it is another game's), a preview's, the last
  const studied = ui.studyAt ? ui.studyAt() : undefined;
  const at = studied !== undefined ? studied : ui.preview ? ui.preview.turn : rec.length;
  const tabAt = at === null ? rec.length : at; // one move of the list is in the tab order
  const box = h('section', { class: 'sg-moves', 'aria-label': t('棋譜', 'Moves') });
  box.append(h('h3', { text: t('棋譜', 'Moves') }),
    h('p', { class: 'sg-hint', text: t('手を押すとその局面（←→で移動）', 'Press a move to see that position (← → to step)') }));
  const canPreview = !live.replay && typeof ctx.api === 'function';
  const ol = h('ol', { class: 'sg-move-list', 'aria-label': t('指し手の一覧', 'Move list'), onkeydown: pv.onMoveListKey,
    tabindex: canPreview ? null : '0' });
  ol.append(h('li', { value: '0', class: 'sg-move-start', 'data-ply': '0', tabindex: canPreview ? (tabAt === 0 ? '0' : '-1') : null,
    'aria-current': at === 0 ? 'true' : null, onclick: canPreview ? () => pv.openPreview(0) : null }, t('開始局面', 'Start')));
  for (const m of rec) {
    const mark = marks && marks[m.ply];
    const cls = ['sg-move', m.draw ? 'sg-move-draw' : '', m.ply === at ? 'sg-move-current' : '', mark ? `sg-mark-${mark.kind}` : ''].filter(Boolean).join(' ');
    ol.append(h('li', { value: String(m.ply), class: cls, 'data-ply': String(m.ply),
      tabindex: canPreview ? (m.ply === tabAt ? '0' : '-1') : null, 'aria-current': m.ply === at ? 'true' : null,
      onclick: canPreview ? () => (m.ply >= rec.length ? pv.closePreview() : pv.openPreview(m.ply)) : null },
    t(m.ja, m.en), mark ? h('span', { class: 'sg-move-mark', text: t(mark.ja, mark.en) }) : null,
    // an imported record's comments at this move (plain text)
    ...(Array.isArray(m.comments) ? m.comments.map((c) => h('span', { class: 'sg-comment', text: String(c) })) : [])));
  }
  // a draw turn played whose card is not decided yet (the engine's words; not a position to show)
  const drawing = live.view && live.view.drawing;
  if (drawing) {
    ol.append(h('li', { value: String(drawing.ply), class: 'sg-move sg-move-draw sg-move-pending', id: 'sg-move-pending' },
      t(drawing.ja, drawing.en)));
  }
  const opening = (live.view && live.view.comments_at_start) || [];
  if (opening.length) box.append(...opening.map((c) => h('p', { class: 'sg-comment', text: String(c) })));
  if (!rec.length && !drawing) box.append(h('p', { class: 'sg-none', text: t('まだ指していません', 'No moves yet') }));
  box.append(ol);
  return box;
}

/** Scrolls the move list inside itself (never the page) so that the move of the board's position is in
 *  sight, near the middle; left alone if it is in sight already. Called once the view is laid out. */
export function showCurrentMove(wrap) {
  const ol = wrap.querySelector('.sg-move-list');
  const cur = ol && ol.querySelector('[aria-current="true"]');
  if (!cur || ol.scrollHeight <= ol.clientHeight) return;
  const list = ol.getBoundingClientRect();
  const move = cur.getBoundingClientRect();
  if (move.top >= list.top && move.bottom <= list.bottom) return;
  ol.scrollTop += move.top - list.top - (ol.clientHeight - move.height) / 2;
}
