// Record files in the page: export KIF / KI2 / CSA / SFEN (the engine writes them) and import a
// KIF / KIFU / KI2 / CSA / SFEN file (file picker or paste). A picked file's bytes go to the engine
// as base64 with the file name (it knows Shift_JIS and the formats); until that call exists the page
// decodes the text itself (BOM, then UTF-8, then Shift_JIS) and passes the text.

import { h } from '../../shell/dom.js';
import { namedPlayers } from '../../shell/seats.js';
import { engineCall, getRecord, openRecord, downloadBlob, downloadText, copyText } from './io.js';

let uid = 0;
const NOTICE_KEY = 'pygames.shogi.importNotice';

/** A GameError (or anything thrown) as "message [code]" in the current language. */
export function codedText(t, err) {
  if (!err) return '';
  const msg = t(err.message_ja || err.message || String(err), err.message_en || err.message || String(err));
  return err.code ? `${msg} [${err.code}]` : msg;
}

/** ArrayBuffer → base64 (in chunks: no call-stack limit on big files). */
export function toBase64(buf) {
  const bytes = new Uint8Array(buf);
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** A notice saved before opening an imported record, shown once by the next mounted view. */
export function takeImportNotice() {
  try {
    const v = sessionStorage.getItem(NOTICE_KEY);
    sessionStorage.removeItem(NOTICE_KEY);
    return v ? JSON.parse(v) : null;
  } catch { return null; }
}

function keepNotice(notice) {
  try { if (notice) sessionStorage.setItem(NOTICE_KEY, JSON.stringify(notice)); } catch { /* storage off */ }
}

const FORMATS = [
  // [format of the engine's export_record, button label ja, en]
  ['kifu', 'KIF', 'KIF'],
  ['kif', 'KIF（Shift_JIS）', 'KIF (Shift_JIS)'],
  ['ki2', 'KI2', 'KI2'],
  ['csa', 'CSA', 'CSA'],
];

/** Offer base64 bytes as a file download (the engine encodes Shift_JIS files itself). */
function downloadBase64(filename, b64) {
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  downloadBlob(filename, new Blob([bytes], { type: 'application/octet-stream' }));
}

/** The record in `format` from the engine: {text, filename, base64?}. The file names the players as the
 * screen does (先手：プレイヤー1, 後手：コンピュータ（ふつう）), not the empty names of seats nobody named. */
function exportAs(ctx, record, format) {
  return engineCall(ctx, 'export_record', { record: { ...record, players: namedPlayers(record.players) }, format });
}

/**
 * The files panel (a <details>). o = {ctx, t, payload, view, state: {open, msg, text, importText,
 * importMsg}} — `state` survives re-renders.
 */
export function filesPanel(o) {
  const { ctx, t, payload, view, state } = o;
  const det = h('details', { class: 'sg-export sg-filebox', open: state.open, ontoggle: () => { state.open = det.open; } });
  det.append(h('summary', { text: t('棋譜ファイル（KIF・KI2・CSA・SFEN）', 'Record files (KIF, KI2, CSA, SFEN)') }));
  const out = h('p', { class: 'sg-export-msg', role: 'status', text: state.msg || '' });
  const note = (text) => { state.msg = text; out.textContent = text; };
  const area = h('textarea', { class: 'sg-export-text', rows: '3', readOnly: true, 'aria-label': t('書き出した内容', 'Exported text') });
  area.value = state.text || view.sfen || '';
  const show = (text) => { state.text = text; area.value = text; };

  const exportButton = ([fmt, ja, en]) => h('button', { type: 'button', class: 'sg-btn', 'data-export': fmt === 'kifu' ? 'kif' : fmt,
    onclick: async () => {
      try {
        const res = await exportAs(ctx, await getRecord(ctx, payload), fmt);
        show(res.text);
        if (res.base64) downloadBase64(res.filename, res.base64);
        else downloadText(res.filename, res.text, 'text/plain;charset=utf-8');
        note(t(`${ja}を保存しました（${res.filename}）`, `${en} saved (${res.filename})`));
      } catch (err) { note(codedText(t, err)); }
    } }, t(`${ja}を保存`, `Save ${en}`));
  const sfenButton = h('button', { type: 'button', class: 'sg-btn', 'data-export': 'sfen', onclick: async () => {
    let value = view.sfen || '';
    if (view.cards) {
      // the card state (active cards, deck, discard) goes beside the SFEN as JSON
      try {
        const res = await engineCall(ctx, 'export_sfen', { record: await getRecord(ctx, payload) });
        value = res.cards ? `${res.sfen}\n${JSON.stringify(res.cards)}` : res.sfen;
      } catch { /* the plain SFEN of the view */ }
    }
    show(value);
    note((await copyText(value)) ? t('SFENをコピーしました', 'SFEN copied') : t('下の欄からコピーしてください', 'Copy it from the box below'));
  } }, t('SFENをコピー', 'Copy SFEN'));
  const copyButton = h('button', { type: 'button', class: 'sg-btn', 'data-export': 'copy', onclick: async () => {
    note((await copyText(area.value)) ? t('コピーしました', 'Copied') : t('下の欄からコピーしてください', 'Copy it from the box below'));
  } }, t('欄の内容をコピー', 'Copy the box'));
  det.append(h('div', { class: 'sg-row-buttons' }, FORMATS.map(exportButton), sfenButton, copyButton), area, out);
  det.append(importBox(o));
  return det;
}

function importBox(o) {
  const { ctx, t, payload, state } = o;
  const box = h('div', { class: 'sg-import' });
  const id = `sg-import-${++uid}`;
  const fid = `sg-import-file-${uid}`;
  const msgId = `sg-import-msg-${uid}`;
  const msg = h('p', { class: `sg-import-msg${state.importError ? ' sg-message-error' : ''}`, id: msgId, role: 'status', 'aria-live': 'polite',
    text: state.importMsg || '' });
  const say = (text, error = false) => {
    state.importMsg = text; state.importError = error;
    msg.textContent = text;
    msg.classList.toggle('sg-message-error', error);
  };
  const players = () => null; // the players named in the file, both played by people here
  async function open(res) {
    // the engine's notice (a record loaded up to an illegal move) and the file's end word, shown by
    // the view of the opened match
    const parts = [res.notice, res.result !== '投了' ? res.result_text : null].filter((x) => x && (x.ja || x.en));
    const notice = parts.length ? { ja: parts.map((x) => (x.code ? `${x.ja} [${x.code}]` : x.ja)).join(' '),
      en: parts.map((x) => (x.code ? `${x.en} [${x.code}]` : x.en)).join(' ') } : null;
    if (notice) keepNotice(notice);
    say(notice ? t(notice.ja, notice.en) : t('読み込みました', 'Loaded'));
    state.importText = '';
    await openRecord(ctx, res.record);
  }
  async function importText(text) {
    const res = await engineCall(ctx, 'import_record', { text, players: players(), seed: 0 });
    await keepBranches(ctx, text, res.record);
    return res;
  }
  async function importFile(file) {
    const buf = await file.arrayBuffer();
    const data = toBase64(buf);
    const res = await engineCall(ctx, 'import_file', { data, filename: file.name, players: players(), seed: 0 });
    if (/\.kifu?$/i.test(file.name)) {
      const decoded = await engineCall(ctx, 'decode_file', { data, filename: file.name });
      await keepBranches(ctx, decoded.text, res.record);
    }
    return res;
  }
  const area = h('textarea', { id, class: 'sg-import-text', rows: '3', 'aria-describedby': msgId,
    placeholder: t('ここに棋譜（KIF・KI2・CSA）か局面（SFEN）を貼り付け', 'Paste a record (KIF, KI2, CSA) or a position (SFEN) here'),
    oninput: () => { state.importText = area.value; } });
  area.value = state.importText || '';
  const file = h('input', { type: 'file', id: fid, class: 'sg-import-file', 'aria-describedby': msgId,
    accept: '.kif,.kifu,.ki2,.ki2u,.csa,.sfen,.usi,.txt,text/plain',
    onchange: async () => {
      const f = file.files && file.files[0];
      if (!f) return;
      say(t('読み込み中…', 'Loading…'));
      try { await open(await importFile(f)); } catch (err) { say(codedText(t, err), true); }
      file.value = '';
    } });
  const go = h('button', { type: 'button', class: 'sg-btn', 'data-import': 'go', onclick: async () => {
    say(t('読み込み中…', 'Loading…'));
    try { await open(await importText(area.value)); } catch (err) { say(codedText(t, err), true); }
  } }, t('貼り付けた棋譜を開く', 'Open the pasted record'));
  box.append(
    h('label', { for: fid, class: 'sg-import-label', text: t('棋譜ファイルを開く（KIF・KIFU・KI2・CSA・SFEN、Shift_JIS可）', 'Open a record file (KIF, KIFU, KI2, CSA, SFEN; Shift_JIS is fine)') }),
    file,
    h('label', { for: id, class: 'sg-import-label', text: t('または貼り付け', 'Or paste it') }),
    area, h('div', { class: 'sg-row-buttons' }, go), msg);
  return box;
}

const BRANCHES = 'pygames.shogi.importBranches';

/** A KIF's 変化 become the opened match's kept branches (the analysis panel's list): held here until
 *  the match opens (takeImportBranches), as the import notice is. */
async function keepBranches(ctx, text, record) {
  if (typeof text !== 'string' || !text.includes('変化')) return;
  try {
    const res = await engineCall(ctx, 'import_branches', { text });
    if (res.branches && res.branches.length) sessionStorage.setItem(BRANCHES, JSON.stringify({ actions: record.actions, branches: res.branches }));
  } catch { /* the main line is still opened */ }
}

/** The branches of the record just imported, if `record` is it (then forgotten). */
export function takeImportBranches(record) {
  try {
    const kept = JSON.parse(sessionStorage.getItem(BRANCHES) || 'null');
    if (!kept || !record || JSON.stringify(kept.actions) !== JSON.stringify(record.actions)) return null;
    sessionStorage.removeItem(BRANCHES);
    return Array.isArray(kept.branches) ? kept.branches : null;
  } catch { return null; }
}
