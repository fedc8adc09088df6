// Played in the runtime test page by scripts/stdlib_usage.py and tests/e2e/test_trimmed_stdlib.py:
// every game through webapi.dispatch — a new match, then bot actions applied until the end (at most
// MAX actions), with a view for every seat, check, log, summary, replay, load, links and undo.
// Shogi's records go out and back in every format (Shift_JIS files too). Resolves with
// {played: {game: actions}, records: [format…]}; an engine error rejects (ApiError: code, message).
async () => {
  const MAX = 80;
  const call = (name, args) => window.pg.engine.call(name, args);
  const played = {};
  for (const info of (await call("games", {})).games) {
    const game = info.name;
    let record = (await call("new_match", { game, seed: 20261203 })).record;
    const seats = record.players.length;
    let n = 0;
    for (; n < MAX; n++) {
      let mover = -1;
      for (let seat = 0; seat < seats && mover < 0; seat++) {
        if ((await call("legal_actions", { record, seat })).actions.length) mover = seat;
      }
      if (mover < 0) break;
      const { action } = await call("bot_action", { record, seat: mover, level: info.bot_levels[0] });
      await call("check", { record, seat: mover, action });
      record = (await call("apply", { record, seat: mover, action })).record;
      if (n % 10 === 0) for (let seat = 0; seat < seats; seat++) await call("view", { record, seat });
    }
    await call("view", { record, seat: null });
    await call("log", { record });
    await call("summary", { record });
    await call("replay", { record, ply: 1, seat: 0 });
    await call("load", { record: JSON.stringify(record) });
    const link = await call("encode_link", { record });
    await call("decode_link", { text: link.link || link.text || JSON.stringify(link) }).catch(() => null);
    await call("undo", { record, seat: 0 }).catch(() => null);
    played[game] = n;
  }
  const records = [];
  let hon = (await call("new_match", { game: "shogi", options: { ruleset: "hon" }, seed: 3 })).record;
  for (let i = 0; i < 12; i++) {
    const seat = i % 2;
    const { action } = await call("bot_action", { record: hon, seat, level: "easy" }).catch(
      () => call("bot_action", { record: hon, seat }));
    hon = (await call("apply", { record: hon, seat, action })).record;
  }
  for (const format of ["kif", "kifu", "ki2", "ki2u", "csa", "sfen", "usi"]) {
    const file = await call("game_call", { game: "shogi", name: "export_record", args: { record: hon, format } });
    await call("game_call", { game: "shogi", name: "import_file",
      args: { data: file.base64, filename: file.filename } });
    records.push(format);
  }
  return { played, records };
}
