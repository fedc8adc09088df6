// A small QR code encoder of our own (ISO/IEC 18004): byte mode (UTF-8), error correction
// level L or M, versions 1–40, the eight masks with the standard penalty rules. Drawn locally as
// SVG: nothing leaves the device. Checked module for module against the `segno` package
// (tests/engines/test_qr.py runs this file under Node).

// Per version 1..40: error-correction codewords per block, and the number of blocks.
const ECC_PER_BLOCK = {
  L: [7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
  M: [10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
};
const BLOCKS = {
  L: [1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
  M: [1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
};
const FORMAT_BITS = { L: 1, M: 0 };

/** Modules available for data and error correction in a version (all but the function patterns). */
function rawModules(ver) {
  let n = (16 * ver + 128) * ver + 64;
  if (ver >= 2) {
    const align = Math.floor(ver / 7) + 2;
    n -= (25 * align - 10) * align - 55;
    if (ver >= 7) n -= 36;
  }
  return n;
}

/** Data codewords of a version at a level. */
export function dataCapacity(ver, ecl) {
  return Math.floor(rawModules(ver) / 8) - ECC_PER_BLOCK[ecl][ver - 1] * BLOCKS[ecl][ver - 1];
}

// --- Reed–Solomon over GF(256), polynomial 0x11D ------------------------------------------
const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
{
  let x = 1;
  for (let i = 0; i < 255; i++) {
    EXP[i] = x;
    LOG[x] = i;
    x <<= 1;
    if (x & 0x100) x ^= 0x11d;
  }
  for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255];
}
const mul = (a, b) => (a === 0 || b === 0 ? 0 : EXP[LOG[a] + LOG[b]]);

function generator(degree) {
  // coefficients of (x - α^0)(x - α^1)…, highest first, the leading 1 left out
  let poly = [1];
  for (let i = 0; i < degree; i++) {
    const next = new Array(poly.length + 1).fill(0);
    for (let j = 0; j < poly.length; j++) {
      next[j] ^= poly[j];
      next[j + 1] ^= mul(poly[j], EXP[i]);
    }
    poly = next;
  }
  return poly.slice(1);
}

function remainder(data, gen) {
  const out = new Array(gen.length).fill(0);
  for (const byte of data) {
    const factor = byte ^ out.shift();
    out.push(0);
    for (let i = 0; i < gen.length; i++) out[i] ^= mul(gen[i], factor);
  }
  return out;
}

// --- the codewords ---------------------------------------------------------------------
function codewords(bytes, ver, ecl) {
  const capacity = dataCapacity(ver, ecl);
  const bits = [];
  const put = (value, n) => { for (let i = n - 1; i >= 0; i--) bits.push((value >>> i) & 1); };
  put(4, 4); // byte mode
  put(bytes.length, ver <= 9 ? 8 : 16);
  for (const b of bytes) put(b, 8);
  put(0, Math.min(4, capacity * 8 - bits.length));
  while (bits.length % 8) bits.push(0);
  const data = [];
  for (let i = 0; i < bits.length; i += 8) data.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
  for (let pad = 0xec; data.length < capacity; pad ^= 0xec ^ 0x11) data.push(pad);

  const blocks = BLOCKS[ecl][ver - 1];
  const eccLen = ECC_PER_BLOCK[ecl][ver - 1];
  const total = Math.floor(rawModules(ver) / 8);
  const shortBlocks = blocks - (total % blocks);
  const shortData = Math.floor(total / blocks) - eccLen;
  const gen = generator(eccLen);
  const dataBlocks = [];
  const eccBlocks = [];
  for (let i = 0, at = 0; i < blocks; i++) {
    const len = shortData + (i < shortBlocks ? 0 : 1);
    const part = data.slice(at, at + len);
    at += len;
    dataBlocks.push(part);
    eccBlocks.push(remainder(part, gen));
  }
  const out = [];
  for (let i = 0; i <= shortData; i++) for (const b of dataBlocks) if (i < b.length) out.push(b[i]);
  for (let i = 0; i < eccLen; i++) for (const b of eccBlocks) out.push(b[i]);
  return out;
}

// --- the matrix --------------------------------------------------------------------------
function alignmentPositions(ver, size) {
  if (ver === 1) return [];
  const count = Math.floor(ver / 7) + 2;
  const step = ver === 32 ? 26 : Math.ceil((ver * 4 + 4) / (count * 2 - 2)) * 2;
  const out = [6];
  for (let pos = size - 7; out.length < count; pos -= step) out.splice(1, 0, pos);
  return out;
}

function bchFormat(ecl, mask) {
  const data = (FORMAT_BITS[ecl] << 3) | mask;
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  return ((data << 10) | rem) ^ 0x5412;
}

function bchVersion(ver) {
  let rem = ver;
  for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
  return (ver << 12) | rem;
}

const MASKS = [
  (x, y) => (x + y) % 2 === 0,
  (x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

function build(ver, ecl, data, mask) {
  const size = ver * 4 + 17;
  const dark = new Uint8Array(size * size);
  const fixed = new Uint8Array(size * size);
  const set = (x, y, on) => { dark[y * size + x] = on ? 1 : 0; fixed[y * size + x] = 1; };
  for (let i = 0; i < size; i++) { set(6, i, i % 2 === 0); set(i, 6, i % 2 === 0); }
  for (const [cx, cy] of [[3, 3], [size - 4, 3], [3, size - 4]]) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        if (x < 0 || y < 0 || x >= size || y >= size) continue;
        const d = Math.max(Math.abs(dx), Math.abs(dy));
        set(x, y, d !== 2 && d !== 4);
      }
    }
  }
  const align = alignmentPositions(ver, size);
  const last = align.length - 1;
  align.forEach((cx, i) => align.forEach((cy, j) => {
    if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
    for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) set(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
  }));
  drawFormat(set, size, ecl, mask);
  if (ver >= 7) {
    const bits = bchVersion(ver);
    for (let i = 0; i < 18; i++) {
      const on = (bits >>> i) & 1;
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      set(a, b, on);
      set(b, a, on);
    }
  }
  // data in two-column zigzags from the bottom right, skipping the vertical timing column
  let i = 0;
  const total = data.length * 8;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vert = 0; vert < size; vert++) {
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const upward = ((right + 1) & 2) === 0;
        const y = upward ? size - 1 - vert : vert;
        if (fixed[y * size + x]) continue;
        if (i < total) dark[y * size + x] = (data[i >>> 3] >>> (7 - (i & 7))) & 1;
        i++;
      }
    }
  }
  const test = MASKS[mask];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) if (!fixed[y * size + x] && test(x, y)) dark[y * size + x] ^= 1;
  }
  return { size, dark };
}

