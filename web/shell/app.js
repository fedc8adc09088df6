// Entry point: header, boot screen, language toggle, update notice, and the routes.

import { h, fill, clear } from './dom.js';
import { t, getLang, setLang, onLangChange } from './i18n.js';
import { boot, games, restartEngine } from './engine.js';
import { parseHash, startRouter } from './router.js';
import { tutorialPage } from './tutorial.js';
import { homePage } from './home.js';
import { rulesPage, extraPage, missingPage, failedPage } from './pages.js';

// Only the landing page's modules are imported above: they are all the browser must fetch and run
// before it paints the games and the saved matches. The other pages (setup, the match screen,
// replay, links) are imported when their route is first shown; build.py preloads them right after
// the landing's modules, so a link or a click rarely waits for a download.
/** @param {() => Promise<Function>} load @returns {(root: HTMLElement, params: any) => Promise<any>} */
const lazy = (load) => async (root, params) => (await load())(root, params);
const lazyRoutes = {
  setup: lazy(() => import('./setup.js').then((m) => m.setupPage)),
  play: lazy(() => import('./match.js').then((m) => m.matchPage)),
  replay: lazy(() => import('./replay.js').then((m) => m.replayPage)),
  link: lazy(() => import('./share.js').then((m) => m.openLinkPage)),
  remote: lazy(() => import('./remote.js').then((m) => m.remoteLinkPage)),
};

const html = document.documentElement;
html.lang = getLang();

function renderHeader() {
  const header = document.getElementById('site-header');
  clear(header);
  header.append(
    h('a', { class: 'skip', href: '#main',
      onclick: (e) => { e.preventDefault(); document.getElementById('main').focus(); } }, t('skipToMain')),
    h('a', { class: 'brand', href: '#/' }, h('span', { class: 'brand-mark', 'aria-hidden': 'true' }, '盤'),
      h('span', {}, t('siteTitle'))),
    h('button', {
      type: 'button', class: 'lang-toggle', id: 'lang-toggle', lang: getLang() === 'ja' ? 'en' : 'ja',
      'aria-label': t('langToggleLabel'), onclick: () => setLang(getLang() === 'ja' ? 'en' : 'ja'),
    }, t('langToggle')),
  );
  document.title = t('siteTitle');
  document.getElementById('site-footer-text').textContent = t('siteFooter');
}

// --- boot screen ------------------------------------------------------------------------
const bootBox = document.getElementById('boot');
const bootLabel = document.getElementById('boot-label');
const bootBar = /** @type {HTMLProgressElement} */ (document.getElementById('boot-progress'));
let lastProgress = { fraction: null, ja: '', en: '' };

function showProgress(p) {
  lastProgress = p;
  const label = (getLang() === 'en' ? p.en : p.ja) || t('bootStarting');
  bootLabel.textContent = label;
  if (p.fraction === null) bootBar.removeAttribute('value');
  else bootBar.value = p.fraction;
  bootBar.setAttribute('aria-valuetext', label);
}

function showBootError(err) {
  html.dataset.engine = 'error';
  const what = err.stage === 'bridge' ? t('bootNoBridge') : String(err.message || err);
  bootBox.hidden = false;
  bootBox.classList.add('failed');
  fill(bootBox, 
    h('h2', { id: 'boot-title' }, t('bootFailed')),
    h('p', { class: 'error', role: 'alert', id: 'boot-error' }, what),
    h('p', {}, t('bootFailedHelp')),
    h('button', { type: 'button', class: 'primary', id: 'boot-retry', onclick: () => location.reload() }, t('retry')),
  );
}

// Python boots in the background; the pages that need it show its progress in place (wait.js).
// This box only speaks up if the boot fails.
async function startEngine() {
  html.dataset.engine = 'loading';
  bootBox.hidden = true;
  showProgress({ fraction: null, ja: '', en: '' });
  try {
    await boot(showProgress);
  } catch (err) {
    showBootError(err);
    return;
  }
  html.dataset.engine = 'ready';
  bootBox.hidden = true;
  document.dispatchEvent(new CustomEvent('pygames:ready'));
}

