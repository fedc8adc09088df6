// 詰み札 page: choose a puzzle by level, play the answer on the same table, right/wrong,
// solution line, progress in ctx.storage ('puzzles': {solved: [ids], tried: [ids]}).

import { el, cardFace, jaTerms } from './board.js';
import { createTable } from './table.js';

const gameCall = (ctx, name, args = {}) => ctx.api('game_call', { game: 'shiji', name, args });

/** In a puzzle you always hold player 1: say so in the engine's seat words. */
export function whoIs(ja, en) {
  return {
    ja: String(ja).replace(/プレイヤー1/g, 'あなた（プレイヤー1）').replace(/プレイヤー2/g, '相手（プレイヤー2）'),
    en: String(en).replace(/\bPlayer 1\b/g, 'Player 1 (you)').replace(/\bPlayer 2\b/g, 'Player 2 (opponent)'),
  };
}

export function mountPuzzles(root, ctx) {
  const t = (ja, en) => ctx.t(ja, en);
  const page = el('div', { class: 'sj-view sj-puzzles' });
  root.append(page);
  let list = null;
  let current = null;     // {id, level, depth, record, first, verdict, solution}
  let table = null;
  let alive = true;

  function progress() {
    const stored = ctx.storage.get('puzzles');
    return stored && typeof stored === 'object' ? { solved: stored.solved || [], tried: stored.tried || [] } : { solved: [], tried: [] };
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
    page.append(el('h1', {}, jaTerms(t('詰み札', 'Shiji puzzles (詰み札)'), t('ja', 'en') === 'en')),
      el('p', { class: 'sj-muted' }, t('互いの手札と土地が公開された局面で、勝ちを強制できるただ一つの貝札を探します。',
        'Both hands and lands are open: find the one shell that forces a win.')),
      el('p', {}, el('a', { href: '#/rules/shiji', class: 'sj-link' }, t('遊び方', 'How to play'))));
    if (!list) { page.append(el('p', {}, t('読み込み中…', 'Loading…'))); return; }
    if (current) { renderPuzzle(); return; }
    const p = progress();
    for (const level of list.levels) {
      const items = list.puzzles.filter((q) => q.level === level.level);
      if (!items.length) continue;
      const solvedCount = items.filter((q) => p.solved.includes(q.id)).length;
      page.append(el('section', { class: 'sj-level', 'aria-label': t(level.ja, level.en) },
        el('h2', {}, t(level.ja, level.en), ' ', el('span', { class: 'sj-muted' }, `${solvedCount}/${items.length}`)),
        el('div', { class: 'sj-buttons' }, items.map((q) => el('button', {
          type: 'button', class: `sj-btn sj-puzzle-btn${p.solved.includes(q.id) ? ' sj-solved' : ''}`, dataset: { puzzle: q.id },
          'aria-label': `${q.id}${p.solved.includes(q.id) ? t('（解決済み）', ' (solved)') : ''}`,
          onclick: () => start(q),
        }, q.id, p.solved.includes(q.id) ? ' ✓' : '')))));
    }
  }

  async function start(q) {
    const setup = await gameCall(ctx, 'start_puzzle', { id: q.id });
    const { record } = await ctx.api('new_match', { game: 'shiji', options: setup.options, players: setup.players, seed: 1 });
    current = { ...q, record, players: setup.players, first: null, verdict: null, solution: null, busy: false };
    table = null;
    await refresh();
  }

  async function refresh() {
    const payload = await ctx.api('view', { record: current.record, seat: 0 });
    current.moves = current.first === null ? [] : (await ctx.api('log', { record: current.record })).log;
    current.payload = { ...payload, players: current.players.map((pl, i) => ({ ...pl, name: i === 0 ? t('あなた', 'You') : t('相手', 'Opponent') })), replay: false };
    if (payload.outcome && current.first !== null) {
      const won = payload.outcome.winners.includes(0);
      if (won && current.verdict === 'right') remember(current.id, true);
    }
    if (alive) render();
  }

  async function act(action) {
    if (current.busy) throw { code: 'shell.not_now', message_ja: '今は指せません', message_en: 'You cannot act now' };
    current.busy = true;
    try {
      if (current.first === null && action.startsWith('place')) {
        const verdict = await gameCall(ctx, 'check_puzzle_move', { id: current.id, action });
        if (!verdict.legal) throw { code: 'shiji.puzzle.illegal', message_ja: verdict.ja, message_en: verdict.en };
        current.first = action;
        current.verdict = verdict.correct ? 'right' : 'wrong';
        remember(current.id, false);
      }
      let { record } = await ctx.api('apply', { record: current.record, seat: 0, action });
      // the opponent replies with the solver's longest defence
      for (let guard = 0; guard < 40; guard += 1) {
        const v = await ctx.api('view', { record, seat: null });
        if (v.outcome || !v.to_move.includes(1)) break;
        const { action: reply } = await ctx.api('bot_action', { record, seat: 1 });
        ({ record } = await ctx.api('apply', { record, seat: 1, action: reply }));
      }
      current.record = record;
    } finally {
      current.busy = false;
    }
    await refresh();
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

  function renderPuzzle() {
    const head = el('div', { class: 'sj-puzzle-head' },
      el('h2', {}, t(`問題 ${current.id}`, `Puzzle ${current.id}`), ' ',
        el('span', { class: 'sj-muted' }, t(`（${current.depth}手で勝ち）`, ` (win in ${current.depth})`))),
      el('div', { class: 'sj-buttons' },
        el('button', { type: 'button', class: 'sj-btn', onclick: () => { current = null; table = null; render(); } }, t('一覧へ', 'Back to list')),
        el('button', { type: 'button', class: 'sj-btn', onclick: () => start(current) }, t('やり直す', 'Retry')),
        el('button', { type: 'button', class: 'sj-btn', dataset: { testid: 'solution' }, onclick: showSolution }, t('解答を見る', 'Show solution'))));
    page.append(head);
    if (!current.first) {
      page.append(el('p', { class: 'sj-goal', dataset: { testid: 'puzzle-goal' } }, current.depth === 1
        ? t('あなたの番です。並べた瞬間に勝ちが決まる貝札を１組見つけてください。',
          'Your move: find the one shell that wins at once.')
        : t(`あなたの番です。相手がどう受けても、あなたの${current.depth}組目までに勝ちが決まる最初の貝札を見つけてください（相手は最善の受けをします）。`,
          `Your move: find the first shell that wins by force within ${current.depth} of your shells, whatever the opponent does (the computer defends as well as it can).`)));
    }
    const out = current.payload && current.payload.outcome;
    if (current.verdict) {
      const right = current.verdict === 'right';
      const text = !right ? t('不正解: その貝札では勝ちを強制できません（「やり直す」でもう一度）', 'Wrong: that shell does not force a win (Retry to try again)')
        : out ? t('正解！', 'Correct!')
          : t('正解！ 最初の一手はこれです。相手の受けに対して、勝つまで続けてください', 'Correct! That is the first move. Keep going until you win');
      page.append(el('p', { class: `sj-verdict ${right ? 'sj-ok' : 'sj-bad'}`, role: 'status', dataset: { testid: 'puzzle-verdict' } }, text));
    }
    if (out) {
      const won = out.winners.includes(0);
      const why = whoIs(out.reason.ja, out.reason.en);
      page.append(el('p', { class: `sj-verdict ${won ? 'sj-ok' : 'sj-bad'}`, role: 'status', dataset: { testid: 'puzzle-result' } },
        won ? t('勝ち！ ', 'You win! ') : t('負け… ', 'Lost… '), t(why.ja, why.en)));
      const at = list.puzzles.findIndex((q) => q.id === current.id);
      const next = at >= 0 ? list.puzzles[at + 1] : null;
      page.append(el('div', { class: 'sj-buttons' },
        won ? null : el('button', { type: 'button', class: 'sj-btn sj-primary', onclick: () => start(current) }, t('もう一度挑戦', 'Try again')),
        next ? el('button', { type: 'button', class: `sj-btn${won ? ' sj-primary' : ''}`, dataset: { testid: 'next-puzzle' }, onclick: () => start(next) },
          t(`次の問題（${next.id}）へ`, `Next puzzle (${next.id})`)) : null));
    }
    if (current.moves && current.moves.length) {
      page.append(el('section', { class: 'sj-moves', 'aria-label': t('これまでの手', 'Moves so far') },
        el('h3', {}, t('これまでの手', 'Moves so far')),
        el('ol', { dataset: { testid: 'puzzle-moves' } }, current.moves.map((m) => {
          const w = whoIs(m.ja, m.en);
          return el('li', { class: m.seat === 0 ? 'sj-move-me' : 'sj-move-opp' }, t(w.ja, w.en));
        }))));
    }
    if (current.solution) {
      const s = current.solution;
      page.append(el('section', { class: 'sj-solution', 'aria-label': t('解答', 'Solution') },
        el('h3', { class: 'sj-answer', dataset: { answer: s.answer } }, t('解答: ', 'Answer: '),
          s.answer.split(' ').slice(1).map((c) => cardFace(t, c))),
        el('ol', {}, s.line.map((step) => { const w = whoIs(step.ja, step.en); return el('li', {}, t(w.ja, w.en)); })),
        s.result ? el('p', {}, t(whoIs(s.result.ja, s.result.en).ja, whoIs(s.result.ja, s.result.en).en)) : null));
    }
    const holder = el('div', {});
    page.append(holder);
    table = createTable(holder, { t, act, check });
    table.update(current.payload);
  }

  load().catch((err) => {
    page.replaceChildren(el('p', { role: 'alert' }, t(`読み込めませんでした: ${err.message_ja || err}`, `Could not load: ${err.message_en || err}`)));
  });

  return {
    destroy() { alive = false; page.remove(); },
    relang() { render(); },
  };
}
