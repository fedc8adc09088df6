// 四時の札遊び: the words a newcomer meets, explained on tap. The words and their explanations are
// the engine's data (the `glossary` call, pygames/shiji/data/glossary.json), shared with the rules page.

import { h as el } from '../../shell/dom.js';
import { jaTerms } from './board.js';

let cache = null;

/** The glossary data ({terms, modes}), fetched once. */
export function loadGlossary(api) {
  if (!cache) cache = api('game_call', { game: 'shiji', name: 'glossary', args: {} }).catch(() => { cache = null; return null; });
  return cache;
}

const SKIP = new Set(['BUTTON', 'A', 'LABEL', 'SUMMARY', 'OPTION', 'SCRIPT', 'STYLE', 'TEXTAREA']);

/** Punctuation that must not be parted from the word it touches (before it, after it). */
const OPENING = /[(（「『[]+$/;
const CLOSING = /^[)）」』\].,;:!?、。]+/;

function escapeRe(s) { return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'); }

/** Wraps each glossary word in the text under `root` in a small button that calls `onTap(term)`
 * (the words in the current language; Japanese terms in English text too). Runs on text nodes
 * only: what the engine or a player wrote stays text. */
export function markTerms(root, glossary, english, onTap) {
  if (!glossary || !root) return;
  const entries = [];
  for (const term of glossary.terms) {
    entries.push([term.ja, term]);
    if (english) for (const word of term.match_en || []) entries.push([word, term]);
  }
  entries.sort((a, b) => b[0].length - a[0].length);
  const byWord = new Map(/** @type {[string, any][]} */ (entries));
  const pattern = new RegExp(entries.map(([w]) => (/^[A-Za-z ]+$/.test(w) ? `\\b${escapeRe(w)}\\b` : escapeRe(w))).join('|'), 'g');
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode(node) {
      for (let p = node.parentElement; p && p !== root.parentElement; p = p.parentElement) {
        if (SKIP.has(p.tagName) || p.classList.contains('sj-gloss-tip') || p.classList.contains('sj-term')) return NodeFilter.FILTER_REJECT;
      }
      pattern.lastIndex = 0;
      return pattern.test(node.nodeValue) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP;
    },
  });
  const nodes = [];
  while (walker.nextNode()) nodes.push(/** @type {Text} */ (walker.currentNode));
  for (const node of nodes) {
    const text = node.nodeValue;
    const parts = [];
    let at = 0;
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
      // a bracket stays with its word: "(siege)" never wraps as "(" / "siege)"
      const open = OPENING.exec(text.slice(at, m.index));
      const start = open ? m.index - open[0].length : m.index;
      if (start > at) parts.push(document.createTextNode(text.slice(at, start)));
      const term = byWord.get(m[0]);
      const button = el('button', { type: 'button', class: 'sj-term', dataset: { term: term.key, testid: 'term' },
        'aria-label': english ? `${m[0]}: what is it?` : `${m[0]}とは`, onclick: (e) => { e.stopPropagation(); onTap(term); } }, m[0]);
      const end = m.index + m[0].length;
      const close = CLOSING.exec(text.slice(end));
      const before = open ? open[0] : '';
      const after = close ? close[0] : '';
      parts.push(before || after ? el('span', { class: 'sj-term-glued' }, before, button, after) : button);
      at = end + after.length;
      pattern.lastIndex = at;
    }
    if (at < text.length) parts.push(document.createTextNode(text.slice(at)));
    node.replaceWith(...parts);
  }
}

/** The explanation box: shows one term at a time, closed with its button. */
export function termTip(t) {
  const box = el('div', { class: 'sj-gloss-tip', role: 'status', dataset: { testid: 'term-tip' }, hidden: true });
  let shown = null;
  function render() {
    box.replaceChildren();
    if (!shown) { box.hidden = true; return; }
    box.hidden = false;
    box.append(el('strong', {}, jaTerms(t(shown.ja, shown.en), t('ja', 'en') === 'en')), ' ', el('span', {}, t(shown.text_ja, shown.text_en)), ' ',
      el('button', { type: 'button', class: 'sj-btn sj-gloss-close', onclick: () => { shown = null; render(); } }, t('閉じる', 'Close')));
  }
  return { el: box, show(term) { shown = term; render(); }, render };
}
