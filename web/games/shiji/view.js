// 四時の札遊び view: the match table (mount) and the 詰み札 puzzle page (mountPage 'puzzles').
// Renders the engine's view JSON and sends action strings; no rules live here.

import { h as el } from '../../shell/dom.js';
import { createTable } from './table.js';
import { mountPuzzles } from './puzzles.js';
import { loadGlossary } from './glossary.js';
import { youSeat } from '../../shell/seats.js';

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
    strip: ctx.turn ? ctx.turn.strip : null, glossary: ctx.api ? loadGlossary(ctx.api) : null });
  const events = [];
  let last = null;

  function nameOf(payload, seat) {
    const pl = (payload.players || [])[seat];
    const name = pl && pl.name;
    // the one person against the computer is just あなた / You (the players' list names them プレイヤー1,
    // which the table turns into あなた: 「あなた（あなた）」); a typed name or two people keep the name
    if (seat === payload.seat && seat !== youSeat(payload.players) && name) return { ja: `${name}（あなた）`, en: `${name} (you)` };
    if (seat === payload.seat) return { ja: 'あなた', en: 'You' };
    return { ja: name || (seat === 0 ? '席1' : '席2'), en: name || `Seat ${seat + 1}` };
  }

  /** The ply of the viewer's own latest action among the payload's events (the engine starts
   * them there), or null. */
  function ownPly(payload) {
    const own = (payload.events || []).filter((e) => e.seat === payload.seat && payload.seat !== null && payload.seat !== undefined);
    return own.length ? own[own.length - 1].ply : null;
  }

  /** What a player should notice between two updates that the engine's log lines (the shell's
   * events strip) do not say, as {ja, en, seat, kind}: the 先手決め values, who starts, order
   * flips and goods earned. Only what holds now: the notes start again at the viewer's own
   * action, and an order flip replaces an older one (the current order only). The newest first. */
  function note(payload) {
    const v = payload.view;
    if (last && payload.ply < last.ply) events.length = 0;   // undo, or the replay stepped back: old news is wrong
    if (last && payload.ply > last.ply && ownPly(payload) !== ownPly(last)) events.length = 0;   // the viewer acted: older news is spent
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
      // the other side could not place (deck game): it drew two and passed, and the turn came back
      // with one's own shell still to beat (nothing else on screen says why)
      const passer = v.players[1 - v.turn];
      if (v.phase === 'play' && lv.phase === 'play' && !v.task && v.last_seat === v.turn
        && passer.placed === lv.players[1 - v.turn].placed && passer.hand_size > lv.players[1 - v.turn].hand_size) {
        const who = nameOf(payload, 1 - v.turn);
        fresh.push({ ja: `${who.ja}は並べられる貝札がなく、山札から２枚引いて番を終えました`,
          en: `${who.en} had no shell to place, drew two cards and passed`, seat: 1 - v.turn, kind: 'pass' });
      }
      // an order flip is the consequence of the newest shell: listed just below it
      if (v.order !== lv.order) {
        fresh.push(v.order === 'desc' ? { ja: '評価が逆順になりました（小さいほど優位）', en: 'Order is now reversed (lower wins)', seat: null, kind: 'order' }
          : { ja: '評価が昇順に戻りました（大きいほど優位）', en: 'Order is ascending again (higher wins)', seat: null, kind: 'order' });
      }
      // what the latest shell added to hands, and why (the engine's words: goods' reward, stars' tax)
      const placedNow = v.last_seat !== null && v.last_seat !== undefined
        && v.players[v.last_seat].placed > lv.players[v.last_seat].placed;
      if (placedNow) {
        for (const add of v.additions || []) {
          const who = nameOf(payload, add.seat);
          fresh.push({ ja: `${who.ja}: ${add.ja}`, en: `${who.en}: ${add.en}`, seat: add.seat, kind: add.kind });
        }
      }
      if (fresh.some((e) => e.kind === 'order')) {
        for (let i = events.length - 1; i >= 0; i -= 1) if (events[i].kind === 'order') events.splice(i, 1);
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

/** The new-match form: first the way to play (山札, the default for a first game, or 本式（土地）),
 * each with the engine's one line saying what differs, remembered in this browser; then the
 * engine's other 競技者間調整 switches, folded (puzzles start from their own page). */
export function setupForm(root, ctx) {
  const values = {};
  let specs = null;
  let modes = null;
  const stored = ctx.storage ? ctx.storage.get('mode') : null;
  let mode = stored === 'land' ? 'land' : 'deck';
  let foldOpen = false;
  const box = el('fieldset', { class: 'sj-setup' });
  root.append(box);
  function choose(key) {
    mode = key;
    try { if (ctx.storage) ctx.storage.set('mode', key); } catch { /* storage full or off: the choice still applies */ }
    render();
  }
  function render() {
    box.replaceChildren(el('legend', {}, ctx.t('遊び方', 'How to play')));
    if (!specs) { box.append(el('p', { class: 'sj-muted' }, ctx.t('読み込み中…', 'Loading…'))); return; }
    const list = el('div', { class: 'sj-modes', role: 'radiogroup', 'aria-label': ctx.t('遊び方の種類', 'Way to play') });
    for (const m of modes || []) {
      const id = `sj-mode-${m.key}`;
      list.append(el('div', { class: `sj-mode${mode === m.key ? ' sj-on' : ''}`, dataset: { testid: `mode-${m.key}` } },
        el('input', { type: 'radio', name: 'sj-mode', id, value: m.key, checked: mode === m.key, onchange: () => choose(m.key) }),
        el('label', { for: id }, el('strong', {}, ctx.t(m.ja, m.en)), el('span', { class: 'sj-mode-line' }, ctx.t(m.line_ja, m.line_en)))));
    }
    box.append(list);
    const fold = el('details', { class: 'sj-house', open: foldOpen, ontoggle: (e) => { foldOpen = e.target.open; } },
      el('summary', {}, ctx.t('競技者間調整（ハンディキャップ）', 'House rules')));
    for (const spec of specs) {
      if (spec.key === 'deck') continue;   // chosen above
      const id = `sj-opt-${spec.key}`;
      const input = el('input', { type: 'checkbox', id, checked: values[spec.key], dataset: { key: spec.key }, onchange: (e) => { values[spec.key] = e.target.checked; } });
      fold.append(el('div', { class: 'sj-opt' }, input, ' ', el('label', { for: id }, ctx.t(spec.label.ja, spec.label.en))));
    }
    box.append(fold);
    box.append(el('p', {}, el('a', { href: ctx.rulesHref, class: 'sj-link' }, ctx.t('遊び方', 'How to play')), ' ・ ',
      el('a', { href: '#/page/shiji/puzzles', class: 'sj-link' }, ctx.t('詰み札（ひとり用）', 'Puzzles (solo)'))));
  }
  const ready = Promise.all([ctx.api('games', {}), loadGlossary(ctx.api)]).then(([out, glossary]) => {
    const info = (out.games || out).find((g) => g.name === 'shiji');
    specs = info.options.filter((o) => o.kind === 'bool');
    for (const spec of specs) values[spec.key] = spec.default;
    modes = glossary ? glossary.modes : [{ key: 'deck', ja: '山札', en: 'Deck', line_ja: '', line_en: '' },
      { key: 'land', ja: '本式（土地）', en: 'Classic (land)', line_ja: '', line_en: '' }];
    render();
  });
  render();
  return { getOptions: () => ready.then(() => ({ ...values, deck: mode === 'deck' })), relang: render };
}