function drawFormat(set, size, ecl, mask) {
  const bits = bchFormat(ecl, mask);
  const bit = (i) => (bits >>> i) & 1;
  for (let i = 0; i <= 5; i++) set(8, i, bit(i));
  set(8, 7, bit(6));
  set(8, 8, bit(7));
  set(7, 8, bit(8));
  for (let i = 9; i < 15; i++) set(14 - i, 8, bit(i));
  for (let i = 0; i < 8; i++) set(size - 1 - i, 8, bit(i));
  for (let i = 8; i < 15; i++) set(8, size - 15 + i, bit(i));
  set(8, size - 8, 1);
}

/** The standard penalty of a masked matrix (lower reads better). */
export function penalty({ size, dark }) {
  let score = 0;
  const at = (x, y) => dark[y * size + x];
  for (const horizontal of [true, false]) {
    for (let a = 0; a < size; a++) {
      let run = 0;
      let colour = -1;
      const line = [];
      for (let b = 0; b < size; b++) {
        const v = horizontal ? at(b, a) : at(a, b);
        line.push(v);
        if (v === colour) {
          run++;
          if (run === 5) score += 3;
          else if (run > 5) score += 1;
        } else {
          colour = v;
          run = 1;
        }
      }
      // finder-like 1:1:3:1:1 with four light modules before or after (outside counts as light)
      const light = (b) => b < 0 || b >= size || !line[b];
      for (let b = 0; b + 7 <= size; b++) {
        if (line[b] && !line[b + 1] && line[b + 2] && line[b + 3] && line[b + 4] && !line[b + 5] && line[b + 6]) {
          if (light(b - 1) && light(b - 2) && light(b - 3) && light(b - 4)) score += 40;
          if (light(b + 7) && light(b + 8) && light(b + 9) && light(b + 10)) score += 40;
        }
      }
    }
  }
  for (let y = 0; y + 1 < size; y++) {
    for (let x = 0; x + 1 < size; x++) {
      const v = at(x, y);
      if (v === at(x + 1, y) && v === at(x, y + 1) && v === at(x + 1, y + 1)) score += 3;
    }
  }
  let darkCount = 0;
  for (const v of dark) darkCount += v;
  const k = Math.ceil(Math.abs(darkCount * 20 - size * size * 10) / (size * size)) - 1;
  return score + Math.max(0, k) * 10;
}

