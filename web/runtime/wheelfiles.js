// The files of a wheel whose entries are stored (not compressed), read from its bytes without Python:
// web/runtime/interpreter.js writes them into the engine's working directory. build.py stores the
// site's wheel this way (its .br/.gz siblings compress across files). A zip is read from its central
// directory (the end record, then one header per entry, each pointing at its local header).

const END = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const END_SIZE = 22;

/**
 * The entries of the wheel `bytes` ({name, data}: data a view into `bytes`), in the zip's order; or
 * null if an entry is compressed (then Pyodide's own unpacking should place it).
 * Throws an Error naming what is wrong for bytes that are not such a zip, or an entry whose name
 * would leave the folder it is placed in.
 * @param {Uint8Array} bytes
 * @returns {{name: string, data: Uint8Array}[] | null}
 */
export function storedEntries(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const names = new TextDecoder();
  let end = -1;
  for (let at = bytes.length - END_SIZE; at >= 0 && at >= bytes.length - END_SIZE - 0xffff; at--) {
    // (the end record's own comment length must reach the last byte: a comment may hold its signature)
    if (view.getUint32(at, true) === END && at + END_SIZE + view.getUint16(at + 20, true) === bytes.length) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new Error("the wheel is not a zip file (no end of central directory)");
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || view.getUint32(at, true) !== CENTRAL) {
      throw new Error(`the wheel's central directory is broken at entry ${i}`);
    }
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + skip;
    if (method !== 0) return null;
    if (name.startsWith("/") || name.includes("\\") || name.split("/").some((part) => part === "..")) {
      throw new Error(`the wheel holds an entry outside its folder: ${JSON.stringify(name)}`);
    }
    if (local + 30 > bytes.length || view.getUint32(local, true) !== LOCAL) {
      throw new Error(`the wheel's entry ${JSON.stringify(name)} has no local header`);
    }
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (start + size > bytes.length) throw new Error(`the wheel's entry ${JSON.stringify(name)} is cut short`);
    entries.push({ name, data: bytes.subarray(start, start + size) });
  }
  return entries;
}
