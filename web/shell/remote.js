// Playing a friend on their own device, by link (shared/design/remote.md; engine: core/remote.py).
// This module holds the device's chain secrets (never sent), the send panel (copy, share sheet,
// QR code drawn here), the match screen's remote controls (take-back requests, draw offers,
// answers, what an incoming link brought) and the #r=<link> page (merge, or take a free side).

import { h, fill } from './dom.js';
import { t, pick, errorText, getLang } from './i18n.js';
import { call, games, whenReady } from './engine.js';
import { engineWait } from './wait.js';
import { saveMatch, loadSave, listSaves, gameStorage, SaveError } from './storage.js';
import { messagePage } from './pages.js';
import { encodeQR, qrSvg } from './qr.js';

// The games offered 「友だちと（リンクで）」 are the engine's to say: `by_link` in each game's info
// (webapi.games, from core/remote.py GAMES; phase 1: shogi, both 本将棋 and 集大成将棋).
const secrets = gameStorage('remote');
const HAPPENED_KEY = 'pygames.remote.happened.';

const S = {
  mode: ['遊び方', 'How to play'],
  local: ['この端末で', 'On this device'],
  remote: ['友だちと（リンクで）', 'With a friend (by link)'],
  remoteHelp: ['自分の端末で指し、リンクを送り合って対局します。サーバーは使いません。抽選は両方の端末の値から決まり、どちらも先に知ることはできません。',
    'Each of you plays on your own device and you send each other links. No server; every draw comes from values of both devices, so neither can know it first.'],
  yourSide: ['あなたの手番', 'Your side'],
  yourName: ['あなたの名前', 'Your name'],
  sendHeading: ['相手に送る', 'Send to your friend'],
  sendHelp: ['このリンクを相手に送ってください（チャット・メール、またはQRコードを読み取ってもらう）。', 'Send this link to your friend (chat, mail, or let them scan the QR code).'],
  copy: ['コピー', 'Copy'], copied: ['コピーしました', 'Copied'], copyFailed: ['コピーできませんでした。リンクを選んでコピーしてください。', 'Could not copy; select the link and copy it.'],
  shareSheet: ['共有…', 'Share…'],
  qrLabel: ['このリンクのQRコード', 'QR code of this link'],
  contains: (link, chars) => {
    const { moves, reveals: values, whole } = link;
    const asks = link.asks || [];
    const answers = link.answers || [];
    const ASK = { undo: ['待ったの申し出', 'a take-back request'], draw: ['引き分けの申し出', 'a draw offer'] };
    const ANSWER = { undo: ['待った', 'take-back'], draw: ['引き分け', 'draw offer'] };
    const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
    const ja = [whole ? '対局の全体' : moves ? `${moves}手` : '', values ? `抽選用の値${values}個` : '',
      ...asks.map((k) => ASK[k][0]), ...answers.map((a) => `${ANSWER[a.kind][0]}を${a.ok ? '受ける' : '断る'}返事`)]
      .filter(Boolean).join('と') || '最新の状態';
    const en = [whole ? 'The whole match' : moves ? plural(moves, 'move', 'moves') : '',
      values ? `${plural(values, 'value', 'values')} for the draws` : '', ...asks.map((k) => ASK[k][1]),
      ...answers.map((a) => `your answer to the ${ANSWER[a.kind][1]} (${a.ok ? 'accepted' : 'declined'})`)]
      .filter(Boolean);
    const enText = en.length ? [en.slice(0, -1).join(', '), en[en.length - 1]].filter(Boolean).join(' and ') : 'The latest state';
    return [`このリンクの中身: ${ja}（${chars}文字）`, `This link holds: ${enText[0].toUpperCase()}${enText.slice(1)} (${chars} characters)`];
  },
  yourTurn: ['あなたの番です。指すと、相手に送るリンクができます。', 'Your turn: after your move, a link to send your friend appears.'],
  turnMine: ['あなたの番', 'Your turn'], turnTheirs: ['相手の番', "Friend's turn"], turnJoin: ['相手の参加待ち', 'Waiting for your friend to join'],
  turnOver: ['終局', 'Finished'],
  waitSend: ['相手の番です。リンクを送って、返ってきたリンクを開いてください。', "It is your friend's turn: send the link, then open the link they send back."],
  waitJoin: ['相手がリンクを開いて席につくと、最初のカードが決まります。', 'When your friend opens the link and takes a side, the first cards are drawn.'],
  waitDrawn: ['あなたはドローしました。カードは、相手がこのリンクを開いて相手の端末の値が加わったときに決まります。リンクを送ってください。',
    "You drew: the card is decided when your friend opens this link and their device adds its value. Send the link."],
  answerFirst: (mine) => (mine
    ? ['相手の申し出に「受ける」か「断る」で答えるか、指してください（指すと断ったことになります）。', "Answer your friend's request (Accept or Decline), or move (a move declines it)."]
    : ['相手の申し出に「受ける」か「断る」で答えてください。答えると、送るリンクができます。', "Answer your friend's request (Accept or Decline); then a link to send back is made."]),
  sendEnd: ['対局が終わりました。リンクを送ると、相手の端末でも終局になります。', "The match is over: send the link so it ends on your friend's device too."],
  answered: (kind, ok, later) => {
    const [ja, en] = {
      undo: ok ? ['待ったを受けました（手を戻しました）。', 'You accepted the take-back (the move was taken back).']
        : ['待ったを断りました。', 'You declined the take-back.'],
      draw: ok ? ['引き分けの申し出を受けました。', 'You accepted the draw.'] : ['引き分けの申し出を断りました。', 'You declined the draw offer.'],
    }[kind];
    return later ? [`${ja}次に指す手のリンクで相手に届きます。`, `${en} It goes to your friend with your next move's link.`]
      : [`${ja}リンクを送って相手に知らせてください。`, `${en} Send the link to tell your friend.`];
  },
  waitCard: ['カードは両方の端末の値で決まりました。リンクを送り返すと、相手がカードを見て選べます。', 'The card was drawn from both devices\' values. Send the link back so your friend can see it and choose.'],
  askUndo: ['待ったを頼む', 'Ask to take back'], offerDraw: ['引き分けを申し出る', 'Offer a draw'],
  asked: (kind) => kind === 'undo' ? ['待ったを頼みました。次のリンクで相手に届きます。', 'Take-back asked: it goes in the next link.']
    : ['引き分けを申し出ました。次のリンクで相手に届きます。', 'Draw offered: it goes in the next link.'],
  incoming: (kind) => kind === 'undo' ? ['相手が待ったを求めています（最後の手を戻す）。', 'Your friend asks to take back their last move.']
    : ['相手が引き分けを申し出ています。', 'Your friend offers a draw.'],
  accept: ['受ける', 'Accept'], decline: ['断る', 'Decline'],
  happenedHeading: ['届いたリンク', 'The link you opened'],
  staleLink: ['このリンクの内容はもうこの端末にあります。何も変えていません。', 'This device already has everything in this link; nothing was changed.'],
  ownLink: ['これはこの端末から送ったリンクです。何も変えていません。', 'This is a link this device sent; nothing was changed.'],
  linkHeading: ['友だちからのリンク', "A link from your friend"],
  joinHeading: ['対局に参加する', 'Join the match'],
  joinHelp: ['この端末にはまだこの対局がありません。空いている手番を選んでください。', 'This device does not have this match yet. Choose a free side.'],
  joinButton: ['この手番で参加する', 'Join on this side'],
  noFree: ['空いている手番がありません（もう二人とも参加しています）。', 'No side is free (both players have joined).'],
  forkKept: ['このリンクは、この端末の対局と別の流れです。届いた方も別の対局として保存しました。', 'This link follows another line of play than this device. The incoming version was saved as another match too.'],
  openFork: ['届いた方を見る', 'See the incoming version'], openMine: ['この端末の方を開く', "Open this device's version"],
  refused: (why) => [`このリンクは受け付けられません: ${why}${/[。.]$/.test(why) ? '' : '。'}`,
    `This link was refused: ${why}${/[.。]$/.test(why) ? '' : '.'}`],
  nothingChanged: ['この端末の対局は何も変わっていません。', 'The match on this device is unchanged.'],
  sides: ['先手', '後手'], sidesEn: ['Sente (first)', 'Gote (second)'],
};
const s = (key, ...args) => {
  const v = typeof S[key] === 'function' ? S[key](...args) : S[key];
  return getLang() === 'en' ? v[1] : v[0];
};
const sideName = (i) => (getLang() === 'en' ? S.sidesEn[i] : S.sides[i]) || `${i + 1}`;

