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

const SETUP_OPTIONS = [
  ['reverse', true, '逆順あり（夜・恐慌で評価が逆転）', 'Reverse order (Night and Panic reverse it)'],
  ['star_order', true, '運行の原則あり（跳躍・遡行の禁止）', 'Star cycle enforced (no skipping or going back)'],
  ['goods', true, '商品と報酬あり', 'Goods and rewards'],
  ['closing', true, '10巡ルール（閉場）', '10-round rule (market closing)'],
  ['back_to_front', false, '前巡の前札の隣に後札を置く', 'New back card next to the previous front card'],
  ['deck', false, '山札で遊ぶ（土地なし・運要素が強い）', 'Play from a shuffled deck (no land, more luck)'],
  ['quick_start', false, '先手を乱数で決める（先手決めを省く）', 'Decide the first player at random'],
];

/** The new-match form: the 競技者間調整 switches (puzzles start from their own page). */
export function setupForm(root, ctx) {
  const values = Object.fromEntries(SETUP_OPTIONS.map(([key, def]) => [key, def]));
  const box = el('fieldset', { class: 'sj-setup' });
  root.append(box);
  function render() {
    box.replaceChildren(el('legend', {}, ctx.t('競技者間調整（ハンディキャップ）', 'House rules')));
    for (const [key, , ja, en] of SETUP_OPTIONS) {
      const id = `sj-opt-${key}`;
      const input = el('input', { type: 'checkbox', id, checked: values[key], onchange: (e) => { values[key] = e.target.checked; } });
      box.append(el('div', { class: 'sj-opt' }, input, ' ', el('label', { for: id }, ctx.t(ja, en))));
    }
    box.append(el('p', {}, el('a', { href: ctx.rulesHref, class: 'sj-link' }, ctx.t('遊び方', 'How to play')), ' ・ ',
      el('a', { href: '#/page/shiji/puzzles', class: 'sj-link' }, ctx.t('詰み札（ひとり用）', 'Puzzles (solo)'))));
  }
  render();
  return { getOptions: () => ({ ...values }), relang: render };
}
