// Landing page: the games (games.json, written at build time) and saved matches (localStorage), both
// shown at once without Python, and import of a match file (which waits for the engine). Above the
// games, the latest unfinished match offers "continue" (on a phone the saved list is screens below).

import { h, fill, clear, download, readFile } from './dom.js';
import { t, pick, errorText, formatTime } from './i18n.js';
import { games, isReady, call, whenReady } from './engine.js';
import { checkJson } from '../runtime/jsonlimit.js';
import { listSaves, deleteSave, rawSave, saveMatch, SaveError, loadSave, clearBroken, setResult, renameSave,
  MAX_LABEL_CHARS } from './storage.js';
import { go } from './router.js';
import { shownName } from './seats.js';
import { tutorialLink } from './tutorial.js';
import { headline } from './result.js';

const MAX_IMPORT_BYTES = 2_000_000;

/** Render the landing page into `root`. */
export function homePage(root) {
  let alive = true;
  let gameList = null;
  let flash = null; // {kind, text} shown in the import area

  const resumeBox = h('section', { class: 'resume', 'aria-labelledby': 'resume-h', hidden: true });
  const gamesBox = h('section', { class: 'games', 'aria-labelledby': 'games-h' });
  const savesBox = h('section', { class: 'saves', 'aria-labelledby': 'saves-h' });
  const importBox = h('section', { class: 'import', 'aria-labelledby': 'import-h' });
  root.append(h('p', { class: 'tagline' }), resumeBox, gamesBox, savesBox, importBox);

  function renderAll() {
    root.querySelector('.tagline').textContent = t('siteTagline');
    renderGames();
    renderSaves();
    renderImport();
  }

  function renderGames() {
    fill(gamesBox, h('h1', { id: 'games-h' }, t('gamesHeading')));
    gamesBox.dataset.state = gameList ? 'ready' : 'loading';
    gamesBox.setAttribute('aria-busy', String(!gameList));
    if (!gameList) {
      gamesBox.append(h('p', { class: 'muted' }, t('waitEngine')));
      return;
    }
    if (gameList.length === 0) {
      gamesBox.append(h('p', {}, t('noGames')));
      return;
    }
    gamesBox.append(h('ul', { class: 'game-cards' }, gameList.map((g) => h('li', { class: 'card game-card', dataset: { game: g.name } },
      h('h2', {}, pick(g.title)),
      h('p', { class: 'players-count' }, t('players', g.min_seats, g.max_seats)),
      h('p', { class: 'summary' }, pick(g.summary)),
      h('div', { class: 'actions' },
        h('a', { class: 'button primary', href: `#/new/${encodeURIComponent(g.name)}`, 'aria-label': `${t('newMatch')}: ${pick(g.title)}` }, t('newMatch')),
        h('a', { class: 'button', href: `#/rules/${encodeURIComponent(g.name)}`, 'aria-label': `${t('rules')}: ${pick(g.title)}` }, t('rules'))),
    ))));
    for (const box of gamesBox.querySelectorAll('.game-card')) tutorialLink(box.querySelector('.actions'), box.dataset.game);
  }

  function titleOf(entry) {
    // the title saved with the match (the engine's own for it, e.g. 本将棋), else the game's
    if (entry.title && typeof entry.title === 'object' && (entry.title.ja || entry.title.en)) return pick(entry.title);
    const g = gameList && gameList.find((x) => x.name === entry.game);
    if (g) return pick(g.title);
    return entry.game || t('unknownGame');
  }

  /**
   * Saves the engine refused (e.g. made by a newer version) are asked about again once the engine
   * is up: after the site updated to that version they open again, without an export and import.
   * A finished match saved before the list kept results gets its result the same way.
   */
  async function recheckRefused() {
    await whenReady;
    let changed = false;
    for (const entry of listSaves().filter((e) => !e.broken && (e.brokenReason || (e.finished && !e.result)))) {
      const saved = loadSave(entry.id);
      if (!saved.record) continue;
      let loaded;
      try {
        loaded = await call('load', { record: saved.record });
      } catch {
        continue; // still refused: the reason stays on its entry
      }
      if (entry.brokenReason) clearBroken(entry.id);
      if (loaded && loaded.summary && loaded.summary.outcome) setResult(entry.id, loaded.summary);
      changed = true;
    }
    if (changed && alive) renderSaves();
  }

  /** A finished match's result in the person's words (あなたの勝ち, コンピュータ4（ふつう）の勝ち, 引き分け). */
  function resultLine(entry, seats) {
    const r = entry.result;
    if (!entry.finished || !r || !Array.isArray(r.winners)) return null;
    return h('p', { class: 'save-result' }, h('strong', {}, headline(r, seats)));
  }

  function renderResume(saves) {
    const latest = saves.find((e) => !e.broken && !e.brokenReason && !e.finished);
    resumeBox.hidden = !latest;
    if (!latest) {
      clear(resumeBox);
      return;
    }
    const title = (typeof latest.label === 'string' && latest.label) || titleOf(latest);
    const progress = latest.progress ? pick(latest.progress) : '';
    fill(resumeBox,
      h('p', { id: 'resume-h', class: 'resume-label' }, t('resumeHeading')),
      h('div', { class: 'card resume-card', dataset: { id: latest.id } },
        h('p', { class: 'resume-what' }, h('strong', {}, title),
          progress || latest.updated ? h('span', { class: 'muted' },
            [progress, latest.updated ? t('lastPlayed', formatTime(latest.updated)) : ''].filter(Boolean).join(' · ')) : null),
        h('button', { type: 'button', class: 'primary', 'aria-label': `${t('continue')}: ${title}`,
          onclick: () => go(`#/play/${latest.id}`) }, t('continue'))));
  }

  function renderSaves() {
    const saves = listSaves();
    renderResume(saves);
    fill(savesBox, h('h2', { id: 'saves-h' }, t('savesHeading')));
    if (saves.length === 0) {
      savesBox.append(h('p', { class: 'muted' }, t('noSaves')));
      return;
    }
    savesBox.append(h('ul', { class: 'save-list' }, saves.map(saveItem)));
  }

  function saveItem(entry) {
    const li = h('li', { class: 'card save', dataset: { id: entry.id } });
    // a name the person gave it (a text, never markup), the game's title beside it
    const named = !entry.broken && typeof entry.label === 'string' ? entry.label : '';
    const title = entry.broken ? t('unknownGame') : named || titleOf(entry);
    li.append(h('h3', {}, title, named ? h('span', { class: 'save-game muted' }, titleOf(entry)) : null));
    if (entry.broken || entry.brokenReason) {
      li.classList.add('broken');
      const why = entry.brokenReason ? t('brokenSaveWhy', pick(entry.brokenReason)) : t('brokenSave');
      li.append(h('p', { class: 'error save-error', role: 'note' }, why));
    }
    if (!entry.broken) {
      const seats = Array.isArray(entry.players) ? entry.players : [];
      // the one person against the computer is あなた / You, as on the match page and its result
      const players = seats.map((p, i) => (typeof p === 'string' ? p : shownName(seats, i))).filter(Boolean).join(t('listSep'));
      if (players) li.append(h('p', { class: 'save-players' }, players));
      const result = resultLine(entry, seats);
      if (result) li.append(result);
      const progress = entry.progress ? pick(entry.progress) : '';
      li.append(h('p', { class: 'muted save-meta' },
        entry.finished ? h('span', { class: 'badge' }, t('finished')) : null,
        progress ? `${progress} · ` : '',
        entry.updated ? t('lastPlayed', formatTime(entry.updated)) : ''));
    }
    const actions = h('div', { class: 'actions' });
    const label = (verb) => `${verb}: ${title}${entry.updated ? ` (${formatTime(entry.updated)})` : ''}`;
    if (!entry.broken && !entry.brokenReason) {
      actions.append(
        // a finished match has nothing to continue: the same page shows its result and final position
        h('button', { type: 'button', class: 'primary', 'aria-label': label(t(entry.finished ? 'seeResult' : 'continue')),
          onclick: () => go(`#/play/${entry.id}`) }, t(entry.finished ? 'seeResult' : 'continue')),
        h('button', { type: 'button', 'aria-label': label(t('replay')), onclick: () => go(`#/replay/${entry.id}`) }, t('replay')));
    }
    if (!entry.broken) {
      actions.append(h('button', { type: 'button', class: 'save-rename', 'aria-label': label(t('rename')),
        onclick: () => askRename(li, entry) }, t('rename')));
    }
    actions.append(
      h('button', { type: 'button', 'aria-label': label(t('export')), onclick: () => exportSave(entry) }, t('export')),
      h('button', { type: 'button', class: 'danger', 'aria-label': label(t('delete')), onclick: () => askDelete(li, entry, title) }, t('delete')));
    li.append(actions);
    return li;
  }

  function exportSave(entry) {
    const text = rawSave(entry.id);
    if (text === null) return;
    let out = text;
    try {
      out = JSON.stringify(JSON.parse(text), null, 1);
    } catch { /* export a damaged save as it is */ }
    download(`pygames-${entry.game || 'match'}-${entry.id}.json`, out);
  }

  /** 名前を付ける: a text field in place of the entry's buttons; saved on Enter or 保存, 'やめる' leaves it. */
  function askRename(li, entry) {
    const input = h('input', { type: 'text', id: `rename-${entry.id}`, class: 'rename-input', maxLength: MAX_LABEL_CHARS,
      value: typeof entry.label === 'string' ? entry.label : '' });
    const done = (save) => {
      if (save) renameSave(entry.id, input.value);
      renderSaves();
      savesBox.querySelector(`.save[data-id="${entry.id}"] .save-rename`)?.focus();
    };
    const box = h('form', { class: 'confirm rename', onsubmit: (e) => { e.preventDefault(); done(true); } },
      h('label', { for: input.id }, t('renameLabel')), input,
      h('button', { type: 'submit', class: 'primary' }, t('renameSave')),
      h('button', { type: 'button', onclick: () => done(false) }, t('cancel')));
    li.querySelector('.actions').hidden = true;
    li.append(box);
    input.focus();
  }

  function askDelete(li, entry, title) {
    const box = h('div', { class: 'confirm', role: 'group', 'aria-label': t('confirmDelete') },
      h('p', {}, t('confirmDelete')),
      h('button', { type: 'button', class: 'danger', onclick: () => { deleteSave(entry.id); renderSaves(); savesBox.querySelector('h2').focus?.(); } }, t('confirmDeleteYes')),
      h('button', { type: 'button', onclick: () => { box.remove(); li.querySelector('.actions').hidden = false; } }, t('cancel')));
    li.querySelector('.actions').hidden = true;
    li.append(box);
    box.querySelector('button').focus();
    void title;
  }

  function renderImport() {
    const input = h('input', { type: 'file', id: 'import-file', class: 'file-input', accept: '.json,application/json', onchange: onImport });
    fill(importBox, 
      h('h2', { id: 'import-h' }, t('importHeading')),
      // The native file control's own words follow the browser, not the page: it stays hidden
      // behind a label drawn as a button, in the page's language.
      h('label', { for: 'import-file', class: 'button file-button' }, t('importLabel')), input,
      h('p', { id: 'import-status', class: flash ? flash.kind : '', role: 'status' }, flash ? flash.text() : ''));
  }

  async function onImport(event) {
    const file = event.target.files && event.target.files[0];
    if (!file) return;
    const setFlash = (kind, text) => { flash = { kind, text }; renderImport(); };
    if (file.size > MAX_IMPORT_BYTES) {
      setFlash('error', () => t('importFailed', t('importTooBig')));
      return;
    }
    let text;
    try {
      text = await readFile(file);
    } catch (err) {
      setFlash('error', () => t('importFailed', String(err)));
      return;
    }
    const problem = checkJson(text, 'record');
    if (problem) {
      setFlash('error', () => t('importFailed', errorText(problem)));
      return;
    }
    let result;
    if (!isReady()) setFlash('muted', () => t('waitEngine'));
    try {
      result = await call('load', { record: text });
    } catch (err) {
      setFlash('error', () => t('importFailed', errorText(err)));
      return;
    }
    const record = result.record;
    record.meta = {}; // always a new save: never overwrite one already here
    const s = result.summary || {};
    try {
      saveMatch(record, { title: s.title, progress: s.progress, finished: s.finished, outcome: s.outcome });
    } catch (err) {
      setFlash('error', () => (err instanceof SaveError && err.quota ? t('quota') : t('saveFailed')));
      return;
    }
    setFlash('ok', () => t('importDone', s.title ? pick(s.title) : record.game));
    renderSaves();
  }

  renderAll();
  games().then((list) => { gameList = list; }, (err) => {
    gameList = [];
    flash = { kind: 'error', text: () => t('engineFailed', errorText(err)) };
  }).then(() => { if (alive) renderAll(); });
  recheckRefused().catch((err) => console.warn('re-check of refused saves failed', err));

  return {
    destroy() { alive = false; },
    relang: renderAll,
  };
}
