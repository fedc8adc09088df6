// The review panel (振り返り): progress with stop/resume, the win-rate graph of both sides, the counts
// of 悪手/疑問手/好手 per side and the marked moves (press one: the position, the better move on the
// board and its line). Also the evaluation bar the analysis shows above the board.

import { h, svg } from '../../shell/dom.js';
import { SEAT_MARK, sideNames } from './panels.js';

const KIND_ORDER = ['blunder', 'dubious', 'good'];
const KIND_NAME = { blunder: ['悪手', 'Blunder'], dubious: ['疑問手', 'Dubious'], good: ['好手', 'Good'] };

/** 先手's win rate at each reviewed position (from the judged result, else from the scores so far). */
function rates(R) {
  if (R.result) return R.result.winrates;
  return R.positions.map((p) => 1 / (1 + Math.exp(-p.score / 600)));
}

/** The graph: 先手's win rate over the game (up = 先手), 50% across the middle, marks as dots. */
function graph(api, R) {
  const { t } = api;
  const W = 300; const H = 96;
  const wr = rates(R);
  const n = Math.max((R.total || wr.length) - 1, 1);
  const x = (i) => (i / n) * W;
  const y = (w) => H - w * H;
  const box = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'sg-graph', role: 'img', preserveAspectRatio: 'none' });
  box.setAttribute('aria-label', t('形勢グラフ（上が先手の勝率）', 'Win-rate graph (up: Sente)'));
  box.append(svg('rect', { x: 0, y: 0, width: W, height: H / 2, class: 'sg-graph-sente' }),
    svg('rect', { x: 0, y: H / 2, width: W, height: H / 2, class: 'sg-graph-gote' }),
    svg('line', { x1: 0, x2: W, y1: H / 2, y2: H / 2, class: 'sg-graph-mid' }));
  if (wr.length) {
    const pts = wr.map((w, i) => `${x(i).toFixed(1)},${y(w).toFixed(1)}`);
    box.append(svg('polygon', { points: `0,${H / 2} ${pts.join(' ')} ${x(wr.length - 1).toFixed(1)},${H / 2}`, class: 'sg-graph-area' }),
      svg('polyline', { points: pts.join(' '), class: 'sg-graph-line' }));
  }
  const f = api.S.focus;
  if (f) box.append(svg('line', { x1: x(f.turn), x2: x(f.turn), y1: 0, y2: H, class: 'sg-graph-at' }));
  for (const m of (R.result && R.result.turns) || []) {
    if (!m.kind) continue;
    const dot = svg('circle', { cx: x(m.turn), cy: y(wr[m.turn]), r: 4, class: `sg-graph-${m.kind}` });
    dot.addEventListener('click', () => api.showMark(m.turn));
    box.append(dot);
  }
  box.addEventListener('click', (ev) => {
    if (/** @type {Element} */ (ev.target).tagName === 'circle') return;
    const r = box.getBoundingClientRect();
    const i = Math.round(((ev.clientX - r.left) / r.width) * n);
    if (i >= 0 && i < wr.length) api.showTurn(i);
  });
  return box;
}

function counts(api, result) {
  const { t } = api;
  const table = h('table', { class: 'sg-review-counts' },
    h('thead', {}, h('tr', {}, h('th', {}), ...KIND_ORDER.map((k) => h('th', { scope: 'col', class: `sg-k-${k}`, text: t(...KIND_NAME[k]) })))));
  const body = h('tbody');
  const [SEAT_JA, SEAT_EN] = sideNames(api.ui.live && api.ui.live.view);
  for (const seat of [0, 1]) {
    const c = result.counts[String(seat)] || {};
    body.append(h('tr', {}, h('th', { scope: 'row', text: `${SEAT_MARK[seat]}${t(SEAT_JA[seat], SEAT_EN[seat])}` }),
      ...KIND_ORDER.map((k) => h('td', { 'data-kind': k, 'data-seat': String(seat), text: String(c[k] || 0) }))));
  }
  table.append(body);
  return table;
}

function markList(api, result) {
  const { t, S } = api;
  const rec = (api.ui.live.view && api.ui.live.view.record) || [];
  const ol = h('ol', { class: 'sg-review-marks' });
  for (const m of result.turns) {
    if (!m.kind) continue;
    const move = rec[m.turn - 1];
    const on = S.focus && S.focus.mark && S.focus.mark.turn === m.turn;
    ol.append(h('li', { class: `sg-k-${m.kind}` }, h('button', { type: 'button', class: 'sg-linkish', 'data-turn': String(m.turn), 'aria-pressed': on ? 'true' : 'false',
      onclick: () => api.showMark(m.turn) },
    t(`${m.turn}手目 ${move ? move.ja : ''} ${m.ja}`, `Move ${m.turn} ${move ? move.en : ''}: ${m.en}`))));
  }
  if (!ol.children.length) return h('p', { class: 'sg-hint', text: t('印のついた手はありません', 'No move was marked') });
  return ol;
}

