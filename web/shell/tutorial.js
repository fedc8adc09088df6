// Guided first matches: a tutorial is DATA (web/games/<game>/tutorial.json, the format is in
// web/games/README.md): options, seed and players of a fixed match, and steps with ja/en captions and
// the action the person must play (or null: a caption to read, then 「次へ」). The shell starts the
// match (#/tutorial/<game>), shows each caption as its step comes, and refuses any other action than
// the suggested one until the last step; the computer seats move as in any match. The step reached is
// kept per match in localStorage, so a reload resumes the guide where it was.
import { h, fill } from './dom.js';
import { t, pick, errorText } from './i18n.js';
import { call, whenReady, gameInfo } from './engine.js';
import { saveMatch } from './storage.js';
import { go } from './router.js';
import { engineWait } from './wait.js';
import { messagePage } from './pages.js';

const KEY = 'pygames.tutorial.';
let listing = null;

/** The games that have a tutorial (web/games/tutorials.json: a list of game names). */
export function tutorialGames() {
  if (!listing) {
    listing = fetch(new URL('web/games/tutorials.json', document.baseURI)).then((r) => (r.ok ? r.json() : []))
      .then((list) => new Set(Array.isArray(list) ? list.filter((x) => typeof x === 'string') : []))
      .catch(() => new Set());
  }
  return listing;
}

/** A game's tutorial data, checked for its shape (never trusted further than that). */
export async function loadTutorial(game) {
  const res = await fetch(new URL(`web/games/${encodeURIComponent(game)}/tutorial.json`, document.baseURI));
  if (!res.ok) throw new Error(`no tutorial for ${game}`);
  const data = await res.json();
  const text = (c) => c && typeof c.ja === 'string' && typeof c.en === 'string';
  if (!data || data.game !== game || !Array.isArray(data.players) || !Array.isArray(data.steps)
    || !data.steps.every((s) => s && text(s.caption) && (s.expect === null || typeof s.expect === 'string'))) {
    throw new Error(`bad tutorial for ${game}`);
  }
  return data;
}

/** A link to a game's tutorial, added to `box` when the game has one (landing card, setup page). */
export function tutorialLink(box, game, cls = 'button') {
  tutorialGames().then((games) => {
    if (!games.has(game) || !box.isConnected) return;
    box.append(h('a', { class: `${cls} tutorial-link`, href: `#/tutorial/${encodeURIComponent(game)}`, dataset: { tutorial: game } },
      t('tutorialStart')));
  });
}

/** Route #/tutorial/<game>: start the tutorial's match, remember it is one, open it. */
export async function tutorialPage(root, { game }) {
  root.append(engineWait());
  await whenReady;
  try {
    const data = await loadTutorial(game);
    const info = await gameInfo(game);
    const { record } = await call('new_match', { game, options: data.options || {}, seed: data.seed, players: data.players });
    const view = await call('view', { record, seat: null });
    const title = (view && view.view && view.view.title) || info.title;
    const saved = saveMatch(record, { title, progress: view.progress, finished: Boolean(view.outcome) });
    localStorage.setItem(KEY + saved.meta.id, JSON.stringify({ game, step: 0 }));
    go(`#/play/${saved.meta.id}`);
    return null;
  } catch (err) {
    return messagePage(root, () => t('tutorialMissing', errorText(err)));
  }
}

/**
 * The guide of match `matchId` if it is a tutorial, else null: {el, refuse(action), played(action),
 * render()}. `refuse` returns an error (code, ja/en message) for an action the step does not allow.
 */
export async function tutorialGuide(matchId, game) {
  let saved = null;
  try { saved = JSON.parse(localStorage.getItem(KEY + matchId) || 'null'); } catch { saved = null; }
  if (!saved || saved.game !== game) return null;
  let data;
  try { data = await loadTutorial(game); } catch { return null; }
  let step = Math.max(0, Math.min(Number(saved.step) || 0, data.steps.length));
  const el = h('section', { class: 'tutorial card', id: 'tutorial', 'aria-live': 'polite', 'aria-labelledby': 'tutorial-h' });
  const store = () => localStorage.setItem(KEY + matchId, JSON.stringify({ game, step }));
  const current = () => data.steps[step] || null;
  const last = () => step >= data.steps.length - 1;

  function next() {
    if (step < data.steps.length) step += 1;
    store();
    render();
  }

  function render() {
    const s = current();
    if (!s) {
      fill(el, h('h2', { id: 'tutorial-h' }, t('tutorialHeading')), h('p', { id: 'tutorial-caption' }, t('tutorialDone')),
        h('a', { class: 'button', href: `#/new/${encodeURIComponent(game)}` }, t('tutorialNewMatch')));
      el.dataset.step = 'done';
      return;
    }
    el.dataset.step = String(step);
    el.dataset.expect = s.expect || '';
    fill(el,
      h('h2', { id: 'tutorial-h' }, t('tutorialHeading'), h('small', { class: 'muted' }, ` ${step + 1} / ${data.steps.length}`)),
      h('p', { id: 'tutorial-caption' }, pick(s.caption)),
      s.expect === null
        ? h('button', { type: 'button', class: 'primary', id: 'tutorial-next', onclick: next }, last() ? t('tutorialFinish') : t('tutorialNext'))
        : h('p', { class: 'muted small' }, t('tutorialDoIt')));
  }

  function refuse(action) {
    const s = current();
    if (!s || s.expect === action) return null;
    const why = s.expect === null ? t('tutorialReadFirst') : t('tutorialOther');
    const err = /** @type {Error & {code: string, message_ja: string, message_en: string}} */ (new Error(why));
    err.code = 'shell.tutorial';
    err.message_ja = s.expect === null ? '説明を読んで「次へ」を押してから進めてください。' : 'チュートリアルでは、説明にある手を選んでください。';
    err.message_en = s.expect === null ? 'Read the caption and press "Next" first.' : 'In the tutorial, please make the move the caption suggests.';
    return err;
  }

  function played(action) {
    const s = current();
    if (s && s.expect === action) next();
  }

  render();
  return { el, refuse, played, render };
}
