"""モットコイン (Motto Coin) for 3-5 players: the Game protocol around the rules in state.py."""

from __future__ import annotations

from typing import Any

from pygames.core import CHANCE, Game, GameError, Outcome, Rng
from pygames.core.game import OptionSpec
from pygames.core.grammar import is_number

from . import state as st
from .bids import canonical, stronger_bids
from .coins import FORKS_TO_END, merge_gap
from .scoring import beats, score
from .state import DRAW, OVER, RECOVER, START, MottoState

START_CHOICES = (("random", "抽選（シードで決める）", "Drawn by lot (from the seed)"),
                 *((str(k), f"{k}番目の席", f"Seat {k}") for k in range(1, 6)))


def _err(code: str, ja: str, en: str, **params: Any) -> GameError:
    return GameError(f"motto.{code}", ja, en, **params)


def parse_bid(action: str) -> tuple[int, ...]:
    """Faces of ``bid 6,6,1``; GameError if malformed or not in canonical (high-to-low) order."""
    body = action[4:]
    parts = body.split(",") if body else []
    if not parts or len(parts) > 12 or not all(is_number(p) and len(p) == 1 for p in parts):
        raise _err("bid.syntax", "入札は「bid 6,6,1」のように目をカンマで区切って書きます",
                   "Write a bid as 'bid 6,6,1': the faces separated by commas", action=action[:40])
    faces = tuple(int(p) for p in parts)
    if not all(1 <= f <= 6 for f in faces):
        raise _err("bid.bad_face", "ダイスの目は1〜6です", "Dice faces are 1 to 6", action=action[:40])
    if canonical(faces) != action:
        raise _err("bid.not_canonical", f"目は大きい順に書いてください（{canonical(faces)}）",
                   f"List the faces from high to low: {canonical(faces)}", canonical=canonical(faces))
    return faces


