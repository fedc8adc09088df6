// Fitting the play area into the window: the squares are sized so that the prompt, both hands, the
// board and the active cards fit. Below the shell's header if there is room; else the view is
// scrolled to the top once.

export const WIDE_MIN = 760; // px of view width from which the board and a side panel sit side by side

/** The largest cell the view's width `W` allows (px), in the wide or the narrow layout. */
function widestCell(W, wide) {
  return Math.min(wide ? (W - 300 - 56) / 12.75 : (W - 4) / 9.6, 72);
}

/** Keeps `wrap`'s cell size fitted; `rerender` is called when the window crosses WIDE_MIN, `fitted` after
 *  each fit (the view laid out at its size). */
export function fitter(wrap, ui, rerender, fitted = () => {}) {
  /**
   * Before the first render builds the screen: start from the cell the width allows, read from the
   * empty view (laid out already: no layout of its own). Where the width limits the board (phones),
   * the first fit then measures once instead of twice.
   */
  function prime() {
    if (wrap.style.getPropertyValue('--sg-cell')) return;
    const W = wrap.clientWidth;
    if (W) wrap.style.setProperty('--sg-cell', `${Math.max(22, Math.floor(widestCell(W, W >= WIDE_MIN)))}px`);
  }

  function fit() {
    if (!wrap.isConnected) return;
    const W = wrap.clientWidth;
    if (!W) return;
    const wide = wrap.dataset.layout === 'wide';
    if (wide !== (W >= WIDE_MIN)) { rerender(); return; } // the window crossed the layout width
    const play = wrap.querySelector('.sg-play');
    const board = wrap.querySelector('.sg-board');
    if (!play || !board) return;
    const vh = window.innerHeight;
    const topDoc = wrap.getBoundingClientRect().top + window.scrollY;
    const widest = widestCell(W, wide);
    const setCell = (c) => wrap.style.setProperty('--sg-cell', `${c}px`);
    // the play area's height is (nearly) linear in the cell size, extra + k * cell: a few rounds of
    // measuring and solving reach the largest cell that fits `avail`, whatever the starting size
    const solve = (avail) => {
      let cell = widest;
      for (let round = 0; round < 4; round += 1) {
        const cur = parseFloat(getComputedStyle(wrap).getPropertyValue('--sg-cell')) || 40;
        const hNow = play.getBoundingClientRect().height;
        const bNow = board.getBoundingClientRect().height;
        const hands = wide ? 0 : [...play.querySelectorAll('.sg-hand')].reduce((sum, e) => sum + e.getBoundingClientRect().height, 0);
        const k = (bNow + hands) / cur;
        cell = Math.max(22, Math.floor(Math.min(widest, (avail - (hNow - bNow - hands)) / k)));
        if (cell === cur) break;
        setCell(cell);
      }
      return cell;
    };
    // what the shell keeps over the top of the window (the replay's sticky step bar): the play area fits
    // under it, and the view scrolls to just below it
    const inset = typeof ui.ctx.topInset === 'function' ? Math.ceil(ui.ctx.topInset() || 0) : 0;
    let scroll = false;
    const below = solve(vh - topDoc - 8);
    if (below < widest * 0.92 - 1) {
      scroll = true;
      solve(vh - inset - 8);
    }
    wrap.style.setProperty('--sg-play-h', `${Math.ceil(play.getBoundingClientRect().height)}px`);
    wrap.dataset.fit = scroll ? 'window' : 'below';
    fitted();
    if (scroll && !ui.scrolled) {
      // once per visit, after the shell has finished its own navigation (focus) work
      // (not if the page moved meanwhile: the player, or the shell bringing a message into view, wins)
      ui.scrolled = true;
      const from = window.scrollY;
      setTimeout(() => requestAnimationFrame(() => {
        if (!wrap.isConnected || wrap.dataset.fit !== 'window' || window.scrollY !== from) return;
        const top = wrap.getBoundingClientRect().top + window.scrollY;
        window.scrollTo({ top: top - inset - 4, behavior: 'instant' });
      }), 0);
    }
  }
  const onResize = () => fit();
  window.addEventListener('resize', onResize);
  // the view's stylesheet and fonts may arrive after the first render: fit again when the play area's
  // size changes by itself (a frame later, so a fit never re-triggers itself within one frame)
  let fitFrame = 0;
  let lastSize = '';
  const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(() => {
    const play = wrap.querySelector('.sg-play');
    const size = play ? `${Math.round(play.getBoundingClientRect().height)}x${wrap.clientWidth}` : '';
    if (size === lastSize) return;
    lastSize = size;
    cancelAnimationFrame(fitFrame);
    fitFrame = requestAnimationFrame(() => fit());
  }) : null;
  if (observer) observer.observe(wrap);
  if (document.fonts && document.fonts.ready) document.fonts.ready.then(() => fit());
  return {
    fit,
    prime,
    destroy() {
      window.removeEventListener('resize', onResize);
      if (observer) observer.disconnect();
      cancelAnimationFrame(fitFrame);
    },
  };
}
