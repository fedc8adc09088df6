// Move feedback: a short slide of the moved piece (none under prefers-reduced-motion) and an optional
// wooden click made with WebAudio (no sound file). Display only.

import { h } from '../../shell/dom.js';
import { parseSquare } from './pieces.js';

let audio = null;

/** A short generated "pachi": a noise burst through a band-pass filter, fading in ~80 ms. */
function click() {
  try {
    const Ctx = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;
    if (!Ctx) return;
    audio = audio || new Ctx();
    const n = Math.floor(audio.sampleRate * 0.08);
    const buf = audio.createBuffer(1, n, audio.sampleRate);
    const data = buf.getChannelData(0);
    let seed = 12345; // the same click every time (no Math.random)
    for (let i = 0; i < n; i += 1) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      data[i] = ((seed / 0x3fffffff) - 1) * Math.pow(1 - i / n, 6);
    }
    const src = audio.createBufferSource();
    src.buffer = buf;
    const band = audio.createBiquadFilter();
    band.type = 'bandpass';
    band.frequency.value = 1800;
    band.Q.value = 1.2;
    const gain = audio.createGain();
    gain.gain.value = 0.9;
    src.connect(band).connect(gain).connect(audio.destination);
    src.start();
  } catch { /* no sound */ }
}

function reducedMotion() {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Slide the piece on `move.to` from `move.from` (a board move; drops just appear). */
function slide(wrap, move) {
  const from = parseSquare(move.from);
  const btnTo = wrap.querySelector(`.sg-sq[data-sq="${move.to}"]`);
  const btnFrom = from ? wrap.querySelector(`.sg-sq[data-sq="${move.from}"]`) : null;
  const piece = btnTo && btnTo.querySelector('.sg-pc');
  if (!btnFrom || !piece || reducedMotion() || typeof piece.animate !== 'function') return;
  const a = btnFrom.getBoundingClientRect();
  const b = btnTo.getBoundingClientRect();
  const dx = a.left - b.left; const dy = a.top - b.top;
  const turned = btnTo.classList.contains('sg-down') ? ' rotate(180deg)' : '';
  piece.animate([{ transform: `translate(${dx}px, ${dy}px)${turned}` }, { transform: `translate(0, 0)${turned}` }],
    { duration: 160, easing: 'ease-out' });
}

/** Feedback for a new move after a render; `on()` says whether sound is on. */
export function moveFx(wrap, ctx) {
  const read = () => { try { return ctx.storage && ctx.storage.get('sound') === true; } catch { return false; } };
  let sound = read();
  return {
    played(move) {
      if (!move || !move.to) return;
      slide(wrap, move);
      if (sound) click();
    },
    toggle(t) {
      return h('button', { type: 'button', class: 'sg-btn sg-sound', 'aria-pressed': sound ? 'true' : 'false',
        onclick: (ev) => {
          sound = !sound;
          try { if (ctx.storage) ctx.storage.set('sound', sound); } catch { /* storage full */ }
          ev.currentTarget.setAttribute('aria-pressed', sound ? 'true' : 'false');
          if (sound) click();
        } }, t('駒音', 'Sound'));
    },
  };
}
