// The interactive part of the kabu view: order entry, tool prompts, janken, event target,
// liquidation. Only offers what payload.legal allows; free-form limit prices are checked with
// ctx.check so the engine explains a refusal before anything is sent. No game rules here.
import { h } from '../../shell/dom.js';
import { sideLabel, kindLabel, HANDS, handLabel, nameOf, MARKS, yen, signed, num } from './labels.js';
import { fillTicket, offersPanel, outlookLine } from './offers.js';
import { jankenText } from './feed.js';
import { priceCard, stockCard } from './cards.js';

const errText = (ctx, e) => (e ? ctx.t(e.message_ja || e.message || String(e), e.message_en || e.message || String(e)) : '');

/** Compose an order string of the grammar in VIEW.md. */
export function orderString(side, issue, kind, price, qty) {
  return kind === 'mkt' ? `${side} ${issue} mkt x${qty}` : `${side} ${issue} limit ${price} x${qty}`;
}

/** The change string for order `o` edited to (kind, price, qty); null when nothing changes. */
export function changeString(o, kind, price, qty, qtyChange) {
  const parts = [];
  const priceChanged = kind !== o.kind || (kind === 'limit' && Number(price) !== o.price);
  if (priceChanged) parts.push(kind === 'mkt' ? 'mkt' : `limit ${price}`);
  if (qtyChange && Number(qty) !== o.qty) parts.push(`x${qty}`);
  return parts.length ? `change ${o.id} ${parts.join(' ')}` : null;
}

/** Tool actions with per-issue quantities: `tool T02 S03 x2 S05 x1` (issues in id order). */
export function toolSaleString(tool, qty) {
  const parts = Object.keys(qty).sort().filter(id => qty[id] > 0).map(id => `${id} x${qty[id]}`);
  return parts.length ? `tool ${tool} ${parts.join(' ')}` : null;
}

/** Human text for a composed order. */
function describeOrder(m, side, issue, kind, price, qty) {
  const { ctx } = m;
  const k = kindLabel(ctx, kind), sd = sideLabel(ctx, side);
  return kind === 'limit'
    ? ctx.t(`${m.issueName(issue)} ${k}${sd} ${price}単位 ×${qty}`, `${sd} ${m.issueName(issue)} limit ${price} ×${qty}`)
    : ctx.t(`${m.issueName(issue)} ${k}${sd} ×${qty}`, `${sd} ${m.issueName(issue)} at market ×${qty}`);
}

function describeSale(m, qty) {
  return Object.keys(qty).sort().filter(id => qty[id] > 0).map(id => `${m.issueName(id)} ×${qty[id]}`).join(m.ctx.t('、', ', '));
}

function button(label, action, m, extra = {}) {
  const legal = m.legal.includes(action);
  return h('button', { type: 'button', 'data-action': action, disabled: !legal || m.busy, class: extra.primary ? 'kabu-primary' : '',
    onclick: () => m.send(action), ...extra.attrs }, label);
}

function qtyStepper(m, id, label, max, value, onChange) {
  const input = h('input', { type: 'number', id, min: 0, max, step: 1, inputmode: 'numeric', value: String(value),
    oninput: e => onChange(Math.max(0, Math.min(max, Math.floor(Number(e.target.value) || 0)))) });
  return h('label', { for: id }, label, input);
}

/** The decision of the moment: the panel (#kabu-prompt: ticket, own orders, details) and the action bar
 * (#kabu-bar, shell class action-bar: the one-line prompt and the primary action(s); it sticks to the
 * bottom of a phone's screen). Returns {panel, bar}. */
