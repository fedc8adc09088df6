// Seat names, rendered in the current language at render time. A record stores a name only when
// a person typed it; computers and untyped seats get a localised default ("Player 1",
// "Computer (normal)"). Older saves stored those defaults as text: they are recognised and
// localised too.

import { t } from './i18n.js';

const STORED_DEFAULT = /^(プレイヤー\s*\d+|Player \d+|コンピュータ\s*\d*（.*）|Computer( \d+)? \(.*\))$/;

/** The name a person typed for the record's player `p`, trimmed; '' for none (or an old save's stored default). */
export function typedName(p) {
  const name = String((p && p.name) || '').trim();
  return name && !STORED_DEFAULT.test(name) ? name : '';
}

/** The name of `seat` in `players` (the record's list) for display, in the current language. */
export function seatName(players, seat) {
  if (seat === -1) return t('chanceSeat');
  const p = players && players[seat];
  if (!p) return t('defaultName', seat + 1);
  if (p.type === 'bot') {
    const bots = players.filter((x) => x && x.type === 'bot').length;
    return t('computerName', p.level, bots > 1 ? seat + 1 : null);
  }
  return typedName(p) || t('defaultName', seat + 1);
}

/**
 * The seat of the one person on this device (against the computer, or a friend by link), when that person typed no name: the
 * game views call that seat あなた / You, so the shell's turn line and result do too (「プレイヤー1の勝ち」
 * over a table that says あなた read as two people). -1 otherwise (two people, or a typed name).
 */
export function youSeat(players) {
  const list = players || [];
  // a friend by link plays on their own device (type 'remote'): this device's person is the one here
  const people = list.map((p, i) => (p && p.type !== 'bot' && p.type !== 'remote' ? i : -1)).filter((i) => i >= 0);
  if (list.length < 2 || people.length !== 1) return -1;
  return typedName(list[people[0]]) ? -1 : people[0];
}

/** `seatName`, with the one person on this device (`youSeat`) as あなた / You. */
export function shownName(players, seat) {
  return seat === youSeat(players) ? t('you') : seatName(players, seat);
}

/**
 * `text` from an engine with its generic seat names (プレイヤー2, Player 2: what an engine writes when
 * a line names a seat, e.g. a draw or the end of a match) replaced by the displayed names.
 */
export function namedText(text, players) {
  return String(text ?? '').replace(/プレイヤー\s*([1-9])|\bPlayer ([1-9])\b/g,
    (m, a, b) => (players && players[Number(a || b) - 1] ? seatName(players, Number(a || b) - 1) : m));
}

/**
 * `namedText`, with the one person against the computer (`youSeat`) as あなた / You, as the
 * result's headline and the game views name them ("Player 1's hand" is "Your hand").
 */
export function yourText(text, players) {
  const s = String(text ?? '');
  const you = youSeat(players) + 1;
  if (!you) return namedText(s, players);
  const asYou = (m, own, at) => {
    if (!m.startsWith('P')) return t('you');
    const word = own ? 'your' : 'you';
    return !at || /[:.]\s*$/.test(s.slice(0, at)) ? word[0].toUpperCase() + word.slice(1) : word;
  };
  return namedText(s.replace(new RegExp(`プレイヤー\\s*${you}(?!\\d)|\\bPlayer ${you}('s)?\\b`, 'g'), asYou), players);
}

/** The players list with every `name` replaced by its display name (what views receive). */
export function namedPlayers(players) {
  return (players || []).map((p, i) => ({ ...p, name: seatName(players, i) }));
}