/** Random bytes as lowercase hex. */
export function randomHex(bytes) {
  const a = new Uint8Array(bytes);
  crypto.getRandomValues(a);
  return Array.from(a, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The engine's remote operations (webapi `remote`). */
export function remoteCall(op, args) {
  return call('remote', { op, args });
}

function secretOf(record) {
  const entry = secrets.get(`${record.remote.id}.${record.meta && record.meta.remote_seat}`);
  return entry && typeof entry.secret === 'string' ? entry.secret : null;
}

/** The saved-list line: whose turn first. */
function progressLine(status, progress) {
  const key = { mine: 'turnMine', theirs: 'turnTheirs', join: 'turnJoin', over: 'turnOver' }[status.turn] || 'turnTheirs';
  const [ja, en] = [S[key][0], S[key][1]];
  return { ja: `${ja} · ${progress ? progress.ja : ''}`, en: `${en} · ${progress ? progress.en : ''}` };
}

// --- new match ---------------------------------------------------------------------------
/** The setup page's remote part: side and name (`before`: {seat, name} of the match played again).
 * `start(options)` creates, saves and returns the id. */
export function remoteSetupBox(info, before = null) {
  const model = { seat: before && before.seat < info.min_seats ? before.seat : 0, name: (before && before.name) || '' };
  const box = h('fieldset', { class: 'remote-setup', id: 'remote-setup' });
  function render() {
    fill(box, h('legend', {}, s('remote')), h('p', { class: 'muted small' }, s('remoteHelp')),
      h('div', { class: 'field' }, h('label', { for: 'remote-side' }, s('yourSide')),
        h('select', { id: 'remote-side', onchange: (e) => { model.seat = Number(e.target.value); } },
          Array.from({ length: info.min_seats }, (_, i) => h('option', { value: i, selected: i === model.seat }, sideName(i))))),
      h('div', { class: 'field' }, h('label', { for: 'remote-name' }, s('yourName')),
        h('input', { id: 'remote-name', type: 'text', maxlength: 40, autocomplete: 'off', value: model.name,
          oninput: (e) => { model.name = e.target.value; } })));
  }
  async function start(options, game) {
    const names = Array.from({ length: info.min_seats }, (_, i) => (i === model.seat ? model.name.trim() : ''));
    const matchId = randomHex(16);
    const secret = randomHex(32);
    secrets.set(`${matchId}.${model.seat}`, { secret });
    const { record, status_now: status } = await remoteCall('new', { game, options, names, seat: model.seat, match_id: matchId, secret });
    const view = await call('look', { record });
    const saved = saveMatch(record, { title: view.general && view.views[0] && view.views[0].view.title || info.title,
      progress: progressLine(status, view.general.progress), finished: false });
    return saved.meta.id;
  }
  render();
  return { el: box, relang: render, start };
}

// --- the send panel ----------------------------------------------------------------------
/** The panel with the link to send: URL, copy, share sheet, QR code and what it holds. */
export function sendPanel(slot) {
  const box = h('section', { class: 'remote-send card', id: 'remote-send', 'aria-labelledby': 'remote-send-h' });
  slot.append(box);
  let link = null;
  let copyState = '';
  let error = null;
  function url() {
    return `${location.origin}${location.pathname}#r=${link.link}`;
  }
  function render() {
    fill(box, h('h2', { id: 'remote-send-h' }, s('sendHeading')));
    if (error) {
      box.append(h('p', { class: 'error', role: 'alert' }, errorText(error)));
      return;
    }
    if (!link) return;
    const text = url();
    let qr = null;
    try {
      qr = qrSvg(encodeQR(text, { ecl: 'M', maxVersion: 25 }), { label: s('qrLabel') });
    } catch {
      try { qr = qrSvg(encodeQR(text, { ecl: 'L' }), { label: s('qrLabel') }); } catch { qr = null; }
    }
    box.append(
      h('p', {}, s('sendHelp')),
      h('p', { class: 'muted small', id: 'remote-contains' }, s('contains', link, text.length)),
      h('div', { class: 'remote-send-body' },
        qr ? h('div', { class: 'remote-qr', id: 'remote-qr' }, qr) : null,
        h('div', { class: 'remote-send-side' },
          h('label', { for: 'remote-url', class: 'visually-hidden' }, s('sendHeading')),
          h('input', { id: 'remote-url', type: 'text', readOnly: true, value: text, dataset: { actions: link.actions },
            onfocus: (e) => e.target.select() }),
          h('div', { class: 'actions' },
            h('button', { type: 'button', class: 'primary', id: 'remote-copy', onclick: copy }, s('copy')),
            navigator.share ? h('button', { type: 'button', id: 'remote-share', onclick: share }, s('shareSheet')) : null),
          h('p', { role: 'status', class: 'small' }, copyState ? s(copyState) : ''))));
  }
  async function copy() {
    try {
      await navigator.clipboard.writeText(url());
      copyState = 'copied';
    } catch {
      const input = box.querySelector('#remote-url');
      input.focus();
      input.select();
      copyState = 'copyFailed';
    }
    render();
  }
  async function share() {
    try { await navigator.share({ url: url() }); } catch { /* the person closed the sheet */ }
  }
  return {
    async update(record) {
      try {
        link = { ...(await remoteCall('encode', { record })), actions: record.actions.length };
        error = null;
      } catch (err) {
        error = err;
      }
      copyState = '';
      render();
      // after a move the next step is sending: bring the panel into view (the board stays above it)
      setTimeout(() => requestAnimationFrame(() => { if (box.isConnected) box.scrollIntoView({ block: 'nearest' }); }), 0);
    },
    relang: render,
    destroy: () => box.remove(),
    get el() { return box; },
  };
}

// --- the match screen --------------------------------------------------------------------
/**
 * The remote part of the match screen. `hooks`: getRecord(), setRecord(record), look(record)
 * → a `look` answer the page adopts, showError(err). Returns {act, look, progress, toolbar,
 * render, relang, opened, destroy}.
 */
export function remoteSession(slot, hooks) {
  let status = null;
  let note = null; // () => text in the page's language now
  let happened = null;
  const notes = h('div', { class: 'remote-notes', id: 'remote-notes' });
  const asksBox = h('div', { class: 'remote-asks', id: 'remote-asks' });
  const sendSlot = h('div', { class: 'remote-send-slot' });
  slot.append(notes, asksBox, sendSlot);
  let panel = null;
  let panelFor = '';

  async function refreshStatus(record) {
    status = await remoteCall('status', { record });
    return status;
  }

  /** `look` for the page, with an agreed draw shown as the outcome. */
  async function look(record, seat) {
    const answer = await call('look', { record, look: seat });
    await refreshStatus(record);
    if (status.agreed) {
      answer.general = { ...answer.general, outcome: status.agreed, to_move: [] };
      answer.views = answer.views.map((v) => ({ ...v, outcome: status.agreed, legal: [], to_move: [] }));
    }
    return answer;
  }

  async function change(op, args) {
    const record = hooks.getRecord();
    const secret = secretOf(record);
    const result = await remoteCall(op, { record, ...args, ...(op === 'act' ? { secret } : {}) });
    hooks.setRecord(result.record);
    return look(result.record, status ? status.seat : null);
  }

  function render() {
    if (!status) return;
    fill(notes,
      happened && happened.length ? h('section', { class: 'remote-happened card', id: 'remote-happened', 'aria-labelledby': 'remote-happened-h' },
        h('h2', { id: 'remote-happened-h' }, s('happenedHeading')),
        h('ul', {}, happened.map((line) => h('li', { dataset: { kind: line.kind } }, pick(line))))) : null,
      note ? h('p', { class: 'remote-note', id: 'remote-note', role: 'status' }, note()) : null);
    fill(asksBox, status.asks_in.map((ask) => h('div', { class: 'remote-ask card', role: 'group' },
      h('p', {}, s('incoming', ask.kind)),
      h('div', { class: 'actions' },
        h('button', { type: 'button', class: 'primary', id: `remote-accept-${ask.kind}`, onclick: () => answer(true) }, s('accept')),
        h('button', { type: 'button', id: `remote-decline-${ask.kind}`, onclick: () => answer(false) }, s('decline'))))));
    // nothing to send while the friend's request waits for an answer, nor once the friend's link ended
    // the match and this device added nothing
    const wantPanel = !status.asks_in.length && (status.turn !== 'mine' || status.asks_out.length > 0)
      && !(status.turn === 'over' && status.synced);
    if (wantPanel && !panel) { panel = sendPanel(sendSlot); panelFor = ''; }
    if (!wantPanel && panel) { panel.destroy(); panel = null; }
    const record = hooks.getRecord();
    const key = `${record.actions.length}/${JSON.stringify(record.remote)}/${JSON.stringify(record.players)}`;
    if (panel && key !== panelFor) {
      panelFor = key;
      panel.update(record);
    } else if (panel) {
      panel.relang();
    }
  }

  /** The status line of a match by link: whose turn from this device's side, and what to do next. */
  function waitingText() {
    if (!status) return '';
    if (status.asks_in.length) return s('answerFirst', status.turn === 'mine');
    if (status.turn === 'over') return status.synced ? '' : s('sendEnd');
    if (status.turn === 'mine') return s('yourTurn');
    if (status.turn === 'join') return s('waitJoin');
    const actions = hooks.getRecord().actions;
    const last = actions.length ? actions[actions.length - 1] : '';
    if (last.startsWith('c:')) return s('waitCard');
    // this device's own action led to a draw whose card waits for the friend's value (the engine says)
    if (status.waits_value && last.startsWith(`${status.seat}:`)) return s('waitDrawn');
    return s('waitSend');
  }

  async function answer(ok) {
    const kind = status.asks_in.length ? status.asks_in[0].kind : 'undo';
    try {
      hooks.adopt(await change('reply', { ok }));
      happened = null; // the request it answered is no longer the news: the answer is
      const later = status.turn === 'mine'; // the answer goes with this device's next move
      note = () => s('answered', kind, ok, later);
      render();
    } catch (err) {
      hooks.showError(err);
    }
  }

  async function ask(kind) {
    try {
      hooks.adopt(await change('ask', { kind }));
      note = () => s('asked', kind);
      render();
    } catch (err) {
      hooks.showError(err);
    }
  }

  return {
    look,
    act: (action) => { happened = null; note = null; return change('act', { action, seat: status.seat }); },
    progress: (progress) => (status ? progressLine(status, progress) : progress),
    toolbar() {
      if (!status || status.turn === 'over') return [];
      return [
        h('button', { type: 'button', id: 'remote-ask-undo', disabled: !status.can_ask_undo, onclick: () => ask('undo') }, s('askUndo')),
        h('button', { type: 'button', id: 'remote-offer-draw', disabled: status.asks_out.length > 0, onclick: () => ask('draw') }, s('offerDraw')),
      ];
    },
    render,
    relang: render,
    statusText: waitingText,
    opened(id) {
      try {
        const text = sessionStorage.getItem(HAPPENED_KEY + id);
        sessionStorage.removeItem(HAPPENED_KEY + id);
        const parsed = text ? JSON.parse(text) : null;
        if (parsed && parsed.stale) note = () => s(parsed.own ? 'ownLink' : 'staleLink');
        else if (Array.isArray(parsed)) happened = parsed.filter((x) => x && typeof x.ja === 'string' && typeof x.en === 'string');
      } catch { /* nothing to show */ }
      render();
      // what the link brought is the first thing to read (after the view has placed the board)
      if (happened && happened.length || note) {
        setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => {
          if (notes.isConnected) notes.scrollIntoView({ block: 'start' });
        })), 0);
      }
    },
    get status() { return status; },
    destroy() { if (panel) panel.destroy(); },
  };
}

