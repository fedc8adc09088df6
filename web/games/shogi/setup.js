// New-match form for shogi: ruleset, 反則負けあり, variants (ピックアップ deck, セットアップ cards),
// user-made cards, and a 本将棋 start position. Options per pygames/shogi/VIEW.md.

import { engineCall } from './io.js';
import { loadSchema } from './schema.js';
import { loadCustomCards, schemaCard } from './store.js';
import { KIND_NAME, KINDS } from './pieces.js';
import { h } from '../../shell/dom.js';


let uid = 0;

/** The deck rule in words, from the engine's numbers ("per 16 cards: 歩3, 香2, …"). */
function pickupHint(t, rule) {
  const parts = Object.entries(rule.ratio || {}).map(([kind, n]) => `${t(...(KIND_NAME[kind] || [kind, kind]))}${t('', ' ')}${n}`);
  return t(`${rule.per}枚ごとに ${parts.join('・')} の割合にしてください（最大${rule.max_cards}枚）。`,
    `Per ${rule.per} cards: ${parts.join(', ')} (at most ${rule.max_cards} cards).`);
}
function cardLabel(t, card) {
  if (card.kind === 'NULLIFY') return card.name || card.id;
  return `${t(...(KIND_NAME[card.kind] || [card.kind, card.kind]))} ${card.name || card.id}`;
}
function radio(name, value, label, checked, onchange) {
  const id = `sg-setup-${name}-${value}-${++uid}`;
  return h('span', { class: 'sg-opt' },
    h('input', { type: 'radio', id, name: `${name}-${uid}`, value, checked, 'data-opt': name, onchange }),
    h('label', { for: id, text: label }));
}

