// The prompt bar's words: whose turn, what to do, check, the result; and the last move.

import { SEAT_MARK, sideNames } from './panels.js';

/** {text, kind} of the prompt for the shown payload `p`. */
export function promptText(ui, view, p) {
  const { t } = ui;
  const [SEAT_JA, SEAT_EN] = sideNames(view);
  if (ui.studyPayload && ui.studyPrompt) return ui.studyPrompt(view);
  if (view.phase === 'over' && p.outcome) {
    const o = p.outcome;
    const r = o.reason || {};
    const who = o.draw || !o.winners.length ? t('引き分け', 'Draw')
      : t(`${SEAT_MARK[o.winners[0]]}${SEAT_JA[o.winners[0]]}の勝ち`, `${SEAT_EN[o.winners[0]]} won`);
    // the engine's reason already says who won (「先手の投了: 後手の勝ち」): in brackets, not a second colon
    return { text: t(`終局（${r.ja || who}）`, `Game over (${r.en || who})`), kind: 'over' };
  }
  if (ui.preview) {
    return { text: t(`${ui.preview.turn}手目の局面（←→で移動、Escで現在へ）`, `Position after move ${ui.preview.turn} (← →; Esc: back)`), kind: 'info' };
  }
  if (ui.message) return ui.message;
  const side = view.side_to_move;
  if (!(side === 0 || side === 1)) return { text: t('カードを引いています…', 'Drawing a card…'), kind: 'info' };
  // a draw turn whose card is not decided yet (a remote match: until the friend's value comes)
  if (view.phase === 'draw_pending' && !p.replay) {
    return { text: t(`${SEAT_MARK[side]}${SEAT_JA[side]}がドローしました：カードが決まるのを待っています`,
      `${SEAT_EN[side]} drew: waiting for the card to be decided`), kind: 'info' };
  }
  if (!p.replay && ui.isBot(side)) {
    return { text: t(`${SEAT_MARK[side]}${SEAT_JA[side]}（コンピュータ）が考えています…`, `${SEAT_EN[side]} (computer) is thinking…`), kind: 'thinking' };
  }
  const checked = view.in_check && view.in_check[side];
  if (checked) {
    const mine = side === ui.mySeat();
    return { text: view.ruleset === 'hon'
      ? t(`王手！ ${SEAT_MARK[side]}${SEAT_JA[side]}の玉が狙われています`, `Check! ${SEAT_EN[side]}'s king is attacked`)
      : t(`王手！ ${SEAT_MARK[side]}${SEAT_JA[side]}の玉が取られる形です${mine ? '（ドローはできません）' : ''}`,
        `Check! ${SEAT_EN[side]}'s king can be captured${mine ? ' (drawing is not allowed)' : ''}`), kind: 'check' };
  }
  const turn = `${SEAT_MARK[side]}${t(`${SEAT_JA[side]}の番`, `${SEAT_EN[side]} to move`)}`;
  if (p.replay) return { text: turn, kind: 'info' };
  if (view.phase === 'draw_choice') return { text: t(`${turn}：引いたカードを有効にしますか？`, `${turn}: turn the drawn card on or off?`), kind: 'turn' };
  if (ui.sel) return { text: t(`${turn}：行き先を選んでください`, `${turn}: choose where to go`), kind: 'turn' };
  return { text: ui.canMove() ? t(`${turn}：駒を選んでください`, `${turn}: pick a piece`) : turn, kind: 'turn' };
}

export function lastMoveText(ui, view) {
  const { t } = ui;
  const rec = view.record || [];
  const m = view.drawing || rec[rec.length - 1];
  if (!m) return t('最終手：なし', 'Last move: none');
  return t(`最終手：${m.ja}`, `Last move: ${m.en}`);
}
