// New-match setup: seats (person on this device / computer with level), the options form
// (generated from option_specs, or the game's own setupForm), and an optional seed.

import { h, fill, clear, randomSeed } from './dom.js';
import { t, tIn, pick, errorText } from './i18n.js';
import { call, gameInfo, whenReady } from './engine.js';
import { engineWait } from './wait.js';
import { saveMatch, loadSave, SaveError } from './storage.js';
import { loadView, baseCtx } from './views.js';
import { go } from './router.js';
import { tutorialLink } from './tutorial.js';
import { messagePage } from './pages.js';
import { titleOf } from './match.js';
import { remoteSetupBox } from './remote.js';
import { typedName } from './seats.js';

const MAX_SEED = Number.MAX_SAFE_INTEGER;

/**
 * How the saved match `id` of `game` was set up, for 「もう一度遊ぶ」: its options, and either its seats
 * on this device (people with their typed names, the computer with its level) or, for a match with a
 * friend by link, this device's side and name; null when there is no such save.
 */
function setUpAs(id, game) {
  const saved = id ? loadSave(id) : null;
  const rec = saved && saved.record;
  if (!rec || rec.game !== game || !rec.options || typeof rec.options !== 'object' || Array.isArray(rec.options)) return null;
  const players = Array.isArray(rec.players) ? rec.players.filter((p) => p && typeof p === 'object') : [];
  let remote = null;
  if (rec.remote) {
    const seat = rec.meta && Number.isInteger(rec.meta.remote_seat) ? rec.meta.remote_seat : 0;
    remote = { seat, name: typedName(players[seat]) };
  }
  const seats = rec.remote ? null : players.map((p) => (p.type === 'bot'
    ? { type: 'bot', name: '', level: typeof p.level === 'string' ? p.level : '' }
    : { type: 'human', name: typedName(p), level: '' }));
  return { options: rec.options, remote, seats };
}

