// 詰み札 page: choose a puzzle by level, play the answer on the same table, right/wrong,
// solution line, progress in ctx.storage ('puzzles': {solved: [ids], tried: [ids]}).

import { h } from '../../shell/dom.js';
import { cardFace, jaTerms } from './board.js';
import { createTable } from './table.js';

const gameCall = (ctx, name, args = {}) => ctx.api('game_call', { game: 'shiji', name, args });

/** In a puzzle you always hold player 1: say so in the engine's seat words. */
export function whoIs(ja, en) {
  return {
    ja: String(ja).replace(/プレイヤー1/g, 'あなた（プレイヤー1）').replace(/プレイヤー2/g, '相手（プレイヤー2）'),
    en: String(en).replace(/\bPlayer 1\b/g, 'Player 1 (you)').replace(/\bPlayer 2\b/g, 'Player 2 (opponent)'),
  };
}

/**
 * The puzzle page in `root`. One engine call per click, like the match page: `look` when a puzzle
 * starts, then `play` with the computer's defence and the whole log in the same answer
 * (`replies`, `history`), on the worker's cached match (the record again after a cache miss).
 * @param {HTMLElement} root
 * @param {import('../../../types/view').BaseCtx} ctx
 */
export function mountPuzzles(root, ctx) {
  const t = (ja, en) => ctx.t(ja, en);
  const page = h('div', { class: 'sj-view sj-puzzles' });
  root.append(page);
  let list = null;
  let current = null; // {id, level, depth, record, players, first, verdict, solution, busy, cached, payload, moves}
  let table = null;
  let alive = true;

  function progress() {
    const stored = ctx.storage.get('puzzles');
    return stored && typeof stored === 'object'
      ? { solved: stored.solved || [], tried: stored.tried || [] } : { solved: [], tried: [] };
  }

  function remember(id, solved) {
    const p = progress();
    if (!p.tried.includes(id)) p.tried.push(id);
    if (solved && !p.solved.includes(id)) p.solved.push(id);
    try { ctx.storage.set('puzzles', p); } catch { /* storage full: progress is not essential */ }
  }

  async function load() {
    list = await gameCall(ctx, 'list_puzzles');
    if (alive) render();
  }

  function render() {
    page.replaceChildren();
    page.append(h('h1', {}, jaTerms(t('詰み札', 'Shiji puzzles (詰み札)'), t('ja', 'en') === 'en')),
      h('p', { class: 'sj-muted' }, t('互いの手札と土地が公開された局面で、勝ちを強制できるただ一つの貝札を探します。',
        'Both hands and lands are open: find the one shell that forces a win.')),
      h('p', {}, h('a', { href: '#/rules/shiji', class: 'sj-link' }, t('遊び方', 'How to play'))));
    if (!list) { page.append(h('p', {}, t('読み込み中…', 'Loading…'))); return; }
    if (current) { renderPuzzle(); return; }
    const p = progress();
    for (const level of list.levels) {
      const items = list.puzzles.filter((q) => q.level === level.level);
      if (!items.length) continue;
      const solvedCount = items.filter((q) => p.solved.includes(q.id)).length;
      page.append(h('section', { class: 'sj-level', 'aria-label': t(level.ja, level.en) },
        h('h2', {}, t(level.ja, level.en), ' ', h('span', { class: 'sj-muted' }, `${solvedCount}/${items.length}`)),
        h('div', { class: 'sj-buttons' }, items.map((q) => puzzleButton(q, p.solved.includes(q.id))))));
    }
  }

  const puzzleButton = (q, solved) => h('button', {
    type: 'button', class: `sj-btn sj-puzzle-btn${solved ? ' sj-solved' : ''}`, dataset: { puzzle: q.id },
    'aria-label': `${q.id}${solved ? t('（解決済み）', ' (solved)') : ''}`, onclick: () => start(q),
  }, q.id, solved ? ' ✓' : '');

  async function start(q) {
    const setup = await gameCall(ctx, 'start_puzzle', { id: q.id });
    const { options, players } = setup;
    const { record } = await ctx.api('new_match', { game: 'shiji', options, players, seed: 1 });
    current = { ...q, record, players: setup.players, first: null, verdict: null, solution: null, busy: false,
      cached: null };
    table = null;
    const puzzle = current;
    const answer = await ctx.api('look', { record, look: 0, history: true });
    if (current === puzzle) adopt(answer);
  }

  /** Take an answer of look/play: the new actions, player 1's view, the moves so far; draw. */
  function adopt(answer) {
    const base = answer.ply - answer.added.length;
    current.record = { ...current.record, actions: [...current.record.actions.slice(0, base), ...answer.added] };
    current.cached = { match: answer.match, ply: answer.ply, tip: answer.tip };
    const payload = answer.views.find((v) => v.seat === 0) || answer.views[0];
    current.moves = current.first === null ? [] : answer.log;
    const names = current.players.map((pl, i) => ({ ...pl, name: i === 0 ? t('あなた', 'You') : t('相手', 'Opponent') }));
    current.payload = { ...payload, players: names, replay: false };
    current.reveal = true; // the next drawing scrolls the position (or the opponent's answer) into view
    if (payload.outcome && current.first !== null) {
      const won = payload.outcome.winners.includes(0);
      if (won && current.verdict === 'right') remember(current.id, true);
    }
    if (alive) render();
  }

  /** A `play` on the cached match; after `match.cache_miss`, once more with the record. */
  async function playCall(args) {
    const puzzle = current;
    if (puzzle.cached && puzzle.cached.ply === puzzle.record.actions.length) {
      try {
        return await ctx.api('play', { ...args, ...puzzle.cached });
      } catch (err) {
        if (err.code !== 'match.cache_miss') throw err;
      }
    }
    return ctx.api('play', { ...args, record: puzzle.record });
  }

  async function act(action) {
    if (current.busy) throw { code: 'shell.not_now', message_ja: '今は指せません', message_en: 'You cannot act now' };
    const puzzle = current;
    puzzle.busy = true;
    let answer;
    try {
      if (current.first === null && action.startsWith('place')) {
        const verdict = await gameCall(ctx, 'check_puzzle_move', { id: current.id, action });
        if (!verdict.legal) throw { code: 'shiji.puzzle.illegal', message_ja: verdict.ja, message_en: verdict.en };
        current.first = action;
        current.verdict = verdict.correct ? 'right' : 'wrong';
        remember(current.id, false);
      }
      // the opponent replies with the solver's longest defence, in the same call
      answer = await playCall({ seat: 0, action, look: 0, replies: true, history: true });
    } finally {
      puzzle.busy = false;
    }
    if (current === puzzle) adopt(answer); // not after Back to list or Retry
  }

  async function check(action) {
    try {
      await ctx.api('check', { record: current.record, seat: 0, action });
      return null;
    } catch (err) {
      return { code: err.code, message_ja: err.message_ja, message_en: err.message_en };
    }
  }

  async function showSolution() {
    current.solution = await gameCall(ctx, 'puzzle_solution', { id: current.id });
    render();
  }

  const button = (attrs, ...children) => h('button', { type: 'button', ...attrs }, ...children);

  function backToList() {
    current = null;
    table = null;
    render();
  }

  function renderPuzzle() {
    const { depth } = current;
    page.append(h('div', { class: 'sj-puzzle-head' },
      h('h2', {}, t(`問題 ${current.id}`, `Puzzle ${current.id}`), ' ',
        h('span', { class: 'sj-muted' }, t(`（${depth}手で勝ち）`, ` (win in ${depth})`))),
      h('div', { class: 'sj-buttons' },
        button({ class: 'sj-btn', onclick: backToList }, t('一覧へ', 'Back to list')),
        button({ class: 'sj-btn', onclick: () => start(current) }, t('やり直す', 'Retry')),
        button({ class: 'sj-btn', dataset: { testid: 'solution' }, onclick: showSolution },
          t('解答を見る', 'Show solution')))));
    if (!current.first) {
      page.append(h('p', { class: 'sj-goal', dataset: { testid: 'puzzle-goal' } }, depth === 1
        ? t('あなたの番です。並べた瞬間に勝ちが決まる貝札を１組見つけてください。',
          'Your move: find the one shell that wins at once.')
        : t(`あなたの番です。相手がどう受けても、あなたの${depth}組目までに勝ちが決まる最初の貝札を見つけてください`
          + '（相手は最善の受けをします）。',
        `Your move: find the first shell that wins by force within ${depth} of your shells, whatever the opponent does`
          + ' (the computer defends as well as it can).')));
    }
    const out = current.payload && current.payload.outcome;
    if (current.verdict) {
      const right = current.verdict === 'right';
      const text = !right
        ? t('不正解: その貝札では勝ちを強制できません（「やり直す」でもう一度）', 'Wrong: that shell does not force a win (Retry to try again)')
        : out ? t('正解！', 'Correct!')
          : t('正解！ 最初の一手はこれです。相手の受けに対して、勝つまで続けてください',
            'Correct! That is the first move. Keep going until you win');
      page.append(h('p', { class: `sj-verdict ${right ? 'sj-ok' : 'sj-bad'}`, role: 'status',
        dataset: { testid: 'puzzle-verdict' } }, text));
    }
    if (out) renderResult(out);
    if (current.moves && current.moves.length) {
      page.append(h('section', { class: 'sj-moves', 'aria-label': t('これまでの手', 'Moves so far') },
        h('h3', {}, t('これまでの手', 'Moves so far')),
        h('ol', { dataset: { testid: 'puzzle-moves' } }, current.moves.map((m) => {
          const w = whoIs(m.ja, m.en);
          // whose move each line is (a shell's log line names no one: 「星組 5・夕」 then 「土地から7を
          // 手札に加えました」 read as one player's); a line that names a player already says it
          const named = /プレイヤー[12]/.test(m.ja);
          const who = m.seat === 0 ? t('あなた', 'You') : m.seat === 1 ? t('相手', 'Opponent') : '';
          return h('li', { class: m.seat === 0 ? 'sj-move-me' : 'sj-move-opp' },
            who && !named ? h('span', { class: 'sj-move-who' }, t(`${who}：`, `${who}: `)) : null, t(w.ja, w.en));
        }))));
    }
    if (current.solution) renderSolution(current.solution);
    const holder = h('div', {});
    page.append(holder);
    table = createTable(holder, { t, act, check });
    table.update(current.payload);
    if (current.reveal) {
      current.reveal = false;
      const opp = page.querySelector('.sj-opp');
      if (!current.first) reveal(page.querySelector('[data-testid=puzzle-goal]'), opp);
      else {
        // after a move: the verdict, the opponent's answer in the moves, and its newest shell on the table
        const moves = page.querySelectorAll('[data-testid=puzzle-moves] li');
        const said = page.querySelector('[data-testid=puzzle-verdict]');
        reveal(said, out ? moves[moves.length - 1] : page.querySelector('.sj-opp .sj-shell-new') || opp);
      }
    }
  }

  /**
   * Scroll the page so that `top`, `bottom` and what lies between are in view above the action bar (docked
   * at the bottom of the screen, it covered the opponent's open cards on a phone), with the least
   * scrolling; when they cannot both fit, `top` is at the top of the screen.
   */
  function reveal(top, bottom) {
    if (!top || !bottom) return;
    const bar = page.querySelector('[data-testid=action-bar]');
    const docked = bar && getComputedStyle(bar).position === 'sticky' ? bar.getBoundingClientRect().height : 0;
    const gap = 8;
    const least = bottom.getBoundingClientRect().bottom - (window.innerHeight - docked - gap);
    const most = top.getBoundingClientRect().top - gap;
    const by = least <= most ? Math.min(Math.max(0, least), most) : most;
    if (Math.abs(by) >= 1) window.scrollBy({ top: by, behavior: 'instant' });
  }

  /** Won or lost, why, and the buttons to try again or go on to the next puzzle. */
  function renderResult(out) {
    const won = out.winners.includes(0);
    const why = whoIs(out.reason.ja, out.reason.en);
    page.append(h('p', { class: `sj-verdict ${won ? 'sj-ok' : 'sj-bad'}`, role: 'status',
      dataset: { testid: 'puzzle-result' } }, won ? t('勝ち！ ', 'You win! ') : t('負け… ', 'Lost… '), t(why.ja, why.en)));
    const at = list.puzzles.findIndex((q) => q.id === current.id);
    const next = at >= 0 ? list.puzzles[at + 1] : null;
    page.append(h('div', { class: 'sj-buttons' },
      won ? null : button({ class: 'sj-btn sj-primary', onclick: () => start(current) }, t('もう一度挑戦', 'Try again')),
      next ? button({ class: `sj-btn${won ? ' sj-primary' : ''}`, dataset: { testid: 'next-puzzle' },
        onclick: () => start(next) }, t(`次の問題（${next.id}）へ`, `Next puzzle (${next.id})`)) : null));
  }

  /** The answer's shell and its line, with the result. */
  function renderSolution(s) {
    const said = (x) => { const w = whoIs(x.ja, x.en); return t(w.ja, w.en); };
    page.append(h('section', { class: 'sj-solution', 'aria-label': t('解答', 'Solution') },
      h('h3', { class: 'sj-answer', dataset: { answer: s.answer } }, t('解答: ', 'Answer: '),
        s.answer.split(' ').slice(1).map((c) => cardFace(t, c))),
      h('ol', {}, s.line.map((step) => h('li', {}, said(step)))),
      s.result ? h('p', {}, said(s.result)) : null));
  }

  load().catch((err) => {
    page.replaceChildren(h('p', { role: 'alert' },
      t(`読み込めませんでした: ${err.message_ja || err}`, `Could not load: ${err.message_en || err}`)));
  });

  return {
    destroy() { alive = false; page.remove(); },
    relang() { render(); },
  };
}
