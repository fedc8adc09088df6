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
  const dot = el('span', { 'aria-hidden': 'true' });
  links.append(rules, dot, puzzles);
  wrap.append(links);
  // the shell's events strip (what the others just did, from the engine's log) goes in the table
  const table = createTable(wrap, { t: (ja, en) => ctx.t(ja, en), act: (a) => ctx.act(a), check: (a) => ctx.check(a),
    strip: ctx.turn ? ctx.turn.strip : null });
  const events = [];
  let last = null;

  function nameOf(payload, seat) {
    const pl = (payload.players || [])[seat];
    const name = pl && pl.name;
    if (seat === payload.seat) return { ja: name ? `${name}（あなた）` : 'あなた', en: name ? `${name} (you)` : 'You' };
    return { ja: name || (seat === 0 ? '席1' : '席2'), en: name || `Seat ${seat + 1}` };
  }

  /** What a player should notice between two updates that the engine's log lines (the shell's
   * events strip) do not say, as {ja, en, seat, kind}: the 先手決め values, who starts, order
   * flips and goods earned. The newest comes first. */
  function note(payload) {
    const v = payload.view;
    if (last && payload.ply < last.ply) events.length = 0;   // undo, or the replay stepped back: old news is wrong
    if (last && payload.ply > last.ply) {
      const fresh = [];
      const lv = last.view;
      const tries = v.lead_shown || [];
      for (let i = (lv.lead_shown || []).length; i < tries.length; i += 1) {
        const [a, b] = tries[i].map((x) => (x < 0 ? '—' : String(x).padStart(2, '0')));
        const n0 = nameOf(payload, 0);
        const n1 = nameOf(payload, 1);
        const tie = i === tries.length - 1 && v.lead && v.lead.tie;
        fresh.push({ ja: `先手決め: ${n0.ja} ${a}・${n1.ja} ${b}${tie ? '（同じ値: 選び直し）' : ''}`,
          en: `Who starts: ${n0.en} ${a}, ${n1.en} ${b}${tie ? ' (a tie: choose again)' : ''}`, seat: null, kind: 'lead' });
      }
      if (lv.phase !== 'play' && v.phase === 'play') {
        const who = nameOf(payload, v.turn);
        fresh.push({ ja: `${who.ja}が先に貝札を並べます`, en: `${who.en} place${v.turn === payload.seat ? '' : 's'} the first shell`, seat: v.turn, kind: 'first' });
      }
      // an order flip is the consequence of the newest shell: listed just below it
      if (v.order !== lv.order) {
        fresh.push(v.order === 'desc' ? { ja: '評価が逆順になりました（小さいほど優位）', en: 'Order is now reversed (lower wins)', seat: null, kind: 'order' }
          : { ja: '評価が昇順に戻りました（大きいほど優位）', en: 'Order is ascending again (higher wins)', seat: null, kind: 'order' });
      }
      const seats = v.last_seat === 0 ? [1, 0] : [0, 1];   // the latest placement ends up on top
      for (const seat of seats) {
        const p = v.players[seat];
        const before = lv.players[seat];
        if (p.placed <= before.placed || !p.goods.length) continue;
        const who = nameOf(payload, seat);
        const total = p.goods.reduce((a, g) => a + g.reward, 0);
        fresh.push({ ja: `${who.ja}: 商品 ${p.goods.map((g) => g.ja).join('・')}（報酬${total}枚）`,
          en: `${who.en}: goods ${p.goods.map((g) => g.en).join(', ')} (reward ${total} cards)`, seat, kind: 'goods' });
      }
      events.unshift(...fresh.reverse());
    }
    events.splice(3);
    last = payload;
  }

  function renderChrome() {
    rules.textContent = ctx.t('遊び方', 'How to play');
    puzzles.textContent = ctx.t('詰み札（ひとり用）', 'Puzzles (solo)');
    dot.textContent = ctx.t(' ・ ', ' · ');
  }

  return {
    update(payload) {
      note(payload);
      table.update(payload, events);
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

/** The new-match form: the engine's 競技者間調整 switches with its labels (puzzles start from their own page). */
export function setupForm(root, ctx) {
  const values = {};
  let specs = null;
  const box = el('fieldset', { class: 'sj-setup' });
  root.append(box);
  function render() {
    box.replaceChildren(el('legend', {}, ctx.t('競技者間調整（ハンディキャップ）', 'House rules')));
    if (!specs) box.append(el('p', { class: 'sj-muted' }, ctx.t('読み込み中…', 'Loading…')));
    for (const spec of specs || []) {
      const id = `sj-opt-${spec.key}`;
      const input = el('input', { type: 'checkbox', id, checked: values[spec.key], dataset: { key: spec.key }, onchange: (e) => { values[spec.key] = e.target.checked; } });
      box.append(el('div', { class: 'sj-opt' }, input, ' ', el('label', { for: id }, ctx.t(spec.label.ja, spec.label.en))));
    }
    box.append(el('p', {}, el('a', { href: ctx.rulesHref, class: 'sj-link' }, ctx.t('遊び方', 'How to play')), ' ・ ',
      el('a', { href: '#/page/shiji/puzzles', class: 'sj-link' }, ctx.t('詰み札（ひとり用）', 'Puzzles (solo)'))));
  }
  const ready = ctx.api('games', {}).then((out) => {
    const info = (out.games || out).find((g) => g.name === 'shiji');
    specs = info.options.filter((o) => o.kind === 'bool');
    for (const spec of specs) values[spec.key] = spec.default;
    render();
  });
  render();
  return { getOptions: () => ready.then(() => ({ ...values })), relang: render };
}