export function promptPanel(m) {
  const { ctx, v, p } = m;
  const pend = v.pending;
  const body = [];
  const acts = []; // the primary action(s), shown in the action bar
  let heading = '';
  const mine = m.me !== null && pend && (pend.waiting_for || []).includes(m.me) && m.legal.length > 0 && !p.replay;
  // the last row of buttons of a prompt goes to the action bar
  const lastRowToBar = () => { const row = body.pop(); if (row) acts.push(...row.childNodes); };
  if (!pend) {
    heading = v.result ? ctx.t('デュエル終了', 'Duel over') : ctx.t('進行中', 'In progress');
  } else if (!mine) {
    heading = p.replay ? ctx.t('再生中', 'Replay') : ctx.t('待機中', 'Waiting');
    const who = (pend.waiting_for || []).filter(s => s !== m.me).map(s => m.who(s)).join(ctx.t('・', ', '));
    body.push(h('p', { id: 'kabu-waiting' }, p.replay ? ctx.t('リプレイを表示中です。', 'Showing a replay.')
      : who ? ctx.t(`${who}の入力を待っています…`, `Waiting for ${who}…`) : ctx.t('処理中…', 'Working…')));
    const offers = offersPanel(m);
    if (offers) body.push(offers);
    if (pend.kind === 'orders' && m.me !== null && v.players[m.me].done) {
      body.push(h('p', { class: 'kabu-muted' }, ctx.t('あなたはこのフェーズの注文を確定しました。', 'You have confirmed your orders for this phase.')));
    }
  } else {
    switch (pend.kind) {
      case 'orders': heading = orderHeading(m); body.push(...ordersPrompt(m));
        acts.push(button(ctx.t('注文を確定してフェーズを終える', 'Confirm orders and end the phase'), 'done', m, { primary: true, attrs: { id: 'kabu-done' } }));
        break;
      case 't05': heading = ctx.t('④ チャート分析を使いますか？', '④ Use Chart analysis?'); body.push(...toolYesNo(m, 'T05')); lastRowToBar(); break;
      case 't04': heading = ctx.t('⑦ 決算分析を使いますか？', '⑦ Use Earnings analysis?');
        body.push(h('p', {}, ctx.t(`今回の配当 ${yen(pend.income ?? 0, 'ja')} が2倍になります。`, `This results' dividends of ${yen(pend.income ?? 0, 'en')} are doubled.`)),
          resultsLeft(m, pend), ...toolYesNo(m, 'T04')); lastRowToBar(); break;
      case 'chart': heading = ctx.t('④ 適用する株価変動カードを選ぶ', '④ Choose the price card that applies');
        body.push(h('p', {}, ctx.t('引いた2枚（どちらも全銘柄に効きます）: ', 'The two cards drawn (either moves every issue): ')),
          h('div', { class: 'kabu-row kabu-cardrow' }, (pend.cards || []).map(c => priceCard(ctx, c))),
          h('div', { class: 'kabu-row' }, m.legal.filter(a => a.startsWith('chart ')).map(a => button(
            ctx.t(`${signed(Number(a.split(' ')[1]))}（全銘柄）`, `${signed(Number(a.split(' ')[1]))} (every issue)`), a, m, { primary: true }))));
        lastRowToBar(); break;
      case 't01': case 't02': heading = pend.kind === 't01' ? ctx.t('損切り判断を使いますか？', 'Use Stop-loss?') : ctx.t('先回り利益確定を使いますか？', 'Use Early profit-taking?');
        body.push(...salePrompt(m, pend.kind === 't01' ? 'T01' : 'T02', pend)); lastRowToBar(); break;
      case 'target': heading = ctx.t('⑧ イベントの対象銘柄を選ぶ', '⑧ Choose the issue your event hits'); body.push(...targetPrompt(m, pend)); lastRowToBar(); break;
      case 'janken': heading = ctx.t('じゃんけん（同条件の買い注文の順位）', 'Janken (rank of tied buy orders)'); body.push(...jankenPrompt(m, pend)); lastRowToBar(); break;
      case 'liquidate': heading = ctx.t('清算: 株を売って現金を0円以上に', 'Liquidation: sell shares until cash ≥ 0'); body.push(...liquidatePrompt(m, pend));
        acts.push(button(ctx.t('自動（高い株から）', 'Automatic (highest first)'), 'liquidate auto', m, { primary: true })); break;
      default: heading = String(pend.kind);
        body.push(h('div', { class: 'kabu-row' }, m.legal.slice(0, 30).map(a => button(a, a, m))));
    }
  }
  const bar = h('div', { class: `action-bar kabu-bar${mine ? ' kabu-bar-mine' : ''}`, id: 'kabu-bar' },
    // the actions stay together: three hands or two cards never split around the heading
    h('h2', { id: 'kabu-prompt-h', class: 'prompt' }, heading), acts.length ? h('div', { class: 'kabu-bar-acts' }, ...acts) : null);
  const panel = h('section', { class: `kabu-panel kabu-wide ${mine ? 'kabu-prompt' : 'kabu-wait'}`, id: 'kabu-prompt', 'aria-labelledby': 'kabu-prompt-h' },
    ...body,
    h('p', { class: 'kabu-error', id: 'kabu-error', role: 'alert' }, m.ui.error || ''));
  return { panel, bar };
}

function orderHeading(m) {
  const { ctx, v } = m;
  const mark = MARKS[v.turn.phase] || '';
  return v.pending.side === 'buy' ? ctx.t(`${mark} 買い注文`, `${mark} Buy orders`) : ctx.t(`${mark} 売り注文`, `${mark} Sell orders`);
}

/** ⑦ 決算分析: how many ⑦ are left after this one, so keeping the card for a bigger payout is a choice one can weigh. */
function resultsLeft(m, pend) {
  const { ctx } = m;
  const n = pend.results_left;
  if (typeof n !== 'number') return null;
  return h('p', { id: 'kabu-results-left' }, n > 0
    ? ctx.t(`使わなければ、このあと${n}回の⑦（決算）で使えます。`, `Kept, it can be used at any of the ${n} ⑦ (results) still to come.`)
    : ctx.t('これが最後の⑦（決算）です。使わなければ決算分析は使われずに終わります。', 'This is the last ⑦ (results): kept, Earnings analysis goes unused.'));
}

