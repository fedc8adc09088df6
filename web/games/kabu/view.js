// 株式デュエル (kabu) view: mount(root, ctx) → {update, destroy}; setupForm (deck builder).
// Renders payload.view as documented in pygames/kabu/VIEW.md and sends action strings back.
// No game rules here: what may be done comes from payload.legal and ctx.check.
import { h, clear } from '../../shell/dom.js';
import { flashTracker } from '../../shell/turn.js';
import { seatName as shellSeatName, youSeat } from '../../shell/seats.js';
import { priceCharts, handPanel, endBreakdown } from './panels.js';
import { turnStrip, moneyStrip, market, orderBook } from './board.js';
import { changedKeys, feedPanel, historyPanel, newsKeys } from './feed.js';
import { promptPanel } from './prompts.js';

/** The phone tabs: what is one tap away below the prompt and the market (desktop shows them all). */
const TABS = [['book', '板', 'Book'], ['assets', '資産', 'Assets'], ['history', 'これまで', 'Earlier'],
  ['charts', 'チャート', 'Charts'], ['cards', 'カード', 'Cards']];
export { setupForm } from './deck.js';

/** Mount the game screen into root. */
export function mount(root, ctx) {
  const box = h('div', { class: 'kabu', id: 'kabu-view', lang: ctx.lang });
  root.append(box);
  const ui = { error: '', tab: 'book' };
  const flashes = flashTracker(box); // the shell's highlight of changed figures, kept across redraws
  let seenView = null; // the view the person last saw (for "just now" and the highlights)
  let seenKey = '';
  let lastDecision = '';
  let payload = null;
  let lastKey = '';
  let busy = false;
  let alive = true;

  function keyOf(p) {
    return JSON.stringify([p.ply, p.plies, p.seat, p.to_move, p.legal, p.replay, ctx.lang, Boolean(p.outcome)]);
  }

  /** Text helpers of one language for the feed (seat names rendered now, in that language). */
  function lang(m, l) {
    const t = (ja, en) => (l === 'en' ? en : ja);
    const cat = m.v.catalog || {};
    return {
      t, lang: l,
      who: s => (s === m.me ? t('あなた', 'you') : (seatName(s) || t(s === 0 ? '先攻' : '後攻', s === 0 ? 'First' : 'Second'))),
      whose: s => (s === m.me ? t('あなたの', 'your') : `${seatName(s) || t(s === 0 ? '先攻' : '後攻', s === 0 ? 'First' : 'Second')}${t('の', "'s")}`),
      issue: id => { const st = (cat.stocks || {})[id]; return st ? t(st.name_ja, st.name_en) : String(id); },
      card: (kind, id) => { const c = (cat[kind] || {})[id]; return c ? t(c.name_ja, c.name_en) : String(id); },
    };
  }

  /** A seat's name as the shell gives it (already in the current language; a typed name as typed). */
  function seatName(s) {
    const players = (payload && payload.players) || [];
    return players[s] ? shellSeatName(players, s) : '';
  }

  /**
   * At a new decision of the person: did a judging (or the turn's steps) add fills, cancelled remainders,
   * a janken, dividends or an event since the person's last decision? Then the story goes above the form
   * for that whole decision (ui.newsFirst), not only for its first drawing. True on that first drawing.
   */
  function news(m) {
    if (!m.legal.length || m.p.replay) return false;
    const keys = newsKeys(m);
    const at = `${m.v.turn.index}:${m.v.turn.phase}`;
    let now = false;
    if (at !== ui.newsAt) {
      const fresh = ui.newsSeen ? keys.filter(k => !ui.newsSeen.has(k)) : [];
      now = fresh.length > 0;
      ui.newsFirst = now;
      ui.newsFrom = fresh[0] || null; // the story opens there (in time order), not at its last line
      ui.newsAt = at;
    }
    ui.newsSeen = new Set(keys);
    return now;
  }

  function model(p) {
    const v = p.view;
    const me = v.seat === 0 || v.seat === 1 ? v.seat : null;
    const cat = v.catalog || {};
    const role = s => (v.players[s] ? ctx.t(v.players[s].role_ja, v.players[s].role_en) : String(s));
    return {
      ctx, p, v, me, ui, busy,
      legal: p.replay ? [] : (p.legal || []),
      seats: me === null ? [0, 1] : [me, 1 - me],
      who: s => (s === me ? ctx.t('あなた', 'You') : seatName(s) || role(s)),
      // the result names a seat as the shell's headline and reason do: あなた for the one person against the
      // computer who typed no name, else the seat's name (a typed name, プレイヤー2, コンピュータ…)
      named: s => (s === youSeat((p && p.players) || []) ? ctx.t('あなた', 'You') : seatName(s) || role(s)),
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
    m.L = lang(m, ctx.lang);
    const viewKey = `${payload.seat}:${payload.ply}:${Boolean(payload.replay)}`;
    let fresh = false; // figures changed in a new position: flash them once drawn
    if (viewKey !== seenKey) {
      // a new position (not just a language change or a re-render): what changed since the last one
      const same = seenView && seenView.seat === m.v.seat && !payload.replay;
      ui.changed = same ? changedKeys(seenView, m.v, [0, 1]) : new Set();
      seenView = m.v;
      seenKey = viewKey;
      ui.gen = (ui.gen || 0) + 1;
      fresh = ui.changed.size > 0;
    }
    m.changed = ui.changed || new Set();
    m.gen = ui.gen || 0;
    box.lang = ctx.lang;
    // state hooks for tests and styling (not for game logic)
    box.dataset.ply = String(payload.ply);
    box.dataset.pending = (m.v.pending && m.v.pending.kind) || (m.v.result ? 'over' : '');
    box.dataset.mine = String(m.legal.length > 0 && !busy);
    box.dataset.turn = String(m.v.turn.index);
    const newsNow = news(m);
    box.classList.toggle('kabu-news-first', Boolean(ui.newsFirst) && !m.v.result);
    const tabbed = (node, tab) => {
      node.classList.add('kabu-tabbed');
      if (ui.tab === tab) node.classList.add('kabu-tab-on');
      node.dataset.tab = tab;
      return node;
    };
    const tabs = h('div', { class: 'kabu-tabs', role: 'group', 'aria-label': ctx.t('ほかの画面', 'More') },
      TABS.map(([id, ja, en]) => h('button', { type: 'button', 'data-tab-button': id, 'aria-pressed': String(ui.tab === id),
        onclick: () => { ui.tab = id; render(true); } }, ctx.t(ja, en))));
    // at the end the shell's result panel (#outcome) shows the duel's figures (resultBreakdown below)
    const now = m.v.result ? { panel: null, bar: null } : promptPanel(m);
    // the shell's events strip (who did what, 「…が考え中」) where the eye is: under the quote board on a
    // desktop (the right column keeps its place), above the prompt on a phone (view.css)
    const strip = ctx.turn && !payload.replay ? ctx.turn.strip : null;
    clear(box).append(
      turnStrip(m),
      // the story sits under the book on a desktop (the order ticket keeps the right column); on a
      // phone the columns dissolve and view.css orders it right after the prompt
      h('div', { class: 'kabu-left' }, market(m), strip, tabbed(orderBook(m), 'book'), feedPanel(m, lang(m, ctx.lang))),
      h('div', { class: 'kabu-right' }, tabbed(moneyStrip(m), 'assets'), now.bar, now.panel),
      tabs,
      tabbed(historyPanel(m, lang(m, ctx.lang)), 'history'), tabbed(priceCharts(m), 'charts'), tabbed(handPanel(m), 'cards'));
    // the story runs in time order: its newest lines (at the bottom) are the ones in view
    const lines = document.getElementById('kabu-feed-lines');
    if (lines) {
      lines.scrollTop = lines.scrollHeight;
      // after a judging: from the first thing it did (the person's own fills are often the first lines)
      const from = ui.newsFirst && ui.newsFrom ? lines.querySelector(`li[data-key="${ui.newsFrom}"]`) : null;
      if (from) lines.scrollTop = Math.min(lines.scrollTop, lines.scrollTop + from.getBoundingClientRect().top - lines.getBoundingClientRect().top);
    }
    if (fresh) flashes.mark(`.kabu-changed-${m.gen}`);
    else flashes.apply();
    if (focusId) {
      const el = /** @type {HTMLButtonElement | null} */ (document.getElementById(focusId));
      if (el && !el.disabled) el.focus({ preventScroll: true });
    }
    if (force) window.scrollTo(0, scrollY);
    // what a judging just did, seen without scrolling when the next decision comes (on a phone the
    // story then sits above the form: view.css)
    const feedBox = document.getElementById('kabu-feed');
    if (newsNow && feedBox && getComputedStyle(box).getPropertyValue('--kabu-stacked').trim() === '1') {
      const r = feedBox.getBoundingClientRect();
      const bar = document.getElementById('kabu-bar');
      const bottom = window.innerHeight - (bar ? bar.getBoundingClientRect().height : 0);
      if (r.top < 0 || r.bottom > bottom) box.scrollIntoView({ block: 'start' });
    }
    // a new decision for the person: bring the prompt into view if it is off screen (the next step is always in view)
    const decision = `${viewKey}:${m.legal.length > 0}`;
    if (m.legal.length > 0 && decision !== lastDecision) {
      const prompt = document.getElementById('kabu-prompt');
      const r = prompt && prompt.getBoundingClientRect();
      if (r && (r.top < 0 || r.top > window.innerHeight - 120)) box.scrollIntoView({ block: 'start' });
    }
    lastDecision = decision;
  }

  return {
    update(p) {
      if (!p || !p.view) return;
      payload = p;
      render(false);
    },
    /** The shell's result panel: each purse and the assets over the duel. */
    resultBreakdown(p) {
      return p && p.view && p.view.result ? endBreakdown(model(p)) : null;
    },
    destroy() {
      alive = false;
      box.remove();
    },
  };
}
