// The kabu cards drawn as cards: our own inline SVG (no images from elsewhere). A stock card shows its
// issue, sector, price and dividend; a price card its value and that it hits every issue; event and
// tool cards their name, cost or timing. Each SVG has role="img" and a full aria-label. Pure presentation.
import { svg as s } from '../../shell/dom.js';

/** Sector colours (band of a stock card) and a one-glyph mark of the sector. */
const SECTOR = {
  tech: ['#3559a8', '⚙'], export: ['#2f7d6d', '⛴'], finance: ['#8a6d1f', '¥'], energy: ['#b0462c', '⚡'],
  transport: ['#546e7a', '🚃'], retail: ['#9c3d72', '🛒'], construction: ['#7a5230', '▦'], telecom: ['#4b6cb7', '📡'],
  pharma: ['#3f8f3f', '✚'],
};

/** textLength for a name that would overflow `room` px at `px` px per full-width glyph (ASCII ≈ 0.6 of it). */
export function fitLength(name, room, px = 12) {
  const width = [...String(name)].reduce((n, ch) => n + (ch.codePointAt(0) > 0x2e80 ? px : px * 0.6), 0);
  return width > room ? room : null;
}

function frame(w, hgt, label, cls, scale = 1) {
  const svg = s('svg', { viewBox: `0 0 ${w} ${hgt}`, width: Math.round(w * scale), height: Math.round(hgt * scale), role: 'img', 'aria-label': label, class: `kabu-cardart ${cls}` });
  svg.append(s('title', {}, label), s('rect', { x: 1, y: 1, width: w - 2, height: hgt - 2, rx: 7, class: 'kabu-card-face' }));
  return svg;
}

/** A stock card: sector band with its mark, the name, the price in units and the dividend in yen. */
export function stockCard(ctx, is, opts = {}) {
  const [color, mark] = SECTOR[is.sector] || ['#555', '■'];
  const name = ctx.t(is.name_ja, is.name_en);
  const sector = ctx.t(is.sector_ja, is.sector_en);
  const div = ctx.t(`配当 ${is.dividend}円${is.dividend_doubled ? '（2倍）' : ''}`, `div. ¥${is.dividend}${is.dividend_doubled ? ' (×2)' : ''}`);
  const label = ctx.t(`株式カード ${name}（${sector}）株価 ${is.price}単位・${div}`, `Stock card ${name} (${sector}), price ${is.price} units, ${div}`);
  const w = opts.width || 92, hgt = 124;
  const svg = frame(w, hgt, label, 'kabu-stockcard', opts.scale || 1);
  svg.append(
    s('rect', { x: 1, y: 1, width: w - 2, height: 26, rx: 7, fill: color }),
    s('rect', { x: 1, y: 16, width: w - 2, height: 11, fill: color }),
    s('text', { x: 8, y: 19, class: 'kabu-card-mark', fill: '#fff' }, mark),
    s('text', { x: w - 8, y: 19, 'text-anchor': 'end', class: 'kabu-card-small', fill: '#fff' }, sector),
    s('text', { x: w / 2, y: 46, 'text-anchor': 'middle', class: 'kabu-card-name', textLength: fitLength(name, w - 12), lengthAdjust: 'spacingAndGlyphs' }, name),
    s('text', { x: w / 2, y: 82, 'text-anchor': 'middle', class: 'kabu-card-big' }, String(is.price)),
    s('text', { x: w / 2, y: 96, 'text-anchor': 'middle', class: 'kabu-card-small' }, ctx.t('単位', 'units')),
    s('text', { x: w / 2, y: 114, 'text-anchor': 'middle', class: 'kabu-card-small' }, div));
  return svg;
}

/** A price card (④): its value large, and that it moves every issue. */
export function priceCard(ctx, value, opts = {}) {
  const v = Number(value) || 0;
  const txt = v > 0 ? `+${v}` : v < 0 ? `−${-v}` : '±0';
  const label = ctx.t(`株価変動カード ${txt}: 全銘柄が${txt}単位`, `Price card ${txt}: every issue ${txt} units`);
  const w = opts.width || 58, hgt = 78;
  const svg = frame(w, hgt, label, `kabu-pricecard-art ${v > 0 ? 'kabu-up' : v < 0 ? 'kabu-down' : ''}`, opts.scale || 1);
  svg.append(
    s('text', { x: w / 2, y: 15, 'text-anchor': 'middle', class: 'kabu-card-small' }, ctx.t('株価変動', 'Price')),
    s('text', { x: w / 2, y: 48, 'text-anchor': 'middle', class: 'kabu-card-big' }, txt),
    s('text', { x: w / 2, y: 68, 'text-anchor': 'middle', class: 'kabu-card-small' }, ctx.t('全銘柄', 'all issues')));
  return svg;
}

/** An event or tool card: a coloured corner (events: cost; tools: ◇), the name and a short line. */
export function actionCard(ctx, kind, id, entry, opts = {}) {
  const name = entry ? ctx.t(entry.name_ja, entry.name_en) : String(id);
  const line = kind === 'event' ? ctx.t(`コスト ${entry ? entry.cost : '?'}`, `cost ${entry ? entry.cost : '?'}`) : ctx.t('ツール', 'tool');
  const text = entry ? ctx.t(entry.text_ja || '', entry.text_en || '') : '';
  const label = ctx.t(`${kind === 'event' ? 'イベントカード' : 'ツール・分析カード'} ${name}（${line}）${text}`,
    `${kind === 'event' ? 'Event card' : 'Tool card'} ${name} (${line}) ${text}`);
  const w = opts.width || 92, hgt = 58;
  const svg = frame(w, hgt, label, `kabu-actioncard kabu-${kind}card${opts.usable ? ' kabu-usable' : ''}`);
  svg.append(
    s('rect', { x: 1, y: 1, width: 20, height: hgt - 2, rx: 7, class: kind === 'event' ? 'kabu-card-event' : 'kabu-card-tool' }),
    s('text', { x: 11, y: hgt / 2 + 5, 'text-anchor': 'middle', class: 'kabu-card-mark', fill: '#fff' }, kind === 'event' ? '★' : '◇'),
    s('text', { x: 26, y: 24, class: 'kabu-card-name', textLength: fitLength(name, w - 32), lengthAdjust: 'spacingAndGlyphs' }, name),
    s('text', { x: 26, y: 44, class: 'kabu-card-small' }, line));
  return svg;
}