function focusNote(api) {
  const { t, S } = api;
  const m = S.focus && S.focus.mark;
  if (!m) return null;
  const pct = (w) => `${Math.round(w * 100)}%`;
  const box = h('div', { class: `sg-review-note sg-k-${m.kind}`, role: 'status' },
    h('p', { text: t(`${m.turn}手目は${m.ja}：勝率 ${pct(m.before)} → ${pct(m.after)}`, `Move ${m.turn} was ${{ blunder: 'a blunder', dubious: 'a dubious move', good: 'a good move' }[m.kind]}: win rate ${pct(m.before)} → ${pct(m.after)}`) }));
  if (m.better_text) {
    box.append(h('p', { class: 'sg-review-better', text: t(`より良い手：${m.better_text.ja.split(' ')[0]}`, `Better: ${m.better_text.en.split(' ')[0]}`) }),
      h('p', { class: 'sg-review-line', text: t(`読み筋：${m.better_text.ja}`, `Line: ${m.better_text.en}`) }));
  }
  return box;
}

/** The review panel. */
export function reviewPanel(api) {
  const { t, S } = api;
  const R = S.review;
  const box = h('section', { class: 'sg-study sg-review', 'aria-label': t('振り返り', 'Review') }, h('h3', { text: t('振り返り', 'Review') }));
  const done = R && R.total !== null && R.positions.length >= R.total;
  if (!R || !R.positions.length) {
    box.append(h('p', { class: 'sg-hint', text: t('コンピュータが全局面を読み、悪手・疑問手・好手に印をつけます。', 'The computer reads every position and marks blunders, dubious and good moves.') }));
  }
  if (R && R.total) {
    box.append(h('p', { class: 'sg-review-progress' },
      h('progress', { max: String(R.total), value: String(R.positions.length), 'aria-label': t('振り返りの進み具合', 'Review progress') }),
      h('span', { text: t(` ${R.positions.length} / ${R.total} 局面`, ` ${R.positions.length} / ${R.total} positions`) })));
  }
  const row = h('div', { class: 'sg-row-buttons' });
  if (S.running) row.append(h('button', { type: 'button', class: 'sg-btn', 'data-review': 'stop', onclick: api.stop }, t('止める', 'Stop')));
  else if (!done) row.append(h('button', { type: 'button', class: 'sg-btn sg-primary', 'data-review': 'start', onclick: api.runReview },
    R && R.positions.length ? t('続きから', 'Resume') : t('振り返りを始める', 'Start the review')));
  if (S.focus) row.append(h('button', { type: 'button', class: 'sg-btn', onclick: api.back }, t('現在の局面', 'Current position')));
  box.append(row);
  if (R && R.positions.length) {
    box.append(graph(api, R), h('p', { class: 'sg-graph-key', text: t('上ほど▲先手、下ほど△後手の勝率が高い。点を押すとその局面', 'Up: Sente is winning; down: Gote. Press a point to see that position') }));
  }
  if (R && R.result) box.append(counts(api, R.result), focusNote(api) || h('span'), markList(api, R.result));
  // where the results live: with this game on this device (a share link carries the moves only)
  box.append(h('p', { class: 'sg-hint sg-review-kept', text: R && R.positions.length
    ? t('振り返りの結果はこの端末のこの対局に保存されます。共有リンクには入りません（受け取った人はその端末で振り返りできます）。',
      'The review is saved with this game on this device. Share links do not carry it (whoever opens one can review the game there).')
    : t('結果はこの端末のこの対局に保存されます（共有リンクには入りません）。', 'The results are saved with this game on this device (not in share links).') }));
  return box;
}

/** The evaluation bar above the board: 先手's share of the win rate, the score, depth. */
export function winBar(t, a) {
  const bar = h('div', { class: 'sg-evalbar', role: 'img' });
  if (!a || a.pending || !a.searchable) {
    bar.append(h('span', { class: 'sg-evalbar-text', text: a && a.pending ? t('読んでいます…', 'Thinking…') : t('評価なし', 'No evaluation') }));
    bar.setAttribute('aria-label', t('評価値', 'Evaluation'));
    return bar;
  }
  const pct = Math.round(a.winrate * 100);
  const score = a.mate ? t(a.black > 0 ? '先手勝ち筋' : '後手勝ち筋', a.black > 0 ? 'Sente wins' : 'Gote wins')
    : `${a.black > 0 ? '+' : ''}${a.black}`;
  bar.style.setProperty('--sg-wr', `${pct}%`);
  const label = t(`▲先手の勝率 ${pct}%（評価値 ${score}）`, `Sente's win rate ${pct}% (score ${score})`);
  bar.setAttribute('aria-label', label);
  bar.append(h('span', { class: 'sg-evalbar-fill' }), h('span', { class: 'sg-evalbar-text', text: label }));
  return bar;
}
