// The match screen's lines of text: the status line (a notice about saving first, then whose turn,
// who is thinking, or that the match is over) and the note of older rulings.

import { h } from './dom.js';
import { t, pick } from './i18n.js';
import { youSeat } from './seats.js';

/**
 * Draw the status line `el` for a match page's state `m` (matchstate.js); `rs` (remote.js) or
 * null; `nameOf(seat)` a seat's name. A notice of another tab's write is said once.
 * @param {import('./matchstate.js').MatchState} m
 * @param {HTMLElement} el
 * @param {any} rs
 * @param {(seat: number) => string} nameOf
 */
export function renderStatus(m, el, rs, nameOf) {
  el.className = 'status';
  const { notice, general } = m;
  if (notice) {
    el.classList.add('warn');
    el.textContent = notice.text();
    if (notice.link) el.append(' ', h('a', { href: notice.link, id: 'other-version' }, t('otherVersion')));
    if (notice.kind === 'other') m.notice = null; // said once
    return;
  }
  if (!general) return;
  if (rs && rs.statusText()) {
    el.textContent = rs.statusText();
  } else if (m.thinking !== null) {
    el.classList.add('thinking');
    el.textContent = t('thinking', nameOf(m.thinking));
  } else if (general.outcome) {
    el.textContent = t('matchOver');
  } else if (m.shown !== null && general.to_move.includes(m.shown)) {
    // the one person against the computer: あなたの番です (the game views call that seat あなた too)
    el.textContent = m.shown === youSeat(m.players) ? t('yourTurnYou') : t('yourTurn', nameOf(m.shown));
  } else {
    el.textContent = t('waitingFor', general.to_move.filter((s) => s >= 0).map(nameOf).join(t('listSep')));
  }
}

/**
 * A match recorded under older rulings says so in `el` (and which), e.g. motto v1: seat 1 always starts.
 * @param {any} general the answer's general facts (rulings.older)
 * @param {any} info the game's info (its options' labels)
 * @param {HTMLElement} el
 */
export function renderRulings(general, info, el) {
  const older = (general && general.rulings && general.rulings.older) || [];
  el.hidden = older.length === 0;
  if (!older.length) return;
  const valueText = (r) => {
    const spec = (info.options || []).find((o) => o.key === r.key);
    const choice = spec && (spec.choices || []).find((c) => c.value === r.value);
    return choice ? pick(choice.label) : String(r.value);
  };
  const said = older.map((r) => t('rulingValue', pick(r.label), valueText(r)));
  el.textContent = t('olderRulings', said.join(t('listSep')));
}
