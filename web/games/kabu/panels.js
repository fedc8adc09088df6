// Read-only panels of the kabu view: tracker, market, charts, order book, players, hand, logs, end.
// Each takes the render model `m` built in view.js and returns a DOM node. No game rules here.
import { h } from '../../shell/dom.js';
import { lineChart } from './chart.js';
import { actionCard, stockCard } from './cards.js';
import { SEASONS, nameOf, yen } from './labels.js';

function panel(id, title, ...children) {
  return h('section', { class: 'kabu-panel', id, 'aria-labelledby': `${id}-h` },
    h('h2', { id: `${id}-h` }, title), ...children);
}

/** A big chart's drawn width in px: the screen's width less the page margins, between 280 and most. */
function chartWidth(most) {
  const avail = (typeof window !== 'undefined' && window.innerWidth) ? window.innerWidth - 56 : most;
  return Math.max(280, Math.min(most, avail));
}

/** A phone's width: the result's chart is lower there, so the figures above it and the actions below fit one screen. */
function narrow() {
  return typeof window !== 'undefined' && window.innerWidth < 500;
}

function rulesLink(m) {
  return h('a', { href: m.ctx.rulesHref, class: 'kabu-rules-link' }, m.ctx.t('遊び方（ルール）', 'How to play (rules)'));
}

/** A detailed chart of one chosen issue, and small multiple charts of every issue, over the duel. */
export function priceCharts(m) {
  const { ctx, v, ui } = m;
  const hist = v.price_history || [];
  const seriesOf = id => {
    const values = hist.map(p => (p.prices || {})[id]);
    const is = v.issues.find(x => x.id === id);
    if (is) values.push(is.price);
    return values;
  };
  if (!v.issues.some(x => x.id === ui.chartIssue)) ui.chartIssue = v.issues.length ? v.issues[0].id : null;
  // a season's name under the middle of its two turns (the first point of its second turn)
  const xLabels = hist.map((p, i) => ((i === 0 || hist[i - 1].turn !== p.turn) && p.turn % 2 === 1
    ? ctx.t(SEASONS[Math.floor(p.turn / 2) % 4][0], SEASONS[Math.floor(p.turn / 2) % 4][1].slice(0, 3)) : '')).concat(['']);
  const figs = v.issues.map(is => {
    const values = seriesOf(is.id);
    const name = ctx.t(is.name_ja, is.name_en);
    return h('figure', {},
      lineChart([{ label: name, values, cls: 'kabu-line-price' }], { title: ctx.t(`${name}の株価推移`, `${name} price`), small: true, width: 120, height: 40 }),
      h('figcaption', {}, `${name} ${values.filter(Number.isFinite)[0] ?? ''}→${is.price}`));
  });
  const chosen = v.issues.find(x => x.id === ui.chartIssue);
  const detail = chosen ? lineChart([{ label: ctx.t(chosen.name_ja, chosen.name_en), values: seriesOf(chosen.id), cls: 'kabu-line-price' }],
    { title: ctx.t(`${chosen.name_ja}の株価推移（単位）`, `${chosen.name_en} price (units)`), width: chartWidth(560), height: 170, xLabels, padLeft: 32 }) : null;
  const sel = h('select', { id: 'kabu-chart-issue', onchange: e => { ui.chartIssue = e.target.value; m.rerender(); } },
    v.issues.map(is => h('option', { value: is.id, selected: is.id === ui.chartIssue }, ctx.t(is.name_ja, is.name_en))));
  return panel('kabu-charts', ctx.t('株価の推移', 'Price charts'),
    h('p', { class: 'kabu-muted' }, ctx.t('各点: ターン開始・④後・⑧後・ターン終了（単位）', 'Points: turn start, after ④, after ⑧, turn end (units)')),
    h('label', { for: 'kabu-chart-issue' }, ctx.t('銘柄を選んで拡大: ', 'Enlarge an issue: '), sel),
    detail,
    h('div', { class: 'kabu-charts' }, figs));
}

