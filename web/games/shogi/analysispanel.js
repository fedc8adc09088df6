// The analysis panel (検討): the position's candidates with their lines (press one to play it as a
// branch), the branch being tried (step back, keep it), the kept branches and their KIF export.

import { h } from '../../shell/dom.js';

export function analysisPanel(api) {
  const { t, S } = api;
  const box = h('section', { class: 'sg-study sg-analysis', 'aria-label': t('検討', 'Analysis') }, h('h3', { text: t('検討', 'Analysis') }));
  const f = S.focus;
  const nav = h('div', { class: 'sg-row-buttons' },
    h('button', { type: 'button', class: 'sg-btn', 'data-step': '-1', disabled: !f || (f.turn === 0 && !f.branch.length), onclick: () => (f && f.branch.length ? api.undoBranch() : api.step(-1)) }, t('◀ 1手戻る', '◀ Back')),
    h('button', { type: 'button', class: 'sg-btn', 'data-step': '1', disabled: !f || !!f.branch.length || f.turn >= api.lastTurn(), onclick: () => api.step(1) }, t('1手進む ▶', 'Forward ▶')));
  box.append(nav);
  if (f && f.branch.length) {
    box.append(h('p', { class: 'sg-branch-now', text: t(`${f.turn}手目から変化：${(f.payload.names || {}).ja || ''}`, `Branch after move ${f.turn}: ${(f.payload.names || {}).en || ''}`) }),
      h('div', { class: 'sg-row-buttons' },
        h('button', { type: 'button', class: 'sg-btn', 'data-branch': 'keep', onclick: api.saveBranch }, t('この変化を残す', 'Keep this branch')),
        h('button', { type: 'button', class: 'sg-btn', 'data-branch': 'main', onclick: () => api.showTurn(f.turn) }, t('本譜に戻る', 'Back to the game line'))));
  }
  const a = S.analysis;
  if (a && a.searchable && a.candidates) {
    const ol = h('ol', { class: 'sg-candidates', 'aria-label': t('候補手', 'Candidate moves') });
    for (const c of a.candidates) {
      const score = c.mate ? t(c.black > 0 ? '先手勝ち' : '後手勝ち', c.black > 0 ? 'Sente wins' : 'Gote wins') : `${c.black > 0 ? '+' : ''}${c.black}`;
      ol.append(h('li', {}, h('button', { type: 'button', class: 'sg-linkish', 'data-move': c.move, onclick: () => api.branchMove(c.move) },
        h('strong', { text: t(c.text.ja.split(' ')[0] || c.move, c.text.en.split(' ')[0] || c.move) }), ` ${score}`),
      h('span', { class: 'sg-cand-line', text: t(c.text.ja, c.text.en) })));
    }
    box.append(h('p', { class: 'sg-hint', text: t(`読みの深さ ${a.depth}・最善の読み筋と候補（押すと変化として指します）`, `Depth ${a.depth}; best line and candidates (press one to try it)`) }), ol);
  } else if (a && a.searchable === false) {
    box.append(h('p', { class: 'sg-hint', text: t('この局面では指す手がありません', 'No move to look at here') }));
  }
  if (S.branches.length) {
    const ul = h('ul', { class: 'sg-branches', 'aria-label': t('残した変化', 'Kept branches') });
    S.branches.forEach((b, i) => ul.append(h('li', {},
      h('button', { type: 'button', class: 'sg-linkish', onclick: () => api.showTurn(b.turn, b.moves) }, t(`${b.turn}手目から${b.moves.length}手の変化`, `${b.moves.length} moves after move ${b.turn}`)),
      h('button', { type: 'button', class: 'sg-btn sg-small', 'aria-label': t('この変化を消す', 'Delete this branch'), onclick: () => api.dropBranch(i) }, '×'))));
    box.append(h('h4', { text: t('残した変化', 'Kept branches') }), ul,
      h('button', { type: 'button', class: 'sg-btn', 'data-branch': 'export', onclick: api.exportBranches }, t('変化つきKIFを書き出す', 'Export KIF with branches')));
  }
  const cards = api.ui.live && api.ui.live.view && api.ui.live.view.ruleset === 'cards';
  if (cards) {
    // a card game's KIF cannot open as a new game (it has no deck): its 変化 are read into this game
    const input = h('input', { type: 'file', id: 'sg-branch-file', class: 'sg-branch-file', accept: '.kif,.kifu,.txt,text/plain',
      onchange: () => { const f = input.files && input.files[0]; input.value = ''; api.importBranches(f); } });
    box.append(h('p', { class: 'sg-branch-import' },
      h('label', { for: 'sg-branch-file', text: t('この対局の変化つきKIFから変化を読み込む', "Read branches from this game's KIF") }), ' ', input));
  }
  if (S.info) box.append(h('p', { class: 'sg-hint', role: 'status', text: S.info }));
  return box;
}
