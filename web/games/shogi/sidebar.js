// The title line, the controls under the board, and the name beside each hand.

import { h } from '../../shell/dom.js';
import { SEAT_MARK, sideNames } from './panels.js';
import { codedText } from './files.js';
import { youSeat } from '../../shell/seats.js';

/** Seat mark, side and name (a computer is called so; the one person here あなた, as the shell's turn line) for a hand's caption. */
export function whoText(ui, seat) {
  const { t, live } = ui;
  const p = live.players && live.players[seat];
  let name = '';
  if (p && p.type === 'bot') name = t('コンピュータ', 'Computer');
  else if (seat === youSeat(live.players)) name = t('あなた', 'You');
  else if (p && p.name) name = p.name;
  const [ja, en] = sideNames(ui.v());
  return [h('span', { class: 'sg-hand-mark', text: `${SEAT_MARK[seat]}${t(ja[seat], en[seat])}` }),
    // one line, cut with … where the hand is narrow: the whole name in its title
    name ? h('span', { class: 'sg-hand-name', title: name, text: name }) : null];
}

/** Title, move number, badges (fouls lose, repetition, handicap) and links. */
export function headPanel(view, ui) {
  const { t, ctx } = ui;
  const title = view.title ? t(view.title.ja, view.title.en)
    : view.ruleset === 'hon' ? t('本将棋', 'Shogi') : t('集大成将棋', 'Shūtaisei Shōgi');
  const box = h('div', { class: 'sg-status' }, h('span', { class: 'sg-title', text: title }),
    h('span', { class: 'sg-ply', text: t(`${view.ply || 0}手`, `move ${view.ply || 0}`) }));
  if (view.handicap) box.append(h('span', { class: 'sg-badge sg-handicap', text: t(view.handicap.ja, view.handicap.en) }));
  if (view.foul_loss) box.append(h('span', { class: 'sg-badge', text: t('反則負けあり', 'Fouls lose') }));
  if (view.repetition && view.repetition >= 2 && view.phase !== 'over') {
    box.append(h('span', { class: 'sg-badge', text: t(`同一局面 ${view.repetition}回目`, `Position seen ${view.repetition}×`) }));
  }
  const links = h('span', { class: 'sg-links' });
  if (view.ruleset === 'cards') links.append(h('a', { href: '#/page/shogi/cards', text: t('カード一覧', 'Cards') }));
  if (ctx.rulesHref) links.append(h('a', { class: 'sg-rules-link', href: ctx.rulesHref, text: t('遊び方', 'How to play') }));
  box.append(links);
  return box;
}

/** Draw, flip, resign, back-to-game, and the study buttons (review, analysis) under the board. */
export function controlsPanel(view, p, ui, pv, extra = []) {
  const { t } = ui;
  const legal = new Set((p && p.legal) || []);
  const box = h('div', { class: 'sg-controls', role: 'group', 'aria-label': t('操作', 'Controls') });
  if (ui.preview) {
    box.append(h('button', { type: 'button', class: 'sg-btn sg-primary', 'data-preview': 'back', onclick: pv.closePreview },
      t('現在の局面に戻る', 'Back to the game')));
  } else if (view.ruleset === 'cards' && view.variant !== 'setup' && !p.replay && !ui.studyPayload) {
    const ok = legal.has('draw') && !ui.busy;
    // refused by the rules now (e.g. in check): pressable, and pressing it says why
    const why = !ok && ui.canAct() && view.phase === 'move' && view.draw_refusal ? view.draw_refusal : null;
    box.append(h('button', { type: 'button', class: `sg-btn sg-draw${why ? ' sg-btn-refused' : ''}`, 'data-action': 'draw',
      disabled: !ok && !why, 'aria-disabled': why ? 'true' : null, title: why ? t(why.ja, why.en) : null,
      onclick: () => (why ? ui.say(codedText(t, { code: why.code, message_ja: why.ja, message_en: why.en }), 'error') : ui.act('draw')) },
    t('ドロー', 'Draw a card')));
  }
  box.append(h('button', { type: 'button', class: 'sg-btn sg-flip', 'aria-pressed': ui.isFlipped() ? 'true' : 'false',
    onclick: () => ui.setFlipped(!ui.flipped) }, t('盤を反転', 'Flip board')));
  if (!p.replay && !ui.preview && !ui.studyPayload && legal.has('declare')) {
    // 入玉宣言: offered only while the engine says the declaration holds
    box.append(h('button', { type: 'button', class: 'sg-btn sg-primary sg-declare', 'data-action': 'declare',
      onclick: () => { ui.dialog = { kind: 'declare' }; ui.render(); } }, t('入玉宣言', 'Declare a win (entering king)')));
  }
  if (!p.replay && !ui.preview && !ui.studyPayload && legal.has('resign')) {
    box.append(h('button', { type: 'button', class: 'sg-btn sg-resign', onclick: () => { ui.dialog = { kind: 'resign' }; ui.render(); } },
      t('投了', 'Resign')));
  }
  box.append(...extra.filter(Boolean));
  return box;
}
