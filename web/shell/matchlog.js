// The match screen's move log: a closed <details> that asks the engine for the log when opened.

import { h } from './dom.js';
import { t, pick } from './i18n.js';
import { call } from './engine.js';
import { namedText } from './seats.js';

/**
 * The log box of a match page: `el()` the <details>; `render()` redraws it (fetching the log
 * when open). `getRecord()` the match now; `nameOf(seat)`; `showError(err)`; `alive()` false
 * once the page is left.
 * @param {{getRecord: () => any, nameOf: (seat: number) => string, showError: (err: any) => void,
 *   alive: () => boolean}} hooks
 */
export function matchLog(hooks) {
  const box = h('details', { class: 'log card', id: 'match-log', ontoggle: () => { if (box.open) fetchLog(); } });
  const summary = () => h('summary', {}, t('logHeading'));

  async function fetchLog() {
    try {
      const { log } = await call('log', { record: hooks.getRecord() });
      if (!hooks.alive() || !box.open) return;
      const entry = (e) => h('li', { value: e.ply },
        e.seat === -1 ? null : h('span', { class: 'log-seat' }, hooks.nameOf(e.seat)),
        namedText(pick(e.ja, e.en), hooks.getRecord().players));
      const list = log.length
        ? h('ol', { class: 'log-list', tabindex: '0', 'aria-label': t('logHeading') }, log.map(entry))
        : h('p', { class: 'muted' }, t('logEmpty'));
      box.replaceChildren(summary(), list);
    } catch (err) {
      hooks.showError(err);
    }
  }

  return {
    el: box,
    render() {
      box.replaceChildren(summary(), ...(box.open ? [h('p', { class: 'muted' }, t('loading'))] : []));
      if (box.open) fetchLog();
    },
  };
}
