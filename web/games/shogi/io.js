// Engine helper calls and file/clipboard plumbing for the shogi view.

/** Call one of the shogi engine's helper calls (VIEW.md "Helper calls") through the webapi. */
export function engineCall(ctx, name, args) {
  return ctx.api('game_call', { game: 'shogi', name, args });
}

/** The current match record: from the payload or the shell's context (whichever the shell offers). */
export async function getRecord(ctx, payload) {
  if (payload && payload.record) return payload.record;
  if (typeof ctx.record === 'function') return await ctx.record();
  if (ctx.record) return ctx.record;
  if (typeof ctx.getRecord === 'function') return await ctx.getRecord();
  // Fallback until the shell hands the record to views: the save of the match on screen.
  const m = /^#\/(?:play|replay)\/([a-z0-9]{4,40})/.exec(window.location.hash);
  if (m) {
    try {
      const saved = JSON.parse(localStorage.getItem(`pygames.match.${m[1]}`));
      if (saved && typeof saved === 'object' && Array.isArray(saved.actions)) return saved;
    } catch { /* fall through */ }
  }
  const err = /** @type {Error & {message_ja?: string, message_en?: string}} */ (new Error('no record'));
  err.message_ja = '対局データを取得できません';
  err.message_en = 'The match record is not available';
  throw err;
}

/** Open a record as a new match: through the shell if it offers a hook, else as a share link. */
export async function openRecord(ctx, record) {
  if (typeof ctx.openRecord === 'function') return ctx.openRecord(record);
  const res = await ctx.api('encode_link', { record });
  window.location.hash = `#m=${res.link}`;
  return null;
}

/** Offer `text` as a file download. */
export function downloadText(filename, text, type = 'text/plain;charset=utf-8') {
  downloadBlob(filename, new Blob([text], { type }));
}

/** Offer a Blob as a file download. */
export function downloadBlob(filename, blob) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Copy to the clipboard; false when the browser refuses. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
