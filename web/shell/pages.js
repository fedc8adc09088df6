// Simple pages: rules (an HTML fragment of ours, one section per language), a game's extra
// pages, messages, and the not-found page.

import { h, fill, clear } from './dom.js';
import { t, getLang, pick } from './i18n.js';
import { gameInfo, whenReady } from './engine.js';
import { engineWait } from './wait.js';
import { loadView, baseCtx } from './views.js';

/** A page with a message (a function so it follows language changes) and a way home; `code`: a
 * refusal's stable code, shown small under it (to tell a friend or a bug report which one). */
export function messagePage(root, text, { role = 'alert', heading = null, code = null } = {}) {
  function render() {
    fill(root, 
      heading ? h('h1', {}, heading()) : null,
      h('p', { class: 'message', role, dataset: code ? { code } : {} }, text()),
      code ? h('p', { class: 'muted small', id: 'message-code' }, t('refusalCode', code)) : null,
      h('p', {}, h('a', { class: 'button', href: '#/' }, t('backHome'))));
  }
  render();
  return { relang: render };
}

/** Unknown route. */
export function missingPage(root) {
  return messagePage(root, () => t('routeMissing'));
}

/** A route that threw. */
export function failedPage(root, err) {
  const said = () => String(err && (err.message_ja && pick({ ja: err.message_ja, en: err.message_en }) || err.message) || err);
  return messagePage(root, () => t('engineFailed', said()));
}

/** #/rules/<game>: web/games/<game>/rules.html, showing the section of the current language. */
export async function rulesPage(root, { game }) {
  if (!/^[a-z0-9_-]{1,40}$/.test(game)) return missingPage(root);
  root.append(h('p', { class: 'muted' }, t('loading')));
  const info = await gameInfo(game).catch(() => null);
  if (!info) return missingPage(root);
  let doc = null;
  try {
    const response = await fetch(`web/games/${game}/rules.html`);
    if (response.ok) doc = new DOMParser().parseFromString(await response.text(), 'text/html');
  } catch {
    doc = null;
  }
  function render() {
    clear(root);
    const article = h('article', { class: 'rules card', 'aria-labelledby': 'rules-h' },
      h('h1', { id: 'rules-h' }, t('rulesHeading', pick(info.title))));
    if (!doc) {
      article.append(h('p', {}, t('rulesMissing')));
    } else {
      const section = doc.querySelector(`section[lang="${getLang()}"]`) || doc.querySelector('section[lang="ja"]')
        || doc.body;
      // Our own static file (not user text): imported as nodes, scripts never run.
      for (const s of section.querySelectorAll('script')) s.remove();
      const content = h('div', { class: 'rules-body', lang: section.getAttribute('lang') || getLang() });
      for (const node of section.childNodes) content.appendChild(document.importNode(node, true));
      article.append(content);
    }
    article.append(h('p', {},
      h('a', { class: 'button primary', href: `#/new/${encodeURIComponent(game)}` }, t('newMatch')), ' ',
      h('a', { class: 'button', href: '#/' }, t('backHome'))));
    root.append(article);
  }
  render();
  return { relang: render };
}

/** #/page/<game>/<name>: a game's extra page from its view module's mountPage. */
export async function extraPage(root, { game, name }) {
  root.append(engineWait());
  await whenReady;
  const mod = await loadView(game);
  if (!mod || typeof mod.mountPage !== 'function') return messagePage(root, () => t('pageMissing'));
  clear(root);
  const holder = h('div', { class: 'game-page' });
  root.append(holder);
  const mount = () => mod.mountPage(name, holder, baseCtx(game));
  let page = null;
  try {
    page = mount();
  } catch (err) {
    return failedPage(root, err);
  }
  if (!page) return messagePage(root, () => t('pageMissing'));
  return {
    destroy() { if (page.destroy) page.destroy(); },
    relang() {
      // ctx.lang is live; a page without relang() is simply mounted again.
      if (typeof page.relang === 'function') return page.relang();
      if (page.destroy) page.destroy();
      holder.replaceChildren();
      page = mount() || {};
    },
  };
}
