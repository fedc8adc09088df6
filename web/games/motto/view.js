// モットコイン (Motto Coin) view: renders the engine's view JSON (pygames/motto/VIEW.md) and
// sends action strings back. No rules here: legality comes from payload.legal and ctx.check.
// Uses the shell's turn display (events strip in the auction panel, flashes of won coins and
// changed dice) and its action bar (prompt, your bid, Bid / Hard pass stay on screen).

import { flashTracker, changedKeys } from '../../shell/turn.js';
import { formatNumber as fmt } from '../../shell/format.js';

const PIPS = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };
const CHECK_DELAY_MS = 120;

/** Tiny element helper: text only through textContent. */
function el(tag, attrs = {}, ...kids) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') node.className = value;
    else if (key === 'text') node.textContent = value;
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else if (key === 'dataset') Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const kid of kids.flat()) {
    if (kid === null || kid === undefined || kid === false) continue;
    node.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  }
  return node;
}

/** A die drawn with CSS pips; `face` 0 draws a blank free die. */
function die(face, label, extra = '') {
  const node = el('span', { class: `die ${extra}`.trim(), role: 'img', 'aria-label': label, dataset: { face: String(face) } });
  const on = PIPS[face] || [];
  for (let i = 0; i < 9; i++) node.append(el('span', { class: on.includes(i) ? 'pip on' : 'pip' }));
  return node;
}

function diceRow(faces, t, cls = '') {
  const row = el('span', { class: `dice ${cls}`.trim() });
  faces.forEach((f) => row.append(die(f, t(`ダイス ${f}`, `die ${f}`))));
  return row;
}

