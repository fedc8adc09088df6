// A plain fallback view for games whose view.js is missing or failed: the view JSON as text
// and one button per legal action. It follows the same mount/update contract as game views.

import { h, clear } from './dom.js';
import { t } from './i18n.js';

const MAX_BUTTONS = 24;

/** Mount the plain view; `missing` adds a note that the game has no screen yet. */
export function plainView(root, ctx, missing = true) {
  const box = h('div', { class: 'plain-view card' });
  root.append(box);
  return {
    update(payload) {
      clear(box);
      if (missing) box.append(h('p', { class: 'muted' }, t('noView')));
      box.append(h('pre', { class: 'plain-state', tabindex: '0' }, JSON.stringify(payload.view, null, 1)));
      if (payload.replay || !payload.legal || payload.legal.length === 0) return;
      box.append(h('h2', { class: 'small-heading', id: 'plain-legal-h' }, t('plainLegal')));
      if (payload.legal.length <= MAX_BUTTONS) {
        box.append(h('div', { class: 'plain-actions' }, payload.legal.map((action) => h('button', { type: 'button', dataset: { action },
          onclick: () => ctx.act(action).catch(() => {}) }, action))));
        return;
      }
      const select = h('select', { id: 'plain-action', 'aria-labelledby': 'plain-legal-h' },
        payload.legal.map((action) => h('option', { value: action }, action)));
      box.append(h('div', { class: 'plain-actions' }, select,
        h('button', { type: 'button', id: 'plain-play', onclick: () => ctx.act(select.value).catch(() => {}) },
          t('play'))));
    },
    destroy() { box.remove(); },
  };
}
