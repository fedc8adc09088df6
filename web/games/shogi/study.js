// The study tools around a game: 振り返り (review), 検討 (analysis with branches) and 次の一手 (puzzles
// from your own mistakes). The engine does every judgement (pygames/shogi/studycalls.py); this module
// keeps what is on screen and calls it. Positions are numbered by turn, as the move list numbers them.

import { h } from '../../shell/dom.js';
import { engineCall, getRecord, downloadText } from './io.js';
import { codedText, takeImportBranches, toBase64 } from './files.js';
import { SEAT_MARK, SEAT_JA, SEAT_EN, sideNames } from './panels.js';
import { reviewPanel, winBar } from './reviewpanel.js';
import { analysisPanel } from './analysispanel.js';
import { puzzlePanel, addPuzzles } from './puzzles.js';

const BATCH = 2; // positions per engine call: small, so the progress moves and Stop answers quickly
const REVIEW_NODES = 8000;
const ANALYSIS_NODES = 20000;
const META_KEY = 'shogi_review';
const BRANCH_KEY = 'shogi_branches';

/** The study controller bound to the view's state `ui`, its previews `pv` and selection `sel`. */
export function study(ui, pv, sel) {
  const { t, ctx } = ui;
  const S = {
    mode: null, // 'review' | 'analysis' | 'puzzle'
    review: null, // {n, nodes, positions: [...], result}
    running: false,
    stopAsked: false,
    focus: null, // {turn, branch: [], payload, hint, note}
    analysis: null,
    analysing: 0,
    branches: [],
    puzzle: null, // the puzzle on the board: {item, payload, answer}
    error: '',
    info: '', // what the last branch import read
    alive: true,
    helpSaid: false, // a switched-off tool was pressed: its reason is shown
  };
  const render = () => ui.render();
  const lastTurn = () => ((ui.live && ui.live.view && ui.live.view.record) || []).length;
  const over = () => !!(ui.live && ui.live.view && ui.live.view.phase === 'over');
  // why the computer may not help now (a match with a friend by link before its end), else null: the engine's word
  const helpOff = () => {
    const help = ui.live && ui.live.engine_help;
    return help && help.allowed === false && help.why ? help.why : null;
  };
  const withBots = () => ((ui.live && ui.live.players) || []).some((p) => p.type === 'bot');
  const record = () => getRecord(ctx, ui.live);
  const fail = (err) => { S.error = codedText(t, err); render(); };

  /** Take the review and branches kept with the save; true if that changed what is shown. */
  function saved(rec) {
    const before = [S.review, S.branches];
    const meta = (rec && rec.meta) || {};
    const r = meta[META_KEY];
    if (r && typeof r === 'object' && r.n === rec.actions.length && Array.isArray(r.positions)) S.review = r;
    if (Array.isArray(meta[BRANCH_KEY])) S.branches = meta[BRANCH_KEY].filter((b) => b && Number.isInteger(b.turn) && Array.isArray(b.moves));
    const imported = takeImportBranches(rec);
    if (imported) { S.branches = imported; keep(BRANCH_KEY, S.branches); }
    return S.review !== before[0] || S.branches !== before[1];
  }
  function keep(key, value) {
    if (typeof ctx.saveMeta === 'function') ctx.saveMeta(key, value);
  }

  // --- positions shown by a study panel -------------------------------------------------------
  async function showTurn(turn, branch = [], extra = {}) {
    try {
      const rec = await record();
      const payload = await engineCall(ctx, 'branch_view', { record: rec, turn, branch });
      payload.players = ui.live.players;
      S.focus = { turn, branch, payload, ...extra };
      ui.studyPayload = payload;
      ui.studyAct = S.mode === 'analysis' ? branchMove : null;
      ui.sel = null;
      S.error = '';
      render();
      if (S.mode === 'analysis') analyse();
    } catch (err) { fail(err); }
  }
  function leavePosition() {
    S.focus = null;
    S.analysis = null;
    ui.studyPayload = null;
    ui.studyAct = null;
    ui.sel = null;
  }
  ui.studyPrompt = (view) => {
    const f = S.focus || (S.puzzle && { turn: S.puzzle.item.turn - 1, branch: [] });
    if (S.mode === 'puzzle' && S.puzzle) {
      const seat = S.puzzle.item.seat;
      // one line on a phone (the bar does not wrap)
      return { text: t(`次の一手：${SEAT_MARK[seat]}${SEAT_JA[seat]}番。より良い手は？`, `Puzzle: ${SEAT_EN[seat]} to play. A better move?`), kind: 'turn' };
    }
    if (!f) return { text: '', kind: 'info' };
    const m = S.mode === 'review' && !f.branch.length ? f.mark : null;
    if (m && m.kind) {
      // the marked move and the better one, right above the board that shows them
      const move = ((ui.live && ui.live.view && ui.live.view.record) || [])[m.turn - 1];
      const better = m.better_text ? [m.better_text.ja.split(' ')[0], m.better_text.en.split(' ')[0]] : null;
      // short enough for one line on a phone
      return { text: t(`${m.turn}手目${move ? move.ja : ''}は${m.ja}${better ? `。良い手${better[0]}` : ''}`,
        `Move ${m.turn} ${move ? move.en : ''}: ${m.en.toLowerCase()}${better ? `; better ${better[1]}` : ''}`), kind: 'info' };
    }
    const n = f.branch.length;
    const tail = n ? t(`から変化${n}手`, ` + ${n} branch move${n > 1 ? 's' : ''}`) : '';
    const what = S.mode === 'analysis' ? t('検討', 'Analysis') : t('振り返り', 'Review');
    // whose move it is in the position on the board (a branch's, not the game's); one line on a phone
    const side = view && view.phase !== 'over' ? view.side_to_move : null;
    const [ja, en] = sideNames(view);
    const whose = side === 0 || side === 1 ? t(` ${SEAT_MARK[side]}${ja[side]}の番`, `: ${en[side]} to move`) : '';
    const how = S.mode === 'analysis' && !n ? t('（指すと変化）', '') : '';
    return { text: t(`${what}：${f.turn}手目${tail}${whose}${how}`, `${what}, move ${f.turn}${tail}${whose}`), kind: 'info' };
  };

  /** The turn of this game's record the board shows while studying (the move list marks it): a puzzle
   *  from another game is none of its turns (null); undefined when no study position is shown. */
  ui.studyAt = () => {
    if (S.mode === 'puzzle' && S.puzzle) {
      const rec = S.puzzle.item.record;
      const mine = typeof ctx.record === 'function' ? ctx.record() : null;
      const same = mine && !(mine instanceof Promise) && mine.seed === rec.seed && Array.isArray(mine.actions)
        && mine.actions.length === rec.actions.length && mine.actions.every((a, i) => a === rec.actions[i]);
      return same ? S.puzzle.item.turn - 1 : null;
    }
    return S.focus && ui.studyPayload ? S.focus.turn : undefined;
  };

  // --- 振り返り -----------------------------------------------------------------------------------
  async function runReview() {
    if (S.running) return;
    S.mode = 'review';
    S.running = true;
    S.stopAsked = false;
    S.error = '';
    render();
    try {
      const rec = await record();
      const n = rec.actions.length;
      if (!S.review || S.review.n !== n) S.review = { v: 1, n, nodes: REVIEW_NODES, positions: [], total: null, result: null };
      const R = S.review;
      while (S.alive && !S.stopAsked && (R.total === null || R.positions.length < R.total)) {
        const res = await engineCall(ctx, 'review_positions', { record: rec, start: R.positions.length, count: BATCH, nodes: R.nodes });
        R.total = res.total;
        R.positions.push(...res.positions);
        keep(META_KEY, R);
        render();
      }
      if (R.total !== null && R.positions.length >= R.total && !R.result) {
        R.result = await engineCall(ctx, 'review_judge', { record: rec, positions: R.positions });
        keep(META_KEY, R);
        addPuzzles(ctx, rec, R.result, ui.humans());
      }
    } catch (err) {
      S.error = codedText(t, err);
    } finally {
      S.running = false;
      render();
    }
  }
  async function showMark(turn) {
    const m = S.review && S.review.result && S.review.result.turns[turn - 1];
    const hint = m && m.better ? usiSquares(m.better) : null;
    await showTurn(turn - 1, [], { hint, mark: m || null });
    // on a phone the panel is under the board: bring the board (and the prompt naming the mark) into view
    const play = document.querySelector('.sg-view[data-layout=narrow] .sg-play');
    if (play && S.focus && S.focus.turn === turn - 1) play.scrollIntoView({ block: 'start' });
  }

  // --- 検討 ----------------------------------------------------------------------------------
  async function analyse() {
    const f = S.focus;
    if (!f) return;
    const token = ++S.analysing;
    S.analysis = { pending: true };
    render();
    try {
      const rec = await record();
      const res = await engineCall(ctx, 'analyse_position', { record: rec, turn: f.turn, branch: f.branch, nodes: ANALYSIS_NODES, candidates: 3 });
      if (token !== S.analysing) return;
      S.analysis = res;
      if (S.focus === f) f.hint = res.candidates && res.candidates[0] ? usiSquares(res.candidates[0].move) : null;
    } catch (err) {
      if (token === S.analysing) { S.analysis = null; S.error = codedText(t, err); }
    }
    render();
  }
  function branchMove(action) {
    const f = S.focus;
    if (!f) return;
    ui.dialog = null;
    showTurn(f.turn, [...f.branch, action]);
  }
  function openAnalysis() {
    S.mode = 'analysis';
    const turn = ui.preview ? ui.preview.turn : lastTurn();
    ui.preview = null;
    showTurn(turn);
  }
  function saveBranch() {
    const f = S.focus;
    if (!f || !f.branch.length) return;
    S.branches = [...S.branches.filter((b) => !(b.turn === f.turn && b.moves.join(' ') === f.branch.join(' '))), { turn: f.turn, moves: [...f.branch] }];
    keep(BRANCH_KEY, S.branches);
    render();
  }
  function dropBranch(i) {
    S.branches = S.branches.filter((_b, j) => j !== i);
    keep(BRANCH_KEY, S.branches);
    render();
  }
  async function exportBranches() {
    try {
      const rec = await record();
      const res = await engineCall(ctx, 'export_branches', { record: rec, branches: S.branches });
      downloadText(res.filename, res.kif);
    } catch (err) { fail(err); }
  }

  /** A card game's own KIF with 変化 (exported here): its branches join the kept ones. */
  async function importBranches(file) {
    if (!file) return;
    try {
      const rec = await record();
      const decoded = await engineCall(ctx, 'decode_file', { data: toBase64(await file.arrayBuffer()), filename: file.name });
      const res = await engineCall(ctx, 'import_branches', { text: decoded.text, record: rec });
      const key = (b) => `${b.turn}:${b.moves.join(' ')}`;
      const have = new Set(S.branches.map(key));
      const added = (res.branches || []).filter((b) => !have.has(key(b)));
      S.branches = [...S.branches, ...added];
      keep(BRANCH_KEY, S.branches);
      const n = res.notice;
      S.error = '';
      S.info = t(`変化を${added.length}つ読み込みました`, `${added.length} branch(es) read`) + (n ? ` ${t(n.ja, n.en)} [${n.code}]` : '');
      render();
    } catch (err) { fail(err); }
  }

  // --- 次の一手 -------------------------------------------------------------------------------
  function openPuzzles() {
    close();
    S.mode = 'puzzle';
    render();
  }

  function close() {
    S.stopAsked = true;
    S.mode = null;
    S.puzzle = null;
    leavePosition();
    render();
  }

  const api = {
    S, t, ctx, ui, showTurn, showMark, runReview, analyse, branchMove, saveBranch, dropBranch, exportBranches, importBranches,
    stop: () => { S.stopAsked = true; render(); }, close, leavePosition, lastTurn, render,
    back: () => { leavePosition(); render(); },
    step: (d) => { const f = S.focus; if (f) showTurn(Math.max(0, Math.min(lastTurn(), f.turn + d))); },
    undoBranch: () => { const f = S.focus; if (f && f.branch.length) showTurn(f.turn, f.branch.slice(0, -1)); },
  };

  return {
    open() { return !!S.mode; },
    mode() { return S.mode || ''; },
    hint() {
      if (S.mode !== 'puzzle') return (S.focus && S.focus.hint) || null;
      // once answered (or the answer asked for), the engine's move is shown on the board
      const a = S.puzzle && S.puzzle.answer;
      return a && (a.correct || a.shown) ? usiSquares(a.best) : null;
    },
    bar() { return S.mode === 'analysis' && S.focus ? winBar(t, S.analysis) : null; },
    marks() {
      const turns = S.review && S.review.result && S.review.result.turns;
      if (!turns) return null;
      const out = {};
      for (const m of turns) if (m.kind) out[m.turn] = m;
      return out;
    },
    buttons() {
      if (!ui.live) return [];
      const off = helpOff();
      if (off) {
        // a match with a friend by link before its end (the engine says so): the computer's help stays in
        // sight, switched off, and pressing it says why (one player would consult it unseen by the friend)
        // (the reason goes right under the buttons: on a phone the prompt bar is out of sight down here)
        const refused = (cls, ja, en) => h('button', { type: 'button', class: `sg-btn ${cls} sg-btn-refused`, 'aria-disabled': 'true',
          'aria-describedby': S.helpSaid ? 'sg-help-off' : null, title: t(off.ja, off.en),
          onclick: () => { S.helpSaid = true; render(); } }, t(ja, en));
        return [refused('sg-study-analysis', '検討', 'Analyse'), refused('sg-study-puzzles', '次の一手', 'Puzzles'),
          S.helpSaid ? h('p', { class: 'sg-help-off', id: 'sg-help-off', role: 'status',
            text: codedText(t, { code: off.code, message_ja: off.ja, message_en: off.en }) }) : null];
      }
      const canReview = ui.live.replay || over();
      const canAnalyse = ui.live.replay || over() || !withBots();
      // the same buttons in the same places whichever panel is open (the one under the finger stays the
      // one pressed); the open panel's button is shown pressed, and pressing it again closes the panel
      const toggle = (mode, cls, ja, en, open) => h('button', { type: 'button', class: `sg-btn ${cls}`,
        'aria-pressed': S.mode === mode ? 'true' : 'false', onclick: () => (S.mode === mode ? close() : open()) }, t(ja, en));
      return [
        canReview || S.mode === 'review' ? toggle('review', 'sg-study-review', '振り返り', 'Review', () => { leavePosition(); S.mode = 'review'; render(); }) : null,
        canAnalyse || S.mode === 'analysis' ? toggle('analysis', 'sg-study-analysis', '検討', 'Analyse', openAnalysis) : null,
        toggle('puzzle', 'sg-study-puzzles', '次の一手', 'Puzzles', openPuzzles),
        S.mode ? h('button', { type: 'button', class: 'sg-btn sg-study-close', onclick: close }, t('対局に戻る', 'Back to the game')) : null,
      ];
    },
    panel() {
      if (!S.mode) return null;
      const box = S.mode === 'review' ? reviewPanel(api) : S.mode === 'analysis' ? analysisPanel(api) : puzzlePanel(api);
      if (S.error) box.append(h('p', { class: 'sg-message-error', role: 'alert', text: S.error }));
      return box;
    },
    update(next, first) {
      if (first) record().then((rec) => { if (saved(rec)) render(); }, () => {});
    },
    resultButton() {
      return h('button', { type: 'button', class: 'sg-btn sg-study-review', onclick: () => { S.mode = 'review'; runReview(); } }, t('振り返る', 'Review the game'));
    },
    destroy() { S.alive = false; S.stopAsked = true; },
  };
}

/** {from, to} squares of a USI move ('7g7f+', 'P*5e') for the board's hint. */
export function usiSquares(usi) {
  const m = /^([1-9][a-i]|[PLNSGBR]\*)([1-9][a-i])\+?$/.exec(usi || '');
  if (!m) return null;
  return { from: m[1].endsWith('*') ? null : m[1], to: m[2] };
}