function toolYesNo(m, tool) {
  const { ctx, v } = m;
  const t = (v.catalog.tools || {})[tool] || {};
  return [h('p', {}, ctx.t(t.text_ja || '', t.text_en || '')),
    h('div', { class: 'kabu-row' }, button(ctx.t(`${t.name_ja || tool}を使う`, `Use ${t.name_en || tool}`), `tool ${tool}`, m, { primary: true }),
      button(ctx.t('使わない', 'Do not use'), 'pass', m))];
}

function effectText(m, effect) {
  return Object.entries(effect || {}).map(([id, d]) => `${m.issueName(id)} ${signed(d)}`).join(m.ctx.t('、', ', '));
}

/** T01/T02 (and T03 inside the order phase): quantities per sellable issue, checked by the engine. */
function salePrompt(m, tool, pend) {
  const { ctx, v, ui } = m;
  const t = (v.catalog.tools || {})[tool] || {};
  const sellable = pend.sellable || {};
  const key = `${tool}:${v.turn.index}:${v.turn.phase}`;
  if (ui.saleKey !== key) { ui.saleKey = key; ui.sale = {}; }
  const out = [];
  if (pend.effect) {
    const src = pend.source === 'event' ? nameOf(ctx, (v.catalog.events || {})[pend.card], pend.card) : ctx.t('株価変動カード', 'price card');
    out.push(h('p', {}, ctx.t(`公開された効果（${src}）: `, `Revealed effect (${src}): `), effectText(m, pend.effect)));
  }
  out.push(h('p', {}, ctx.t(t.text_ja || '', t.text_en || '')));
  const avail = Object.entries(sellable).filter(([, q]) => q > 0);
  let rows;
  if (tool === 'T01') {
    // one issue only: choose the issue, then how many
    if (!avail.some(([id]) => id === ui.saleIssue)) ui.saleIssue = avail.length ? avail[0][0] : null;
    const q = sellable[ui.saleIssue] || 0;
    const sel = h('select', { id: 'kabu-sale-T01-issue', onchange: e => { ui.saleIssue = e.target.value; ui.sale = {}; m.rerender(); } },
      avail.map(([id, n]) => h('option', { value: id, selected: id === ui.saleIssue }, ctx.t(`${m.issueName(id)}（最大${n}株）`, `${m.issueName(id)} (max ${n})`))));
    rows = [h('label', { for: 'kabu-sale-T01-issue', class: 'kabu-wide-field' }, ctx.t('銘柄（1つ）', 'Issue (one)'), sel),
      qtyStepper(m, 'kabu-sale-T01-qty', ctx.t(`数量（最大 ${q}）`, `Quantity (max ${q})`), q, ui.sale[ui.saleIssue] || 0,
        n => { ui.sale = { [ui.saleIssue]: n }; update(); })];
  } else {
    rows = avail.map(([id, q]) =>
      qtyStepper(m, `kabu-sale-${tool}-${id}`, `${m.issueName(id)}（${ctx.t('最大', 'max')} ${q}）`, q, ui.sale[id] || 0, n => { ui.sale[id] = n; update(); }));
  }
  const status = h('p', { class: 'kabu-muted', 'aria-live': 'polite' });
  const go = h('button', { type: 'button', class: 'kabu-primary', id: `kabu-use-${tool}`, disabled: true,
    onclick: () => { const a = toolSaleString(tool, ui.sale); if (a) m.send(a); } }, ctx.t(`${t.name_ja || tool}で売る`, `Sell with ${t.name_en || tool}`));
  let seq = 0;
  async function update() {
    const a = toolSaleString(tool, ui.sale);
    const my = ++seq;
    go.disabled = true;
    if (!a) { status.textContent = ctx.t('売る数を選んでください。', 'Choose how many to sell.'); return; }
    const text = ctx.t(`売る株: ${describeSale(m, ui.sale)}`, `Selling: ${describeSale(m, ui.sale)}`);
    if (m.legal.includes(a)) { status.textContent = text; go.disabled = m.busy; return; }
    const e = await ctx.check(a);
    if (my !== seq) return;
    status.textContent = e ? errText(ctx, e) : text;
    status.className = e ? 'kabu-field-error' : 'kabu-muted';
    go.disabled = Boolean(e) || m.busy;
  }
  out.push(h('div', { class: 'kabu-form' }, rows), status, h('div', { class: 'kabu-row' }, go,
    tool !== 'T03' ? button(ctx.t('使わない', 'Do not use'), 'pass', m) : null));
  queueMicrotask(update);
  return out;
}

