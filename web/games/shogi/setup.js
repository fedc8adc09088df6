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

/** 駒落ち (handicap; HANDICAPS mirrors pygames/shogi/handicap.py's option values) and the person's side. */
export const HANDICAPS = [
  ['none', '平手（駒落ちなし）', 'Even (no handicap)'], ['lance', '香落ち', 'Lance'], ['right_lance', '右香落ち', 'Right lance'],
  ['bishop', '角落ち', 'Bishop'], ['rook', '飛車落ち', 'Rook'], ['rook_lance', '飛香落ち', 'Rook and lance'],
  ['two', '二枚落ち', 'Two pieces'], ['three', '三枚落ち', 'Three pieces'], ['four', '四枚落ち', 'Four pieces'],
  ['five', '五枚落ち', 'Five pieces'], ['left_five', '左五枚落ち', 'Left five pieces'], ['six', '六枚落ち', 'Six pieces'],
  ['eight', '八枚落ち', 'Eight pieces'], ['ten', '十枚落ち', 'Ten pieces'],
];

/** Clock choices: value "main+byoyomi" in seconds (none: no clock; time up loses). */
const CLOCKS = [['none', 'なし', 'None'], ['600+30', '10分・秒読み30秒', '10 min + 30 s byoyomi'], ['300+30', '5分・秒読み30秒', '5 min + 30 s byoyomi'],
  ['0+30', '秒読み30秒', '30 s per move'], ['0+10', '秒読み10秒', '10 s per move'], ['180+0', '3分切れ負け', '3 min, no byoyomi']];
function clockOption(v) {
  if (v === 'none') return null;
  const [main, byoyomi] = v.split('+').map(Number);
  return { main, byoyomi };
}

function sideAndHandicap(t, state, draw) {
  const box = h('fieldset', { class: 'sg-sides' }, h('legend', { text: t('手合い', 'Sides and handicap') }));
  const hid = `sg-handicap-${++uid}`;
  const select = h('select', { id: hid, 'data-opt': 'handicap', onchange: (e) => { state.handicap = e.target.value; draw(); } },
    HANDICAPS.map(([v, ja, en]) => h('option', { value: v, selected: v === state.handicap, text: t(ja, en) })));
  const sfenSet = state.ruleset === 'hon' && !!state.sfen;
  if (sfenSet) select.disabled = true;
  box.append(h('p', { class: 'sg-opt' }, h('label', { for: hid, text: t('駒落ち', 'Handicap') }), select));
  const even = state.handicap === 'none' || sfenSet;
  const sides = even
    ? [['sente', '先手（先に指す）', 'Sente (moves first)'], ['gote', '後手', 'Gote'], ['random', 'おまかせ', 'Random']]
    : [['gote', '上手（駒を落とす側・先に指す）', 'Upper (gives the handicap, moves first)'], ['sente', '下手', 'Lower (full set)'], ['random', 'おまかせ', 'Random']];
  // a match with a friend by link has no computer: its side is chosen in the shell's own box
  if (!state.remote) {
    box.append(h('p', { class: 'sg-hint', text: t('コンピュータと指すときのあなたの手番', 'Your side against the computer') }));
    for (const [v, ja, en] of sides) box.append(radio('side', v, t(ja, en), state.side === v, () => { state.side = v; draw(); }));
  }
  // with a friend the side is chosen as 先手 / 後手 (the shell's box): say which of them is 上手
  if (!even) box.append(h('p', { class: 'sg-hint', text: state.remote
    ? t('駒落ちでは上手（駒を落とした側）は後手の席で、先に指します。', 'In a handicap game the upper side (fewer pieces) takes the Gote seat and moves first.')
    : t('駒落ちでは上手（駒を落とした側）が先に指します。', 'In a handicap game the upper side (fewer pieces) moves first.') }));
  const cid = `sg-clock-${++uid}`;
  box.append(h('p', { class: 'sg-opt' }, h('label', { for: cid, text: t('持ち時間', 'Clock') }),
    h('select', { id: cid, 'data-opt': 'clock', onchange: (e) => { state.clock = e.target.value; } },
      CLOCKS.map(([v, ja, en]) => h('option', { value: v, selected: v === state.clock, text: t(ja, en) })))));
  box.append(h('p', { class: 'sg-hint sg-clock-note', text: t('時間切れは負けです。ページを閉じている間も、あなたの手番なら時間は減ります。',
    'Running out of time loses. Your time keeps running on your turn while the page is closed.') }));
  return box;
}

/** Put the one person at the chosen seat (0 先手/下手, 1 後手/上手) when one person plays one computer. */
export function arrangeSides(players, side, seed) {
  const humans = players.filter((p) => p.type === 'human');
  if (players.length !== 2 || humans.length !== 1) return players;
  const want = side === 'random' ? Number(BigInt(seed) % 2n) : side === 'gote' ? 1 : 0;
  const human = humans[0];
  const bot = players.find((p) => p !== human);
  return want === 1 ? [bot, human] : [human, bot];
}

