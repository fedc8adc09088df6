// モットコイン view panels. Each is a pure `panel(v, ui, rc)`: the engine's view `v`, the screen's UI
// state `ui` (view.js), the render context `rc` ({t, ctx, nameOf, payload, mine, send}); it returns a
// node. No rules here: what may be played comes from payload.legal.
import { h } from '../../shell/dom.js';
import { formatNumber as fmt } from '../../shell/format.js';
import { coinCard, coinInfo, coinTitle, diceRow, die, pts, sheetTable } from './coins.js';

/**
 * @typedef {object} RenderCtx
 * @property {(ja: string, en?: string) => string} t
 * @property {import('../../../types/view').Ctx} ctx
 * @property {(seat: number) => string} nameOf a seat's display name (the one person against the computers: あなた / You)
 * @property {(seat: number) => boolean} isYou whether the seat is that person
 * @property {import('../../../types/view').Payload} payload
 * @property {boolean} mine whether the viewer may act now
 * @property {(action: string) => void} send
 */

/** The status line: half, deck, set-aside coins, forks, chance of the end, spare stables, rules link. */
export function infoBar(v, ui, rc) {
  const { t, ctx } = rc;
  const pct = Math.round((v.end_chance || 0) * 1000) / 10;
  const item = (label, value, id) => h('div', { class: 'stat', id }, h('span', { class: 'stat-label' }, label), h('span', { class: 'stat-value' }, value));
  return h('section', { class: 'motto-info', 'aria-label': t('ゲームの状況', 'Game status') },
    item(t('前半/後半', 'Half'), v.half === 1 ? t('前半', 'first') : t('後半', 'second'), 'motto-half'),
    item(t('山札', 'Deck'), String(v.deck_size), 'motto-deck'),
    item(t('脇のコイン', 'Set aside'), String(v.aside_size), 'motto-aside'),
    // the fork that ended the game came up too, though it was never auctioned: count it, as the banner does
    item(t('ハードフォーク', 'Hard forks'), `${v.forks_up} / ${v.forks_to_end}`, 'motto-forks'),
    v.phase === 'over' ? null : item(t('次の競りで終了する確率', 'Chance the next auction ends the game'), `${pct}%`, 'motto-endchance'),
    item(t('予備のステーブルコイン', 'Spare stable coins'), String(v.supply_stables), 'motto-supply'),
    h('a', { class: 'motto-rules', href: ctx.rulesHref }, t('遊び方', 'How to play')));
}

/** The auction: the coin, the standing bid, whose turn; a recovery choice; or the end. */
export function auctionPanel(v, ui, rc) {
  const { t, ctx, nameOf, payload, mine, send } = rc;
  const sec = h('section', { class: 'motto-auction card', 'aria-labelledby': 'motto-auction-h' },
    h('h2', { id: 'motto-auction-h' }, t('競り', 'Auction')));
  if (v.phase === 'auction' && v.coin) {
    // in an English sentence the person is 'you' (Standing bid by you), at its start 'You'
    const standing = v.standing
      ? h('p', { class: 'standing', id: 'motto-standing' }, t(`${nameOf(v.standing.seat)}の入札　`, `Standing bid by ${inSentence(v.standing.seat, rc)}: `), diceRow(v.standing.bid, t))
      : h('p', { class: 'standing', id: 'motto-standing' }, t('まだ入札はありません', 'No bid yet'));
    const passed = v.players.filter((p) => p.passed).map((p) => nameOf(p.seat));
    sec.append(h('div', { class: 'auction-row' }, coinCard(v.coin, null, t, { big: true }),
      h('div', { class: 'auction-side' },
        coinInfo(v.coin, t),
        standing,
        h('p', { id: 'motto-turn' }, t(`${nameOf(v.turn)}の番`, rc.isYou(v.turn) ? 'Your turn to bid' : `To bid: ${nameOf(v.turn)}`)),
        h('p', { id: 'motto-passed' }, t('ハードパス済み　', 'Hard-passed: '), passed.length ? passed.join('・') : t('なし', 'nobody')),
        ctx.turn && !payload.replay ? ctx.turn.strip : null))); // what the others just did, beside the coin
  } else if (v.phase === 'recover' && v.recover) {
    const cause = v.last && v.last.fluctuation === 'recover' ? v.coins[String(v.last.coin)] : null;
    sec.append(h('p', { id: 'motto-recover' }, cause ? t(`${coinTitle(cause, t)}（最小1個回収）の効果。`, `${coinTitle(cause, t)} (recover 1 lowest): `) : '',
      t(`${nameOf(v.recover.seat)} が一番小さい目${v.recover.face}のダイスを1個手元に戻します。同じ目が複数のコインにあるので、どのコインから戻すか選びます`,
        `${nameOf(v.recover.seat)} ${rc.isYou(v.recover.seat) ? 'take' : 'takes'} back one lowest die (showing ${v.recover.face}). Dice showing ${v.recover.face} sit on more than one coin: choose which coin it comes from`)));
    if (mine && !payload.replay) {
      sec.append(h('div', { class: 'recover-choices' }, v.recover.choices.map((cid) => h('button', {
        type: 'button', class: 'primary', dataset: { action: `recover ${cid}` }, onclick: () => send(`recover ${cid}`),
      }, t(`${coinTitle(v.coins[cid], t)} から回収`, `Recover from ${coinTitle(v.coins[cid], t)}`)))));
    }
  } else if (v.phase === 'over') {
    sec.append(h('p', {}, v.end === 'fork'
      ? t(`4枚目のハードフォーク（No.${v.end_coin}）が出たのでゲーム終了`, `The 4th hard fork (No.${v.end_coin}) came up: game over`)
      : t('競りにかけるコインがなくなりゲーム終了', 'No coins left: game over')));
  } else {
    sec.append(h('p', { class: 'muted' }, t('コインをめくっています…', 'Revealing coins…')));
  }
  if (v.last) sec.append(lastEvent(v, rc));
  if (ctx.turn && !payload.replay && !sec.contains(ctx.turn.strip)) sec.append(ctx.turn.strip);
  return sec;
}

