// Share links: the panel on the match screen (encode_link) and opening #m=<link>
// (decode_link → a new save → play or replay).

import { h, add, fill, randomSeed } from './dom.js';
import { t, pick, errorText } from './i18n.js';
import { call, whenReady } from './engine.js';
import { engineWait } from './wait.js';
import { saveMatch, SaveError } from './storage.js';
import { messagePage } from './pages.js';
import { checkLink } from '../runtime/jsonlimit.js';

/** The share panel for `record`, inserted into `slot`. */
export function sharePanel(slot, record, onClose) {
  const box = h('section', { class: 'share card', id: 'share-panel', 'aria-labelledby': 'share-h' });
  slot.append(box);
  let result = null;
  let error = null;
  let copyState = '';

  function render() {
    fill(box, h('h2', { id: 'share-h' }, t('shareHeading')));
    if (error) {
      box.append(h('p', { class: 'error', role: 'alert' }, errorText(error)));
    } else if (!result) {
      box.append(h('p', { class: 'muted' }, t('loading')));
    } else {
      const url = `${location.origin}${location.pathname}#m=${result.link}`;
      add(box,
        h('p', {}, t('shareHelp')),
        result.finished ? h('p', {}, t('shareFinished')) : null,
        result.reveals_secrets
          ? h('p', { class: 'warn', id: 'share-secret-warning', role: 'note' }, t('shareSecrets')) : null,
        h('label', { for: 'share-url', class: 'visually-hidden' }, t('shareHeading')),
        h('input', { id: 'share-url', type: 'text', readOnly: true, value: url, onfocus: (e) => e.target.select() }),
        h('div', { class: 'actions' },
          h('button', { type: 'button', class: 'primary', id: 'share-copy', onclick: () => copy(url) }, t('copy')),
          h('button', { type: 'button', onclick: close }, t('close'))),
        h('p', { role: 'status', class: 'small' }, copyState ? t(copyState) : ''));
    }
  }

  async function copy(url) {
    try {
      await navigator.clipboard.writeText(url);
      copyState = 'copied';
    } catch {
      const input = box.querySelector('#share-url');
      input.focus();
      input.select();
      copyState = 'copyFailed';
    }
    render();
  }

  function close() {
    box.remove();
    onClose();
  }

  call('encode_link', { record }).then((r) => { result = r; render(); }, (err) => { error = err; render(); });
  render();
  return { destroy: () => box.remove(), relang: render };
}

/** #m=<link>: validate with decode_link, save as a new match and open it. */
export async function openLinkPage(root, { link }) {
  root.append(engineWait());
  await whenReady;
  let loaded;
  try {
    const problem = await checkLink(link); // measured before the engine parses it
    if (problem) throw problem;
    loaded = await call('decode_link', { text: link });
  } catch (err) {
    return messagePage(root, () => `${t('linkBad', errorText(err))} ${t('linkBadHelp')}`,
      { heading: () => t('linkHeading') });
  }
  const record = loaded.record;
  const summary = loaded.summary || {};
  record.meta = {};
  if (record.seed === null && !summary.finished) record.seed = randomSeed();
  let saved;
  try {
    saved = saveMatch(record, { title: summary.title, progress: summary.progress, finished: summary.finished,
      outcome: summary.outcome });
  } catch (err) {
    return messagePage(root, () => (err instanceof SaveError && err.quota ? t('quota') : t('saveFailed')));
  }
  const target = summary.finished ? `#/replay/${saved.meta.id}` : `#/play/${saved.meta.id}`;
  // replace: reloading must not import the same link again
  location.replace(`${location.pathname}${location.search}${target}`);
  void pick;
  return null;
}
