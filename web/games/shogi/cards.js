// #/page/shogi/cards: the 基本セット gallery and an editor for user-made cards (オリジナルカード).
// Cards are checked by the engine (validate_cards); its messages are shown as they are.

import { cardElement } from './cardview.js';
import { engineCall } from './io.js';
import { faceCode, hasPromotedFace, loadSchema } from './schema.js';
import { loadCustomCards, saveCustomCards, schemaCard } from './store.js';
import { KINDS, KIND_NAME, PIECE_GLYPH, SPECIAL_NAME } from './pieces.js';
import { h } from '../../shell/dom.js';


const SLIDE_DIRS = [[-1, 1], [0, 1], [1, 1], [-1, 0], null, [1, 0], [-1, -1], [0, -1], [1, -1]];
const ARROWS = { '-1,1': '↖', '0,1': '↑', '1,1': '↗', '-1,0': '←', '1,0': '→', '-1,-1': '↙', '0,-1': '↓', '1,-1': '↘' };
const RADIUS = 3;
let uid = 0;

function blankCard() {
  return { id: '', name: '', kind: 'FU', faces: { base: { leaps: [], slides: [], specials: [] }, promoted: null } };
}

function offsetLabel(dx, dy, t) {
  const ja = `${dy >= 0 ? `前${dy}` : `後${-dy}`}・${dx >= 0 ? `右${dx}` : `左${-dx}`}`;
  const en = `${dy >= 0 ? `${dy} forward` : `${-dy} back`}, ${dx >= 0 ? `${dx} right` : `${-dx} left`}`;
  return t(ja, en);
}

