// Every shell string, Japanese first. `t(key, ...args)` picks the current language;
// entries may be functions of args. The language is remembered in localStorage.

const LANG_KEY = 'pygames.lang';

const STRINGS = {
  siteTitle: ['ボードゲーム広場', 'Board Game Plaza'],
  siteTagline: ['日本のボードゲームをブラウザで。サーバー不要、オフラインでも遊べます。',
    'Japanese tabletop games in your browser. No server; plays offline.'],
  siteFooter: ['pygames · ブラウザで動くPython（Pyodide）', 'pygames · Python in your browser (Pyodide)'],
  skipToMain: ['本文へ移動', 'Skip to content'],
  langToggle: ['English', '日本語'],
  langToggleLabel: ['Switch to English', '日本語に切り替え'],
  home: ['ホーム', 'Home'],
  // boot
  bootTitle: ['準備中…', 'Getting ready…'],
  bootStarting: ['Pythonを起動しています…', 'Starting Python…'],
  bootReady: ['準備ができました', 'Ready'],
  bootFailed: ['起動できませんでした', 'Could not start'],
  bootFailedHelp: ['ページを再読み込みしてもう一度試してください。続く場合はブラウザを更新してください。',
    'Reload the page to try again. If it keeps failing, update your browser.'],
  bootNoBridge: ['実行環境（web/runtime/bridge.js）を読み込めませんでした',
    'Could not load the runtime (web/runtime/bridge.js)'],
  retry: ['再試行', 'Retry'],
  waitEngine: ['準備ができるまでお待ちください…', 'Please wait until everything is ready…'],
  // landing
  gamesHeading: ['ゲーム', 'Games'],
  players: (n, m) => n === m ? [`${n}人`, `${n} players`] : [`${n}〜${m}人`, `${n}–${m} players`],
  newMatch: ['新しい対局', 'New match'],
  rules: ['遊び方', 'How to play'],
  rulesShort: ['遊び方', 'Rules'],
  noGames: ['遊べるゲームがまだありません。', 'No games are available yet.'],
  savesHeading: ['保存した対局', 'Saved matches'],
  noSaves: ['保存した対局はありません。', 'No saved matches.'],
  continue: ['続ける', 'Continue'],
  resumeHeading: ['続きから', 'Pick up where you left off'],
  replay: ['再生', 'Replay'],
  delete: ['削除', 'Delete'],
  export: ['書き出し', 'Export'],
  confirmDelete: ['この対局を削除しますか？', 'Delete this match?'],
  rename: ['名前を付ける', 'Rename'],
  renameLabel: ['この対局の名前（空にすると元に戻ります）', 'Name of this match (empty: back to the game\'s name)'],
  renameSave: ['保存', 'Save'],
  confirmDeleteYes: ['削除する', 'Delete'],
  cancel: ['やめる', 'Cancel'],
  finished: ['終了', 'Finished'],
  lastPlayed: (when) => [`${when} に保存`, `Last played ${when}`],
  brokenSave: ['この保存データは壊れているため開けません。', 'This save is damaged and cannot be opened.'],
  brokenSaveWhy: (why) => [`この保存データは開けません。${why}`, `This save cannot be opened. ${why}`],
  importHeading: ['読み込み', 'Import'],
  importLabel: ['対局ファイル（JSON）を選ぶ', 'Choose a match file (JSON)'],
  importDone: (title) => [`「${title}」を読み込みました`, `Imported “${title}”`],
  importFailed: (why) => [`読み込めませんでした。${why}`, `Could not import. ${why}`],
  importTooBig: ['ファイルが大きすぎます', 'The file is too large'],
  unknownGame: ['不明なゲーム', 'Unknown game'],
  // setup
  setupHeading: (title) => [`${title} — 新しい対局`, `${title} — New match`],
  seatCount: ['人数', 'Players'],
  seat: (n) => [`${n}番目の席`, `Seat ${n}`],
  seatType: ['種類', 'Type'],
  human: ['この端末の人', 'Person on this device'],
  computer: ['コンピュータ', 'Computer'],
  name: ['名前', 'Name'],
  level: ['強さ', 'Level'],
  levelName: (level) => { const l = LEVELS[level] || [level, level]; return [l[0], l[1].charAt(0).toUpperCase() + l[1].slice(1)]; },
  defaultName: (n) => [`プレイヤー${n}`, `Player ${n}`],
  computerName: (level, n) => [`コンピュータ${n ?? ''}（${(LEVELS[level] || [level])[0]}）`, `Computer${n ? ` ${n}` : ''} (${(LEVELS[level] || [level, level])[1]})`],
  optionsHeading: ['設定', 'Options'],
  seedLabel: ['シード（対局番号・任意）', 'Seed (match number, optional)'],
  seedHelp: ['同じシードで同じ手を指せば、同じ対局になります。空欄なら毎回ちがう対局です。',
    'The same seed and the same moves give the same match. Leave it empty for a new one each time.'],
  seedBad: ['シードは0から9007199254740991までの整数にしてください', 'The seed must be a whole number from 0 to 9007199254740991'],
  jsonBad: (label) => [`「${label}」がJSONとして読めません`, `"${label}" is not valid JSON`],
  start: ['対局を始める', 'Start the match'],
  yes: ['はい', 'Yes'],
  // match
  loading: ['読み込み中…', 'Loading…'],
  undo: ['待った', 'Undo'],
  share: ['共有', 'Share'],
  thinking: (name) => [`${name}が考え中…`, `${name} is thinking…`],
  yourTurn: (name) => [`${name}さんの番です`, `Your turn, ${name}`],
  yourTurnYou: ['あなたの番です', 'Your turn'],
  waitingFor: (names) => [`${names}の番です`, `Waiting for ${names}`],
  handOver: (name) => [`${name}さんの番です。端末を渡してください`, `It is ${name}'s turn. Please hand over the device.`],
  handOverButton: (name) => [`${name}さんです。表示する`, `I am ${name}, show my view`],
  logHeading: ['棋譜・記録', 'Move log'],
  logEmpty: ['まだ手はありません。', 'No moves yet.'],
  chanceSeat: ['進行', 'Game'],
  outcomeWin: (names) => [`${names}の勝ち`, `${names} won`],
  outcomeDraw: ['引き分け', 'Draw'],
  scores: ['得点', 'Scores'],
  matchOver: ['対局終了', 'Match over'],
  notFound: ['その対局は見つかりません。削除されたかもしれません。', 'That match was not found. It may have been deleted.'],
  cannotOpen: (why) => [`この対局を開けません。${why}`, `Cannot open this match. ${why}`],
  backHome: ['ホームに戻る', 'Back to home'],
  refusalCode: (code) => [`理由のコード: ${code}`, `Reason code: ${code}`],
  noView: ['このゲームの画面はまだありません。簡易表示で遊べます。', 'This game has no screen yet; a plain view is shown.'],
  plainLegal: ['指せる手', 'Moves you can play'],
  play: ['この手にする', 'Play it'],
  toolbar: ['対局の操作', 'Match controls'],
  spectator: ['観戦', 'Spectator'],
  perspective: ['視点', 'Point of view'],
  publicView: ['公開情報だけ（手札なし）', 'Public information only (no hands)'],
  whoIsLooking: ['だれが見ますか？ 対局中なので、見る人の手札だけを表示します。',
    'Who is looking? The match is not over, so only the viewer\'s own hand is shown.'],
  otherLooker: ['別の人が見る', 'Someone else is looking'],
  replaySecretNote: ['対局が終わるまで、相手やコンピュータの手札など非公開の情報は表示しません。',
    'Until the match is over, hidden information such as the other side\'s hand is not shown.'],
  quotaUnsaved: (n) => [`保存容量がいっぱいです。${n}手がまだ保存されていません（このタブには残っています。空きができしだい保存します）。古い対局を削除するか書き出してください。`,
    `Storage is full: ${n} move${n === 1 ? ' is' : 's are'} not saved yet (kept in this tab and saved as soon as there is space). Delete or export old matches.`],
  keptBoth: ['この対局は別のタブでも違う手で進められていました。両方を残しました。このタブの対局は別の保存になっています。',
    'This match was also played differently in another tab. Both are kept: this tab now continues as a separate save.'],
  otherVersion: ['もう一方の対局を開く', 'Open the other version'],
  updatedElsewhere: ['別のタブで進められた対局を読み込みました。', 'Loaded the moves made in another tab.'],
  engineDown: ['ゲームのエンジンが止まりました。対局は保存されています。', 'The game engine stopped. Your match is saved.'],
  engineRestart: ['エンジンを再起動', 'Restart the engine'],
  engineRestarting: ['再起動しています…', 'Restarting…'],
  movePending: ['（読み込み中）', '(loading)'],
  engineFailed: (why) => [`${why}`, `${why}`],
  listSep: ['・', ', '],
  notNow: ['今は指せません（手番ではないか、処理中か、対局が終わっています）', 'You cannot move now (it is not your turn, something is still running, or the match is over)'],
  watching: ['観戦中なので指せません', 'You are watching, so you cannot move'],
  replayNoAct: ['再生中は指せません', 'You cannot move in a replay'],
  // saving
  quota: ['保存容量がいっぱいで、この対局を保存できませんでした。古い対局を削除するか書き出してから、もう一度指してください。ほかの保存データはそのままです。',
    'Storage is full, so this match could not be saved. Delete or export old matches, then play again. Your other saves are unchanged.'],
  saveFailed: ['保存できませんでした。ほかの保存データはそのままです。', 'Could not save. Your other saves are unchanged.'],
  // replay
  replayHeading: (title) => [`${title} — 再生`, `${title} — Replay`],
  movesHeading: ['手順', 'Moves'],
  moveShow: (n) => [`${n}手目の局面を見る`, `Show the position after move ${n}`],
  first: ['最初', 'First'],
  back: ['一手戻る', 'Back'],
  forward: ['一手進む', 'Forward'],
  last: ['最後', 'Last'],
  plyOf: (p, n) => (p === 0 ? [`開始局面（全${n}手）`, `Start position (of ${n} moves)`] : [`${p}手目（全${n}手）`, `Move ${p} of ${n}`]),
  plySlider: ['手数', 'Move number'],
  toMatch: ['対局に戻る', 'Back to the match'],
  // share
  shareHeading: ['共有リンク', 'Share link'],
  shareHelp: ['このリンクを開くと、別のブラウザで同じ対局が開きます。', 'Opening this link shows the same match in another browser.'],
  shareFinished: ['終わった対局なので、再生として開きます。', 'The match is finished, so it opens as a replay.'],
  shareSecrets: ['注意　このリンクを開くと、これまでに配られた手札や隠れたカードがすべて見えます。これから引くカードは含まれません。相手に見られて困る場合は送らないでください。',
    'Warning: this link shows every hidden card and hand dealt so far. Future draws are not included. Do not send it to someone who must not see them.'],
  copy: ['コピー', 'Copy'],
  copied: ['コピーしました', 'Copied'],
  copyFailed: ['コピーできませんでした。リンクを選択してコピーしてください。', 'Could not copy; select the link and copy it.'],
  close: ['閉じる', 'Close'],
  linkHeading: ['共有リンクを開く', 'Opening a share link'],
  linkBad: (why) => [`このリンクは開けません。${why}`, `This link cannot be opened. ${why}`],
  linkBadHelp: ['リンクが途中で切れていないか、送り主に確かめてください。保存した対局は変わっていません。',
    'Check with the sender that the link was not cut short. Your saved matches are unchanged.'],
  // rules / pages
  rulesHeading: (title) => [`${title} — 遊び方`, `${title} — How to play`],
  rulesMissing: ['このゲームの遊び方はまだありません。', 'The rules of this game are not available yet.'],
  pageMissing: ['そのページはありません。', 'That page does not exist.'],
  routeMissing: ['そのページはありません。', 'That page does not exist.'],
  olderRulings: (which) => [`この対局は以前のルールのまま続けています（${which}）`, `This match continues under older rulings (${which})`],
  rulingValue: (label, value) => [`${label}は${value}`, `${label}: ${value}`],
  // turn display, result, undo
  eventsHeading: ['いまの流れ', 'What just happened'],
  you: ['あなた', 'You'],
  resultHeading: ['対局結果', 'Result'],
  seeBoard: ['盤面を見る', 'See the board'],
  seeResult: ['結果を見る', 'Show the result'],
  newMatchSame: ['もう一度遊ぶ', 'Play again'],
  undoBusy: ['コンピュータが考えている間は戻せません', 'Cannot take back while the computer is thinking'],
  undoSpectator: ['観戦中は戻せません', 'Spectators cannot take moves back'],
  undoWhy: (why) => [`待ったできません。${why}`, `Undo is not possible. ${why}`],
  // tutorials (tutorial.js)
  tutorialStart: ['はじめての方へ: チュートリアル', 'First time? Tutorial'],
  tutorialHeading: ['チュートリアル', 'Tutorial'],
  tutorialNext: ['次へ', 'Next'],
  tutorialFinish: ['おわり', 'Finish'],
  tutorialDoIt: ['説明のとおりに操作すると次へ進みます。', 'Make the move described to go on.'],
  tutorialReadFirst: ['説明を読んで「次へ」を押してから進めてください。', 'Read the caption and press "Next" first.'],
  tutorialOther: ['チュートリアルでは、説明にある手を選んでください。', 'In the tutorial, please make the move the caption suggests.'],
  tutorialDone: ['チュートリアルはここまでです。このまま続けて遊べます。', 'That is the end of the tutorial. You can play on from here.'],
  tutorialNewMatch: ['新しい対戦を始める', 'Start a new match'],
  tutorialMissing: (why) => [`チュートリアルを開けません: ${why}`, `The tutorial cannot be opened: ${why}`],
  replayKeys: ['← → で一手ずつ、Home / End で最初と最後へ。', '← → step through the moves; Home / End jump to the first and last.'],
  // update
  updateAvailable: ['新しい版があります', 'A new version is available'],
  updateButton: ['更新', 'Update'],
};

