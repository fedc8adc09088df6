// モットコイン: building a bid and the action bar that sends it. The counts per face live in the
// screen's `ui` state (view.js); `rc` adds {changed, setFrom, verify} to the panels' render context.
import { h } from '../../shell/dom.js';
import { die, diceRow } from './coins.js';

/**
 * The bid builder: a − count + row per face (the counts live in `ui`), weakest valid bid, clear.
 * Returns {wrap, action, faces}: the node, the action string built (or ''), its faces high first.
 */
export function bidBuilder(v, ui, rc) {
  const { t, payload, changed, setFrom } = rc;
  const me = v.players[payload.seat];
  const key = `${v.auctions}:${v.coin.id}:${payload.seat}`;
  const sKey = `${key}:${v.standing ? `${v.standing.seat}=${v.standing.bid}` : '-'}`;
  if (key !== ui.builderKey) {
    ui.builderKey = key;
    ui.counts = [0, 0, 0, 0, 0, 0, 0];
    const offer = me.offer || [];
    offer.forEach((f) => { ui.counts[f] += 1; });
  }
  if (sKey !== ui.standingKey) { ui.standingKey = sKey; ui.touched = false; } // outbid: no verdict until the person acts
  const counts = ui.counts;
  const used = counts.reduce((a, b) => a + b, 0);
  const faces = [];
  for (let f = 6; f >= 1; f--) for (let k = 0; k < counts[f]; k++) faces.push(f);
  const action = faces.length ? `bid ${faces.join(',')}` : '';
  const wrap = h('div', { class: 'bid-builder', role: 'group', 'aria-labelledby': 'motto-builder-h' },
    h('h3', { id: 'motto-builder-h' }, t(`入札を作る（使えるダイス${me.free}個、使用${used}個）`, `Build a bid (${me.free} free dice, ${used} used)`)));
  const grid = h('div', { class: 'face-grid' });
  for (let f = 6; f >= 1; f--) {
    grid.append(h('div', { class: 'face-row' },
      die(f, t(`目${f}`, `face ${f}`), 'small'),
      h('button', { type: 'button', class: 'step', dataset: { face: String(f), op: 'minus' }, disabled: counts[f] === 0,
        'aria-label': t(`目${f}を1個減らす`, `One fewer ${f}`), onclick: () => { ui.counts[f] -= 1; changed(); } }, '−'),
      h('span', { class: 'count', 'aria-live': 'off' }, String(counts[f])),
      h('button', { type: 'button', class: 'step', dataset: { face: String(f), op: 'plus' }, disabled: used >= me.free,
        'aria-label': t(`目${f}を1個増やす`, `One more ${f}`), onclick: () => { ui.counts[f] += 1; changed(); } }, '+')));
  }
  wrap.append(grid);
  const weakest = (payload.legal || []).find((a) => a.startsWith('bid '));
  wrap.append(h('div', { class: 'actions builder-tools' },
    weakest ? h('button', { type: 'button', id: 'motto-weakest', onclick: () => { setFrom(weakest); } }, t('一番弱い有効な入札をセット', 'Set the weakest valid bid')) : null,
    h('button', { type: 'button', id: 'motto-clear', disabled: used === 0, onclick: () => { ui.counts = [0, 0, 0, 0, 0, 0, 0]; changed(); } }, t('クリア', 'Clear'))));
  return { wrap, action, faces };
}

/** The action bar: the prompt, the bid being built and its verdict, Bid and Hard pass. It stays
 *  at the bottom of the screen (shell class action-bar), so the next step never scrolls away. */
export function actionBar(v, built, rc) {
  const { t, payload, send, verify } = rc;
  const { action, faces } = built;
  const standing = v.standing ? v.standing.bid.join(',') : null;
  const prompt = standing
    ? t(`あなたの番です。${standing}より強く入札するか、ハードパス`, `Your turn: beat ${standing} or hard pass`)
    : t('あなたの番です。入札するか、ハードパス', 'Your turn: bid or hard pass');
  const verdict = h('p', { class: 'verdict', id: 'motto-verdict', role: 'status', 'aria-live': 'polite' });
  const bidButton = h('button', { type: 'button', class: 'primary', id: 'motto-bid', disabled: true, onclick: () => send(action) }, t('入札する', 'Bid'));
  const bar = h('div', { class: 'action-bar sticky-always motto-bar', id: 'motto-bar' },
    h('p', { class: 'prompt', id: 'motto-prompt' }, prompt),
    h('div', { class: 'bid-preview', id: 'motto-preview' },
      h('span', {}, t('あなたの入札', 'Your bid')),
      faces.length ? diceRow(faces, t) : h('span', { class: 'muted' }, t('（上でダイスを選んでください）', '(pick dice above)'))),
    verdict,
    h('div', { class: 'actions bar-buttons' }, bidButton,
      h('button', { type: 'button', id: 'motto-pass', class: 'danger', disabled: !(payload.legal || []).includes('pass'), onclick: () => send('pass') }, t('ハードパス', 'Hard pass'))));
  verify(action, verdict, bidButton);
  return bar;
}