export function mount(root, ctx) {
  const t = (ja, en) => ctx.t(ja, en);
  const box = el('div', { class: 'motto' });
  root.append(box);
  const flashes = flashTracker(box); // highlights survive the view redrawing itself
  let payload = null;
  let counts = [0, 0, 0, 0, 0, 0, 0]; // counts[face]
  let builderKey = '';
  let checkSeq = 0;
  let checkTimer = null;
  let sending = false;
  const openDetails = new Set(); // seats whose projection breakdown is open
  let touched = false; // the person changed the builder since the standing bid last changed
  let standingKey = '';
  let lastSeen = null; // {owners, dice, standing} of the previous update, for the highlights

  const rawName = (seat) => {
    const p = payload && payload.players && payload.players[seat];
    return (p && p.name) || t(`${seat + 1}番`, `P${seat + 1}`);
  };
  /** A seat's name; when two seats share a name (three computers), the seat number tells them apart. */
  const nameOf = (seat) => {
    const name = rawName(seat);
    const seats = (payload && payload.players && payload.players.length) || 0;
    for (let other = 0; other < seats; other++) {
      if (other !== seat && rawName(other) === name) return `${name} #${seat + 1}`;
    }
    return name;
  };
  /** "(3+2) × (−10) = −50": the crash line of a score sheet, signs in brackets. */
  const signed = (n) => (n < 0 ? `(${fmt(n)})` : String(n));
  const pts = (n) => t(`${fmt(n)}点`, `${fmt(n)} pts`);

  function coinTitle(c) {
    if (!c) return '';
    if (c.kind === 'stable') return t('ステーブルコイン', 'Stable coin');
    if (c.kind === 'fork') return t(`No.${c.no} ハードフォーク`, `No.${c.no} HARD FORK`);
    return `No.${c.no}`;
  }

  function coinCard(c, dice, opts = {}) {
    const kindClass = `coin coin-${c.kind}${opts.big ? ' coin-big' : ''}`;
    const worth = c.kind === 'coin' ? String(c.value) : `MIN×${c.multiplier}`;
    let fluct = null;
    if (c.fluctuation === 'recover') fluct = el('span', { class: 'fluct blue words', title: t('落札者以外は一番小さいダイスを1個回収', 'Others recover their lowest die') }, t('最小1個回収', 'recover 1 lowest'));
    else if (typeof c.fluctuation === 'number') {
      const up = c.fluctuation > 0;
      fluct = el('span', { class: `fluct ${up ? 'red' : 'blue'}`, title: t('落札者以外のダイスの目が変わる', "Others' dice change") },
        `${up ? '+' : '−'}${Math.abs(c.fluctuation)}`);
    }
    const label = [coinTitle(c), c.kind === 'coin' ? t(`価値${c.value}`, `value ${c.value}`) : worth,
      t(`暴落 ${fmt(c.crash)}/目`, `crash ${fmt(c.crash)} per pip`)].join(' ');
    return el('div', { class: kindClass, role: 'group', 'aria-label': label, dataset: { coin: c.id } },
      el('span', { class: 'coin-no' }, c.kind === 'stable' ? 'STABLE' : `No.${c.no}`),
      el('span', { class: c.kind === 'coin' ? 'coin-value' : 'coin-value special' }, worth),
      c.kind === 'fork' ? el('span', { class: 'coin-tag' }, 'HARD FORK') : null,
      c.double ? el('span', { class: 'coin-tag double' }, t('ダブルオークション', 'double auction')) : null,
      el('span', { class: 'coin-foot' }, fluct, el('span', { class: 'crash' }, fmt(c.crash))),
      dice && dice.length ? diceRow(dice, t, 'on-coin') : null);
  }

  // --- sections ---------------------------------------------------------------------------
  function infoBar(v) {
    const pct = Math.round((v.end_chance || 0) * 1000) / 10;
    const item = (label, value, id) => el('div', { class: 'stat', id }, el('span', { class: 'stat-label' }, label), el('span', { class: 'stat-value' }, value));
    return el('section', { class: 'motto-info', 'aria-label': t('ゲームの状況', 'Game status') },
      item(t('前半/後半', 'Half'), v.half === 1 ? t('前半', 'first') : t('後半', 'second'), 'motto-half'),
      item(t('山札', 'Deck'), String(v.deck_size), 'motto-deck'),
      item(t('脇のコイン', 'Set aside'), String(v.aside_size), 'motto-aside'),
      // the fork that ended the game came up too, though it was never auctioned: count it, as the banner does
      item(t('ハードフォーク', 'Hard forks'), `${v.forks_up} / ${v.forks_to_end}`, 'motto-forks'),
      v.phase === 'over' ? null : item(t('次の競りで終了する確率', 'Chance the next auction ends the game'), `${pct}%`, 'motto-endchance'),
      item(t('予備のステーブルコイン', 'Spare stable coins'), String(v.supply_stables), 'motto-supply'),
      el('a', { class: 'motto-rules', href: ctx.rulesHref }, t('遊び方', 'How to play')));
  }

  function auctionPanel(v, mine) {
    const sec = el('section', { class: 'motto-auction card', 'aria-labelledby': 'motto-auction-h' },
      el('h2', { id: 'motto-auction-h' }, t('競り', 'Auction')));
    if (v.phase === 'auction' && v.coin) {
      const standing = v.standing
        ? el('p', { class: 'standing', id: 'motto-standing' }, t(`${nameOf(v.standing.seat)}の入札　`, `Standing bid by ${nameOf(v.standing.seat)}: `), diceRow(v.standing.bid, t))
        : el('p', { class: 'standing', id: 'motto-standing' }, t('まだ入札はありません', 'No bid yet'));
      const passed = v.players.filter((p) => p.passed).map((p) => nameOf(p.seat));
      sec.append(el('div', { class: 'auction-row' }, coinCard(v.coin, null, { big: true }),
        el('div', { class: 'auction-side' },
          coinInfo(v.coin),
          standing,
          el('p', { id: 'motto-turn' }, t(`${nameOf(v.turn)}の番`, `To bid: ${nameOf(v.turn)}`)),
          el('p', { id: 'motto-passed' }, t('ハードパス済み　', 'Hard-passed: '), passed.length ? passed.join('・') : t('なし', 'nobody')),
          ctx.turn && !payload.replay ? ctx.turn.strip : null))); // what the others just did, beside the coin
    } else if (v.phase === 'recover' && v.recover) {
      const cause = v.last && v.last.fluctuation === 'recover' ? v.coins[String(v.last.coin)] : null;
      sec.append(el('p', { id: 'motto-recover' }, cause ? t(`${coinTitle(cause)}（最小1個回収）の効果。`, `${coinTitle(cause)} (recover 1 lowest): `) : '',
        t(`${nameOf(v.recover.seat)} が一番小さい目${v.recover.face}のダイスを1個手元に戻します。同じ目が複数のコインにあるので、どのコインから戻すか選びます`,
          `${nameOf(v.recover.seat)} takes back one lowest die (showing ${v.recover.face}). Dice showing ${v.recover.face} sit on more than one coin: choose which coin it comes from`)));
      if (mine && !payload.replay) {
        sec.append(el('div', { class: 'recover-choices' }, v.recover.choices.map((cid) => el('button', {
          type: 'button', class: 'primary', dataset: { action: `recover ${cid}` }, onclick: () => send(`recover ${cid}`),
        }, t(`${coinTitle(v.coins[cid])} から回収`, `Recover from ${coinTitle(v.coins[cid])}`)))));
      }
    } else if (v.phase === 'over') {
      sec.append(el('p', {}, v.end === 'fork'
        ? t(`4枚目のハードフォーク（No.${v.end_coin}）が出たのでゲーム終了`, `The 4th hard fork (No.${v.end_coin}) came up: game over`)
        : t('競りにかけるコインがなくなりゲーム終了', 'No coins left: game over')));
    } else {
      sec.append(el('p', { class: 'muted' }, t('コインをめくっています…', 'Revealing coins…')));
    }
    if (v.last) sec.append(lastEvent(v));
    if (ctx.turn && !payload.replay && !sec.contains(ctx.turn.strip)) sec.append(ctx.turn.strip);
    return sec;
  }

  /** The auctioned coin's numbers in words, with their units (the card only shows bare numbers). */
  function coinInfo(c) {
    const parts = [];
    if (c.kind === 'coin') parts.push(t(`価値 ${c.value}`, `value ${c.value}`));
    else parts.push(t(`得点 MIN×${c.multiplier}`, `scores MIN×${c.multiplier}`));
    if (c.fluctuation === 'recover') parts.push(t('落札者以外は一番小さいダイスを1個回収', 'others take back their lowest die'));
    else if (typeof c.fluctuation === 'number') {
      const n = `${c.fluctuation > 0 ? '+' : '−'}${Math.abs(c.fluctuation)}`;
      parts.push(t(`価格変動 ${n}（落札者以外の全ダイス）`, `price change ${n} (all dice of the others)`));
    }
    parts.push(t(`大暴落 1目につき ${fmt(c.crash)}`, `crash ${fmt(c.crash)} per pip`));
    if (c.double) parts.push(t('ダブルオークション（2番手もステーブルコインを取る）', 'double auction (the runner-up takes a stable coin)'));
    if (c.kind === 'fork') parts.push(t('4枚目のハードフォークでゲーム終了', 'the 4th hard fork ends the game'));
    return el('p', { class: 'coin-info', id: 'motto-coin-info' }, parts.join(t('・', ' · ')));
  }

  function lastEvent(v) {
    const last = v.last;
    const c = v.coins[String(last.coin)];
    let text;
    if (last.kind === 'sale') {
      text = t(`前回　${nameOf(last.winner)}が${coinTitle(c)}を落札（入札 ${last.bid.join(',')}）`,
        `Last: ${nameOf(last.winner)} won ${coinTitle(c)} with a bid of ${last.bid.join(',')}`);
      if (last.runner_coin) text += t(`／${nameOf(last.runner)}がステーブルコインを獲得`, `; ${nameOf(last.runner)} took a stable coin`);
      const back = (last.returned || []).map((n, s) => (n ? t(`${nameOf(s)} ${n}個`, `${nameOf(s)} ${n}`) : null)).filter(Boolean);
      if (back.length) text += t(`／戻ったダイス　${back.join('、')}`, `; dice returned: ${back.join(', ')}`);
    } else {
      text = t(`前回　全員パス。${coinTitle(c)}は除外、全員のダイス−1`, `Last: all passed; ${coinTitle(c)} left the game, all dice −1`);
    }
    return el('p', { class: 'last-event', id: 'motto-last' }, text);
  }

  function bidBuilder(v) {
    const me = v.players[payload.seat];
    const key = `${v.auctions}:${v.coin.id}:${payload.seat}`;
    const sKey = `${key}:${v.standing ? `${v.standing.seat}=${v.standing.bid}` : '-'}`;
    if (key !== builderKey) {
      builderKey = key;
      counts = [0, 0, 0, 0, 0, 0, 0];
      const offer = me.offer || [];
      offer.forEach((f) => { counts[f] += 1; });
    }
    if (sKey !== standingKey) { standingKey = sKey; touched = false; } // outbid: no verdict until the person acts
    const used = counts.reduce((a, b) => a + b, 0);
    const faces = [];
    for (let f = 6; f >= 1; f--) for (let k = 0; k < counts[f]; k++) faces.push(f);
    const action = faces.length ? `bid ${faces.join(',')}` : '';
    const wrap = el('div', { class: 'bid-builder', role: 'group', 'aria-labelledby': 'motto-builder-h' },
      el('h3', { id: 'motto-builder-h' }, t(`入札を作る（使えるダイス${me.free}個、使用${used}個）`, `Build a bid (${me.free} free dice, ${used} used)`)));
    const grid = el('div', { class: 'face-grid' });
    for (let f = 6; f >= 1; f--) {
      grid.append(el('div', { class: 'face-row' },
        die(f, t(`目${f}`, `face ${f}`), 'small'),
        el('button', { type: 'button', class: 'step', dataset: { face: String(f), op: 'minus' }, disabled: counts[f] === 0,
          'aria-label': t(`目${f}を1個減らす`, `One fewer ${f}`), onclick: () => { counts[f] -= 1; changed(); } }, '−'),
        el('span', { class: 'count', 'aria-live': 'off' }, String(counts[f])),
        el('button', { type: 'button', class: 'step', dataset: { face: String(f), op: 'plus' }, disabled: used >= me.free,
          'aria-label': t(`目${f}を1個増やす`, `One more ${f}`), onclick: () => { counts[f] += 1; changed(); } }, '+')));
    }
    wrap.append(grid);
    const weakest = (payload.legal || []).find((a) => a.startsWith('bid '));
    wrap.append(el('div', { class: 'actions builder-tools' },
      weakest ? el('button', { type: 'button', id: 'motto-weakest', onclick: () => { setFrom(weakest); } }, t('一番弱い有効な入札をセット', 'Set the weakest valid bid')) : null,
      el('button', { type: 'button', id: 'motto-clear', disabled: used === 0, onclick: () => { counts = [0, 0, 0, 0, 0, 0, 0]; changed(); } }, t('クリア', 'Clear'))));
    return { wrap, action, faces };
  }

  /** The action bar: the prompt, the bid being built and its verdict, Bid and Hard pass. It stays
   *  at the bottom of the screen (shell class action-bar), so the next step never scrolls away. */
  function actionBar(v, built) {
    const { action, faces } = built;
    const standing = v.standing ? v.standing.bid.join(',') : null;
    const prompt = standing
      ? t(`あなたの番です。${standing}より強く入札するか、ハードパス`, `Your turn: beat ${standing} or hard pass`)
      : t('あなたの番です。入札するか、ハードパス', 'Your turn: bid or hard pass');
    const verdict = el('p', { class: 'verdict', id: 'motto-verdict', role: 'status', 'aria-live': 'polite' });
    const bidButton = el('button', { type: 'button', class: 'primary', id: 'motto-bid', disabled: true, onclick: () => send(action) }, t('入札する', 'Bid'));
    const bar = el('div', { class: 'action-bar sticky-always motto-bar', id: 'motto-bar' },
      el('p', { class: 'prompt', id: 'motto-prompt' }, prompt),
      el('div', { class: 'bid-preview', id: 'motto-preview' },
        el('span', {}, t('あなたの入札', 'Your bid')),
        faces.length ? diceRow(faces, t) : el('span', { class: 'muted' }, t('（上でダイスを選んでください）', '(pick dice above)'))),
      verdict,
      el('div', { class: 'actions bar-buttons' }, bidButton,
        el('button', { type: 'button', id: 'motto-pass', class: 'danger', disabled: !(payload.legal || []).includes('pass'), onclick: () => send('pass') }, t('ハードパス', 'Hard pass'))));
    verify(action, verdict, bidButton);
    return bar;
  }

  function setFrom(action) {
    counts = [0, 0, 0, 0, 0, 0, 0];
    action.slice(4).split(',').forEach((f) => { counts[Number(f)] += 1; });
    changed();
  }

  /** The builder changed: redraw (render keeps the focus on the same control). */
  function changed() {
    touched = true;
    render();
  }

  /** Ask the engine whether `action` is legal; show why not. Stale answers are dropped. */
  function verify(action, verdict, button) {
    const seq = ++checkSeq;
    if (checkTimer) clearTimeout(checkTimer);
    if (!action) {
      verdict.textContent = '';
      return;
    }
    verdict.textContent = t('確認中…', 'Checking…');
    checkTimer = setTimeout(async () => {
      const err = await ctx.check(action);
      if (seq !== checkSeq) return;
      if (err && !touched) {
        // Not the person's doing (they were just outbid): a hint, never an error.
        verdict.className = 'verdict hint';
        verdict.textContent = t('今の入札より強い入札を作るか、ハードパスしてください', 'Build a stronger bid than the standing one, or hard pass');
        button.disabled = true;
      } else if (err) {
        verdict.className = 'verdict bad';
        verdict.textContent = t(err.message_ja, err.message_en);
        button.disabled = true;
      } else {
        verdict.className = 'verdict ok';
        verdict.textContent = t('今の入札より強いので入札できます', 'Beats the standing bid: you may bid');
        button.disabled = sending;
      }
    }, CHECK_DELAY_MS);
  }

  async function send(action) {
    if (sending) return;
    sending = true;
    try {
      await ctx.act(action);
    } catch (err) {
      const alert = box.querySelector('#motto-verdict');
      if (alert && err && err.message_ja) alert.textContent = t(err.message_ja, err.message_en);
    } finally {
      sending = false;
    }
  }

  function playerPanel(v, p) {
    const badges = [];
    if (v.phase === 'auction' && v.turn === p.seat) badges.push(el('span', { class: 'badge turn' }, t('手番', 'to bid')));
    if (v.standing && v.standing.seat === p.seat) badges.push(el('span', { class: 'badge high' }, t('最高入札', 'high bid')));
    if (p.passed) badges.push(el('span', { class: 'badge passed' }, t('パス', 'passed')));
    if (v.opener === p.seat && v.phase !== 'over') badges.push(el('span', { class: 'badge' }, t('最初に入札', 'bids first')));
    if (payload.seat === p.seat) badges.push(el('span', { class: 'badge you' }, t('あなた', 'you')));
    if (v.start_player === p.seat) badges.push(el('span', { class: 'badge start', id: 'motto-start' }, t('スタートプレイヤー', 'start player')));
    const free = el('div', { class: 'free-dice', 'aria-label': t(`手元のダイス ${p.free} 個`, `${p.free} free dice`), role: 'img' });
    for (let i = 0; i < p.free; i++) free.append(die(0, '', 'blank'));
    free.querySelectorAll('.die').forEach((d) => d.removeAttribute('role'));
    const proj = p.projection;
    return el('section', { class: 'player card', 'aria-labelledby': `motto-p${p.seat}`, dataset: { seat: String(p.seat) } },
      el('h3', { id: `motto-p${p.seat}` }, nameOf(p.seat), ' ', ...badges),
      p.offer ? el('p', { class: 'offer' }, t('入札中　', 'Offer: '), diceRow(p.offer, t)) : null,
      el('p', { class: 'free-line' }, t(`手元 ${p.free} 個`, `${p.free} free`), free),
      el('div', { class: 'coins' }, p.coins.map((c) => coinCard(c, c.dice))),
      el('p', { class: 'projection', dataset: { total: String(proj.total) } },
        t(`予想得点 ${fmt(proj.total)}点（価値 ${fmt(proj.positive)}／暴落 ${fmt(proj.loss)}）`, `Projected ${fmt(proj.total)} pts (value ${fmt(proj.positive)} / crash ${fmt(proj.loss)})`)),
      el('details', { class: 'projection-details', open: openDetails.has(p.seat) || undefined,
        ontoggle: (e) => { if (e.target.open) openDetails.add(p.seat); else openDetails.delete(p.seat); } },
        el('summary', {}, t('いま終わったときの計算', 'If the game ended now')), sheetTable(proj)));
  }

  /** "(3+1) × (-6) = -24", or "ダイスなし 0" for a coin with no dice on it. */
  function crashCell(r) {
    if (!r.dice.length) return el('td', { class: 'muted' }, t('ダイスなし 0', 'no dice 0'));
    return el('td', {}, `(${r.dice.join('+')}) × ${signed(r.crash)} = ${fmt(r.loss)}`);
  }

  function sheetTable(s) {
    const rows = el('tbody');
    s.stacks.forEach((r) => rows.append(el('tr', {},
      el('th', { scope: 'row' }, t(`まとめ No.${r.coins.join('・')}`, `Stack No.${r.coins.join(', ')}`)),
      el('td', {}, `${r.value} × ${r.count} = ${r.points}`),
      crashCell(r))));
    s.specials.forEach((r) => rows.append(el('tr', {},
      el('th', { scope: 'row' }, r.kind === 'stable' ? t('ステーブルコイン', 'Stable coin') : t(`ハードフォーク No.${r.no}`, `Hard fork No.${r.no}`)),
      el('td', {}, `MIN ${s.min} × ${r.multiplier} = ${r.points}`),
      crashCell(r))));
    rows.append(el('tr', { class: 'total' }, el('th', { scope: 'row' }, t('合計', 'Total')),
      el('td', {}, String(s.positive)), el('td', {}, `${fmt(s.loss)} → ${pts(s.total)}`)));
    return el('table', { class: 'score-table' }, el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, t('コイン', 'Coins')),
      el('th', { scope: 'col' }, t('価値', 'Value')), el('th', { scope: 'col' }, t('損失（目×暴落）', 'Loss (pips × crash)')))), rows);
  }

  function breakdown(v, outcome) {
    const sec = el('section', { class: 'motto-end card', id: 'motto-end', 'aria-labelledby': 'motto-end-h' },
      el('h2', { id: 'motto-end-h' }, t('得点計算', 'Scoring')),
      el('p', { class: 'muted' }, t('公開されている順に ①価格上昇（まとめる）②MIN（ステーブル・ハードフォーク）③大暴落',
        'In the published order: 1. price rise (merge) 2. MIN (stable coins, hard forks) 3. crash')));
    const winners = outcome ? outcome.winners : [];
    const sheets = outcome ? outcome.details.scores : v.players.map((p) => p.projection);
    sheets.forEach((s, seat) => {
      sec.append(el('div', { class: `sheet${winners.includes(seat) ? ' winner' : ''}`, dataset: { seat: String(seat) } },
        el('h3', {}, nameOf(seat), winners.includes(seat) ? el('span', { class: 'badge high' }, t('勝ち', 'winner')) : null,
          el('span', { class: 'sheet-total', dataset: { total: String(s.total) } }, pts(s.total))),
        sheetTable(s)));
    });
    return sec;
  }

  function publicCoins(v) {
    const sec = el('section', { class: 'motto-public card', 'aria-labelledby': 'motto-public-h' },
      el('h2', { id: 'motto-public-h' }, t('公開されたコイン', 'Coins in the open')));
    const group = (label, nos, id) => el('div', { class: 'public-group', id },
      el('h3', {}, t(`${label}（${nos.length}）`, `${label} (${nos.length})`)),
      nos.length ? el('div', { class: 'coins' }, nos.map((no) => coinCard(v.coins[String(no)], null))) : el('p', { class: 'muted' }, t('なし', 'none')));
    sec.append(group(t('脇によけたコイン（後半に競る）', 'Set aside (auctioned in the second half)'), v.aside, 'motto-aside-list'));
    if (v.revealed.length) sec.append(group(t('めくったコイン', 'Revealed'), v.revealed, 'motto-revealed'));
    if (v.removed.length) sec.append(group(t('除外されたコイン（全員パス）', 'Removed (nobody bid)'), v.removed, 'motto-removed'));
    return sec;
  }

  function render() {
    if (!payload) return;
    const v = payload.view;
    const mine = payload.seat !== null && payload.seat !== undefined && (payload.legal || []).length > 0;
    const focusId = document.activeElement && box.contains(document.activeElement) ? focusKeyOf(document.activeElement) : null;
    const parts = [infoBar(v)];
    if (payload.outcome) parts.push(breakdown(v, payload.outcome));
    const bidding = mine && v.phase === 'auction' && v.coin && !payload.replay;
    const built = bidding ? bidBuilder(v) : null;
    const auction = auctionPanel(v, mine);
    if (built) auction.append(built.wrap);
    parts.push(auction, el('div', { class: 'players' }, v.players.map((p) => playerPanel(v, p))), publicCoins(v));
    if (built) parts.push(actionBar(v, built));
    box.replaceChildren(...parts);
    flashes.apply();
    if (focusId) restoreFocus(focusId);
  }

  /** What the highlights compare: who owns each coin, the dice on it, the standing bid. */
  function snapshotOf(v) {
    const owners = {};
    const dice = {};
    v.players.forEach((p) => p.coins.forEach((c) => { owners[c.id] = p.seat; dice[c.id] = c.dice.join(','); }));
    return { owners, dice, standing: v.standing ? `${v.standing.seat}:${v.standing.bid}` : '', ply: payload.ply };
  }

  /** After an update: flash the coins that changed hands (won), the dice that moved, the new bid. */
  function highlight(prev, next) {
    if (!prev || next.ply <= prev.ply) return;
    for (const cid of changedKeys(prev.owners, next.owners)) {
      if (next.owners[cid] === undefined) continue;
      flashes.mark(`.player[data-seat="${next.owners[cid]}"] .coin[data-coin="${cid}"]`, 'gain');
    }
    for (const cid of changedKeys(prev.dice, next.dice)) {
      if (prev.owners[cid] === undefined || prev.owners[cid] !== next.owners[cid]) continue;
      flashes.mark(`.player[data-seat="${next.owners[cid]}"] .coin[data-coin="${cid}"] .dice`, 'loss');
    }
    if (next.standing && next.standing !== prev.standing) flashes.mark('#motto-standing');
  }

  /** The result panel's breakdown (shell hook): each player's value and crash in one line. */
  function resultBreakdown(done) {
    const out = done && done.outcome;
    if (!out || !out.details || !Array.isArray(out.details.scores)) return null;
    return el('ul', { class: 'motto-result-lines' }, out.details.scores.map((sc, seat) => el('li', {},
      el('strong', {}, nameOf(seat)), ' ',
      t(`価値 ${fmt(sc.positive)}、暴落 ${fmt(sc.loss)}、合計 ${fmt(sc.total)}点`, `value ${fmt(sc.positive)}, crash ${fmt(sc.loss)}, total ${fmt(sc.total)}`))));
  }

  function focusKeyOf(node) {
    if (node.id) return `#${node.id}`;
    if (node.dataset && node.dataset.face && node.dataset.op) return `button[data-face="${node.dataset.face}"][data-op="${node.dataset.op}"]`;
    return null;
  }

  function restoreFocus(selector) {
    const node = box.querySelector(selector);
    if (node && !node.disabled) node.focus();
  }

  return {
    update(next) {
      payload = next;
      render();
      const now = snapshotOf(next.view);
      if (!next.replay) highlight(lastSeen, now);
      lastSeen = now;
    },
    resultBreakdown,
    destroy() {
      if (checkTimer) clearTimeout(checkTimer);
      box.remove();
    },
  };
}
