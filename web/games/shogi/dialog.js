// The questions over the board: promote?, a foul, a move that leaves the king open, 入玉宣言, resign.

import { h } from '../../shell/dom.js';
import { parseSquare } from './pieces.js';
import { pieceSvg } from './piecesvg.js';
import { faceCode, hasPromotedFace } from './schema.js';
import { pieceAt } from './uistate.js';

/** The open dialog (ui.dialog) as a node; `onCancel` closes it. */
export function dialogPanel(view, ui, onCancel) {
  const { t } = ui;
  const d = ui.dialog;
  const send = d.send || ui.act;
  const box = h('div', { class: 'sg-dialog', role: 'dialog', 'aria-modal': 'true' });
  const buttons = h('div', { class: 'sg-row-buttons' });
  if (d.kind === 'promote') {
    const p = pieceAt(view, ui.sel && ui.sel.sq);
    const info = p && view.pieces && view.pieces[p.p];
    box.setAttribute('aria-label', t('成りますか？', 'Promote?'));
    // keep the target square in sight: the dialog goes to the other half of the screen
    const to = parseSquare(d.target.to);
    const row = to ? (ui.isFlipped() ? 9 - to.rank : to.rank - 1) : 4;
    box.classList.add(row < 4.5 ? 'sg-dialog-low' : 'sg-dialog-high');
    box.append(h('p', { text: t(`${info ? info.ja : ''}を成りますか？`, `Promote the ${info ? info.en.toLowerCase() : 'piece'}?`) }));
    // each choice shows the face the piece will have (the promoted face from the engine's schema)
    const face = (code) => (code ? h('span', { class: 'sg-promote-face', 'aria-hidden': 'true' }, pieceSvg(code)) : null);
    const promoted = p && hasPromotedFace(p.p) ? faceCode(p.p, 'promoted') : null;
    buttons.append(
      h('button', { type: 'button', class: 'sg-btn sg-primary sg-promote', 'data-promote': 'yes', onclick: () => d.go(`${d.base}+`) },
        face(promoted), t('成る', 'Promote')),
      h('button', { type: 'button', class: 'sg-btn sg-promote', 'data-promote': 'no', onclick: () => d.go(d.base) },
        face(p ? p.p : null), t('成らない（不成）', 'Do not promote')));
  } else if (d.kind === 'foul') {
    box.setAttribute('aria-label', t('反則の手', 'Foul move'));
    box.append(h('p', { class: 'sg-warn', text: t(`この手は反則で、指すと負けになります：${d.foul.ja}`, `This move is a foul and loses at once: ${d.foul.en}`) }));
    buttons.append(h('button', { type: 'button', class: 'sg-btn sg-danger', onclick: () => send(d.action) }, t('それでも指す', 'Play it anyway')));
  } else if (d.kind === 'unsafe') {
    box.setAttribute('aria-label', t('王が取られる手', 'King left open'));
    box.append(h('p', { class: 'sg-warn', text: t('この手では王が取られる状態になります。指しますか？', 'This move leaves your king open to capture. Play it anyway?') }));
    buttons.append(h('button', { type: 'button', class: 'sg-btn sg-danger', 'data-confirm': 'unsafe', onclick: () => send(d.action) }, t('指す', 'Play it')));
  } else if (d.kind === 'declare') {
    box.setAttribute('aria-label', t('入玉宣言', 'Declare a win'));
    box.append(h('p', { text: t('入玉宣言の条件を満たしています。宣言して勝ちにしますか？',
      'Your king has entered the enemy camp with enough pieces and points. Declare the win?') }));
    buttons.append(h('button', { type: 'button', class: 'sg-btn sg-primary', 'data-confirm': 'declare', onclick: () => ui.act('declare') },
      t('宣言する', 'Declare')));
  } else if (d.kind === 'resign') {
    box.setAttribute('aria-label', t('投了', 'Resign'));
    box.append(h('p', { text: t('投了しますか？', 'Resign this game?') }));
    buttons.append(h('button', { type: 'button', class: 'sg-btn sg-danger', 'data-confirm': 'resign', onclick: () => ui.act('resign') }, t('投了する', 'Resign')));
  }
  buttons.append(h('button', { type: 'button', class: 'sg-btn', 'data-cancel': '1', onclick: onCancel }, t('やめる', 'Cancel')));
  box.append(buttons);
  queueMicrotask(() => { const b = box.querySelector('button'); if (b) b.focus(); });
  return box;
}