/** The drawer's event target: each issue's button says what the event does to it (price, or dividend for 増配) and
 * who holds it, so a −4 can be aimed at the opponent's shares and a +4 at one's own; the yen each side gains or
 * loses by it is in the button's name for a screen reader and in the line over the buttons (the engine's targets). */
function targetPrompt(m, pend) {
  const { ctx, v } = m;
  const e = (v.catalog.events || {})[pend.card];
  const me = m.me ?? 0;
  const choices = Object.fromEntries((pend.targets || []).map(t => [t.issue, t]));
  const plus = n => (n > 0 ? '+' : '') + yen(n, ctx.lang);
  const dividendEvent = (pend.targets || []).some(t => t.dividend_after !== t.dividend);
  const sample = (pend.targets || [])[0];
  const per = dividendEvent ? (sample ? ctx.t(`残り${sample.dividends_left}回の決算で1株あたり配当が2倍`, `the dividend per share doubles for the ${sample.dividends_left} ⑦ still to come`) : '')
    : ctx.t('持っている株1株あたり、株価の変化×100円', 'each share held gains or loses the price change × ¥100');
  return [h('p', {}, ctx.t('イベント: ', 'Event: '), h('strong', {}, nameOf(ctx, e, pend.card)), e ? ` — ${ctx.t(e.text_ja, e.text_en)}` : ''),
    h('p', { class: 'kabu-muted', id: 'kabu-target-note' }, ctx.t(`各ボタン: 銘柄と変化・自分と相手の持ち株（${per}）`, `Each button: the issue, its change, and the shares you and your opponent hold (${per})`)),
    h('div', { class: 'kabu-row kabu-targets' }, m.legal.filter(a => a.startsWith('target ')).map(a => {
      const id = a.split(' ')[1];
      const t = choices[id];
      if (!t) return button(m.issueName(id), a, m);
      const change = t.dividend_after !== t.dividend ? ctx.t(`配当${t.dividend}→${t.dividend_after}円`, `div. ${t.dividend}→${t.dividend_after}`) : `${t.price}→${t.after}`;
      const mine = t.held[me];
      const theirs = t.held[1 - me];
      const held = mine || theirs ? ctx.t(`自分${mine}・相手${theirs}株`, `you ${mine} · opp. ${theirs}`) : ctx.t('だれも持っていない', 'held by no one');
      const said = ctx.t(`${m.issueName(id)} ${change}、自分${mine}株 ${plus(t.yen[me])}、相手${theirs}株 ${plus(t.yen[1 - me])}`,
        `${m.issueName(id)} ${change}, you ${mine} shares ${plus(t.yen[me])}, opponent ${theirs} shares ${plus(t.yen[1 - me])}`);
      return button([h('span', { class: 'kabu-target-what' }, `${m.issueName(id)} ${change}`),
        h('span', { class: `kabu-target-held${mine || theirs ? '' : ' kabu-none'}` }, held)], a, m,
      { attrs: { 'aria-label': said, title: said, 'data-target': id } });
    }))];
}

function jankenPrompt(m, pend) {
  const { ctx, v } = m;
  const g = pend.group || {};
  const out = [];
  // the janken just decided in this judging (the prompt moved on to the next group): say who won it
  const last = (v.jankens || [])[(v.jankens || []).length - 1];
  if (last && m.L && last.turn === v.turn.index && last.phase === v.turn.phase) {
    out.push(h('p', { class: 'kabu-janken-last', id: 'kabu-janken-last' }, ctx.t('前のじゃんけん: ', 'Last janken: '), jankenText(last, m.L)));
  }
  out.push(h('p', {}, ctx.t('同じフェーズ・同じ銘柄・同じ条件の買い注文が競合しています: ', 'Tied buy orders of this phase compete: '),
    ctx.t(`${m.issueName(g.issue)} ${kindLabel(ctx, g.kind)}${g.kind === 'limit' ? ` ${g.price}` : ''}`,
      `${m.issueName(g.issue)} (${g.kind === 'limit' ? `limit ${g.price}` : 'market'})`),
    ctx.t('。勝った方が先に約定します。', '. The winner fills first.')));
  if ((pend.rounds || 1) > 1) out.push(h('p', {}, ctx.t(`あいこでした。${pend.rounds}回目です。`, `A tie: round ${pend.rounds}.`)));
  (pend.history || []).forEach((pair, i) => out.push(h('p', { class: 'kabu-muted' },
    ctx.t(`${i + 1}回目: `, `Round ${i + 1}: `), [0, 1].map(s => `${m.who(s)} ${handLabel(ctx, pair[s])}`).join(' ・ '))));
  if (v.me && v.me.janken) out.push(h('p', {}, ctx.t('選んだ手: ', 'Your hand: '), handLabel(ctx, v.me.janken)));
  out.push(h('div', { class: 'kabu-row', role: 'group', 'aria-label': ctx.t('手を選ぶ', 'Choose a hand') },
    HANDS.map(([id, ja, en]) => button(ctx.t(ja, en), `janken ${id}`, m, { primary: true }))));
  return out;
}

