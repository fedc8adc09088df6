// Deck builder for the new-match form: setupForm(root, ctx) → {getOptions, relang}.
// Shows the deck limits live as the engine tallies them (game_call deck_state: every limit, the
// deck's figure and the verdict); no limit is computed here. Card data comes from the engine's catalogue.
import { h, clear } from '../../shell/dom.js';

let catalogPromise = null;

/** The engine's card catalogue (stocks, events, tools, ready decks) and deck limits per years. */
export function loadCatalog(ctx) {
  if (!catalogPromise) {
    catalogPromise = (async () => {
      const limits = {};
      let catalog = null;
      for (const years of [1, 2, 3]) {
        const r = await ctx.api('game_call', { game: 'kabu', name: 'catalog', args: { years } });
        catalog = r.catalog;
        limits[years] = r.limits;
      }
      return { ...catalog, limits };
    })();
    catalogPromise.catch(() => { catalogPromise = null; });
  }
  return catalogPromise;
}

/** Custom new-match form: years and both players' decks. */
export function setupForm(root, ctx) {
  const saved = (ctx.storage && ctx.storage.get && safe(() => ctx.storage.get('setup'))) || {};
  const state = {
    years: [1, 2, 3].includes(saved.years) ? saved.years : 1,
    decks: [0, 1].map(i => ({ preset: (saved.decks && saved.decks[i] && saved.decks[i].preset) || (i === 0 ? 'balanced' : 'dividend'),
      custom: sanitize(saved.decks && saved.decks[i] && saved.decks[i].custom) })),
  };
  let cat = null;
  let engineMsg = ['', ''];
  let tallies = [[], []]; // the engine's tally of each deck (game_call deck_state)
  let checkSeq = 0;
  const box = h('div', { class: 'kabu kabu-deck', id: 'kabu-setup' });
  root.append(box);
  box.append(h('p', {}, ctx.t('読み込み中…', 'Loading…')));

  loadCatalog(ctx).then(c => {
    cat = c;
    state.decks.forEach((d, i) => { if (d.preset !== 'custom' && !(d.preset in cat.decks)) d.preset = Object.keys(cat.decks)[i] || 'custom'; });
    render(); validate();
  }).catch(err => {
    clear(box).append(h('p', { class: 'kabu-error', role: 'alert' }, ctx.t(err.message_ja || String(err), err.message_en || String(err))));
  });

  function deckOf(i) {
    const d = state.decks[i];
    if (d.preset === 'custom') return d.custom;
    const ready = cat.decks[d.preset];
    const y = ready.by_years[String(state.years)] || ready.by_years['1'];
    return { stocks: ready.stocks.slice(), events: y.events.slice(), tools: y.tools.slice() };
  }

  function persist() {
    try { ctx.storage && ctx.storage.set && ctx.storage.set('setup', state); } catch { /* storage full: not fatal */ }
  }

  function cardName(kind, id) {
    const e = (cat[kind] || {})[id];
    return e ? ctx.t(e.name_ja, e.name_en) : id;
  }

  function counter(i, kind, id, label, detail) {
    const d = state.decks[i].custom;
    const n = d[kind].filter(x => x === id).length;
    const cid = `kabu-d${i}-${kind}-${id}`;
    const change = delta => {
      if (delta > 0) d[kind].push(id);
      else { const k = d[kind].lastIndexOf(id); if (k >= 0) d[kind].splice(k, 1); }
      d[kind].sort();
      persist(); render(cid + (delta > 0 ? '-plus' : '-minus')); validate();
    };
    return h('div', { class: 'kabu-pick', 'data-card': id },
      h('span', { id: `${cid}-label` }, h('b', {}, label), ' ', h('span', { class: 'kabu-muted' }, detail)),
      h('span', { class: 'kabu-count' },
        h('button', { type: 'button', id: `${cid}-minus`, disabled: n === 0, 'aria-label': ctx.t(`${label}を1枚減らす`, `Remove one ${label}`), onclick: () => change(-1) }, '−'),
        h('output', { id: cid, 'aria-live': 'polite', 'aria-labelledby': `${cid}-label` }, String(n)),
        h('button', { type: 'button', id: `${cid}-plus`, 'aria-label': ctx.t(`${label}を1枚増やす`, `Add one ${label}`), onclick: () => change(1) }, '+')));
  }

  function deckBox(i) {
    const d = state.decks[i];
    const role = i === 0 ? ctx.t('先攻（席1）', 'First player (seat 1)') : ctx.t('後攻（席2）', 'Second player (seat 2)');
    const sel = h('select', { id: `kabu-deck${i}-preset`, onchange: e => {
      const v = e.target.value;
      if (v === 'custom' && d.preset !== 'custom' && !d.custom.stocks.length && !d.custom.events.length && !d.custom.tools.length) {
        state.decks[i].custom = deckOf(i);
      }
      d.preset = v; persist(); render(`kabu-deck${i}-preset`); validate();
    } },
      Object.entries(cat.decks).map(([id, x]) => h('option', { value: id, selected: d.preset === id }, ctx.t(`用意されたデッキ: ${x.name_ja}`, `Ready deck: ${x.name_en}`))),
      h('option', { value: 'custom', selected: d.preset === 'custom' }, ctx.t('自分で組む', 'Build my own')));
    const deck = deckOf(i);
    const fs = h('fieldset', { id: `kabu-deck${i}`, class: 'kabu-panel' }, h('legend', {}, ctx.t(`${role}のデッキ`, `${role}'s deck`)),
      h('label', { for: `kabu-deck${i}-preset` }, ctx.t('デッキ', 'Deck'), ' ', sel));
    if (d.preset !== 'custom') {
      fs.append(h('button', { type: 'button', id: `kabu-deck${i}-copy`, class: 'kabu-copy', onclick: () => {
        state.decks[i].custom = deckOf(i); d.preset = 'custom'; persist(); render(`kabu-deck${i}-preset`); validate();
      } }, ctx.t('このデッキをもとに自分で組む', 'Customise this deck')));
    }
    fs.append(h('ul', { class: 'kabu-limits', id: `kabu-deck${i}-limits`, 'aria-live': 'polite' },
      limitItems(i)));
    fs.append(h('p', { class: 'kabu-error', id: `kabu-deck${i}-error`, role: 'alert' }, engineMsg[i]));
    if (d.preset === 'custom') {
      fs.append(h('h3', {}, ctx.t('株式カード（ちょうど5枚・同じ銘柄も可）', 'Stock cards (exactly 5, repeats allowed)')),
        ...Object.entries(cat.stocks).map(([id, st]) => counter(i, 'stocks', id, cardName('stocks', id),
          ctx.t(`${(cat.sectors[st.sector] || {}).ja || st.sector}・株価${st.price}・配当${st.dividend}円`, `${(cat.sectors[st.sector] || {}).en || st.sector} · price ${st.price} · div ${st.dividend} yen`))),
        h('h3', {}, ctx.t('イベントカード', 'Event cards')),
        ...Object.entries(cat.events).map(([id, ev]) => counter(i, 'events', id, cardName('events', id),
          ctx.t(`コスト${ev.cost}・${ev.text_ja}`, `cost ${ev.cost} · ${ev.text_en}`))),
        h('h3', {}, ctx.t('ツール・分析カード', 'Tool / analysis cards')),
        ...Object.entries(cat.tools).map(([id, tl]) => counter(i, 'tools', id, cardName('tools', id),
          ctx.t(`${tl.timing_ja}: ${tl.text_ja}`, `${tl.timing_en}: ${tl.text_en}`))));
    } else {
      fs.append(h('p', { class: 'kabu-muted' },
        ctx.t('株式: ', 'Stocks: '), deck.stocks.map(id => cardName('stocks', id)).join(ctx.t('、', ', ')), h('br'),
        ctx.t('イベント: ', 'Events: '), deck.events.map(id => cardName('events', id)).join(ctx.t('、', ', ')), h('br'),
        ctx.t('ツール: ', 'Tools: '), deck.tools.map(id => cardName('tools', id)).join(ctx.t('、', ', ')) || ctx.t('なし', 'none')));
    }
    return fs;
  }

  function limitItems(i) {
    return tallies[i].map(x => h('li', { class: x.ok ? 'kabu-ok' : 'kabu-bad', 'data-limit': x.key }, ctx.t(x.ja, x.en)));
  }

  function render(focusId) {
    if (!cat) return;
    const years = h('select', { id: 'kabu-years', onchange: e => { state.years = Number(e.target.value); persist(); render('kabu-years'); validate(); } },
      [1, 2, 3].map(y => h('option', { value: y, selected: state.years === y }, ctx.t(`${y}年（${8 * y}ターン）`, `${y} year${y > 1 ? 's' : ''} (${8 * y} turns)`))));
    clear(box).append(
      h('p', {}, ctx.t('デッキの制限は下に表示されます。 ', 'The limits are shown below. '),
        h('a', { href: ctx.rulesHref }, ctx.t('遊び方（ルール）', 'How to play (rules)'))),
      h('label', { for: 'kabu-years' }, ctx.t('年数', 'Length'), ' ', years),
      deckBox(0), deckBox(1));
    if (typeof focusId === 'string') {
      const el = document.getElementById(focusId);
      if (el) el.focus();
    }
  }

  function options() {
    return { years: state.years, deck0: state.decks[0].preset === 'custom' ? deckOf(0) : state.decks[0].preset,
      deck1: state.decks[1].preset === 'custom' ? deckOf(1) : state.decks[1].preset };
  }

  /** Ask the engine whether each deck is valid for the chosen years; show its message per deck. */
  async function validate() {
    const my = ++checkSeq;
    const msg = ['', ''];
    const tal = [[], []];
    for (const i of [0, 1]) {
      try {
        const r = await ctx.api('game_call', { game: 'kabu', name: 'deck_state', args: { deck: options()[`deck${i}`], years: state.years } });
        tal[i] = r.tally || [];
        if (r.verdict) msg[i] = ctx.t(r.verdict.message_ja, r.verdict.message_en);
      } catch (err) {
        msg[i] = ctx.t(err.message_ja || String(err), err.message_en || String(err));
      }
    }
    if (my !== checkSeq) return;
    engineMsg = msg;
    tallies = tal;
    for (const i of [0, 1]) {
      const el = document.getElementById(`kabu-deck${i}-error`);
      if (el) el.textContent = msg[i];
      const list = document.getElementById(`kabu-deck${i}-limits`);
      if (list) { clear(list); list.append(...limitItems(i)); }
    }
  }

  return {
    async getOptions() {
      if (!cat) cat = await loadCatalog(ctx);
      const opts = options();
      for (const i of [0, 1]) { // throws the engine's error, naming the limit
        await ctx.api('game_call', { game: 'kabu', name: 'check_deck', args: { deck: opts[`deck${i}`], years: opts.years } });
      }
      return opts;
    },
    relang() { render(); validate(); },
  };
}

function safe(fn) {
  try { return fn(); } catch { return null; }
}

function sanitize(d) {
  const list = x => (Array.isArray(x) ? x.filter(y => typeof y === 'string' && /^[A-Z]\d{2}$/.test(y)).slice(0, 60) : []);
  return { stocks: list(d && d.stocks), events: list(d && d.events), tools: list(d && d.tools) };
}