// --- #r=<link> -----------------------------------------------------------------------------
async function findSave(remoteId) {
  const byLink = new Set((await games()).filter((g) => g.by_link).map((g) => g.name));
  for (const entry of listSaves()) {
    if (entry.broken || !byLink.has(entry.game)) continue;
    const saved = loadSave(entry.id);
    const record = saved.record;
    if (record && record.remote && record.remote.id === remoteId && !(record.meta && record.meta.fork_of)) return { id: entry.id, record };
  }
  return null;
}

function goPlay(id) {
  location.replace(`${location.pathname}${location.search}#/play/${id}`);
}

async function saveWithStatus(record, id = null) {
  const rec = id ? { ...record, meta: { ...record.meta, id } } : record;
  const view = await call('look', { record: rec });
  const status = await remoteCall('status', { record: rec });
  const v = view.views[0];
  return saveMatch(rec, { title: (v && v.view && v.view.title) || null, progress: progressLine(status, view.general.progress),
    finished: status.turn === 'over', outcome: view.general.outcome });
}

/** Open a link: merge into the saved match, or join it, or say why not (nothing changed). */
export async function remoteLinkPage(root, { link }) {
  root.append(engineWait());
  await whenReady;
  const refused = (err) => messagePage(root, () => `${s('refused', errorText(err))}${getLang() === 'en' ? ' ' : ''}${s('nothingChanged')}`,
    { heading: () => s('linkHeading'), code: err && typeof err.code === 'string' ? err.code : null });
  let peek;
  try {
    peek = await remoteCall('peek', { text: link });
  } catch (err) {
    return refused(err);
  }
  const found = await findSave(peek.id);
  if (found) {
    const secret = secretOf(found.record);
    let result;
    try {
      result = await remoteCall('receive', { record: { ...found.record, meta: { ...found.record.meta } }, text: link, secret });
    } catch (err) {
      if (err.code === 'remote.fork' && err.params && err.params.branch) {
        let fork = null;
        try { fork = await saveWithStatus(err.params.branch); } catch { fork = null; }
        return forkPage(root, err, found.id, fork && fork.meta.id);
      }
      return refused(err);
    }
    try {
      if (result.status === 'merged') {
        await saveWithStatus(result.record, found.id);
        sessionStorage.setItem(HAPPENED_KEY + found.id, JSON.stringify(result.happened || []));
      } else {
        sessionStorage.setItem(HAPPENED_KEY + found.id, JSON.stringify({ stale: true, own: Boolean(result.own) }));
      }
    } catch (err) {
      return messagePage(root, () => (err instanceof SaveError && err.quota ? t('quota') : t('saveFailed')));
    }
    goPlay(found.id);
    return null;
  }
  let offer;
  try {
    offer = await remoteCall('receive', { record: null, text: link });
  } catch (err) {
    return refused(err);
  }
  return joinPage(root, link, offer);
}