function liquidatePrompt(m, pend) {
  const { ctx, v } = m;
  const price = pend.sale_price || {};
  const money = id => ctx.t(`（1株${price[id]}単位＝${yen(price[id] * v.unit_yen, 'ja')}）`, ` @ ${price[id]} units (${yen(price[id] * v.unit_yen, 'en')})`);
  const cut = pend.discount ?? (v.constants || {}).liquidation_discount;
  return [h('p', {}, ctx.t(`不足額: ${yen(pend.deficit ?? 0, 'ja')}。株は1株ずつ「株価−${cut}単位」で市場に売られます。`,
      `Missing: ${yen(pend.deficit ?? 0, 'en')}. Shares sell one at a time to the market at price − ${cut} units.`)),
    h('div', { class: 'kabu-row' },
      m.legal.filter(a => a.startsWith('liquidate ') && a !== 'liquidate auto').map(a => {
        const id = a.split(' ')[1];
        return button(`${m.issueName(id)} ${ctx.t('を1株売る', '— sell one')}${price[id] !== undefined ? money(id) : ''}`, a, m);
      }))];
}

/** With the market sold out, a buy phase's one real way to trade: a limit bid for the opponent's shares, which
 * fills if they sell to it (in ⑥⑩) and otherwise waits. Each of their holdings is one tap from a filled ticket
 * (at the price now; the person sets the limit). Null while the market still has shares or they hold none. */
function bidHint(m, issues) {
  const { ctx, v } = m;
  if (m.me === null || v.issues.some(x => x.market_qty > 0)) return null;
  const max = (v.pending.entry || {}).max_qty || {};
  const theirs = Object.entries(v.players[1 - m.me].holdings || {}).filter(([id, q]) => q > 0 && issues.includes(id));
  if (!theirs.length) return null;
  return h('div', { class: 'kabu-bid-hint', id: 'kabu-bid-hint' },
    h('p', {}, ctx.t('市場に株は残っていません。相手の持ち株に指値で買い注文を出せます（相手が⑥⑩で売れば約定、売らなければ注文待ちで残ります）。相手の持ち株:',
      "The market is sold out. You can bid for your opponent's shares with a limit buy (it fills if they sell to it in ⑥⑩, and otherwise waits). They hold:")),
    h('div', { class: 'kabu-row' }, theirs.map(([id, q]) => {
      const is = v.issues.find(x => x.id === id);
      return h('button', { type: 'button', 'data-bid': id, disabled: m.busy,
        'aria-label': ctx.t(`${m.issueName(id)}（相手${q}株）に指値で買い注文`, `Bid for ${m.issueName(id)} (they hold ${q})`),
        onclick: () => fillTicket(m, { issue: id, price: is ? is.price : 1, qty: Math.min(q, max[id] || q) }) },
      ctx.t(`${m.issueName(id)} ${q}株`, `${m.issueName(id)} ×${q}`));
    })));
}

