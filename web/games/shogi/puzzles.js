// 次の一手 from your own games: every 悪手 a review found in your moves becomes a puzzle kept on this
// device (the game's record and the turn). Find a better move; the engine judges it (puzzle_answer).

import { h } from '../../shell/dom.js';
import { engineCall } from './io.js';
import { codedText } from './files.js';

const KEY = 'puzzles';
const MAX = 60;

function load(ctx) {
  try {
    const list = ctx.storage && ctx.storage.get(KEY);
    return Array.isArray(list) ? list.filter((p) => p && p.record && Number.isInteger(p.turn)) : [];
  } catch { return []; }
}
function store(ctx, list) {
  try { if (ctx.storage) ctx.storage.set(KEY, list.slice(-MAX)); } catch { /* storage full: keep what is there */ }
}

/** Add the blunders of `humans` (seats of people; all seats when none) from a judged review. */
export function addPuzzles(ctx, rec, result, humans) {
  const seats = humans && humans.length ? humans : [0, 1];
  const list = load(ctx);
  const base = { game: rec.game, engine_version: rec.engine_version, options: rec.options, players: rec.players, seed: rec.seed,
    actions: rec.actions, format: rec.format, schema: rec.schema };
  const key = `${rec.seed}-${rec.actions.length}-${(rec.meta && rec.meta.id) || ''}`;
  for (const m of result.turns) {
    if (m.kind !== 'blunder' || !seats.includes(m.seat) || !m.better) continue;
    const id = `${key}-${m.turn}`;
    if (list.some((p) => p.id === id)) continue;
    list.push({ id, record: base, turn: m.turn, seat: m.seat, better: m.better, ruleset: rec.options && rec.options.ruleset, solved: false, tries: 0 });
  }
  store(ctx, list);
}

async function openPuzzle(api, item) {
  const { ui, S, ctx } = api;
  try {
    const payload = await engineCall(ctx, 'branch_view', { record: item.record, turn: item.turn - 1, branch: [] });
    payload.players = item.record.players;
    S.puzzle = { item, payload, answer: null };
    ui.studyPayload = payload;
    ui.studyAct = (action) => answer(api, item, action);
    ui.sel = null;
    S.error = '';
  } catch (err) { S.error = codedText(api.t, err); }
  api.render();
}

async function answer(api, item, move) {
  const { S, ctx, ui } = api;
  ui.dialog = null;
  ui.sel = null;
  S.puzzle.answer = { pending: true };
  api.render();
  try {
    const res = await engineCall(ctx, 'puzzle_answer', { record: item.record, turn: item.turn - 1, move });
    const list = load(ctx);
    const p = list.find((x) => x.id === item.id);
    if (p) { p.tries += 1; if (res.correct) p.solved = true; store(ctx, list); }
    S.puzzle.answer = res;
    if (!res.correct) S.puzzle.tried = move;
  } catch (err) {
    S.puzzle.answer = null;
    S.error = codedText(api.t, err);
  }
  api.render();
}

/** The puzzle list (solved count) and the puzzle on the board with its answer. */
export function puzzlePanel(api) {
  const { t, S, ctx } = api;
  const list = load(ctx);
  const solved = list.filter((p) => p.solved).length;
  const box = h('section', { class: 'sg-study sg-puzzles', 'aria-label': t('次の一手', 'Puzzles') },
    h('h3', { text: t('次の一手（自分の悪手から）', 'Puzzles from your blunders') }),
    h('p', { class: 'sg-puzzle-count', text: t(`解いた数 ${solved} / ${list.length}`, `Solved ${solved} of ${list.length}`) }));
  if (!list.length) {
    box.append(h('p', { class: 'sg-hint', text: t('振り返りで見つかったあなたの悪手が、ここに問題として加わります。', 'Blunders a review finds in your moves become puzzles here.') }));
    return box;
  }
  const P = S.puzzle;
  if (P) {
    const a = P.answer;
    if (a && a.pending) box.append(h('p', { role: 'status', text: t('確かめています…', 'Checking…') }));
    else if (a && a.shown) {
      box.append(h('p', { class: 'sg-puzzle-best', role: 'status' },
        t(`答え：エンジンの推奨は${a.best_move_text.ja}`, `Answer: the engine's move is ${a.best_move_text.en}`),
        h('span', { class: 'sg-cand-line', text: t(`読み筋 ${a.best_text.ja}`, `Line: ${a.best_text.en}`) })));
    } else if (a && a.correct && a.exact) {
      box.append(h('p', { class: 'sg-puzzle-right', role: 'status', text: t(`正解！ ${a.played.ja}はエンジンの推奨手です`, `Correct! ${a.played.en} is the engine's move`) }));
    } else if (a && a.correct) {
      // within the engine's tolerance (the review would not mark it), but not its move: say which it is
      box.append(h('p', { class: 'sg-puzzle-ok', role: 'status' },
        t(`正解（許容範囲）：${a.played.ja}${a.why.ja ? `は${a.why.ja}` : ''}。`, `Good enough: ${a.played.en} ${a.why.en}. `),
        h('span', { class: 'sg-puzzle-engine', text: t(`エンジンの推奨: ${a.best_move_text.ja}`, `The engine preferred ${a.best_move_text.en}`) })));
    } else if (a) {
      box.append(h('p', { class: 'sg-puzzle-wrong', role: 'status', text: t(`惜しい：${a.played.ja} は${a.why.ja}。もう一度どうぞ`, `Not quite: ${a.played.en} ${a.why.en}. Try again`) }),
        h('button', { type: 'button', class: 'sg-btn', onclick: () => { P.answer = null; api.render(); } }, t('もう一度', 'Retry')),
        h('button', { type: 'button', class: 'sg-btn', 'data-puzzle-answer': 'show', onclick: () => { P.answer = { ...a, shown: true }; api.render(); } }, t('答えを見る', 'Show the answer')));
    } else box.append(h('p', { class: 'sg-hint', text: t('盤で手を指してください', 'Play your move on the board') }));
  }
  const ol = h('ol', { class: 'sg-puzzle-list' });
  list.slice().reverse().forEach((p) => ol.append(h('li', { class: p.solved ? 'sg-solved' : '' },
    h('button', { type: 'button', class: 'sg-linkish', 'data-puzzle': p.id, 'aria-pressed': P && P.item.id === p.id ? 'true' : 'false', onclick: () => openPuzzle(api, p) },
      t(`${p.ruleset === 'hon' ? '本将棋' : '集大成将棋'}・${p.turn}手目${p.solved ? '（解いた）' : ''}`, `${p.ruleset === 'hon' ? 'Shogi' : 'Shūtaisei'} · move ${p.turn}${p.solved ? ' (solved)' : ''}`)))));
  box.append(ol);
  return box;
}
