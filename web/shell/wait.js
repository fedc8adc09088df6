// "The engine is still starting" in place: the progress of Python's boot, shown where the page
// needs the engine (a match, a replay, a new game), until it is ready or has failed.

import { h } from './dom.js';
import { t, getLang } from './i18n.js';
import { onProgress } from './engine.js';

/** A status element following the engine's boot; it goes quiet once the engine is ready. */
export function engineWait() {
  const bar = h('progress', { max: 1 });
  const label = h('span', { class: 'engine-wait-label' });
  const box = h('div', { class: 'engine-wait', role: 'status', 'aria-live': 'polite' }, label, bar);
  let stop = null;
  const update = (p, failure) => {
    if (failure) {
      box.classList.add('failed');
      bar.hidden = true;
      label.textContent = `${t('bootFailed')}: ${failure.message}`;
      return;
    }
    const text = (getLang() === 'en' ? p.en : p.ja) || t('bootStarting');
    label.textContent = text;
    if (typeof p.fraction === 'number') bar.value = p.fraction;
    else bar.removeAttribute('value');
    bar.setAttribute('aria-valuetext', text);
    if (p.fraction === 1 && stop) stop();
  };
  stop = onProgress(update);
  return box;
}