/** A seat's name inside an English sentence: the person against the computers is 'you' there. */
function inSentence(seat, rc) {
  return rc.isYou(seat) ? rc.t('あなた', 'you') : rc.nameOf(seat);
}

/** What the last auction did. */
function lastEvent(v, rc) {
  const { t, nameOf } = rc;
  const last = v.last;
  const c = v.coins[String(last.coin)];
  let text;
  if (last.kind === 'sale') {
    text = t(`前回　${nameOf(last.winner)}が${coinTitle(c, t)}を落札（入札 ${last.bid.join(',')}）`,
      `Last: ${nameOf(last.winner)} won ${coinTitle(c, t)} with a bid of ${last.bid.join(',')}`);
    if (last.runner_coin) text += t(`／${nameOf(last.runner)}がステーブルコインを獲得`, `; ${inSentence(last.runner, rc)} took a stable coin`);
    const back = (last.returned || []).map((n, s) => (n ? t(`${nameOf(s)} ${n}個`, `${inSentence(s, rc)} ${n}`) : null)).filter(Boolean);
    if (back.length) text += t(`／戻ったダイス　${back.join('、')}`, `; dice returned: ${back.join(', ')}`);
  } else {
    text = t(`前回　全員パス。${coinTitle(c, t)}は除外、全員のダイス−1`, `Last: all passed; ${coinTitle(c, t)} left the game, all dice −1`);
  }
  return h('p', { class: 'last-event', id: 'motto-last' }, text);
}

function playerPanel(v, p, ui, rc) {
  const { t, nameOf, payload } = rc;
  const badges = [];
  if (v.phase === 'auction' && v.turn === p.seat) badges.push(h('span', { class: 'badge turn' }, t('手番', 'to bid')));
  if (v.standing && v.standing.seat === p.seat) badges.push(h('span', { class: 'badge high' }, t('最高入札', 'high bid')));
  if (p.passed) badges.push(h('span', { class: 'badge passed' }, t('パス', 'passed')));
  if (v.opener === p.seat && v.phase !== 'over') badges.push(h('span', { class: 'badge' }, t('最初に入札', 'bids first')));
  // (a seat already named あなた / You needs no badge saying so)
  if (payload.seat === p.seat && !rc.isYou(p.seat)) badges.push(h('span', { class: 'badge you' }, t('あなた', 'you')));
  if (v.start_player === p.seat) badges.push(h('span', { class: 'badge start', id: 'motto-start' }, t('スタートプレイヤー', 'start player')));
  const free = h('div', { class: 'free-dice', 'aria-label': t(`手元のダイス ${p.free} 個`, `${p.free} free dice`), role: 'img' });
  for (let i = 0; i < p.free; i++) free.append(die(0, '', 'blank'));
  free.querySelectorAll('.die').forEach((d) => d.removeAttribute('role'));
  const proj = p.projection;
  return h('section', { class: 'player card', 'aria-labelledby': `motto-p${p.seat}`, dataset: { seat: String(p.seat) } },
    h('h3', { id: `motto-p${p.seat}` }, nameOf(p.seat), ' ', ...badges),
    p.offer ? h('p', { class: 'offer' }, t('入札中　', 'Offer: '), diceRow(p.offer, t)) : null,
    h('p', { class: 'free-line' }, t(`手元 ${p.free} 個`, `${p.free} free`), free),
    h('div', { class: 'coins' }, p.coins.map((c) => coinCard(c, c.dice, t))),
    h('p', { class: 'projection', dataset: { total: String(proj.total) } },
      t(`予想得点 ${fmt(proj.total)}点（価値 ${fmt(proj.positive)}／暴落 ${fmt(proj.loss)}）`, `Projected ${fmt(proj.total)} pts (value ${fmt(proj.positive)} / crash ${fmt(proj.loss)})`)),
    h('details', { class: 'projection-details', open: ui.openDetails.has(p.seat) || undefined,
      ontoggle: (e) => { if (/** @type {HTMLDetailsElement} */ (e.target).open) ui.openDetails.add(p.seat); else ui.openDetails.delete(p.seat); } },
      h('summary', {}, t('いま終わったときの計算', 'If the game ended now')), sheetTable(proj, t)));
}

