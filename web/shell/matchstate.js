// The match screen's state: one object that the page (match.js) and its panel modules
// (matchsave.js, matchplay.js, matchbar.js, matchstatus.js, handover.js, matchlog.js) read and
// write, in place of a dozen closure variables.

/**
 * @typedef {Object} MatchState
 * @property {any} record the match as this tab holds it (actions, players, meta)
 * @property {any} known the stored match's stamp as this tab last read or wrote it (storage.js)
 * @property {any} info the game's info (engine.js gameInfo)
 * @property {any[]} players the record's players
 * @property {number[]} humans the seats of people on this device
 * @property {boolean} secretive hidden information and two people or more: hand-over screens
 * @property {boolean} alive false once the page is left
 * @property {boolean} busy a computer seat is thinking or an action is in flight
 * @property {number|null} thinking the seat thinking now
 * @property {number|null} shown the seat whose view is on screen
 * @property {boolean} covered a hand-over screen hides the view
 * @property {number|null} coverSeat the seat the hand-over screen calls
 * @property {any} payload the last view of `shown`
 * @property {any} general the facts for a spectator (to_move, outcome, progress, rulings)
 * @property {{kind: string, text: () => string, link?: string}|null} notice what the status line says first
 * @property {any[]} events what happened since the shown seat's last action (turn.js)
 * @property {any} viewPayload the last payload given to the view (with names, events, thinking)
 * @property {{match: string, ply: number, tip: string}|null} cached the worker's cached match (webapi.play)
 */

/**
 * The state of a match page opened on `record` of the game `info`, before the first answer.
 * @param {any} record
 * @param {any} info
 * @param {any} known
 * @returns {MatchState}
 */
export function matchState(record, info, known) {
  const players = record.players;
  const humans = players.map((p, i) => (p.type === 'human' ? i : -1)).filter((i) => i >= 0);
  const secretive = Boolean(info.hidden_information) && humans.length >= 2;
  return {
    record, known, info, players, humans, secretive,
    alive: true, busy: false, thinking: null,
    shown: humans.length === 1 ? humans[0] : null,
    covered: secretive, coverSeat: null,
    payload: null, general: null, notice: null, events: [], viewPayload: null, cached: null,
  };
}
