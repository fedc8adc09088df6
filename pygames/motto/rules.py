"""The transitions of モットコイン: a pass, a bid, a recovered die, a chance draw."""

from __future__ import annotations

from pygames.core.grammar import is_number

from . import state as st
from . import messages  # noqa: F401  (registers the catalogue)
from pygames.core.errors import refuse
from .scoring import beats
from .state import DRAW, START, MottoState


def pass_(s: MottoState, seat: int) -> MottoState:
    """ハードパス: ``seat`` leaves this auction."""
    t = s.clone()
    t.passed[seat] = True
    if t.offers[seat] is not None:
        t.dropouts.append(seat)
    st.next_bidder(t, seat)
    return t


def bid(s: MottoState, seat: int, faces: tuple[int, ...]) -> MottoState:
    """``seat`` bids ``faces`` (read by :func:`.actions.parse`); GameError unless it can and beats
    the standing bid."""
    if len(faces) > s.free[seat]:
        raise refuse("motto.bid.not_enough_dice", free=s.free[seat], asked=len(faces))
    standing = s.offers[s.high] if s.high is not None else None
    if not beats(faces, standing):
        raise refuse("motto.bid.too_weak", standing=list(standing or ()), bid=list(faces))
    t = s.clone()
    t.offers[seat] = faces
    t.high = seat
    st.next_bidder(t, seat)
    return t


def chance(s: MottoState, action: str) -> MottoState:
    """A chance outcome: the start player drawn by lot, or the next coin revealed."""
    if s.phase == START:
        k = action[6:]
        if not action.startswith("start ") or not is_number(k) or not 1 <= int(k) <= s.n:
            raise refuse("match.bad_chance", action=action[:40])
        t = s.clone()
        t.phase, t.opener, t.starter = DRAW, int(k) - 1, int(k) - 1
        return t
    pool = s.deck or s.aside
    no = action[5:]
    if s.phase != DRAW or not action.startswith("draw ") or not is_number(no) or int(no) not in pool:
        raise refuse("match.bad_chance", action=action[:40])
    t = s.clone()
    st.draw(t, int(no))
    return t


def recover(s: MottoState, seat: int, action: str) -> MottoState:
    """最小1個回収: ``seat`` takes one lowest die back from a coin (GameError otherwise)."""
    choices = st.lowest_choices(s, seat)
    cid = action[8:] if action.startswith("recover ") else None
    if cid not in choices:
        raise refuse("motto.recover.not_lowest", choices=choices, action=action[:40])
    t = s.clone()
    st.recover_from(t, seat, cid)
    if t.last and t.last.get("kind") == "sale":
        recovered = list(t.last["recovered"])
        recovered[seat] = cid
        t.last = dict(t.last, recovered=recovered)
    t.pending.pop(0)
    st.after_auction(t)
    return t