function forkPage(root, err, mine, theirs) {
  function render() {
    fill(root, h('h1', {}, s('linkHeading')),
      h('p', { class: 'message', role: 'alert', id: 'remote-fork' }, `${errorText(err)}`),
      h('p', {}, s('forkKept')),
      h('p', { class: 'actions' },
        h('a', { class: 'button primary', href: `#/play/${mine}` }, s('openMine')),
        theirs ? h('a', { class: 'button', href: `#/replay/${theirs}` }, s('openFork')) : null));
  }
  render();
  return { relang: render };
}

function joinPage(root, link, offer) {
  const model = { seat: offer.free[0], name: '' };
  let error = '';
  function render() {
    fill(root, h('h1', { id: 'remote-join-h' }, `${s('joinHeading')}: ${pick(offer.title)}`),
      h('p', {}, s('joinHelp')));
    if (!offer.free.length) {
      root.append(h('p', { class: 'message', role: 'alert' }, s('noFree')));
      return;
    }
    const names = offer.names.map((n, i) => (n ? `${sideName(i)}: ${n}` : null)).filter(Boolean);
    root.append(
      names.length ? h('p', { class: 'muted' }, names.join(' · ')) : null,
      h('form', { class: 'card remote-join', onsubmit: join, 'aria-labelledby': 'remote-join-h' },
        h('div', { class: 'field' }, h('label', { for: 'remote-join-side' }, s('yourSide')),
          h('select', { id: 'remote-join-side', onchange: (e) => { model.seat = Number(e.target.value); } },
            offer.free.map((i) => h('option', { value: i, selected: i === model.seat }, sideName(i))))),
        h('div', { class: 'field' }, h('label', { for: 'remote-join-name' }, s('yourName')),
          h('input', { id: 'remote-join-name', type: 'text', maxlength: 40, value: model.name, autocomplete: 'off',
            oninput: (e) => { model.name = e.target.value; } })),
        h('p', { class: 'error', role: 'alert' }, error),
        h('button', { type: 'submit', class: 'primary', id: 'remote-join' }, s('joinButton'))));
  }
  async function join(event) {
    event.preventDefault();
    const secret = randomHex(32);
    try {
      secrets.set(`${offer.id}.${model.seat}`, { secret });
      const result = await remoteCall('join', { text: link, seat: model.seat, secret, name: model.name.trim() });
      const saved = await saveWithStatus(result.record);
      sessionStorage.setItem(HAPPENED_KEY + saved.meta.id, JSON.stringify(result.happened || []));
      goPlay(saved.meta.id);
    } catch (err) {
      error = err instanceof SaveError ? (err.quota ? t('quota') : t('saveFailed')) : errorText(err);
      render();
    }
  }
  render();
  return { relang: render };
}
