// The hand-over screen of a match with hidden information between people on one device: it
// covers the view until the next person says they hold the device.

import { h, fill } from './dom.js';
import { t } from './i18n.js';

/**
 * Draw the hand-over screen `el` for a match page's state `m` (matchstate.js): shown while
 * `m.covered`, calling `m.coverSeat` (else the shown seat, else the first person); its button
 * calls `reveal`.
 * @param {import('./matchstate.js').MatchState} m
 * @param {HTMLElement} el
 * @param {(seat: number) => string} nameOf
 * @param {() => void} reveal
 */
export function renderHandover(m, el, nameOf, reveal) {
  el.hidden = !m.covered;
  if (!m.covered) return;
  const seat = m.coverSeat ?? m.shown ?? m.humans[0];
  fill(el,
    h('p', { id: 'handover-msg', class: 'handover-msg' }, t('handOver', nameOf(seat))),
    h('button', { type: 'button', class: 'primary', id: 'handover-button', onclick: reveal },
      t('handOverButton', nameOf(seat))));
}