/** The cards as cards: own shares (stock cards with counts), own tools (with timing and whether usable
 * now) and own event deck; what was drawn or used is in the story (feed.js), not repeated here. */
export function handPanel(m) {
  const { ctx, v } = m;
  const cat = v.catalog || {};
  const out = [];
  if (v.me) {
    const held = (v.players[m.me] || {}).holdings || {};
    const shares = v.issues.filter(is => held[is.id]).map(is => h('div', { class: 'kabu-card', 'data-stock': is.id }, stockCard(ctx, is),
      h('b', {}, ctx.t(`${held[is.id]}株`, `× ${held[is.id]}`))));
    out.push(h('h3', {}, ctx.t('持ち株（株式カード）', 'Your shares (stock cards)')),
      shares.length ? h('div', { class: 'kabu-cards' }, shares) : h('p', {}, ctx.t('なし', 'none')));
    const tools = v.me.hand.map(c => {
      const t = (cat.tools || {})[c.id] || {};
      return h('div', { class: 'kabu-card', 'data-tool': c.id },
        actionCard(ctx, 'tool', c.id, t, { usable: c.usable_now }),
        c.usable_now ? h('b', { class: 'kabu-up' }, ctx.t('今使えます', 'usable now')) : null,
        h('div', { class: 'kabu-muted' }, ctx.t('時機: ', 'Timing: '), ctx.t(t.timing_ja || '', t.timing_en || '')),
        h('div', {}, ctx.t(t.text_ja || '', t.text_en || '')));
    });
    out.push(h('h3', {}, ctx.t('ツール・分析カード（手札）', 'Tool / analysis cards in hand')),
      tools.length ? h('div', { class: 'kabu-cards' }, tools) : h('p', {}, ctx.t('なし', 'none')));
    const events = v.me.deck_remaining.map(id => {
      const e = (cat.events || {})[id] || {};
      return h('div', { class: 'kabu-card', 'data-event': id }, actionCard(ctx, 'event', id, e),
        h('div', {}, ctx.t(e.text_ja || '', e.text_en || '')));
    });
    out.push(h('h3', {}, ctx.t('イベントカード（自分の山札・順不同。自分のターンの⑧で1枚引く）', 'Event cards in your deck (unordered; one is drawn at ⑧ of your turn)')),
      events.length ? h('div', { class: 'kabu-cards' }, events) : h('p', {}, ctx.t('なし', 'none')));
    if (v.me.peeked_top) {
      const e = (cat.events || {})[v.me.peeked_top];
      out.push(h('p', { id: 'kabu-peek' }, ctx.t('情報収集: 相手の山札の一番上は ', "Intelligence: the top of the opponent's deck is "),
        h('strong', {}, nameOf(ctx, e, v.me.peeked_top)), e ? ` (${ctx.t(e.text_ja, e.text_en)})` : ''));
    }
  }
  out.push(h('p', { class: 'kabu-muted' }, ctx.t('引かれたイベントと使われたツールは「いま起きたこと」と「これまで」に出ます。',
    'Events drawn and tools used are in "Just now" and "Earlier turns".')));
  return panel('kabu-hand', ctx.t('カード', 'Cards'), out);
}

/** Where each total came from (the engine's result.breakdown, in yen): start cash and salary, dividends and the gain
 * on shares, with the gap between the two players per line, so the result says why it ended as it did; under it
 * what each gain on shares is made of (received + held at the price − paid). The viewer's own column comes first. */