/** Order entry for the current order phase: new order, own orders with change/cancel, tools, done. */
function ordersPrompt(m) {
  const { ctx, v, ui } = m;
  const pend = v.pending;
  const entry = pend.entry || { side: pend.side, issues: [], max_qty: {}, min_price: (v.constants || {}).min_price, max_price: (v.constants || {}).max_limit, changeable: [] };
  const side = entry.side;
  const phaseKey = `${v.turn.index}:${v.turn.phase}`;
  if (ui.phaseKey !== phaseKey) { ui.phaseKey = phaseKey; ui.editing = null; ui.error = ''; }
  const out = [];
  out.push(h('p', { class: 'kabu-muted kabu-hint' }, side === 'buy'
    ? ctx.t('買い注文の入力・変更・取消（売りは⑥⑩）。注文は伏せられ、フェーズ終了時にまとめて約定判定。',
      'Place, change or cancel buy orders (sells in ⑥⑩). Sealed until the phase ends, then matched together.')
    : ctx.t('売り注文の入力・変更・取消（持ち株だけ）。市場への売りは④・⑧の直後に約定。',
      'Place, change or cancel sell orders (own shares only). Sales to the market fill right after ④ and ⑧.')));

  // --- the opponent's quotes, each one tap from a filled ticket ---
  const offers = offersPanel(m);
  if (offers) out.push(offers);

  // --- new order: the ticket follows the issue chosen on the board when it can be ordered ---
  const issues = entry.issues || [];
  const issue = issues.includes(ui.issue) ? ui.issue : (issues.includes(ui.ticketIssue) ? ui.ticketIssue : issues[0] || null);
  ui.ticketIssue = issue;
  const fs = h('fieldset', { id: 'kabu-new-order' }, h('legend', {}, ctx.t(`新しい${side === 'buy' ? '買い' : '売り'}注文`, `New ${side} order`)));
  const bids = side === 'buy' ? bidHint(m, issues) : null;
  if (bids) fs.append(bids);
  if (!issues.length) {
    const bidding = side === 'buy' && (entry.changeable || []).length > 0;
    fs.append(h('p', { id: 'kabu-nothing-new' }, bidding
      ? ctx.t('買える株にはすべて買い注文を出しています。指値を上げるなら、下の自分の注文の「変更」から。', 'Your buy orders already cover every share you could buy. To bid higher, use Change on your order below.')
      : side === 'buy' ? ctx.t('買える株がありません。', 'Nothing to buy.') : ctx.t('売れる持ち株がありません。', 'You have no free shares to sell.')));
  } else {
    const is = v.issues.find(x => x.id === issue);
    const maxQ = Math.max(1, (entry.max_qty || {})[issue] || 1);
    ui.kind = ui.kind === 'limit' ? 'limit' : 'mkt';
    ui.qty = Math.max(1, Math.min(maxQ, Number(ui.qty) || 1));
    if (!ui.priceTouched || !Number.isFinite(Number(ui.price))) ui.price = is ? is.price : entry.min_price;
    const status = h('p', { class: 'kabu-preview', id: 'kabu-order-status', 'aria-live': 'polite' });
    const warning = h('p', { class: 'kabu-warning', id: 'kabu-order-warning', role: 'alert' });
    const fieldError = h('p', { class: 'kabu-field-error', id: 'kabu-order-error', role: 'alert' });
    const submit = h('button', { type: 'submit', class: 'kabu-primary', id: 'kabu-place', disabled: true },
      ctx.t('注文する', 'Place order'));
    const issueSel = h('select', { id: 'kabu-issue', onchange: e => { ui.issue = e.target.value; ui.priceTouched = false; m.rerender(); } },
      issues.map(id => {
        const x = v.issues.find(y => y.id === id);
        return h('option', { value: id, selected: id === issue }, ctx.t(`${m.issueName(id)}（${x ? x.price : '?'}・最大${entry.max_qty[id]}株）`, `${m.issueName(id)} (${x ? x.price : '?'}, max ${entry.max_qty[id]})`));
      }));
    const kindBox = h('div', { class: 'kabu-row', role: 'radiogroup', 'aria-label': ctx.t('注文の種類', 'Order kind') },
      ['mkt', 'limit'].map(k => h('label', { class: 'kabu-radio' }, h('input', { type: 'radio', name: 'kabu-kind', value: k, id: `kabu-kind-${k}`,
        checked: ui.kind === k, onchange: () => { ui.kind = k; m.rerender(); } }), ` ${kindLabel(ctx, k)}`)));
    const qty = h('input', { type: 'number', id: 'kabu-qty', min: 1, max: maxQ, step: 1, inputmode: 'numeric', value: String(ui.qty),
      'aria-describedby': 'kabu-order-error', oninput: e => { ui.qty = e.target.value; validate(); } });
    const price = h('input', { type: 'number', id: 'kabu-price', min: entry.min_price, max: entry.max_price, step: 1, inputmode: 'numeric',
      'aria-describedby': 'kabu-order-error', value: String(ui.price), disabled: ui.kind !== 'limit', oninput: e => { ui.price = e.target.value; ui.priceTouched = true; validate(); } });
    let seq = 0;
    const current = () => {
      const q = String(ui.qty).trim(), pr = String(ui.price).trim();
      if (!/^\d+$/.test(q)) return { bad: ctx.t('数量は半角数字の整数で入力してください。', 'Enter the quantity as a whole number.'), field: qty };
      if (ui.kind === 'limit' && !/^\d+$/.test(pr)) return { bad: ctx.t('指値は半角数字の整数（単位）で入力してください。', 'Enter the limit as a whole number of units.'), field: price };
      return { action: orderString(side, issue, ui.kind, Number(pr), Number(q)), text: describeOrder(m, side, issue, ui.kind, Number(pr), Number(q)) };
    };
    const showError = (msg, field) => {
      fieldError.textContent = msg || '';
      for (const f of [qty, price]) f.removeAttribute('aria-invalid');
      if (msg && field) field.setAttribute('aria-invalid', 'true');
    };
    async function validate() {
      const my = ++seq;
      const c = current();
      submit.disabled = true;
      if (c.bad) { showError(c.bad, c.field); status.textContent = warning.textContent = ''; return; }
      showError('');
      // a redrawn ticket shows the last answer for the same order until the engine's new one comes: the
      // page below it does not jump by a line while the person works elsewhere (e.g. in a 変更 form)
      const shown = ui.preview && ui.preview.action === c.action ? ui.preview : { status: c.text, warning: '' };
      status.textContent = shown.status;
      warning.textContent = shown.warning;
      // the engine checks the order and gives its worst case against the orders we can see (ruling 16)
      const r = ctx.inspect ? await ctx.inspect(c.action) : { error: await ctx.check(c.action), details: null };
      if (my !== seq || !warning.isConnected) return; // a newer check, or a redrawn ticket, took over
      if (r.error) {
        const code = r.error.code || '';
        ui.preview = null;
        status.textContent = c.text;
        warning.textContent = '';
        showError(errText(ctx, r.error), /price/.test(code) ? price : qty);
        return;
      }
      const d = r.details;
      status.textContent = d ? `${c.text} — ${ctx.t(d.summary_ja, d.summary_en)}` : c.text;
      warning.textContent = d && d.far ? ctx.t(d.warning_ja, d.warning_en) : '';
      // a new warning is brought into view (above a phone's sticky action bar: scroll-margin in view.css)
      if (d && d.far && ui.warnedFor !== c.action) warning.scrollIntoView({ block: 'nearest' });
      ui.warnedFor = d && d.far ? c.action : null;
      ui.preview = { action: c.action, status: status.textContent, warning: warning.textContent };
      submit.classList.toggle('kabu-risky', Boolean(d && d.far));
      submit.disabled = m.busy;
    }
    const form = h('form', { class: 'kabu-form kabu-ticket', onsubmit: e => { e.preventDefault(); const c = current(); if (c.action && !submit.disabled) m.send(c.action); } },
      h('label', { for: 'kabu-issue', class: 'kabu-wide-field' }, ctx.t('銘柄', 'Issue'), issueSel),
      h('fieldset', {}, h('legend', {}, ctx.t('種類', 'Kind')), kindBox),
      h('label', { for: 'kabu-qty', title: ctx.t(`数量（最大${maxQ}）`, `Quantity (at most ${maxQ})`) }, ctx.t(`数量（最大${maxQ}）`, `Qty (max ${maxQ})`), qty),
      h('label', { for: 'kabu-price', title: ctx.t(`${entry.min_price}〜${num(entry.max_price)}単位`, `${entry.min_price}–${num(entry.max_price)} units`) },
        ctx.t(`指値 〜${num(entry.max_price)}`, `Limit ≤ ${num(entry.max_price)}`), price),
      submit);
    // the preview and its warning right under the form; then the issue's card and what it can still earn
    fs.append(form, fieldError, status, warning,
      h('div', { class: 'kabu-ticket-card' }, is ? stockCard(ctx, is, { scale: 0.7 }) : null, outlookLine(m, issue)));
    queueMicrotask(validate);
  }
  out.push(fs);

  // --- own orders of this side ---
  const mineOrders = [];
  for (const is of v.issues) {
    const b = (v.book || {})[is.id];
    if (!b) continue;
    for (const o of (side === 'buy' ? b.buys : b.sells)) if (o.owner === m.me) mineOrders.push(o);
  }
  const list = h('fieldset', { id: 'kabu-my-orders' }, h('legend', {}, ctx.t(`自分の${side === 'buy' ? '買い' : '売り'}注文`, `Your ${side} orders`)));
  if (!mineOrders.length) list.append(h('p', { class: 'kabu-muted' }, ctx.t('まだありません。', 'None yet.')));
  for (const o of mineOrders) {
    const changeable = (entry.changeable || []).includes(o.id);
    const line = h('div', { class: 'kabu-row', 'data-my-order': o.id },
      h('span', { class: 'kabu-my-order-what' }, describeOrder(m, o.side, o.issue, o.kind, o.price, o.qty),
        o.sealed ? ctx.t('（未公開）', ' (sealed)') : ''),
      changeable ? h('button', { type: 'button', 'data-change': o.id, disabled: m.busy, 'aria-expanded': String(ui.editing === o.id),
        onclick: () => {
          ui.editing = ui.editing === o.id ? null : o.id; ui.edit = { kind: o.kind, price: o.price ?? (v.issues.find(x => x.id === o.issue) || {}).price, qty: o.qty };
          m.rerender();
          // the form opens where the person is looking (not below the fold, under the pinned action bar)
          if (ui.editing) requestAnimationFrame(() => { const f = document.getElementById(`kabu-edit-${o.id}`); if (f) f.closest('.kabu-edit').scrollIntoView({ block: 'center' }); });
        } },
      ctx.t('変更', 'Change')) : null,
      button(ctx.t('取消', 'Cancel'), `cancel ${o.id}`, m));
    list.append(line);
    if (ui.editing === o.id) list.append(editForm(m, o, entry));
  }
  out.push(list);

  // --- tools usable in this phase ---
  const toolActs = m.legal.filter(a => a.startsWith('tool '));
  const tools = [];
  for (const id of ['T06', 'T07']) {
    if (toolActs.includes(`tool ${id}`)) {
      const t = (v.catalog.tools || {})[id] || {};
      tools.push(h('div', {}, button(ctx.t(`${t.name_ja}を使う`, `Use ${t.name_en}`), `tool ${id}`, m),
        h('span', { class: 'kabu-muted' }, ` ${ctx.t(t.text_ja || '', t.text_en || '')}`)));
    }
  }
  if (toolActs.some(a => a.startsWith('tool T03')) && pend.sellable) {
    const t3 = h('fieldset', { id: 'kabu-t03' }, h('legend', {}, nameOf(ctx, (v.catalog.tools || {}).T03, 'T03')),
      ...salePrompt(m, 'T03', { sellable: pend.sellable }));
    tools.push(t3);
  }
  if (tools.length) out.push(h('div', { id: 'kabu-phase-tools' }, h('h3', {}, ctx.t('使えるツール', 'Tools you can use')), ...tools));

  return out;
}

