// A match's move list that shows at once from the saved record (localStorage), before Python is
// up: one row per action with the seat's name and a placeholder (never the saved action string: it
// may hold a secret); once the engine answers `log`, the rows read as the engine's public text. A row can
// jump the replay to its move.

import { h, fill } from './dom.js';
import { t, pick } from './i18n.js';
import { seatName as displayName } from './seats.js';

function seatName(players, seat) {
  if (seat === 'c' || seat === -1 || seat === '-1') return t('chanceSeat');
  const i = Number(seat);
  return Number.isInteger(i) && i >= 0 ? displayName(players, i) : String(seat);
}

/** `{el, setLog(log), relang(), mark(ply)}` for `record`; `onPick(ply)` when a row is chosen. */
export function moveList(record, onPick = null) {
  const players = Array.isArray(record.players) ? record.players : [];
  const actions = Array.isArray(record.actions) ? record.actions : [];
  let log = null;
  let current = null;
  const heading = h('h2', { id: 'moves-h' });
  const list = h('ol', { class: 'move-list', id: 'replay-moves' });
  const el = h('section', { class: 'moves card', 'aria-labelledby': 'moves-h' }, heading, list);

  function rowText(i) {
    const entry = log && log[i];
    if (entry && (entry.ja || entry.en)) {
      return entry.seat === -1 ? pick(entry) : `${seatName(players, entry.seat)}　${pick(entry)}`;
    }
    // Never the saved action itself (it may be a sealed order or a hidden pick): the seat, then a
    // placeholder until the engine's public text arrives.
    const raw = String(actions[i]);
    const cut = raw.indexOf(':');
    return cut > 0 ? `${seatName(players, raw.slice(0, cut))}　${t('movePending')}` : t('movePending');
  }

  function render() {
    heading.textContent = t('movesHeading');
    fill(list, actions.map((_, i) => {
      const text = rowText(i);
      const item = h('li', { dataset: { ply: i + 1 }, class: current === i + 1 ? 'current' : '' });
      if (onPick) {
        item.append(h('button', { type: 'button', class: 'link', 'aria-label': `${text} — ${t('moveShow', i + 1)}`,
          onclick: () => onPick(i + 1) }, text));
      } else {
        item.textContent = text;
      }
      return item;
    }));
    markRows();
  }

  /** The current move's row: class `current`, and aria-current on its button. */
  function markRows() {
    for (const li of list.children) {
      const on = Number(li.dataset.ply) === current;
      li.classList.toggle('current', on);
      const b = li.querySelector('button');
      if (b) { if (on) b.setAttribute('aria-current', 'step'); else b.removeAttribute('aria-current'); }
    }
  }

  render();
  return {
    el,
    setLog(entries) { log = Array.isArray(entries) ? entries : null; render(); },
    setPick(fn) { onPick = fn; render(); },
    mark(ply) {
      current = ply;
      markRows();
    },
    relang: render,
  };
}