/** Every player: badges, offer, free dice, coins, projected score (its sheet folds open). */
export function playersPanel(v, ui, rc) {
  return h('div', { class: 'players' }, v.players.map((p) => playerPanel(v, p, ui, rc)));
}

/** The scoring of every player: the final sheets once over. */
export function breakdown(v, ui, rc) {
  const { t, nameOf } = rc;
  const outcome = rc.payload.outcome;
  const sec = h('section', { class: 'motto-end card', id: 'motto-end', 'aria-labelledby': 'motto-end-h' },
    h('h2', { id: 'motto-end-h' }, t('得点計算', 'Scoring')),
    h('p', { class: 'muted' }, t('公開されている順に ①価格上昇（まとめる）②MIN（ステーブル・ハードフォーク）③大暴落',
      'In the published order: 1. price rise (merge) 2. MIN (stable coins, hard forks) 3. crash')));
  const winners = outcome ? outcome.winners : [];
  const sheets = outcome ? outcome.details.scores : v.players.map((p) => p.projection);
  sheets.forEach((s, seat) => {
    sec.append(h('div', { class: `sheet${winners.includes(seat) ? ' winner' : ''}`, dataset: { seat: String(seat) } },
      h('h3', {}, nameOf(seat), winners.includes(seat) ? h('span', { class: 'badge high' }, t('勝ち', 'winner')) : null,
        h('span', { class: 'sheet-total', dataset: { total: String(s.total) } }, pts(s.total, t))),
      sheetTable(s, t)));
  });
  return sec;
}

/** The coins everyone can see: set aside, revealed, removed. */
export function publicCoins(v, ui, rc) {
  const { t } = rc;
  const sec = h('section', { class: 'motto-public card', 'aria-labelledby': 'motto-public-h' },
    h('h2', { id: 'motto-public-h' }, t('公開されたコイン', 'Coins in the open')));
  const group = (label, nos, id) => h('div', { class: 'public-group', id },
    h('h3', {}, t(`${label}（${nos.length}）`, `${label} (${nos.length})`)),
    nos.length ? h('div', { class: 'coins' }, nos.map((no) => coinCard(v.coins[String(no)], null, t))) : h('p', { class: 'muted' }, t('なし', 'none')));
  sec.append(group(t('脇によけたコイン（後半に競る）', 'Set aside (auctioned in the second half)'), v.aside, 'motto-aside-list'));
  if (v.revealed.length) sec.append(group(t('めくったコイン', 'Revealed'), v.revealed, 'motto-revealed'));
  if (v.removed.length) sec.append(group(t('除外されたコイン（全員パス）', 'Removed (nobody bid)'), v.removed, 'motto-removed'));
  return sec;
}

/** The result panel's breakdown (the shell's resultBreakdown hook): each player's value and crash in one line. */
export function resultLines(done, rc) {
  const { t, nameOf } = rc;
  const out = done && done.outcome;
  if (!out || !out.details || !Array.isArray(out.details.scores)) return null;
  // each figure (and the name) is an item that moves to the next line whole, its comma with it:
  // never 合 / 計 75点, nor a line that starts with 、
  const part = (text) => h('span', { class: 'score-part' }, text);
  const gap = t('', ' ') || null;
  return h('ul', { class: 'motto-result-lines' }, out.details.scores.map((sc, seat) => h('li', {},
    h('strong', {}, nameOf(seat)), ' ',
    part(t(`価値 ${fmt(sc.positive)}、`, `value ${fmt(sc.positive)},`)), gap,
    part(t(`暴落 ${fmt(sc.loss)}、`, `crash ${fmt(sc.loss)},`)), gap,
    part(t(`合計 ${fmt(sc.total)}点`, `total ${fmt(sc.total)}`)))));
}
