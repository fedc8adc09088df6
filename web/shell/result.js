// The result of a match, drawn by the shell from `outcome`: a panel over the final position
// (winner, reason, the scores as a ranked table, and the view's own breakdown when it offers
// one) as #outcome, dismissible to look at the board; then a compact banner (#outcome-bar) stays.

import { h, fill } from './dom.js';
import { t, pick } from './i18n.js';
import { shownName, yourText } from './seats.js';
import { formatNumber } from './format.js';

/**
 * Who won (`outcome`: the engine's, or the saved list's {winners, draw}) in the person's words:
 * あなたの勝ち, コンピュータ4（ふつう）の勝ち, 引き分け — the one person against the computer is あなた / You,
 * as the game's own result table says. The result panel, the saved list and the replay's end say it alike.
 */
export function headline(outcome, players) {
  return outcome.draw || !outcome.winners.length
    ? t('outcomeDraw') : t('outcomeWin', outcome.winners.map((s) => shownName(players, s)).join(t('listSep')));
}

/** The engine's reason for the end, with the displayed names (the person as the headline names them). */
export function reasonText(outcome, players) {
  return yourText(pick(outcome.reason || {}), players);
}

/**
 * `resultDisplay({game, matchId})` → {banner, overlay, update(outcome, players, breakdown)}.
 * `breakdown` is an optional Node from the view (its resultBreakdown(payload) hook); one marked
 * `data-scores="shown"` shows the scores itself (then the shell's score table is left out).
 */
export function resultDisplay({ game, matchId }) {
  const banner = h('section', { class: 'outcome', id: 'outcome-bar', hidden: true, 'aria-live': 'polite' });
  const overlay = h('section', { class: 'result-overlay', id: 'outcome', hidden: true, role: 'dialog', 'aria-modal': 'false',
    'aria-labelledby': 'result-h' });
  let dismissed = false;
  let last = null;


  function scoreTable(outcome, players) {
    if (!Array.isArray(outcome.scores)) return null;
    const order = outcome.scores.map((s, i) => i).sort((a, b) => outcome.scores[b] - outcome.scores[a]);
    return h('table', { class: 'result-scores' },
      h('caption', { class: 'visually-hidden' }, t('scores')),
      h('tbody', {}, order.map((seat) => h('tr', { class: outcome.winners.includes(seat) ? 'winner' : '' },
        h('th', { scope: 'row' }, shownName(players, seat)),
        h('td', {}, formatNumber(outcome.scores[seat]))))));
  }

  /** Each player's name and score as one item, its separator's mark inside (・ / ,) and its space, if
   * any, between the items (English "A 75, B 60"; Japanese "A 75・B 60"). */
  function scoreItems(scores, players) {
    const sep = t('listSep');
    const mark = sep.trimEnd();
    const gap = sep.slice(mark.length);
    return scores.flatMap((s, i) => {
      const last = i === scores.length - 1;
      const item = h('span', { class: 'score-item' }, `${shownName(players, i)} ${formatNumber(s)}${last ? '' : mark}`);
      return last || !gap ? [item] : [item, gap];
    });
  }

  function update(outcome, players, breakdown = null) {
    last = { outcome, players, breakdown };
    overlay.hidden = !outcome || dismissed;
    banner.hidden = !outcome || !overlay.hidden; // the compact banner replaces the panel once dismissed
    if (!outcome) {
      dismissed = false;
      return;
    }
    const reason = reasonText(outcome, players);
    const viewScores = Boolean(breakdown && breakdown.dataset && breakdown.dataset.scores === 'shown');
    fill(banner,
      h('h2', {}, headline(outcome, players)),
      reason ? h('p', {}, reason) : null,
      // a view that shows the scores itself (in its own units, e.g. 円) also leaves them out of the banner
      // one item per player, its separator at its end (never at a line's start): a name and its
      // score never sit on two lines (shell.css .score-item)
      Array.isArray(outcome.scores) && !viewScores ? h('p', { class: 'scores' }, `${t('scores')}　`,
        ...scoreItems(outcome.scores, players)) : null,
      dismissed ? h('button', { type: 'button', id: 'result-show', onclick: show }, t('seeResult')) : null);
    fill(overlay,
      h('p', { class: 'result-kicker' }, t('resultHeading')),
      h('h2', { id: 'result-h' }, headline(outcome, players)),
      reason ? h('p', { class: 'result-reason' }, reason) : null,
      viewScores ? null : scoreTable(outcome, players),
      breakdown ? h('div', { class: 'result-breakdown' }, breakdown) : null,
      h('div', { class: 'actions result-actions' },
        h('button', { type: 'button', class: 'primary', id: 'result-dismiss', onclick: dismiss }, t('seeBoard')),
        // the setup again as this match was set up (its options; with a friend by link, friend mode): one step
        h('a', { class: 'button', id: 'result-again', href: `#/new/${encodeURIComponent(game)}/${encodeURIComponent(matchId)}` },
          t('newMatchSame')),
        h('a', { class: 'button', href: `#/replay/${matchId}` }, t('replay'))));
  }

  function dismiss() {
    dismissed = true;
    if (last) update(last.outcome, last.players, last.breakdown);
    const again = banner.querySelector('#result-show');
    if (again) again.focus({ focusVisible: false });
  }

  function show() {
    dismissed = false;
    if (last) update(last.outcome, last.players, last.breakdown);
    overlay.querySelector('#result-dismiss')?.focus();
  }

  return { banner, overlay, update, dismiss, show };
}