// --- the engine went down ----------------------------------------------------------------
// If Python dies after its boot (bridge.js: "pygames:engine-down"), say so and offer a restart.
// Every move is saved as it is made, so the page is drawn again from the save once the new
// engine is up: the match goes on where it was.
let downBar = null;
function showEngineDown(reason) {
  html.dataset.engine = 'down';
  if (!downBar) {
    downBar = h('div', { class: 'update-bar engine-down', id: 'engine-down', role: 'alert' });
    document.getElementById('update').after(downBar);
  }
  let restarting = false;
  const render = () => {
    if (!downBar) return;
    fill(downBar,
      h('span', { id: 'engine-down-msg' }, `${t('engineDown')} ${restarting ? t('engineRestarting') : ''}`),
      ' ',
      h('button', { type: 'button', id: 'engine-restart', disabled: restarting, onclick: restart },
        t('engineRestart')));
    downBar.title = reason && reason.params && reason.params.detail ? String(reason.params.detail) : '';
  };
  async function restart() {
    restarting = true;
    render();
    try {
      await restartEngine();
    } catch (err) {
      restarting = false;
      render();
      return;
    }
    html.dataset.engine = 'ready';
    downBar.remove();
    downBar = null;
    router.rerender();
  }
  render();
  onLangChange(render);
}
window.addEventListener('pygames:engine-down', (e) => showEngineDown(/** @type {CustomEvent} */ (e).detail));

// --- update notice ----------------------------------------------------------------------
let updateShown = false;
function showUpdate(apply) {
  if (updateShown) return;
  updateShown = true;
  const bar = document.getElementById('update');
  const render = () => {
    fill(bar, 
      h('span', {}, t('updateAvailable')), ' — ',
      h('button', { type: 'button', id: 'update-button', onclick: () => (apply ? apply() : location.reload()) },
        t('updateButton')),
    );
  };
  render();
  onLangChange(render);
  bar.hidden = false;
}

async function subscribeUpdates() {
  // web/runtime/update.js registers the service worker (before the engine boots: a first visit
  // caches Python as it downloads) and reports a waiting new build.
  window.addEventListener('pygames:update', () => showUpdate(null));
  let updates;
  try {
    updates = await import('../runtime/update.js');
  } catch {
    return; // no offline support in this build: nothing to announce
  }
  const apply = typeof updates.applyUpdate === 'function' ? () => updates.applyUpdate() : null;
  if (typeof updates.onUpdate === 'function') updates.onUpdate(() => showUpdate(apply));
  if (typeof updates.registerServiceWorker === 'function') updates.registerServiceWorker();
}

// --- routes -----------------------------------------------------------------------------
// build.py keeps the preloads of the other pages' modules in <template id="later-preloads">: they go into
// the page at once on those routes, and on the landing once the engine is ready or at the first
// navigation (a click during the boot loads its page's modules all the same), so that their requests
// do not compete with the engine's own while it starts. On a page a service worker controls, "ready"
// waits for its offline copy (update.js: it fetches the files the boot did not, these among them;
// both at once would download them twice).
function preloadPages() {
  const later = document.getElementById('later-preloads');
  if (!(later instanceof HTMLTemplateElement)) return;
  later.remove();
  document.head.append(later.content);
}
function preloadAfterBoot() {
  const sw = navigator.serviceWorker;
  if (sw && sw.controller && html.dataset.offline !== 'ready') {
    window.addEventListener('pygames:offline-ready', preloadPages, { once: true });
  } else {
    preloadPages();
  }
}
if (parseHash(location.hash).route === 'home') {
  document.addEventListener('pygames:ready', preloadAfterBoot, { once: true });
  window.addEventListener('hashchange', preloadPages, { once: true });
} else {
  preloadPages();
}
renderHeader();
const router = startRouter(document.getElementById('main'), {
  home: homePage, rules: rulesPage, page: extraPage, missing: missingPage, failed: failedPage, tutorial: tutorialPage,
  ...lazyRoutes,
}, (container, initial) => {
  // The tab title follows the page's heading; after a navigation, focus moves to the new content.
  const heading = container && container.querySelector('h1');
  const text = heading && heading.textContent.trim();
  document.title = text && text !== t('gamesHeading') ? `${text} — ${t('siteTitle')}` : t('siteTitle');
  if (!initial) document.getElementById('main').focus({ preventScroll: false });
});
onLangChange(() => {
  renderHeader();
  if (html.dataset.engine === 'loading') showProgress(lastProgress);
  else if (html.dataset.engine === 'error') bootBox.querySelector('h2').textContent = t('bootFailed');
  router.relang();
  document.getElementById('lang-toggle').focus();
});
// The engine's boot is already under way: web/runtime/start.js (an async module of index.html) started
// it as soon as the runtime's modules were in, beside this module rather than after its first frame.
// The shell attaches to it once the page has painted (the landing's games are in the page, its saved
// matches in localStorage): its progress and failures, the update notice; if start.js did not run
// (it failed to load), boot() starts the engine itself. A hidden tab paints no frame: it attaches at once.
function afterPaint() {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
afterPaint().then(subscribeUpdates).finally(() => games().catch(() => {}).finally(startEngine));