/** Build the form in `root`; `getOptions()` returns the new_match options. */
export function setupForm(root, ctx) {
  const t = (ja, en) => (ctx.t ? ctx.t(ja, en) : (ctx.lang === 'en' ? en : ja));
  const custom = loadCustomCards(ctx);
  const state = { ruleset: 'cards', variant: 'standard', foul: false, counts: {}, active: new Set(), include: new Set(), sfen: '', sfenNote: '',
    handicap: 'none', side: 'sente', clock: 'none', remote: false, deckKept: false };
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
    if (ctx.retitle) ctx.retitle();
    form.append(sideAndHandicap(t, state, draw));
    form.append(h('p', { class: 'sg-setup-links' },
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
    form.append(h('p', { class: 'sg-opt sg-foul' },
      h('input', { type: 'checkbox', id: fid, 'data-opt': 'foul_loss', checked: state.foul, onchange: (e) => { state.foul = e.target.checked; } }),
      h('label', { for: fid, text: t('反則負けあり（反則の手も指せて、指すと負け）', 'Fouls lose (fouls can be played and lose at once)') })));
    // not 遊び方: the shell's own fieldset (this device / with a friend) has that legend
    form.append(h('fieldset', { class: 'sg-variant' }, h('legend', { text: t('カードの使い方', 'Card variant') }),
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
      // a deck taken again from a match (setOptions) has none of the cards it left out
      if (!(card.id in state.counts)) state.counts[card.id] = state.deckKept ? 0 : Number.isInteger(copies[card.id]) ? copies[card.id] : n;
    }
    draw();
  }).catch(() => { /* the form still works for the standard variant */ });

  return {
    getOptions() {
      if (state.ruleset === 'hon') {
        const clock = clockOption(state.clock);
        return state.sfen ? { ruleset: 'hon', sfen: state.sfen, clock } : { ruleset: 'hon', sfen: null, handicap: state.handicap, clock };
      }
      const opts = { ruleset: 'cards', foul_loss: state.foul, variant: state.variant, handicap: state.handicap, clock: clockOption(state.clock),
        custom_cards: custom.filter((c) => state.include.has(c.id)).map(schemaCard) };
      if (state.variant === 'pickup') {
        const deck = [];
        for (const [id, n] of Object.entries(state.counts)) for (let i = 0; i < n; i++) deck.push(id);
        opts.deck = deck;
      }
      if (state.variant === 'setup') opts.active = [...state.active];
      return opts;
    },
    /** The person's side against the computer: the human seat goes where the form says (random:
     *  from the match's seed, so the same seed sets the same sides). */
    arrangePlayers(players, seed) {
      return arrangeSides(players, state.side, seed);
    },
    relang() { draw(); },
    /** The match these options make, as its heading names it: 本将棋 has its own name. */
    title() {
      return state.ruleset === 'hon' ? { ja: '本将棋', en: 'Shogi' } : null;
    },
    /** 「もう一度遊ぶ」: the form as the options `o` of the match played again (new_match options, as
     *  the record keeps them); what this form cannot show (an unlisted clock) falls back to its default. */
    setOptions(o) {
      if (!o || typeof o !== 'object') return;
      state.ruleset = o.ruleset === 'hon' ? 'hon' : 'cards';
      state.handicap = HANDICAPS.some(([v]) => v === o.handicap) ? o.handicap : 'none';
      const c = o.clock;
      const clock = c && Number.isInteger(c.main) && Number.isInteger(c.byoyomi) ? `${c.main}+${c.byoyomi}` : 'none';
      state.clock = CLOCKS.some(([v]) => v === clock) ? clock : 'none';
      state.sfen = state.ruleset === 'hon' && typeof o.sfen === 'string' ? o.sfen : '';
      state.foul = o.foul_loss === true;
      state.variant = ['standard', 'pickup', 'setup'].includes(o.variant) ? o.variant : 'standard';
      const own = new Set(custom.map((card) => card.id));
      state.include = new Set((Array.isArray(o.custom_cards) ? o.custom_cards : []).map((card) => card && card.id).filter((id) => own.has(id)));
      if (Array.isArray(o.deck)) {
        state.counts = {};
        for (const id of o.deck) state.counts[id] = (state.counts[id] || 0) + 1;
        state.deckKept = true;
      }
      state.active = new Set(Array.isArray(o.active) ? o.active : []);
      draw();
    },
    /** With a friend by link (no computer): the side against the computer is not asked. */
    setRemote(on) {
      if (state.remote === Boolean(on)) return;
      state.remote = Boolean(on);
      draw();
    },
    destroy() { form.remove(); },
  };
}
