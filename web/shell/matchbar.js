// The match screen's toolbar: rules, undo (待った, with why it is not possible now as visible
// text under the toolbar), share, export, replay, home. In a match with a friend by link,
// take-backs and draws are asked of the friend (remote.js gives those buttons).

import { h, fill, download } from './dom.js';
import { t, pick } from './i18n.js';
import { sharePanel } from './share.js';
import { yourText } from './seats.js';

/**
 * The toolbar of a match page's state `m` (matchstate.js) in `els.toolbar`, the undo reason in
 * `els.undoWhy`, the share panel in `els.shareSlot`. `hooks`: playCall, runBots (matchplay.js),
 * adopt(answer), showError(err), clearAlert(), afterBusy() (matchsave.js); `rs` (remote.js) or null.
 * @param {import('./matchstate.js').MatchState} m
 * @param {{toolbar: HTMLElement, undoWhy: HTMLElement, shareSlot: HTMLElement, rulesHref: string}} els
 * @param {{playCall: (name: string, args: any) => Promise<any>, runBots: () => any, adopt: (answer: any) => void,
 *   showError: (err: any) => void, clearAlert: () => void, afterBusy: () => void, rs: any}} hooks
 */
export function matchToolbar(m, els, hooks) {
  const { toolbar, undoWhy, shareSlot } = els;
  const { rs } = hooks;
  let shareBox = null;

  /** Why undo is not possible now ('' when it is). */
  function undoBlocked() {
    if (m.busy && m.thinking !== null) return t('undoBusy');
    if (m.shown === null) return t('undoSpectator');
    if (m.payload && m.payload.can_undo) return '';
    return m.payload && m.payload.undo_reason ? yourText(pick(m.payload.undo_reason), m.players) : '';
  }

  async function undo() {
    if (m.busy || m.covered || m.shown === null || !(m.payload && m.payload.can_undo)) {
      if (undoBlocked()) render(); // the click says why again
      return;
    }
    m.busy = true;
    try {
      const answer = await hooks.playCall('undo', { seat: m.shown, look: m.shown });
      hooks.clearAlert();
      hooks.adopt(answer);
    } catch (err) {
      hooks.showError(err);
    } finally {
      m.busy = false;
      hooks.afterBusy();
    }
    hooks.runBots();
  }

  function exportRecord() {
    download(`pygames-${m.record.game}-${m.record.meta.id}.json`, JSON.stringify(m.record, null, 1));
  }

  function toggleShare() {
    if (shareBox) {
      shareBox.destroy();
      shareBox = null;
    } else {
      shareBox = sharePanel(shareSlot, m.record, () => { shareBox = null; render(); });
    }
    render();
  }

  const rulesLink = () => h('a', { class: 'button', href: els.rulesHref }, t('rulesShort'));
  const tail = () => [h('button', { type: 'button', id: 'export-button', onclick: exportRecord }, t('export')),
    h('a', { class: 'button', href: `#/replay/${m.record.meta.id}` }, t('replay')),
    h('a', { class: 'button', href: '#/' }, t('home'))];

  function render() {
    toolbar.setAttribute('aria-label', t('toolbar'));
    if (rs) { // a friend's match by link: take-backs and draws are asked of the friend (remote.js)
      undoWhy.textContent = '';
      fill(toolbar, rulesLink(), ...rs.toolbar(), ...tail());
      return;
    }
    const canUndo = Boolean(m.payload && m.payload.can_undo) && !m.busy && !m.covered;
    // a match over that nothing can take back has no 待った at all: its note under the toolbar
    // (「待ったできません。そのあとで運が決まったので…」) was the first line above the result
    const over = Boolean(m.general && m.general.outcome) && !(m.payload && m.payload.can_undo);
    const why = canUndo || over ? '' : undoBlocked();
    // A greyed 待った says why as visible text under the toolbar on every device (a hover tooltip
    // never reaches a touch screen); it stays clickable (aria-disabled), and a click says it again.
    const note = why ? t('undoWhy', why) : '';
    undoWhy.textContent = note;
    undoWhy.hidden = over; // its kept height (for a reason that comes and goes) is only a gap after the end
    fill(toolbar, rulesLink(),
      over ? null : h('button', { type: 'button', id: 'undo-button', 'aria-disabled': canUndo ? null : 'true',
        class: canUndo ? '' : 'is-disabled', 'aria-describedby': note ? 'undo-why' : null, onclick: undo }, t('undo')),
      h('button', { type: 'button', id: 'share-button', 'aria-expanded': String(Boolean(shareBox)),
        onclick: toggleShare }, t('share')),
      ...tail());
  }

  return {
    render,
    relang() { if (shareBox) shareBox.relang(); },
    destroy() { if (shareBox) shareBox.destroy(); },
  };
}