/** Render the setup page for `game` (`again`: the id of a saved match whose setup is taken again). */
export async function setupPage(root, { game, again = null }) {
  root.append(engineWait());
  await whenReady;
  const info = await gameInfo(game).catch(() => null);
  if (!info) return messagePage(root, () => t('routeMissing'));
  const viewMod = await loadView(game);
  clear(root);

  const middle = info.bot_levels[Math.floor((info.bot_levels.length - 1) / 2)] || info.bot_levels[0];
  const model = {
    count: info.min_seats,
    seats: Array.from({ length: info.max_seats }, (_, i) => ({
      type: i === 0 || info.bot_levels.length === 0 ? 'human' : 'bot', name: '', level: middle })),
    options: Object.fromEntries((info.options || []).map((o) => [o.key, o.default])),
    seed: '',
  };
  const before = setUpAs(again, game);
  if (before) for (const o of info.options || []) if (o.key in before.options) model.options[o.key] = before.options[o.key];
  // a rematch on this device: the same seats, the same people's names, the computer at the same level
  if (before && before.seats && before.seats.length >= info.min_seats && before.seats.length <= info.max_seats) {
    model.count = before.seats.length;
    before.seats.forEach((seat, i) => {
      const level = info.bot_levels.includes(seat.level) ? seat.level : middle;
      model.seats[i] = seat.type === 'bot' && info.bot_levels.length ? { ...seat, level } : { type: 'human', name: seat.name, level: middle };
    });
  }

  const heading = h('h1', { id: 'setup-h' });
  const seatsBox = h('fieldset', { class: 'seats' });
  const optionsBox = h('fieldset', { class: 'options' });
  const seedBox = h('div', { class: 'field seed' });
  const errorBox = h('p', { class: 'error', id: 'setup-error', role: 'alert' });
  const startButton = h('button', { type: 'submit', class: 'primary', id: 'start-match' });
  // 「友だちと（リンクで）」: a friend on another device (remote.js) instead of seats on this one
  // (offered for the games the engine says can be played by link: info.by_link)
  const remoteBox = info.by_link === true ? remoteSetupBox(info, before && before.remote) : null;
  const modeBox = remoteBox ? h('fieldset', { class: 'setup-mode', id: 'setup-mode' }) : null;
  let remoteMode = Boolean(remoteBox && before && before.remote); // a rematch with the friend: by link again
  const form = h('form', { class: 'setup card', 'aria-labelledby': 'setup-h', novalidate: true, onsubmit: onStart },
    modeBox, remoteBox ? remoteBox.el : null, seatsBox, optionsBox, seedBox, errorBox, startButton);
  const tutorialBox = h('p', { class: 'tutorial-offer' });
  root.append(heading, tutorialBox, form);
  tutorialLink(tutorialBox, game);

  let custom = null;
  // a game's form may name the match its options make (shogi: 本将棋) and say when that changes
  const ctx = { ...baseCtx(game), retitle: () => renderHeading() };
  if (viewMod && typeof viewMod.setupForm === 'function') {
    const customRoot = h('div', { class: 'custom-options' });
    optionsBox.append(h('legend', {}), customRoot);
    custom = viewMod.setupForm(customRoot, ctx);
    if (before && typeof custom.setOptions === 'function') custom.setOptions(before.options);
  }

  function renderMode() {
    if (!remoteBox) return;
    const en = document.documentElement.lang === 'en';
    const choice = (value, ja, enText) => h('span', { class: 'mode-choice' },
      h('input', { type: 'radio', name: 'setup-mode', id: `setup-mode-${value}`, value, checked: remoteMode === (value === 'remote'),
        onchange: () => { remoteMode = value === 'remote'; render(); } }),
      h('label', { for: `setup-mode-${value}` }, en ? enText : ja));
    fill(modeBox, h('legend', {}, en ? 'How to play' : '遊び方'),
      choice('local', 'この端末で', 'On this device'), choice('remote', '友だちと（リンクで）', 'With a friend (by link)'));
    remoteBox.el.hidden = !remoteMode;
    seatsBox.hidden = remoteMode;
    seedBox.hidden = remoteMode;
    // the game's own form hides what applies only on this device (shogi: the side against the computer)
    if (custom && typeof custom.setRemote === 'function') custom.setRemote(remoteMode);
    remoteBox.relang();
  }

  function renderHeading() {
    const own = custom && typeof custom.title === 'function' ? custom.title() : null;
    heading.textContent = t('setupHeading', pick(own || info.title));
  }

  function render() {
    renderHeading();
    renderMode();
    renderSeats();
    if (custom) {
      optionsBox.querySelector('legend').textContent = t('optionsHeading');
      if (typeof custom.relang === 'function') custom.relang();
    } else {
      renderOptions();
    }
    renderSeed();
    startButton.textContent = t('start');
  }

  function renderSeats() {
    fill(seatsBox, h('legend', {}, t('players', info.min_seats, info.max_seats)));
    if (info.max_seats > info.min_seats) {
      const select = h('select', { id: 'seat-count', onchange: (e) => { model.count = Number(e.target.value); renderSeats(); if (!custom) renderOptions(); } });
      for (let n = info.min_seats; n <= info.max_seats; n++) {
        select.append(h('option', { value: n, selected: n === model.count }, t('players', n, n)));
      }
      seatsBox.append(h('div', { class: 'field' }, h('label', { for: 'seat-count' }, t('seatCount')), select));
    }
    const list = h('ol', { class: 'seat-list' });
    for (let i = 0; i < model.count; i++) list.append(seatRow(i));
    seatsBox.append(list);
  }

  function seatRow(i) {
    const seat = model.seats[i];
    const typeId = `seat-${i}-type`;
    const typeSelect = h('select', { id: typeId, onchange: (e) => { seat.type = e.target.value; renderSeats(); document.getElementById(typeId).focus(); } },
      h('option', { value: 'human', selected: seat.type === 'human' }, t('human')),
      info.bot_levels.length ? h('option', { value: 'bot', selected: seat.type === 'bot' }, t('computer')) : null);
    const row = h('li', { class: 'seat-row', dataset: { seat: i } },
      h('span', { class: 'seat-no' }, t('seat', i + 1)),
      h('div', { class: 'field' }, h('label', { for: typeId }, t('seatType')), typeSelect));
    if (seat.type === 'human') {
      row.append(h('div', { class: 'field' }, h('label', { for: `seat-${i}-name` }, t('name')),
        h('input', { id: `seat-${i}-name`, type: 'text', maxlength: 40, autocomplete: 'off', value: seat.name,
          placeholder: t('defaultName', i + 1), oninput: (e) => { seat.name = e.target.value; } })));
    } else {
      const levelSelect = h('select', { id: `seat-${i}-level`, onchange: (e) => { seat.level = e.target.value; } },
        info.bot_levels.map((lv) => h('option', { value: lv, selected: lv === seat.level }, t('levelName', lv))));
      row.append(h('div', { class: 'field' }, h('label', { for: `seat-${i}-level` }, t('level')), levelSelect));
    }
    return row;
  }

  function renderOptions() {
    const specs = info.options || [];
    optionsBox.hidden = specs.length === 0;
    fill(optionsBox, h('legend', {}, t('optionsHeading')));
    for (const spec of specs) optionsBox.append(optionField(spec));
  }

  function optionField(spec) {
    const id = `opt-${spec.key}`;
    const label = pick(spec.label);
    const value = model.options[spec.key];
    if (spec.kind === 'bool') {
      return h('div', { class: 'field check' },
        h('input', { id, type: 'checkbox', checked: Boolean(value), onchange: (e) => { model.options[spec.key] = e.target.checked; } }),
        h('label', { for: id }, label));
    }
    let control;
    if (spec.kind === 'choice') {
      // the engine names choices that need more seats (e.g. "seat 5" for three players): offer only the rest
      const offered = spec.choices.filter((c) => !c.min_seats || c.min_seats <= model.count);
      if (!offered.some((c) => c.value === value)) model.options[spec.key] = spec.default;
      const current = model.options[spec.key];
      control = h('select', { id, onchange: (e) => { model.options[spec.key] = offered[Number(e.target.value)].value; } },
        offered.map((c, i) => h('option', { value: i, selected: c.value === current }, pick(c.label))));
    } else if (spec.kind === 'int') {
      control = h('input', { id, type: 'number', inputmode: 'numeric', step: 1, min: spec.min ?? undefined, max: spec.max ?? undefined,
        value: String(value ?? ''), oninput: (e) => { model.options[spec.key] = e.target.value; } });
    } else {
      const text = typeof value === 'string' ? value : JSON.stringify(value ?? null, null, 1);
      control = h('textarea', { id, rows: 4, spellcheck: 'false', oninput: (e) => { model.options[spec.key] = e.target.value; } });
      control.value = text;
      model.options[spec.key] = text;
    }
    return h('div', { class: 'field', dataset: { kind: spec.kind } }, h('label', { for: id }, label), control);
  }

  function renderSeed() {
    fill(seedBox, 
      h('label', { for: 'seed' }, t('seedLabel')),
      h('input', { id: 'seed', type: 'text', inputmode: 'numeric', autocomplete: 'off', value: model.seed,
        'aria-describedby': 'seed-help', oninput: (e) => { model.seed = e.target.value; } }),
      h('p', { id: 'seed-help', class: 'muted small' }, t('seedHelp')));
  }

  function collectOptions() {
    if (custom) return custom.getOptions();
    const out = {};
    for (const spec of info.options || []) {
      let v = model.options[spec.key];
      if (spec.kind === 'int') {
        const text = String(v).trim();
        v = /^-?\d+$/.test(text) ? Number(text) : text; // the engine names a non-integer
      } else if (spec.kind === 'json') {
        try {
          v = JSON.parse(v);
        } catch {
          throw { message_ja: tIn('ja', 'jsonBad', spec.label.ja), message_en: tIn('en', 'jsonBad', spec.label.en) };
        }
      }
      out[spec.key] = v;
    }
    return out;
  }

  async function onStart(event) {
    event.preventDefault();
    errorBox.textContent = '';
    if (remoteMode) {
      startButton.disabled = true;
      try {
        go(`#/play/${await remoteBox.start(await collectOptions(), game)}`);
      } catch (err) {
        errorBox.textContent = err instanceof SaveError ? (err.quota ? t('quota') : t('saveFailed')) : errorText(err);
        startButton.disabled = false;
      }
      return;
    }
    let seed;
    const seedText = model.seed.trim();
    if (seedText === '') seed = randomSeed();
    else if (/^\d{1,16}$/.test(seedText) && Number(seedText) <= MAX_SEED) seed = Number(seedText);
    else {
      errorBox.textContent = t('seedBad');
      document.getElementById('seed').focus();
      return;
    }
    // A name is stored only when a person typed it; the rest are localised when drawn (seats.js).
    let players = model.seats.slice(0, model.count).map((s) => (s.type === 'bot'
      ? { type: 'bot', level: s.level, name: '' }
      : { type: 'human', name: s.name.trim() }));
    // a game's form may place the person at a side of their choice (shogi: 先手/後手/random)
    if (custom && typeof custom.arrangePlayers === 'function') players = custom.arrangePlayers(players, seed);
    startButton.disabled = true;
    try {
      const options = await collectOptions();
      const { record } = await call('new_match', { game, options, seed, players });
      // One per-click call for what the saved entry shows (webapi.look: `general`, and the view of
      // the seat the page shows first in `views[0]`, whose `view.title` names a variant).
      const { general, views } = await call('look', { record, look: null });
      const title = titleOf(views[0], info);
      const saved = saveMatch(record, { title, progress: general.progress, finished: Boolean(general.outcome) });
      go(`#/play/${saved.meta.id}`);
    } catch (err) {
      errorBox.textContent = err instanceof SaveError ? (err.quota ? t('quota') : t('saveFailed')) : errorText(err);
      startButton.disabled = false;
    }
  }

  render();
  return { relang: render };
}