function editForm(m, o, entry) {
  const { ctx, ui } = m;
  const status = h('p', { class: 'kabu-preview', 'aria-live': 'polite' });
  const warn = h('p', { class: 'kabu-warning', role: 'alert' });
  const submit = h('button', { type: 'submit', class: 'kabu-primary', disabled: true }, ctx.t('変更する', 'Apply change'));
  let seq = 0;
  async function validate() {
    const my = ++seq;
    submit.disabled = true;
    const a = changeString(o, ui.edit.kind, ui.edit.price, ui.edit.qty, entry.qty_change);
    if (!a) { status.textContent = ctx.t('変更がありません。', 'Nothing changed.'); return; }
    if (!/^change \S+( mkt| limit \d+)?( x\d+)?$/.test(a)) { status.textContent = ctx.t('整数で入力してください。', 'Enter whole numbers.'); return; }
    const r = ctx.inspect ? await ctx.inspect(a) : { error: await ctx.check(a), details: null };
    if (my !== seq) return;
    const e = r.error, d = r.details;
    const note = ui.edit.kind !== o.kind || Number(ui.edit.price) !== o.price || Number(ui.edit.qty) > o.qty
      ? ctx.t('（出し直し扱い: 受付順が最後になります）', ' (re-queued: it goes to the back)')
      : ctx.t('（数量の減少: 順番はそのまま）', ' (lower quantity: keeps its place)');
    const kind = ui.edit.kind;
    status.className = e ? 'kabu-field-error' : 'kabu-preview';
    status.textContent = e ? errText(ctx, e) : `${describeOrder(m, o.side, o.issue, kind, Number(ui.edit.price), Number(ui.edit.qty))}${note}${d ? ` — ${ctx.t(d.summary_ja, d.summary_en)}` : ''}`;
    warn.textContent = !e && d && d.far ? ctx.t(d.warning_ja, d.warning_en) : '';
    submit.disabled = Boolean(e) || m.busy;
  }
  const id = `kabu-edit-${o.id}`;
  const form = h('form', { class: 'kabu-form', id, onsubmit: e => { e.preventDefault(); const a = changeString(o, ui.edit.kind, ui.edit.price, ui.edit.qty, entry.qty_change); if (a && !submit.disabled) m.send(a); } },
    h('fieldset', {}, h('legend', {}, ctx.t('種類', 'Kind')), h('div', { class: 'kabu-row' },
      ['mkt', 'limit'].map(k => h('label', { class: 'kabu-radio' }, h('input', { type: 'radio', name: `${id}-kind`, value: k, checked: ui.edit.kind === k,
        onchange: () => { ui.edit.kind = k; m.rerender(); } }), ` ${kindLabel(ctx, k)}`)))),
    h('label', { for: `${id}-price` }, ctx.t('指値（単位）', 'Limit (units)'),
      h('input', { type: 'number', id: `${id}-price`, min: entry.min_price, max: entry.max_price, step: 1, value: String(ui.edit.price ?? ''),
        disabled: ui.edit.kind !== 'limit', oninput: e => { ui.edit.price = e.target.value; validate(); } })),
    entry.qty_change ? h('label', { for: `${id}-qty` }, ctx.t('数量', 'Quantity'),
      h('input', { type: 'number', id: `${id}-qty`, min: 1, step: 1, value: String(ui.edit.qty),
        oninput: e => { ui.edit.qty = e.target.value; validate(); } })) : null,
    submit);
  queueMicrotask(validate);
  return h('div', { class: 'kabu-edit' }, form, status, warn);
}