function whereFrom(m) {
  const { ctx, v } = m;
  const parts = v.result.breakdown;
  const cols = m.me === 1 ? [1, 0] : [0, 1];
  const money = n => yen(n, ctx.lang);
  const plus = n => (n > 0 ? '+' : '') + money(n);
  const rows = [
    ['start', ctx.t('初期資金＋基本給', 'Start cash + salary'), b => b.start + b.salary],
    ['dividends', ctx.t('配当', 'Dividends'), b => b.dividends],
    ['shares', ctx.t('株の損益', 'Gain on shares'), b => b.shares_gain],
    ['total', ctx.t('総資産', 'Total'), b => b.total],
  ];
  const made = s => {
    const b = parts[s];
    return h('li', { 'data-seat': s }, ctx.t(
      `${m.named(s)}: 売った ${money(b.sold)} ＋ 持ち株の時価 ${money(b.stock_value)} − 買った ${money(b.bought)}`,
      `${m.named(s)}: received ${money(b.sold)} + held ${money(b.stock_value)} − paid ${money(b.bought)}`));
  };
  return [
    h('table', { class: 'kabu-where', id: 'kabu-where' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, ctx.t('内訳', 'Where from')),
        cols.map(s => h('th', { scope: 'col' }, breakable(m.named(s)))), h('th', { scope: 'col' }, ctx.t('差', 'Gap')))),
      h('tbody', {}, rows.map(([key, label, of]) => {
        const a = of(parts[cols[0]]);
        const b = of(parts[cols[1]]);
        const strong = key === 'total' ? (x => h('strong', {}, x)) : (x => x);
        return h('tr', { 'data-part': key }, h('th', { scope: 'row' }, label),
          h('td', {}, strong(money(a))), h('td', {}, strong(money(b))), h('td', {}, plus(a - b)));
      }))),
    h('ul', { class: 'kabu-where-shares', id: 'kabu-where-shares', 'aria-label': ctx.t('株の損益の内訳', 'Gain on shares, made of') },
      cols.map(made)),
  ];
}

/** A player's name for a narrow column head: it may break before its bracket (コンピュータ / （つよい）), not inside a word. */
function breakable(name) {
  const at = String(name).search(/[（(]/);
  return at > 0 ? [name.slice(0, at), h('wbr'), name.slice(at)] : name;
}

/** The end of the duel for the shell's result panel: where each total came from and the assets over the duel. */
export function endBreakdown(m) {
  const { ctx, v } = m;
  const hist = v.asset_history || [];
  const series = [0, 1].map(s => ({ label: m.named(s), values: hist.map(x => x.totals[s]), cls: s === (m.me ?? 0) ? 'kabu-line-me' : 'kabu-line-opp' }));
  // a season's name under the middle of its two turns (the point after its first turn)
  const xLabels = hist.map(x => (x.turn >= 0 && x.turn % 2 === 0 ? SEASONS[Math.floor(x.turn / 2) % 4][ctx.lang === 'ja' ? 0 : 1].slice(0, ctx.lang === 'ja' ? 1 : 3) : ''));
  return h('section', { class: 'kabu-end', id: 'kabu-end', lang: ctx.lang, dataset: { scores: 'shown' }, 'aria-label': ctx.t('デュエルの結果', 'The duel in figures') },
    // a bankruptcy is the shell's reason line above this (「あなたが清算できず破産」): not said twice
    whereFrom(m),
    h('h3', {}, ctx.t('総資産の推移', 'Total assets over the duel')),
    h('div', { class: 'kabu-legend' }, series.map(x => h('span', {}, h('span', { class: `kabu-swatch ${x.cls === 'kabu-line-opp' ? 'kabu-opp' : ''}`, 'aria-hidden': 'true' }), x.label))),
    lineChart(series, { title: ctx.t('総資産の推移（円）', 'Total assets (yen)'), width: chartWidth(440), height: narrow() ? 140 : 180, xLabels,
      format: x => (ctx.lang === 'ja' ? (Math.abs(x) >= 10000 ? `${Number((x / 10000).toFixed(2))}万円` : `${x}円`)
        : (Math.abs(x) >= 1000 ? `¥${Math.round(x / 1000)}k` : `¥${x}`)), padLeft: 56 }),
    h('p', {}, rulesLink(m)));
}
