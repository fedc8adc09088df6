// 株式デュエル (kabu) view: mount(root, ctx) → {update, destroy}; setupForm (deck builder).
// Renders payload.view as documented in pygames/kabu/VIEW.md and sends action strings back.
// No game rules here: what may be done comes from payload.legal and ctx.check.
import { h, clear } from './dom.js';
import { tracker, market, priceCharts, orderBook, playersPanel, handPanel, fillLog, endScreen } from './panels.js';
import { promptPanel } from './prompts.js';
import { recentPanel } from './recent.js';
export { setupForm } from './deck.js';

/** Mount the game screen into root. */
export function mount(root, ctx) {
  const box = h('div', { class: 'kabu', id: 'kabu-view', lang: ctx.lang });
  root.append(box);
  const ui = { error: '' };
  let payload = null;
  let lastKey = '';
  let busy = false;
  let alive = true;

  function keyOf(p) {
    return JSON.stringify([p.ply, p.plies, p.seat, p.to_move, p.legal, p.replay, ctx.lang, Boolean(p.outcome)]);
  }

  function model(p) {
    const v = p.view;
    const me = v.seat === 0 || v.seat === 1 ? v.seat : null;
    const players = p.players || [];
    const cat = v.catalog || {};
    const role = s => (v.players[s] ? ctx.t(v.players[s].role_ja, v.players[s].role_en) : String(s));
    return {
      ctx, p, v, me, ui, busy,
      legal: p.replay ? [] : (p.legal || []),
      seats: me === null ? [0, 1] : [me, 1 - me],
      who: s => (s === me ? ctx.t('あなた', 'You') : ((players[s] && players[s].name) || role(s))),
      whoShort: s => (me === null ? ctx.t(s === 0 ? '先攻' : '後攻', s === 0 ? '1st' : '2nd') : s === me ? ctx.t('自分', 'You') : ctx.t('相手', 'Opp.')),
      issueName: id => {
        const st = (cat.stocks || {})[id];
        return st ? ctx.t(st.name_ja, st.name_en) : String(id);
      },
      send,
      rerender: () => render(true),
    };
  }

  async function send(action) {
    if (busy) return;
    busy = true;
    ui.error = '';
    // reset the entry fields before sending, so typing during the round trip is kept
    const before = { priceTouched: ui.priceTouched, qty: ui.qty, editing: ui.editing };
    if (/^(buy|sell) /.test(action)) { ui.priceTouched = false; ui.qty = 1; }
    if (/^change /.test(action)) ui.editing = null;
    render(true);
    try {
      await ctx.act(action);
    } catch (err) {
      Object.assign(ui, before);
      ui.error = err ? ctx.t(err.message_ja || String(err), err.message_en || String(err)) : '';
    } finally {
      busy = false;
      if (alive) render(true);
    }
  }

  function render(force = false) {
    if (!payload || !alive) return;
    const key = keyOf(payload);
    if (!force && key === lastKey) return;
    lastKey = key;
    const focusId = document.activeElement && box.contains(document.activeElement) ? document.activeElement.id : null;
    const scrollY = window.scrollY;
    const m = model(payload);
    box.lang = ctx.lang;
    // state hooks for tests and styling (not for game logic)
    box.dataset.ply = String(payload.ply);
    box.dataset.pending = (m.v.pending && m.v.pending.kind) || (m.v.result ? 'over' : '');
    box.dataset.mine = String(m.legal.length > 0 && !busy);
    box.dataset.turn = String(m.v.turn.index);
    const parts = [tracker(m)];
    if (m.v.result) parts.push(endScreen(m));
    if (!m.v.result) parts.push(promptPanel(m));
    parts.push(recentPanel(m));
    parts.push(market(m), playersPanel(m), orderBook(m), handPanel(m), priceCharts(m), fillLog(m));
    clear(box).append(...parts);
    if (focusId) {
      const el = document.getElementById(focusId);
      if (el && !el.disabled) el.focus({ preventScroll: true });
    }
    if (force) window.scrollTo(0, scrollY);
  }

  return {
    update(p) {
      if (!p || !p.view) return;
      payload = p;
      render(false);
    },
    destroy() {
      alive = false;
      box.remove();
    },
  };
}