/** Mount the cards page. */
export function mountCardsPage(root, ctx) {
  const t = (ja, en) => (ctx.t ? ctx.t(ja, en) : (ctx.lang === 'en' ? en : ja));
  const page = h('div', { class: 'sg-cards-page' });
  root.append(page);
  let basic = [];
  let copies = {};
  let custom = loadCustomCards(ctx);
  let draft = blankCard();
  let editing = null; // id of the saved card being edited
  let message = null;

  const draw = () => {
    page.replaceChildren();
    page.append(h('h2', { text: t('集大成将棋 カード一覧', 'Shūtaisei Shōgi cards') }));
    if (ctx.rulesHref) page.append(h('p', {}, h('a', { href: ctx.rulesHref, text: t('遊び方', 'How to play') })));
    page.append(h('p', { class: 'sg-hint', text: t(
      'このサイトのオリジナル「基本セット」です（原作の各弾のカードではありません）。● は射程移動、矢印は矢印移動です。',
      'This site\'s own Basic set (not the publisher\'s cards). Dots are leaps, arrows are slides.') }));
    const gallery = h('section', { class: 'sg-gallery', 'aria-label': t('基本セット', 'Basic set') });
    gallery.append(h('h3', { text: t('基本セット', 'Basic set') }));
    const list = h('div', { class: 'sg-gallery-list' });
    const seen = new Map();
    for (const c of basic) seen.set(c.id, (seen.get(c.id) || 0) + 1);
    for (const id of seen.keys()) if (Number.isInteger(copies[id])) seen.set(id, copies[id]);
    const order = [...KINDS, 'NULLIFY'];
    const ids = [...seen.keys()].sort((a, b) => {
      const ka = order.indexOf(basic.find((c) => c.id === a).kind); const kb = order.indexOf(basic.find((c) => c.id === b).kind);
      return ka - kb || (a < b ? -1 : a > b ? 1 : 0);
    });
    for (const id of ids) {
      const n = seen.get(id);
      const card = basic.find((c) => c.id === id);
      const el = cardElement(card, t, { effects: true });
      el.append(h('p', { class: 'sg-copies', text: t(`${n}枚`, `×${n}`) }));
      list.append(el);
    }
    if (!basic.length) list.append(h('p', { class: 'sg-none', text: t('読み込み中…', 'Loading…') }));
    gallery.append(list);
    page.append(gallery, drawEditor(), drawSaved());
  };

  function drawSaved() {
    const sec = h('section', { class: 'sg-saved', 'aria-label': t('保存したカード', 'Saved cards') });
    sec.append(h('h3', { text: t('オリジナルカード（保存済み）', 'Your cards (saved)') }));
    if (!custom.length) sec.append(h('p', { class: 'sg-none', text: t('まだありません', 'None yet') }));
    const list = h('div', { class: 'sg-gallery-list' });
    for (const card of custom) {
      const el = cardElement(card, t, { effects: true });
      el.append(h('div', { class: 'sg-row-buttons' },
        h('button', { type: 'button', class: 'sg-btn', 'data-edit': card.id, onclick: () => {
          draft = JSON.parse(JSON.stringify(card)); editing = card.id; message = null; draw();
        } }, t('編集', 'Edit')),
        h('button', { type: 'button', class: 'sg-btn sg-danger', 'data-delete': card.id, onclick: () => {
          custom = custom.filter((c) => c.id !== card.id);
          try { saveCustomCards(ctx, custom); } catch { /* full */ }
          if (editing === card.id) { editing = null; draft = blankCard(); }
          draw();
        } }, t('削除', 'Delete'))));
      list.append(el);
    }
    sec.append(list);
    return sec;
  }

  function drawEditor() {
    const sec = h('section', { class: 'sg-editor', 'aria-label': t('カードを作る', 'Make a card') });
    sec.append(h('h3', { text: editing ? t('カードを編集', 'Edit card') : t('カードを作る', 'Make a card') }));
    const nid = `sg-ed-name-${++uid}`;
    const kid = `sg-ed-kind-${++uid}`;
    const name = h('input', { id: nid, type: 'text', maxlength: '20', value: draft.name, 'data-field': 'name',
      oninput: () => { draft.name = name.value; } });
    const kind = h('select', { id: kid, 'data-field': 'kind', onchange: () => {
      draft.kind = kind.value;
      if (!hasPromotedFace(draft.kind)) draft.faces.promoted = null;
      draw();
    } });
    for (const k of KINDS) {
      const opt = h('option', { value: k, text: t(KIND_NAME[k][0], KIND_NAME[k][1]) });
      if (k === draft.kind) opt.selected = true;
      kind.append(opt);
    }
    const eid = `sg-ed-name-en-${++uid}`;
    const nameEn = h('input', { id: eid, type: 'text', maxlength: '40', value: draft.name_en || '', 'data-field': 'name_en', lang: 'en',
      oninput: () => { draft.name_en = nameEn.value; } });
    sec.append(h('div', { class: 'sg-ed-row' },
      h('label', { for: nid, text: t('カード名', 'Card name') }), name,
      h('label', { for: eid, text: t('英語名（任意）', 'English name (optional)') }), nameEn,
      h('label', { for: kid, text: t('種類', 'Kind') }), kind));
    for (const face of hasPromotedFace(draft.kind) ? ['base', 'promoted'] : ['base']) sec.append(drawFace(face));
    const msg = h('p', { class: `sg-ed-msg${message && message.error ? ' sg-message-error' : ''}`, role: 'status', 'aria-live': 'polite',
      text: message ? message.text : '' });
    sec.append(h('div', { class: 'sg-row-buttons' },
      h('button', { type: 'button', class: 'sg-btn sg-primary', 'data-editor': 'save', onclick: save }, t('確認して保存', 'Check and save')),
      h('button', { type: 'button', class: 'sg-btn', 'data-editor': 'new', onclick: () => { draft = blankCard(); editing = null; message = null; draw(); } },
        t('新しいカード', 'New card'))), msg);
    return sec;
  }

  function drawFace(face) {
    const code = faceCode(draft.kind, face);
    const f = draft.faces[face];
    const mode = f === null ? 'none' : (f.move === 'standard' ? 'standard' : 'custom');
    const fs = h('fieldset', { class: 'sg-ed-face', 'data-face': face });
    fs.append(h('legend', { text: `${PIECE_GLYPH[code]} ${face === 'base' ? t('（表）', '(unpromoted)') : t('（成り）', '(promoted)')}` }));
    const setMode = (m) => {
      if (m === 'none') draft.faces[face] = null;
      else if (m === 'standard') draft.faces[face] = { move: 'standard', specials: (f && f.specials) || [] };
      else draft.faces[face] = { leaps: (f && f.leaps) || [], slides: (f && f.slides) || [], specials: (f && f.specials) || [] };
      draw();
    };
    const group = `sg-mode-${++uid}`;
    for (const [m, ja, en] of [['none', '印刷しない（本将棋の動き）', 'Not printed (standard)'],
      ['standard', '本将棋の動き＋特殊効果', 'Standard move + specials'], ['custom', '新しい動き', 'New move']]) {
      const id = `${group}-${m}`;
      fs.append(h('span', { class: 'sg-opt' },
        h('input', { type: 'radio', id, name: group, value: m, checked: mode === m, 'data-mode': `${face}-${m}`, onchange: () => setMode(m) }),
        h('label', { for: id, text: t(ja, en) })));
    }
    if (mode === 'custom') {
      const leaps = new Set(f.leaps.map(([x, y]) => `${x},${y}`));
      const grid = h('div', { class: 'sg-ed-grid', role: 'group', 'aria-label': t('射程移動のマス（押して切り替え）', 'Leap squares (press to toggle)') });
      grid.style.setProperty('--n', String(2 * RADIUS + 1));
      for (let dy = RADIUS; dy >= -RADIUS; dy--) {
        for (let dx = -RADIUS; dx <= RADIUS; dx++) {
          if (dx === 0 && dy === 0) {
            grid.append(h('span', { class: 'sg-ed-centre', 'aria-hidden': 'true', text: PIECE_GLYPH[code] }));
            continue;
          }
          const on = leaps.has(`${dx},${dy}`);
          grid.append(h('button', { type: 'button', class: `sg-ed-cell${on ? ' sg-on' : ''}`, 'aria-pressed': on ? 'true' : 'false',
            'data-leap': `${dx},${dy}`, 'aria-label': offsetLabel(dx, dy, t), onclick: () => {
              const key = `${dx},${dy}`;
              f.leaps = on ? f.leaps.filter(([x, y]) => `${x},${y}` !== key) : [...f.leaps, [dx, dy]];
              draw();
            } }, on ? '●' : ''));
        }
      }
      const slides = new Set(f.slides.map(([x, y]) => `${x},${y}`));
      const arrows = h('div', { class: 'sg-ed-arrows', role: 'group', 'aria-label': t('矢印移動の向き（押して切り替え）', 'Slide directions (press to toggle)') });
      for (const d of SLIDE_DIRS) {
        if (!d) { arrows.append(h('span', { class: 'sg-ed-centre', 'aria-hidden': 'true', text: PIECE_GLYPH[code] })); continue; }
        const key = `${d[0]},${d[1]}`;
        const on = slides.has(key);
        arrows.append(h('button', { type: 'button', class: `sg-ed-cell${on ? ' sg-on' : ''}`, 'aria-pressed': on ? 'true' : 'false',
          'data-slide': key, 'aria-label': t(`矢印 ${ARROWS[key]}`, `slide ${ARROWS[key]}`), onclick: () => {
            f.slides = on ? f.slides.filter(([x, y]) => `${x},${y}` !== key) : [...f.slides, d];
            draw();
          } }, ARROWS[key]));
      }
      fs.append(h('div', { class: 'sg-ed-pads' },
        h('div', {}, h('p', { class: 'sg-hint', text: t('射程移動（点）', 'Leaps (dots)') }), grid),
        h('div', {}, h('p', { class: 'sg-hint', text: t('矢印移動', 'Slides') }), arrows)));
    }
    if (mode !== 'none') {
      for (const [s, [ja, en]] of Object.entries(SPECIAL_NAME)) {
        const id = `sg-sp-${++uid}`;
        const cur = draft.faces[face].specials || [];
        fs.append(h('span', { class: 'sg-opt' },
          h('input', { type: 'checkbox', id, checked: cur.includes(s), 'data-special': `${face}-${s}`, onchange: (e) => {
            const list = draft.faces[face].specials || [];
            draft.faces[face].specials = e.target.checked ? [...list, s] : list.filter((x) => x !== s);
          } }),
          h('label', { for: id, text: t(ja, en) })));
      }
    }
    return fs;
  }

  async function save() {
    const card = JSON.parse(JSON.stringify(draft));
    card.name = (card.name || '').trim();
    card.name_en = (card.name_en || '').trim();
    if (!card.name_en) delete card.name_en;
    if (!editing) {
      const stamp = Date.now().toString(36);
      card.id = `user-${card.kind}-${stamp}`;
    }
    try {
      const res = await engineCall(ctx, 'validate_cards', { cards: [card] });
      const clean = schemaCard((res.cards && res.cards[0]) || card);
      custom = editing ? custom.map((c) => (c.id === editing ? clean : c)) : [...custom, clean];
      try {
        saveCustomCards(ctx, custom);
      } catch {
        message = { error: true, text: t('保存できませんでした（容量がいっぱいです）', 'Could not save (storage is full)') };
        draw();
        return;
      }
      message = { error: false, text: t(`「${clean.name}」を保存しました`, `Saved "${clean.name}"`) };
      draft = blankCard();
      editing = null;
    } catch (err) {
      message = { error: true, text: t(err.message_ja || String(err.message || err), err.message_en || String(err.message || err)) };
    }
    draw();
  }

  draw();
  loadSchema(ctx).then((res) => { basic = res.basic_set || []; copies = res.copies || {}; draw(); })
    .catch((err) => { message = { error: true, text: t(err.message_ja || '読み込めません', err.message_en || 'Could not load') }; draw(); });
  return { relang() { draw(); }, destroy() { page.remove(); } };
}
