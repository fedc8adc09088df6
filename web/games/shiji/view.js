// 四時の札遊び view: the match table (mount) and the 詰み札 puzzle page (mountPage 'puzzles').
// Renders the engine's view JSON and sends action strings; no rules live here.

import { el } from './board.js';
import { createTable } from './table.js';
import { mountPuzzles } from './puzzles.js';

export function mount(root, ctx) {
  const wrap = el('div', { class: 'sj-view' });
  root.append(wrap);
  const links = el('p', { class: 'sj-links' });
  const rules = el('a', { href: ctx.rulesHref, class: 'sj-link' });
  const puzzles = el('a', { href: '#/page/shiji/puzzles', class: 'sj-link' });
  links.append(rules, ' ・ ', puzzles);
  wrap.append(links);
  const table = createTable(wrap, { t: (ja, en) => ctx.t(ja, en), act: (a) => ctx.act(a), check: (a) => ctx.check(a) });
  const log = el('section', { class: 'sj-events', 'aria-label': ctx.t('直近の出来事', 'Recent events') });
  wrap.append(log);
  const events = [];
  let last = null;

  function note(payload) {
    const v = payload.view;
    if (last && payload.ply > last.ply) {
      for (const seat of [0, 1]) {
        const p = v.players[seat];
        const before = last.view.players[seat];
        if (p.placed > before.placed && p.goods.length) {
          const total = p.goods.reduce((a, g) => a + g.reward, 0);
          events.unshift({
            ja: `${seat === 0 ? '先手' : '後手'}: 商品 ${p.goods.map((g) => g.ja).join('・')}（報酬${total}枚）`,
            en: `Seat ${seat + 1}: goods ${p.goods.map((g) => g.en).join(', ')} (reward ${total})`,
          });
        }
      }
      if (v.order !== last.view.order) {
        events.unshift(v.order === 'desc' ? { ja: '評価が逆順になりました', en: 'Order is now reversed' } : { ja: '評価が昇順に戻りました', en: 'Order is ascending again' });
      }
    }
    events.splice(6);
    last = payload;
  }

  function renderChrome() {
    rules.textContent = ctx.t('遊び方', 'How to play');
    puzzles.textContent = ctx.t('詰み札（ひとり用）', 'Puzzles (solo)');
    log.replaceChildren(el('h2', { class: 'sj-subhead' }, ctx.t('直近の出来事', 'Recent events')),
      events.length ? el('ul', {}, events.map((e) => el('li', {}, ctx.t(e.ja, e.en))))
        : el('p', { class: 'sj-muted' }, ctx.t('（まだありません）', '(none yet)')));
  }

  return {
    update(payload) {
      note(payload);
      table.update(payload);
      renderChrome();
    },
    destroy() {
      table.destroy();
      wrap.remove();
    },
  };
}

export function mountPage(name, root, ctx) {
  if (name !== 'puzzles') return null;
  return mountPuzzles(root, ctx);
}
