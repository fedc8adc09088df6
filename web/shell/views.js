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