const LEVELS = {
  easy: ['よわい', 'easy'], normal: ['ふつう', 'normal'], hard: ['つよい', 'hard'],
  beginner: ['入門', 'beginner'], expert: ['達人', 'expert'], random: ['でたらめ', 'random'],
};

let lang = readLang();
const listeners = new Set();

/** The remembered choice, else the browser's first language (ja* → ja, anything else → en). */
function readLang() {
  try {
    const saved = localStorage.getItem(LANG_KEY);
    if (saved === 'en' || saved === 'ja') return saved;
  } catch {
    /* no storage: follow the browser */
  }
  return browserLang();
}

/** 'ja' when the browser's preferred language is Japanese, else 'en'. */
export function browserLang() {
  const langs = (navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || 'ja']);
  return /^ja\b/i.test(String(langs[0] || '')) ? 'ja' : 'en';
}

/** The current language: 'ja' or 'en'. */
export function getLang() {
  return lang;
}

/** Switch language, remember it, and tell listeners. */
export function setLang(next) {
  lang = next === 'en' ? 'en' : 'ja';
  try {
    localStorage.setItem(LANG_KEY, lang);
  } catch {
    /* a full storage only forgets the choice */
  }
  document.documentElement.lang = lang;
  for (const fn of listeners) fn(lang);
}

