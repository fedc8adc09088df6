// Loading a game's view module (web/games/<game>/view.js + view.css) and the ctx it gets.

import { getLang } from './i18n.js';
import { call } from './engine.js';
import { gameStorage } from './storage.js';

const modules = new Map();

/**
 * The game's view module, or null when it has none yet. The CSS is linked once.
 * @param {string} game
 * @returns {Promise<import('../../types/view').ViewModule | null>}
 */
export async function loadView(game) {
  if (!/^[a-z0-9_-]{1,40}$/.test(game)) return null;
  if (!modules.has(game)) {
    modules.set(game, import(`../games/${game}/view.js`).then((mod) => {
      const href = `web/games/${game}/view.css`;
      if (!document.querySelector(`link[data-view-css="${game}"]`)) {
        const link = document.createElement('link');
        link.rel = 'stylesheet';
        link.href = href;
        link.dataset.viewCss = game;
        document.head.appendChild(link);
      }
      return mod;
    }).catch(() => null));
  }
  return modules.get(game);
}

/**
 * Start loading the view of a saved match's game now (from the save's own `game` field, before the
 * engine has validated it), so a #/play or #/replay link has its view ready when Python is. A
 * damaged save or an unknown game loads nothing here; the page reports it once the engine answers.
 */
export function preloadView(save) {
  const game = save && save.record && save.record.game;
  if (typeof game === 'string') loadView(game);
}

/**
 * While the engine starts: let the view of a saved match's game (the save's own `game` field, not yet
 * validated) warm its first render in `host` (its optional `prewarm` hook: a hidden layout, removed at
 * once; no match data). Runs only if the engine is still starting when the module has loaded, so it
 * never delays a page whose engine is ready; any failure is ignored.
 * @param {any} save
 * @param {HTMLElement} host
 * @param {() => boolean} starting
 */
export async function prewarmView(save, host, starting) {
  const game = save && save.record && save.record.game;
  if (typeof game !== 'string') return;
  const mod = await loadView(game);
  if (!mod || typeof mod.prewarm !== 'function' || !starting() || !host.isConnected) return;
  try {
    mod.prewarm(host, (ja, en) => (getLang() === 'en' ? (en ?? ja) : ja), /** @type {'ja' | 'en'} */ (getLang()));
  } catch (err) {
    console.warn('view prewarm failed', err);
  }
}

/**
 * The part of ctx that every game hook gets (setupForm, mount, mountPage).
 * @template {Object<string, any>} E
 * @param {string} game
 * @param {E} [extra] the members a hook adds (mount: act, check, inspect, turn)
 * @returns {import('../../types/view').BaseCtx & E}
 */
export function baseCtx(game, extra = /** @type {E} */ ({})) {
  return {
    get lang() { return /** @type {'ja' | 'en'} */ (getLang()); },
    t: (ja, en) => (getLang() === 'en' ? (en ?? ja) : ja),
    api: (name, args) => call(name, args),
    rulesHref: `#/rules/${encodeURIComponent(game)}`,
    storage: gameStorage(game),
    ...extra,
  };
}