/**
 * Encode `text` (UTF-8, byte mode). Options: `ecl` ('L' or 'M', default 'M' falling back to 'L'
 * when M needs a version above `maxVersion`), `version` (fixed) and `mask` (fixed, else the mask
 * with the lowest penalty). Returns {version, ecl, mask, size, dark} or throws when it is too long.
 */
export function encodeQR(text, opts = {}) {
  const bytes = Array.from(new TextEncoder().encode(String(text)));
  const levels = opts.ecl ? [opts.ecl] : ['M', 'L'];
  const maxVersion = opts.maxVersion || 40;
  for (const ecl of levels) {
    for (let ver = opts.version || 1; ver <= (opts.version || maxVersion); ver++) {
      const header = 4 + (ver <= 9 ? 8 : 16);
      if (header + bytes.length * 8 > dataCapacity(ver, ecl) * 8) continue;
      const data = codewords(bytes, ver, ecl);
      const masks = opts.mask === undefined ? [0, 1, 2, 3, 4, 5, 6, 7] : [opts.mask];
      let best = null;
      for (const mask of masks) {
        const m = build(ver, ecl, data, mask);
        const score = masks.length > 1 ? penalty(m) : 0;
        if (!best || score < best.score) best = { ...m, mask, score };
      }
      return { version: ver, ecl, mask: best.mask, size: best.size, dark: best.dark };
    }
  }
  throw new Error('QR: the text is too long');
}

/** An SVG element of the code with a quiet zone of `border` modules (one path of dark squares). */
export function qrSvg(code, { border = 4, label = '' } = {}) {
  const NS = 'http://www.w3.org/2000/svg';
  const full = code.size + border * 2;
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('viewBox', `0 0 ${full} ${full}`);
  svg.setAttribute('shape-rendering', 'crispEdges');
  svg.setAttribute('role', 'img');
  if (label) svg.setAttribute('aria-label', label);
  const bg = document.createElementNS(NS, 'rect');
  bg.setAttribute('width', full);
  bg.setAttribute('height', full);
  bg.setAttribute('fill', '#fff');
  const parts = [];
  for (let y = 0; y < code.size; y++) {
    for (let x = 0; x < code.size; x++) if (code.dark[y * code.size + x]) parts.push(`M${x + border} ${y + border}h1v1h-1z`);
  }
  const path = document.createElementNS(NS, 'path');
  path.setAttribute('d', parts.join(''));
  path.setAttribute('fill', '#000');
  svg.append(bg, path);
  return svg;
}