/** Call `fn(lang)` after every language change; returns an unsubscribe function. */
export function onLangChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** The shell string `key` in the current language. */
export function t(key, ...args) {
  return tIn(lang, key, ...args);
}

/** The shell string `key` in `which` language ('ja' | 'en'). */
export function tIn(which, key, ...args) {
  let entry = STRINGS[key];
  if (typeof entry === 'function') entry = entry(...args);
  if (!entry) return key;
  return which === 'en' ? entry[1] : entry[0];
}

/** An ApiError-like object for a refusal by the shell itself (code `shell.<key>`). */
export function shellError(code, key) {
  return { code, message_ja: tIn('ja', key), message_en: tIn('en', key), params: {} };
}

/** Pick from a {ja, en} object (engine text) or a (ja, en) pair. */
export function pick(ja, en) {
  if (ja && typeof ja === 'object') return (lang === 'en' ? ja.en : ja.ja) ?? ja.ja ?? '';
  return lang === 'en' ? (en ?? ja) : ja;
}

/** An ApiError-like {message_ja, message_en} in the current language. */
export function errorText(err) {
  if (!err) return '';
  if (err.message_ja || err.message_en) return lang === 'en' ? (err.message_en || err.message_ja) : (err.message_ja || err.message_en);
  return String(err.message || err);
}

const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A timestamp (ms) as a short local date and time: 2023年11月14日 22:13 / 14 Nov 2023, 22:13 (what
 * toLocaleString gives for ja-JP and en-GB). Written out by hand: the page's first use of Intl
 * loads the browser's locale data (35–145 ms measured in Chromium), which the landing page would
 * pay before it shows the saved matches.
 */
export function formatTime(ms) {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return '';
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return '';
  const two = (n) => String(n).padStart(2, '0');
  const time = `${two(d.getHours())}:${two(d.getMinutes())}`;
  return lang === 'en'
    ? `${d.getDate()} ${MONTHS_EN[d.getMonth()]} ${d.getFullYear()}, ${time}`
    : `${d.getFullYear()}年${d.getMonth() + 1}月${d.getDate()}日 ${time}`;
}
