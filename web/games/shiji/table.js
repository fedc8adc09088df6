// The playing table: both players' areas and the controls for the current choice.
// `io` = { t, act(action) → Promise, check(action) → Promise<null|error> }.

import { h as el } from '../../shell/dom.js';
import { cardFace, cardLabel, statusStrip, marketRow, counts, jaTerms } from './board.js';
import { flashTracker } from '../../shell/turn.js';
import { youSeat } from '../../shell/seats.js';
import { markTerms, termTip } from './glossary.js';

const NUMBER = /^[0-9]$/;

/** The engine names seats プレイヤー1/2 (Player 1/2) in its texts: put the displayed names in. */
export function withNames(text, names) {
  return String(text || '').replace(/プレイヤー([12])|\bPlayer ([12])('s)?\b/g,
    (m, a, b, own = '') => {
      const name = names[Number(a || b) - 1];
      if (!name) return m;
      return own && name === 'You' ? 'Your' : `${name}${own}`; // "Player 1's hand" is "Your hand"
    });
}

/** `io` = { t, act, check, strip? (the shell's events strip, placed where the eye is) }. */
export function createTable(root, io) {
  let payload = null;
  let verdict = null;        // {ok, text} for the current selection
  let pending = false;
  let checkSeq = 0;
  let confirm = null;        // the warned placement waiting for "play it anyway"
  let events = [];           // [{ja, en, seat, kind}], newest first (from view.js)
  const box = el('div', { class: 'sj-table' });
  root.append(box);
  const flashes = flashTracker(box);   // the shell's highlights survive our redraws

  const t = (ja, en) => io.t(ja, en);
  const tip = termTip(t);    // the explanation of a tapped word (glossary)
  let glossary = null;
  if (io.glossary) io.glossary.then((g) => { glossary = g; render(); });
  /** Text for the page with the game's Japanese terms marked in English mode. */
  const m = (text) => jaTerms(text, t('ja', 'en') === 'en');

  function legal() { return (payload && !payload.replay && payload.legal) || []; }

  async function send(action) {
    if (pending) return;
    pending = true;
    render();
    try {
      await io.act(action);
      selIdx = [];
      verdict = null;
      confirm = null;
    } catch (err) {
      verdict = { ok: false, text: t(err.message_ja || '指せません', err.message_en || 'Not possible') };
    } finally {
      pending = false;
      render();
    }
  }

  function myHand() {
    const v = payload.view;
    const me = payload.seat;
    return me === null || me === undefined ? [] : v.players[me].hand || [];
  }

  // --- rendering ---------------------------------------------------------------------------
  function render() {
    box.replaceChildren();
    if (!payload) return;
    const v = payload.view;
    const me = payload.seat === null || payload.seat === undefined ? 0 : payload.seat;
    const opp = 1 - me;
    // the one person against the computer is あなた / You, as in the shell's turn line, strip and result
    const you = youSeat(payload.players);
    const names = (payload.players || []).map((p, i) => (i === you ? t('あなた', 'You') : (p && p.name) || t(`席${i + 1}`, `Seat ${i + 1}`)));
    box.append(statusStrip(t, v, me));
    // what the other side just did, where the eye is: the shell's events strip (the engine's log
    // lines), then what it does not say (先手決め values, goods earned, order flips)
    // (not while the opening hands are picked: six hidden picks are no news)
    if (io.strip && !payload.replay && v.phase !== 'pick') box.append(io.strip);
    const latest = events.slice(0, 3);
    if (latest.length && !payload.replay) {
      box.append(el('div', { class: 'sj-latest-event', role: 'status', dataset: { testid: 'latest-event' } },
        latest.map((e) => el('p', {}, withNames(t(e.ja, e.en), names)))));
    }
    // opponent
    const them = v.players[opp];
    box.append(el('section', { class: 'sj-player sj-opp', 'aria-label': t(`相手: ${names[opp] || ''}`, `Opponent: ${names[opp] || ''}`) },
      el('h2', { class: 'sj-name' }, names[opp] || t('相手', 'Opponent'), payload.to_move.includes(opp) ? el('span', { class: 'sj-turn' }, t(' ・手番', ' · to move')) : null),
      counts(t, them, v),
      them.hand ? zone(t('手札', 'Hand'), handLine(them.hand, t('相手の手札（公開）', "Opponent's hand (open)"))) : null,
      them.land && v.rules.puzzle ? zone(t('土地', 'Land'), landLine(them.land, t('相手の土地（公開）', "Opponent's land (open)"))) : null,
      // under labelled lines (a puzzle's open hand and land) the market row is labelled too: unlabelled, it
      // read as the land when the land was empty
      them.hand || (them.land && v.rules.puzzle) ? zone(t('市場', 'Market'), marketRow(t, them, { label: t('相手の市場', "Opponent's market") }))
        : marketRow(t, them, { label: t('相手の市場', "Opponent's market") })));
    // me
    const mine = v.players[me];
    const myTurn = payload.to_move.includes(me) && !payload.replay && payload.seat !== null && payload.seat !== undefined;
    const veilable = new Set(myTurn ? legal().filter((a) => a.startsWith('veil ')).map((a) => Number(a.split(' ')[1])) : []);
    const recoverable = new Set(myTurn ? legal().filter((a) => a.startsWith('recover ')).map((a) => Number(a.split(' ')[1])) : []);
    const clickable = recoverable.size ? recoverable : veilable;
    const onCell = (cell) => send(recoverable.size ? `recover ${cell.pos}` : `veil ${cell.pos}`);
    const meSection = el('section', { class: 'sj-player sj-me', 'aria-label': t(`自分: ${names[me] || ''}`, `You: ${names[me] || ''}`) },
      el('h2', { class: 'sj-name' }, names[me] || t('自分', 'You'),
        myTurn ? el('span', { class: 'sj-turn' }, me === you ? t(' ・手番', ' · to move') : t(' ・あなたの番', ' · your move')) : null),
      marketRow(t, mine, { label: t('自分の市場', 'Your market'), clickable, onCell }),
      counts(t, mine, v),
      mine.land && mine.land.length ? el('details', { class: 'sj-landbox' },
        el('summary', {}, v.rules.puzzle ? t('自分の土地（公開）', 'Your land (open)') : t('自分の土地を見る', 'Show your land')),
        landLine(mine.land, t('自分の土地', 'Your land'))) : null);
    // the controls, then the action bar (prompt + primary action: kept at the bottom of the screen), then my side
    const bar = el('div', { class: 'action-bar sticky-always sj-actionbar', dataset: { testid: 'action-bar' } });
    box.append(controls(v, me, mine, myTurn, veilable, recoverable, names, bar), bar);
    box.append(meSection);
    if (glossary) {
      markTerms(box, glossary, t('ja', 'en') === 'en', (term) => tip.show(term));
      tip.render();
      box.append(words());
    }
    box.insertBefore(tip.el, box.children[1] || null);
    flashes.apply();
  }

  /** Every glossary word with its explanation (the same words are tappable where they appear). */
  function words() {
    return el('details', { class: 'sj-words', dataset: { testid: 'words' } }, el('summary', {}, t('用語の説明', 'Words explained')),
      el('dl', {}, glossary.terms.map((term) => [el('dt', {}, m(t(term.ja, term.en))), el('dd', {}, t(term.text_ja, term.text_en))]).flat()));
  }

  /** The current prompt, first in the action bar. */
  function prompt(bar, text, extra = {}) {
    bar.prepend(el('p', { class: 'prompt sj-prompt', ...extra }, m(text)));
  }

  /** A visibly labelled line of cards (the label is for sighted players; the group keeps its aria-label). */
  function zone(name, line) {
    return el('div', { class: 'sj-zone' }, el('span', { class: 'sj-zone-k', 'aria-hidden': 'true' }, name), line);
  }

  function handLine(codes, label) {
    return el('div', { class: 'sj-hand', role: 'group', 'aria-label': label }, codes.map((c) => cardFace(t, c)));
  }

  function landLine(codes, label) {
    return el('div', { class: 'sj-land', role: 'group', 'aria-label': label },
      codes.length ? codes.map((c) => cardFace(t, c, { extra: 'sj-mini' })) : el('span', { class: 'sj-none' }, t('なし', 'none')));
  }

  function controls(v, me, mine, myTurn, veilable, recoverable, names, bar) {
    const panel = el('section', { class: 'sj-controls', 'aria-label': t('操作', 'Controls') });
    bar.setAttribute('aria-live', 'polite');
    if (payload.outcome || v.phase === 'over') {
      // the engine's own words for the end (outcome.reason), with the displayed names; the shell
      // draws the result itself (over the board, then #outcome-bar)
      const reason = payload.outcome && payload.outcome.reason;
      prompt(bar, reason ? `${t('対局終了: ', 'Game over: ')}${withNames(t(reason.ja, reason.en), names)}` : t('対局終了', 'Game over'),
        { dataset: { testid: 'ending' } });
      const who = names[me] || t('自分', 'You');
      if (mine.hand && mine.hand.length) panel.append(zone(t(`${who}の残り手札`, `${who}: cards left`), handLine(mine.hand, t('自分の手札', 'Your hand'))));
      return panel;
    }
    if (!myTurn) {
      prompt(bar, payload.replay ? t('再生中', 'Replay') : t('相手の番です…', "Opponent's turn…"));
      if (mine.hand) panel.append(zone(t('手札', 'Hand'), handLine(mine.hand, t('自分の手札', 'Your hand'))));
      return panel;
    }
    const task = v.task;
    const acts = legal();
    if (v.phase === 'pick' && !task) {
      prompt(bar, t(`土地から最初の手札を選んでください（あと${mine.picks_left}枚）`, `Choose your opening hand from your land (${mine.picks_left} more)`));
      panel.append(zone(t('手札', 'Hand'), handLine(mine.hand, t('自分の手札', 'Your hand'))));
      panel.append(zone(t('土地', 'Land'), landButtons(acts, 'pick')));
      if (v.tip) panel.append(el('p', { class: 'sj-hint', dataset: { testid: 'pick-hint' } }, m(t(v.tip.ja, v.tip.en))));
      return panel;
    }
    if (task && task.kind === 'take') {
      // why: a reward for your own goods, or the tax of the opponent's star shell
      const why = task.why ? `${t(task.why.ja, task.why.en)}${t('：', ': ')}` : '';
      prompt(bar, `${why}${t(`土地から手札に加える札を選んでください（あと${task.count}枚）`, `choose land cards to add to your hand (${task.count} more)`)}`,
        { dataset: { testid: 'take-prompt' } });
      panel.append(zone(t('手札', 'Hand'), handLine(mine.hand, t('自分の手札', 'Your hand'))));
      // the land cards to take are the action: docked with the prompt (below the controls they were
      // under the bar on a phone, the prompt asking for cards out of sight)
      bar.append(zone(t('土地', 'Land'), landButtons(acts, 'take')));
      return panel;
    }
    if (task && task.kind === 'recover') {
      prompt(bar, t('恐慌: ヴェールした札を１枚選んで手札に戻してください（回収）', 'Panic: choose one of your veiled cards to take back (回収)'));
      const cardAt = (pos) => { const cell = mine.row.find((c) => c.pos === pos); return cell && cell.card ? cell.card.code : null; };
      // short buttons, side by side (the prompt says 回収): one per row, they made the bar a third of a phone's
      // screen and hid the market with the veiled cards they name
      const named = (pos) => { const code = cardAt(pos); return code ? (/^[0-9]$/.test(code) ? code : cardLabel(t, code)) : ''; };
      const labels = [...recoverable].map(named);
      bar.append(el('div', { class: 'sj-buttons sj-recover' }, [...recoverable].map((pos) => {
        const name = named(pos);
        // the card alone names it unless two veiled cards are alike: then its place too
        const alike = labels.filter((n) => n === name).length > 1;
        return el('button', { type: 'button', class: 'sj-btn', dataset: { pos }, onclick: () => send(`recover ${pos}`),
          'aria-label': name ? t(`${name} を回収（${pos + 1}番目）`, `Recover ${name} (card ${pos + 1})`) : t(`${pos + 1}番目の札を回収`, `Recover card ${pos + 1}`) },
        name && !alike ? name : name ? t(`${name}（${pos + 1}番目）`, `${name} (card ${pos + 1})`) : t(`${pos + 1}番目`, `card ${pos + 1}`));
      })));
      return panel;
    }
    if (task && task.kind === 'kaijo') {
      prompt(bar, t('相手が雷霆で上がりました。00で解除できます（引き分け）', 'The opponent went out with 雷霆. You may cancel it with 00 (a draw)'));
      bar.append(el('div', { class: 'sj-buttons' },
        el('button', { type: 'button', class: 'sj-btn sj-primary', onclick: () => send('place 0 0') }, t('解除（00を並べる）', 'Cancel (place 00)')),
        el('button', { type: 'button', class: 'sj-btn', onclick: () => send('accept') }, t('認める', 'Accept'))));
      return panel;
    }
    // lead or play: pick cards from hand
    const lead = v.phase === 'lead';
    if (lead && v.lead && v.lead.tie) {
      const [a, b] = v.lead.values.map((x) => (x < 0 ? '—' : String(x).padStart(2, '0')));
      panel.append(el('p', { class: 'sj-tie', role: 'alert', dataset: { testid: 'lead-tie' } }, m(t(
        `先手決めは同じ値でした（${names[0]} ${a}・${names[1]} ${b}）。もう一度、数字組を選んでください`,
        `先手決め was a tie (${names[0]} ${a}, ${names[1]} ${b}): choose a pair again`))));
    }
    prompt(bar, lead
      ? t('先手決め: 手札の数字札を２枚（前札→後札）選んでください。値の大きい方が先手です', 'Who plays first: choose two number cards (front then back); the higher value starts')
      : t('手札から前札→後札の順に２枚選んで貝札を並べます', 'Pick two hand cards, front then back, to place a shell'));
    const hand = mine.hand || [];
    const handBox = el('div', { class: 'sj-hand sj-pickable', role: 'group', 'aria-label': t('自分の手札', 'Your hand') });
    hand.forEach((code, i) => {
      const order = selIdx.indexOf(i);
      const btn = cardFace(t, code, {
        selected: order >= 0,
        label: `${cardLabel2(code)}${order === 0 ? t('（前札）', ' (front)') : order === 1 ? t('（後札）', ' (back)') : ''}`,
        onclick: () => pickIndex(i),
        disabled: pending || (lead && !NUMBER.test(code)),
      });
      handBox.append(btn);
    });
    bar.append(handBox);   // the hand is the action: docked with the prompt and 並べる
    const codes = selIdx.map((i) => hand[i]);
    // a short hand's stars and 恐慌 lose among the last two cards, the opponent's two cards go out when beaten:
    // said before a card is picked (the engine's words; on a phone the counts are under this bar); once two
    // are picked, the placement's own verdict says the rest
    if (!codes.length) {
      for (const [note, testid] of [[v.threat, 'threat'], [v.hand_note, 'hand-note']]) {
        if (note) bar.append(el('p', { class: 'sj-hand-note', role: 'note', dataset: { testid } }, m(t(note.ja, note.en))));
      }
    }
    const chosen = codes.length === 2 ? shellEntry(`${lead ? 'lead' : 'place'} ${codes.join(' ')}`) : null;
    const preview = codes.length
      ? el('p', { class: 'sj-preview', dataset: { testid: 'preview' } }, t('選択: ', 'Selected: '), codes.map((c) => (NUMBER.test(c) ? c : cardLabel(t, c))).join(' · '),
        chosen ? m(` — ${t(chosen.label.ja, chosen.label.en)}`) : '')
      : null;
    if (preview) bar.append(preview);
    const action = codes.length ? `${lead ? 'lead' : 'place'} ${codes.join(' ')}` : '';
    const asking = Boolean(confirm && confirm.action === action);
    if (verdict && !asking) bar.append(el('p', { class: `sj-verdict ${verdict.ok ? 'sj-ok' : verdict.warn ? 'sj-warnv' : 'sj-bad'}`, role: verdict.ok ? 'status' : 'alert', dataset: { testid: 'verdict' } }, m(verdict.text)));
    const buttons = el('div', { class: 'sj-buttons' });
    if (asking) {
      bar.append(el('div', { class: 'sj-confirm', role: 'alertdialog', 'aria-label': t('確認', 'Confirm'), dataset: { testid: 'confirm' } },
        el('p', {}, m(t(confirm.warning.ja, confirm.warning.en))),
        el('div', { class: 'sj-buttons' },
          el('button', { type: 'button', class: 'sj-btn sj-danger', dataset: { testid: 'confirm-place' }, onclick: () => send(action) }, t('それでも並べる', 'Place it anyway')),
          el('button', { type: 'button', class: 'sj-btn', onclick: () => { confirm = null; render(); } }, t('やめる', 'Cancel')))));
    }
    // while the warning asks, its own two buttons are the only way on (no second 並べる beside それでも並べる)
    if (!asking) buttons.append(el('button', { type: 'button', class: 'sj-btn sj-primary', dataset: { testid: 'place' }, disabled: pending || !acts.includes(action),
      onclick: () => {
        const entry = shellEntry(action);
        if (entry && entry.warning && !(confirm && confirm.action === action)) { confirm = { action, warning: entry.warning }; render(); return; }
        send(action);
      } }, lead ? t('この組で先手決め', 'Use this pair') : t('並べる', 'Place')));
    if (codes.length && !asking) buttons.append(el('button', { type: 'button', class: 'sj-btn', onclick: () => { selIdx = []; verdict = null; render(); } }, t('選び直す', 'Clear')));
    if (acts.includes('place 1 0 0')) buttons.append(el('button', { type: 'button', class: 'sj-btn sj-primary', onclick: () => send('place 1 0 0') }, m(t('雷霆（100）で上がる', 'Go out with 雷霆 (100)'))));
    bar.append(buttons);
    if (acts.some((a) => a.startsWith('add '))) {
      panel.append(zone(t('土地から加える（任意）', 'Add from land (optional)'), landButtons(acts, 'add')));
    }
    if (veilable.size) {
      panel.append(el('p', { class: 'sj-hint' }, t('ヴェール: 自分の市場で光っている札を押すと裏返せます（任意）', 'Veil: tap a highlighted card in your market to turn it face down (optional)')));
    }
    return panel;
  }

  /** The engine's description of a shell the hand can form (kind, value, legality, warning). */
  function shellEntry(action) {
    return ((payload && payload.view.shells) || []).find((e) => e.action === action) || null;
  }

  function cardLabel2(code) {
    return NUMBER.test(code) ? t(`数字札 ${code}`, `number ${code}`) : code === 'X' ? t('恐慌札', 'Panic card') : t(`星札 ${code}`, `star ${code}`);
  }

  let selIdx = [];
  function pickIndex(i) {
    const pos = selIdx.indexOf(i);
    if (pos >= 0) selIdx.splice(pos, 1);
    else if (selIdx.length < 2) selIdx.push(i);
    else selIdx = [i];
    verdict = null;
    render();
    const hand = myHand();
    const codes = selIdx.map((j) => hand[j]);
    if (codes.length === 2) {
      const lead = payload.view.phase === 'lead';
      const action = `${lead ? 'lead' : 'place'} ${codes.join(' ')}`;
      const seq = ++checkSeq;
      const entry = shellEntry(action);
      if (entry && lead) {
        // 先手決め: nothing is placed; say what showing this pair decides (the engine's words)
        verdict = { ok: true, text: entry.note ? t(entry.note.ja, entry.note.en) : t(entry.label.ja, entry.label.en) };
        render();
      } else if (entry) {
        const adds = (entry.adds || []).map((a) => t(a.ja, a.en)).join(t('。', '. '));
        const tail = adds ? t(`。${adds}`, `. ${adds}`) : '';
        if (entry.legal && entry.warning) verdict = { ok: false, warn: true, text: t(`並べられますが危険です: ${entry.warning.ja}`, `Legal, but dangerous: ${entry.warning.en}`) };
        else if (entry.legal && entry.caution) verdict = { ok: false, warn: true, caution: true, text: t(`並べられます。ただし${entry.caution.ja}`, `This can be played, but: ${entry.caution.en}`) + tail };
        else if (entry.legal) verdict = { ok: true, text: t('並べられます', 'This can be played') + tail };
        else verdict = { ok: false, text: entry.refusal ? t(entry.refusal.ja, entry.refusal.en) : t('並べられません', 'This cannot be played') };
        render();
      } else if (legal().includes(action)) {
        verdict = { ok: true, text: t('並べられます', 'This can be played') };
        render();
      } else {
        io.check(action).then((err) => {
          if (seq !== checkSeq) return;
          verdict = err ? { ok: false, text: t(err.message_ja, err.message_en) } : { ok: true, text: t('並べられます', 'This can be played') };
          render();
        });
      }
    }
  }

  function landButtons(acts, verb) {
    const codes = acts.filter((a) => a.startsWith(`${verb} `)).map((a) => a.split(' ')[1]);
    const land = payload.view.players[payload.seat].land || codes;
    const counted = {};
    for (const c of land) counted[c] = (counted[c] || 0) + 1;
    return el('div', { class: 'sj-land sj-pickable', role: 'group', 'aria-label': t('土地の札', 'Land cards') },
      codes.map((c) => el('span', { class: 'sj-landpick' },
        cardFace(t, c, { onclick: () => send(`${verb} ${c}`), disabled: pending, label: `${t('土地から', 'from land: ')}${cardLabel2(c)}` }),
        el('span', { class: 'sj-times', 'aria-hidden': 'true' }, `×${counted[c] || 1}`))));
  }

  /** Flash what changed since the last picture: new shells, the value to beat, the order. */
  function markNews(before, after, seat) {
    const me = seat === null || seat === undefined ? 0 : seat;
    after.players.forEach((p, s) => {
      if (p.placed > before.players[s].placed) flashes.mark(`${s === me ? '.sj-me' : '.sj-opp'} .sj-shell-new`, 'gain');
    });
    if (after.to_beat !== before.to_beat) flashes.mark('.sj-beat');
    if (after.order !== before.order) flashes.mark('.sj-order');
  }

  return {
    update(next, news = null) {
      const changed = !payload || next.ply !== payload.ply || next.seat !== payload.seat;
      if (payload && changed && next.seat === payload.seat && next.ply > payload.ply) markNews(payload.view, next.view, next.seat);
      payload = next;
      if (news) events = news;
      if (changed) { selIdx = []; verdict = null; confirm = null; }
      render();
    },
    rerender() { render(); },
    destroy() { box.remove(); },
  };
}