/** Build the form in `root`; `getOptions()` returns the new_match options. */
export function setupForm(root, ctx) {
  const t = (ja, en) => (ctx.t ? ctx.t(ja, en) : (ctx.lang === 'en' ? en : ja));
  const custom = loadCustomCards(ctx);
  const state = { ruleset: 'cards', variant: 'standard', foul: false, counts: {}, active: new Set(), include: new Set(), sfen: '', sfenNote: '' };
  let basic = [];
  let pickup = null; // the engine's ピックアップ rule: {per, ratio, max_cards}
  const form = h('div', { class: 'sg-setup' });
  root.append(form);

  const draw = () => {
    form.replaceChildren();
    const rules = h('fieldset', {}, h('legend', { text: t('ルール', 'Rules') }),
      radio('ruleset', 'cards', t('集大成将棋（カードあり）', 'Shūtaisei Shōgi (with cards)'), state.ruleset === 'cards', () => { state.ruleset = 'cards'; draw(); }),
      radio('ruleset', 'hon', t('本将棋', 'Standard shogi'), state.ruleset === 'hon', () => { state.ruleset = 'hon'; draw(); }));
    form.append(rules);
    form.append(h('p', { class: 'sg-links' },
      ctx.rulesHref ? h('a', { href: ctx.rulesHref, text: t('遊び方を読む', 'Read the rules') }) : null,
      h('a', { href: '#/page/shogi/cards', text: t('カード一覧・カードを作る', 'Cards: gallery and editor') })));
    if (state.ruleset === 'hon') {
      const id = `sg-sfen-${++uid}`;
      const note = h('span', { class: 'sg-hint', id: `${id}-note`, role: 'status', text: state.sfenNote || '' });
      const input = h('input', { id, type: 'text', class: 'sg-sfen-input', value: state.sfen, placeholder: 'startpos',
        'aria-describedby': `${id}-note`,
        oninput: () => { state.sfen = input.value.trim(); },
        onchange: async () => {
          if (!state.sfen) { state.sfenNote = ''; note.textContent = ''; return; }
          try {
            const res = await engineCall(ctx, 'normalize_sfen', { sfen: state.sfen });
            state.sfen = res.sfen; input.value = res.sfen;
            state.sfenNote = t('正しい局面です', 'Valid position');
          } catch (err) {
            state.sfenNote = t(err.message_ja || String(err), err.message_en || String(err));
          }
          note.textContent = state.sfenNote;
        } });
      form.append(h('p', {}, h('label', { for: id, text: t('開始局面（SFEN、空なら平手）', 'Start position (SFEN; empty for the normal start)') }), input, note));
      return;
    }
    const fid = `sg-foul-${++uid}`;
    form.append(h('p', { class: 'sg-opt' },
      h('input', { type: 'checkbox', id: fid, 'data-opt': 'foul_loss', checked: state.foul, onchange: (e) => { state.foul = e.target.checked; } }),
      h('label', { for: fid, text: t('反則負けあり（反則の手も指せて、指すと負け）', 'Fouls lose (fouls can be played and lose at once)') })));
    form.append(h('fieldset', {}, h('legend', { text: t('遊び方', 'Variant') }),
      radio('variant', 'standard', t('標準（2019年ルール）', 'Standard (2019 rule)'), state.variant === 'standard', () => { state.variant = 'standard'; draw(); }),
      radio('variant', 'pickup', t('ピックアップ（使うカードを選ぶ）', 'Pick-up (choose the deck)'), state.variant === 'pickup', () => { state.variant = 'pickup'; draw(); }),
      radio('variant', 'setup', t('セットアップ（最初から有効、ドローなし）', 'Set-up (active from the start, no drawing)'), state.variant === 'setup', () => { state.variant = 'setup'; draw(); })));
    if (custom.length) {
      const fs = h('fieldset', {}, h('legend', { text: t('オリジナルカードを加える', 'Add your own cards') }));
      for (const card of custom) {
        const id = `sg-inc-${++uid}`;
        fs.append(h('span', { class: 'sg-opt' },
          h('input', { type: 'checkbox', id, 'data-include': card.id, checked: state.include.has(card.id), onchange: (e) => {
            if (e.target.checked) state.include.add(card.id); else state.include.delete(card.id);
            draw();
          } }),
          h('label', { for: id, text: cardLabel(t, card) })));
      }
      if (state.variant === 'standard') fs.append(h('p', { class: 'sg-hint', text: t('標準ルールでは、選んだカードは同じ種類の基本セットのカードと入れ替わらず、山札に加わります。', 'In the standard variant the chosen cards are added to the deck.') }));
      form.append(fs);
    }
    const pool = [...basic, ...custom.filter((c) => state.include.has(c.id))];
    if (state.variant === 'pickup') {
      const fs = h('fieldset', { class: 'sg-pickup' }, h('legend', { text: t('山札のカード（枚数）', 'Cards in the deck (copies)') }));
      if (pickup) fs.append(h('p', { class: 'sg-hint', text: pickupHint(t, pickup) }));
      const total = h('p', { class: 'sg-total' });
      const showTotal = () => { total.textContent = t(`合計 ${Object.values(state.counts).reduce((a, b) => a + b, 0)}枚`, `Total ${Object.values(state.counts).reduce((a, b) => a + b, 0)} cards`); };
      for (const card of pool) {
        const id = `sg-cnt-${++uid}`;
        const input = h('input', { type: 'number', id, min: '0', max: pickup ? String(pickup.max_cards) : null,
          value: String(state.counts[card.id] || 0), 'data-count': card.id,
          oninput: () => { state.counts[card.id] = Math.max(0, Math.floor(Number(input.value)) || 0); showTotal(); } });
        fs.append(h('span', { class: 'sg-opt sg-count' }, input, h('label', { for: id, text: cardLabel(t, card) })));
      }
      showTotal();
      fs.append(total);
      form.append(fs);
    } else if (state.variant === 'setup') {
      const fs = h('fieldset', { class: 'sg-setup-cards' }, h('legend', { text: t('最初から有効にするカード（1〜7枚、種類は別々）', 'Cards active from the start (1-7, different kinds)') }));
      for (const card of pool.filter((c) => c.kind !== 'NULLIFY')) {
        const id = `sg-act-${++uid}`;
        fs.append(h('span', { class: 'sg-opt' },
          h('input', { type: 'checkbox', id, 'data-active': card.id, checked: state.active.has(card.id), onchange: (e) => {
            if (e.target.checked) state.active.add(card.id); else state.active.delete(card.id);
          } }),
          h('label', { for: id, text: cardLabel(t, card) })));
      }
      form.append(fs);
    }
  };
  draw();
  loadSchema(ctx).then((res) => {
    pickup = res.pickup || null;
    // one entry per design, in kind order; the pickup deck starts as the basic set's own copies
    const order = [...KINDS, 'NULLIFY'];
    const seen = new Map();
    for (const c of res.basic_set || []) {
      if (!seen.has(c.id)) seen.set(c.id, { card: c, n: 0 });
      seen.get(c.id).n += 1;
    }
    basic = [...seen.values()].map((x) => x.card)
      .sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind) || (a.id < b.id ? -1 : 1));
    const copies = res.copies || {};
    for (const { card, n } of seen.values()) {
      if (!(card.id in state.counts)) state.counts[card.id] = Number.isInteger(copies[card.id]) ? copies[card.id] : n;
    }
    draw();
  }).catch(() => { /* the form still works for the standard variant */ });

  return {
    getOptions() {
      if (state.ruleset === 'hon') {
        return { ruleset: 'hon', sfen: state.sfen ? state.sfen : null };
      }
      const opts = { ruleset: 'cards', foul_loss: state.foul, variant: state.variant,
        custom_cards: custom.filter((c) => state.include.has(c.id)).map(schemaCard) };
      if (state.variant === 'pickup') {
        const deck = [];
        for (const [id, n] of Object.entries(state.counts)) for (let i = 0; i < n; i++) deck.push(id);
        opts.deck = deck;
      }
      if (state.variant === 'setup') opts.active = [...state.active];
      return opts;
    },
    relang() { draw(); },
    destroy() { form.remove(); },
  };
}