class MottoGame(Game[MottoState]):
    """Motto Coin: bid dice for crypto-coins; the dice stay on them until the crash."""

    name = "motto"
    title_ja = "モットコイン"
    title_en = "Motto Coin"
    summary_ja = "ダイスの目で仮想通貨を競り落とす。コインに載せたダイスは、ゲーム終了の大暴落で損失になる。"
    summary_en = "Bid dice faces for crypto-coins; the dice you lock up on them become losses in the final crash."
    min_seats = 3
    max_seats = 5
    bot_levels = ("easy", "normal", "hard")
    hidden_information = False
    engine_version = "2"
    option_specs = (
        # v2: the start player is chosen at setup or drawn by lot (v1 records: always seat 1).
        OptionSpec("start", "スタートプレイヤー", "Start player", "choice", "random", START_CHOICES,
                   since=2, legacy="1", choice_seats=(("4", 4), ("5", 5))),
    )

    # --- setup -----------------------------------------------------------------------
    def initial_state(self, options: dict[str, Any], seats: int) -> MottoState:
        """The opening position; ``options["start"]`` is a seat number ("1"…) or "random" (a chance
        draw, logged, before the first coin). Without the key: seat 1, as in version 1."""
        s = MottoState(seats)
        start = options.get("start", "1")
        if start == "random":
            s.phase, s.starter = START, None
        elif isinstance(start, str) and is_number(start) and 1 <= int(start) <= seats:
            s.opener = s.starter = int(start) - 1
        else:
            raise _err("bad_start", f"スタートプレイヤーは1〜{seats}番目の席か抽選から選んでください",
                       f"The start player must be seat 1 to {seats} or drawn by lot", start=str(start)[:10], seats=seats)
        return s

    # --- rules -----------------------------------------------------------------------
    def to_move(self, s: MottoState) -> tuple[int, ...]:
        if s.phase == OVER:
            return ()
        if s.phase in (DRAW, START):
            return (CHANCE,)
        if s.phase == RECOVER:
            return (s.pending[0],)
        return (s.turn,) if s.turn is not None else ()

    def chance_outcomes(self, s: MottoState) -> list[tuple[str, float]]:
        if s.phase == START:
            return [(f"start {k}", 1 / s.n) for k in range(1, s.n + 1)]
        if s.phase != DRAW:
            return []
        pool = s.deck or s.aside
        return [(f"draw {no}", 1 / len(pool)) for no in sorted(pool)]

    def legal_actions(self, s: MottoState, seat: int) -> list[str]:
        if seat == CHANCE or seat not in self.to_move(s):
            return []
        if s.phase == RECOVER:
            return [f"recover {cid}" for cid in st.lowest_choices(s, seat)]
        standing = s.offers[s.high] if s.high is not None else None
        return ["pass", *stronger_bids(s.free[seat], standing)]

    def _apply(self, s: MottoState, seat: int, action: str) -> MottoState:
        if seat == CHANCE:
            return self._apply_chance(s, action)
        if s.phase == RECOVER:
            return self._apply_recover(s, seat, action)
        if action == "pass":
            t = s.clone()
            t.passed[seat] = True
            if t.offers[seat] is not None:
                t.dropouts.append(seat)
            st.next_bidder(t, seat)
            return t
        if action.startswith("bid "):
            faces = parse_bid(action)
            if len(faces) > s.free[seat]:
                raise _err("bid.not_enough_dice",
                           f"手元の使えるダイスは{s.free[seat]}個です（コインに載ったダイスは競りに使えません）",
                           f"You have {s.free[seat]} free dice (dice on coins cannot be bid)",
                           free=s.free[seat], asked=len(faces))
            standing = s.offers[s.high] if s.high is not None else None
            if not beats(faces, standing):
                shown = ",".join(map(str, standing or ()))
                raise _err("bid.too_weak",
                           f"今の入札（{shown}）より強くありません。6の目の数、次に5の目の数…の順に比べます",
                           f"Not stronger than the standing bid ({shown}): compare the count of 6s, then 5s, and so on",
                           standing=list(standing or ()), bid=list(faces))
            t = s.clone()
            t.offers[seat] = faces
            t.high = seat
            st.next_bidder(t, seat)
            return t
        raise _err("bad_action", f"「{action[:30]}」という手はありません（書き方は bid 6,5 か pass）",
                   f"There is no action '{action[:30]}' (write bid 6,5 or pass)", action=action[:40])

    def _apply_chance(self, s: MottoState, action: str) -> MottoState:
        if s.phase == START:
            k = action[6:]
            if not action.startswith("start ") or not is_number(k) or not 1 <= int(k) <= s.n:
                raise GameError("match.bad_chance", f"ありえない抽選の結果です（{action[:40]}）",
                                f"Impossible chance outcome: {action[:40]}", action=action[:40])
            t = s.clone()
            t.phase, t.opener, t.starter = DRAW, int(k) - 1, int(k) - 1
            return t
        pool = s.deck or s.aside
        no = action[5:]
        if s.phase != DRAW or not action.startswith("draw ") or not is_number(no) or int(no) not in pool:
            raise GameError("match.bad_chance", f"ありえない抽選の結果です（{action[:40]}）",
                            f"Impossible chance outcome: {action[:40]}", action=action[:40])
        t = s.clone()
        st.draw(t, int(no))
        return t

    def _apply_recover(self, s: MottoState, seat: int, action: str) -> MottoState:
        choices = st.lowest_choices(s, seat)
        cid = action[8:] if action.startswith("recover ") else None
        if cid not in choices:
            raise _err("recover.not_lowest",
                       "最小1個回収: 一番小さい目のダイスが載ったコインを選んでください",
                       "Recover one lowest die: choose a coin that holds one of your lowest dice",
                       choices=choices, action=action[:40])
        t = s.clone()
        st.recover_from(t, seat, cid)
        if t.last and t.last.get("kind") == "sale":
            recovered = list(t.last["recovered"])
            recovered[seat] = cid
            t.last = dict(t.last, recovered=recovered)
        t.pending.pop(0)
        st.after_auction(t)
        return t

    def outcome(self, s: MottoState) -> Outcome | None:
        if s.phase != OVER:
            return None
        sheets = [self.score(s, seat) for seat in range(s.n)]
        totals = tuple(sheet["total"] for sheet in sheets)
        best = max(totals)
        winners = tuple(i for i, v in enumerate(totals) if v == best)
        if s.end == "fork":
            ja, en = f"4枚目のハードフォーク（No.{s.end_coin}）が出て終了", f"The 4th hard fork (No.{s.end_coin}) came up"
        else:
            ja, en = "競りにかけるコインがなくなって終了", "No coins left to auction"
        return Outcome(winners, totals, ja, en, {"scores": sheets, "end": s.end, "end_coin": s.end_coin})

    def score(self, s: MottoState, seat: int) -> dict[str, Any]:
        """``seat``'s score if the game ended now, step by step."""
        return score(s.holdings[seat], s.locked[seat], merge_gap(s.n))

    # --- presentation ----------------------------------------------------------------
    def view(self, s: MottoState, seat: int | None) -> dict[str, Any]:
        from .view import build_view
        return build_view(s)

    def describe_action(self, s: MottoState, seat: int, action: str) -> tuple[str, str]:
        from .view import describe
        return describe(self, s, seat, action)

    def progress(self, s: MottoState) -> dict[str, Any]:
        if s.phase == OVER:
            return {"turn": s.auctions, "ja": f"終了（競り{s.auctions}回）", "en": f"Finished ({s.auctions} auctions)"}
        return {"turn": s.auctions,
                "ja": f"競り{s.auctions}回目・ハードフォーク{s.forks_up}/{FORKS_TO_END}",
                "en": f"Auction {s.auctions}, hard forks {s.forks_up}/{FORKS_TO_END}"}

    # --- computer players --------------------------------------------------------------
    def bot_action(self, s: MottoState, seat: int, level: str, rng: Rng) -> str:
        from .bots import choose
        return choose(self, s, seat, level, rng)


