// One card drawn as a small panel: names, each printed face's move on a grid, specials.

import { moveGrid } from './grid.js';
import { KIND_NAME, PIECE_GLYPH, PIECE_NAME_JA, PIECE_NAME_EN, SPECIAL_NAME } from './pieces.js';
import { faceCode } from './schema.js';
import { h } from '../../shell/dom.js';


export { faceCode };

/** The printed faces of a card as [{piece, face, moves|null, standard|null, specials}]. */
export function printedFaces(card) {
  if (Array.isArray(card.changed) && card.changed.length) {
    return card.changed.map((c) => ({ piece: c.piece, face: c.face, moves: c.moves, standard: c.standard || null,
      specials: (c.moves && c.moves.specials) || [] }));
  }
  const out = [];
  for (const face of ['base', 'promoted']) {
    const f = card.faces && card.faces[face];
    if (!f) continue;
    const std = f.move === 'standard';
    out.push({ piece: faceCode(card.kind, face), face, moves: std ? null : f, standard: null, specials: f.specials || [],
      keepsStandard: std });
  }
  return out;
}

/** The card's English name (its data, or the table above). */
export function cardNameEn(card) {
  return card.name_en || '';
}

const UNIT_JA = { '0,1': '前', '0,-1': '後', '1,0': '右', '-1,0': '左', '1,1': '右前', '-1,1': '左前', '1,-1': '右後', '-1,-1': '左後' };
const UNIT_EN = { '0,1': 'forward', '0,-1': 'back', '1,0': 'right', '-1,0': 'left', '1,1': 'forward-right',
  '-1,1': 'forward-left', '1,-1': 'back-right', '-1,-1': 'back-left' };

function offsetWords(dx, dy) {
  const key = `${dx},${dy}`;
  if (UNIT_JA[key]) return [UNIT_JA[key], UNIT_EN[key]];
  const ja = [dy > 0 ? `前${dy}` : dy < 0 ? `後${-dy}` : '', dx > 0 ? `右${dx}` : dx < 0 ? `左${-dx}` : ''].join('');
  const en = [dy > 0 ? `${dy} forward` : dy < 0 ? `${-dy} back` : '', dx > 0 ? `${dx} right` : dx < 0 ? `${-dx} left` : '']
    .filter(Boolean).join(' ');
  return [ja, en];
}

/** [ja, en] sentence for one printed face, written from its data. */
export function faceEffect(f) {
  const name = [PIECE_NAME_JA[f.piece] || f.piece, PIECE_NAME_EN[f.piece] || f.piece];
  const ja = []; const en = [];
  const keeps = f.keepsStandard || (f.moves && f.moves.move === 'standard') ||
    (!f.moves || (f.standard && JSON.stringify(f.moves.leaps) === JSON.stringify(f.standard.leaps)
      && JSON.stringify(f.moves.slides) === JSON.stringify(f.standard.slides)));
  if (keeps) { ja.push('動きは本将棋と同じ'); en.push('moves as in standard shogi'); } else {
    const leaps = (f.moves.leaps || []).map(([x, y]) => offsetWords(x, y));
    const slides = (f.moves.slides || []).map(([x, y]) => offsetWords(x, y));
    if (leaps.length) { ja.push(`射程移動：${leaps.map((w) => w[0]).join('・')}`); en.push(`leaps ${leaps.map((w) => w[1]).join(', ')}`); }
    if (slides.length) { ja.push(`矢印移動：${slides.map((w) => w[0]).join('・')}`); en.push(`slides ${slides.map((w) => w[1]).join(', ')}`); }
    if (!leaps.length && !slides.length) { ja.push('動きなし'); en.push('no move'); }
  }
  for (const s of f.specials || []) {
    const n = SPECIAL_NAME[s] || [s, s];
    ja.push(n[0]); en.push(n[1].toLowerCase());
  }
  return [`${name[0]}：${ja.join('、')}`, `${name[1][0].toUpperCase()}${name[1].slice(1)}: ${en.join('; ')}`];
}

/** A card panel. Card names come from data (maybe user-made): textContent only. */
export function cardElement(card, t, opts = {}) {
  const kind = KIND_NAME[card.kind] || [card.kind, card.kind];
  const box = h('article', { class: `sg-card${opts.compact ? ' sg-card-compact' : ''}`, 'data-card': card.id });
  const title = h('h4', { class: 'sg-card-name' });
  title.append(h('span', { class: 'sg-card-kind', text: t(kind[0], kind[1]) }), ' ');
  // the card's own (Japanese) name stays as printed in English mode, with its English name beside it
  title.append(h('span', { lang: 'ja', translate: 'no', text: card.name || card.id }));
  const nameEn = cardNameEn(card);
  const english = t('ja', 'en') === 'en'; // names and effects in the page's language only
  if (english && nameEn && nameEn !== card.name) title.append(h('span', { class: 'sg-card-en', lang: 'en', text: ` ${nameEn}` }));
  box.append(title);
  if (card.kind === 'NULLIFY') {
    box.append(h('p', { class: 'sg-card-effect', text: t('引いたら有効カードを1枚捨てられます', 'When drawn, may discard one active card') }));
    return box;
  }
  const faces = printedFaces(card);
  const row = h('div', { class: 'sg-card-faces' });
  for (const f of faces) {
    const glyph = PIECE_GLYPH[f.piece] || f.piece;
    const fig = h('figure', { class: 'sg-face' });
    const moves = f.moves && !f.keepsStandard ? f.moves : f.standard;
    if (moves && !(f.keepsStandard && !f.standard && !f.moves)) {
      fig.append(moveGrid(moves, glyph, t, { cell: opts.compact ? 11 : 16, name: t(PIECE_NAME_JA[f.piece] || glyph, PIECE_NAME_EN[f.piece] || f.piece) }));
    } else {
      fig.append(h('div', { class: 'sg-face-std', lang: 'ja', translate: 'no', text: glyph }));
    }
    const cap = h('figcaption');
    cap.append(h('strong', { text: t(PIECE_NAME_JA[f.piece] || f.piece, PIECE_NAME_EN[f.piece] || f.piece) }));
    if (f.keepsStandard || (f.moves && f.moves.move === 'standard')) cap.append(h('span', { text: t(' 動きは本将棋と同じ', ' standard move') }));
    for (const s of f.specials || []) {
      const name = SPECIAL_NAME[s] || [s, s];
      cap.append(h('span', { class: 'sg-special', text: t(name[0], name[1]) }));
    }
    fig.append(cap);
    row.append(fig);
  }
  if (!faces.length) row.append(h('p', { class: 'sg-none', text: t('変更なし', 'No change') }));
  box.append(row);
  if (opts.effects) {
    const list = h('ul', { class: 'sg-card-effects' });
    for (const f of faces) {
      const [ja, en] = faceEffect(f);
      list.append(english ? h('li', { lang: 'en', class: 'sg-card-en', text: en }) : h('li', { lang: 'ja', text: ja }));
    }
    box.append(list);
  }
  return box;
}
