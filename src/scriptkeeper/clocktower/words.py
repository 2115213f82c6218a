"""The Storyteller's words by day, as structured messages: announcements to everyone and
whispers to one player, each a text id with parameters (a seat, a character), never a sentence
kept in the state. A whisper reaches its recipient alone; the town sees only that the Storyteller
took them aside, as it would around a real circle. The words are the Storyteller's: the rules do
not check that they are true (the Savant hears one false thing, a drunk Fisherman bad advice)."""

from __future__ import annotations

from typing import Any, Mapping

from ..core.events import GM
from ..core.flow import Frame, ask, then
from ..core.text import Ref, T, Text
from .characters import character
from .rules import char_ref, place, remove, say, seat_ref, source_ref
from .state import STEPS, STORYTELLER, ClockState

ANNOUNCEMENTS = ("nominations_soon", "day_ends_soon", "quiet_please", "back_to_circle")
# What a whisper may say, by the parameters it takes.
WHISPER_PLAIN = ("yes", "no", "dont_know", "come_back_later", "advice_find_drunk", "advice_change_thinking", "advice_ignore_minions")
WHISPER_SEAT = ("is_good", "is_evil", "advice_execute", "advice_keep_alive", "advice_trust")
WHISPER_CHARACTER = ("in_play", "not_in_play")
WHISPER_SEAT_CHARACTER = ("is_character",)


def whisper_kinds() -> list[str]:
    return [*WHISPER_PLAIN, *WHISPER_SEAT, *WHISPER_CHARACTER, *WHISPER_SEAT_CHARACTER]


@STEPS("announce")
def _announce(state: ClockState, args: Mapping[str, Any]) -> None:
    text = args["text"]
    say(state, "announcement", T("ct.event.announcement", words=T(f"ct.say.{text}")), says=text)


@STEPS("whisper")
def _whisper(state: ClockState, args: Mapping[str, Any]) -> None:
    """What to whisper (or nothing after all); then its seat and character when it takes them."""
    to = args["to"]
    if "answer" not in args:
        opts: list[Any] = ["cancel", *({"text": k} for k in whisper_kinds())]
        ask(state, STORYTELLER, "whisper", T("ct.prompt.whisper", seat=seat_ref(to)), opts,
            lambda: [T("ct.label.cancel") if o == "cancel" else T(f"ct.say.kind.{o['text']}") for o in opts], "whisper", dict(args),
            info={"to": to})
        return
    if args["answer"] == "cancel":
        return
    then(state, Frame("whisper_fill", {"to": to, "text": args["answer"]["text"]}))


@STEPS("whisper_fill")
def _whisper_fill(state: ClockState, args: Mapping[str, Any]) -> None:
    to, text = args["to"], args["text"]
    needs_seat = text in WHISPER_SEAT or text in WHISPER_SEAT_CHARACTER
    needs_char = text in WHISPER_CHARACTER or text in WHISPER_SEAT_CHARACTER
    if needs_seat and "seat" not in args:
        opts = list(state.seats)
        ask(state, STORYTELLER, "whisper_seat", T("ct.prompt.whisper_seat"), opts, [T("ct.label.seat", seat=seat_ref(s)) for s in opts],
            "whisper_fill.seat", dict(args), info={"to": to, "text": text})
        return
    if needs_char and "character" not in args:
        chars = list(state.setup.script.characters)
        ask(state, STORYTELLER, "whisper_character", T("ct.prompt.whisper_character"), chars,
            [T("ct.label.character", character=char_ref(c)) for c in chars], "whisper_fill.character", dict(args), info={"to": to, "text": text})
        return
    params: dict[str, Any] = {}
    data: dict[str, Any] = {"to": to, "says": text}
    if "seat" in args:
        params["seat"], data["seat"] = seat_ref(args["seat"]), args["seat"]
    if "character" in args:
        params["character"], data["character"] = char_ref(args["character"]), args["character"]
    say(state, "taken_aside", T("ct.event.taken_aside", seat=seat_ref(to)), seat=to)
    say(state, "whisper", T("ct.event.whisper", words=whisper_text(text, params)), (to,), **data)


def whisper_text(text: str, params: Mapping[str, Any]) -> Text:
    return T(f"ct.say.{text}", **params)


@STEPS("whisper_fill.seat")
def _whisper_seat(state: ClockState, args: Mapping[str, Any]) -> None:
    then(state, Frame("whisper_fill", {k: v for k, v in args.items() if k != "answer"} | {"seat": args["answer"]}))


@STEPS("whisper_fill.character")
def _whisper_character(state: ClockState, args: Mapping[str, Any]) -> None:
    then(state, Frame("whisper_fill", {k: v for k, v in args.items() if k != "answer"} | {"character": args["answer"]}))


# ---------------------------------------------------------------- tokens moved by hand
# The Storyteller's own marks, beside the characters' reminders: a player made drunk or poisoned
# outside the rules (the rules read them like any other: state.drunk, state.poisoned).
STORYTELLER_TOKENS = ("drunk", "poisoned")


# Tokens the rules compute rather than read, so a hand-placed one would mean nothing: the Tea
# Lady's Cannot Die follows her living neighbours at every moment (views.reminders_on).
COMPUTED_TOKENS = {("tea_lady", "cannot_die")}


def placeable(state: ClockState) -> list[tuple[str, str]]:
    """The tokens the Storyteller may place by hand: every reminder of the script's characters
    the rules read, and the Storyteller's own Drunk and Poisoned marks."""
    out: list[tuple[str, str]] = []
    for cid in state.setup.script.characters:
        c = character(cid)
        for tok in (*c.reminders, *c.reminders_global):
            if (cid, tok) not in out and (cid, tok) not in COMPUTED_TOKENS:
                out.append((cid, tok))
    return out + [("storyteller", t) for t in STORYTELLER_TOKENS]


@STEPS("token")
def _token(state: ClockState, args: Mapping[str, Any]) -> None:
    """The Storyteller places or removes a reminder token by hand (a recorded decision)."""
    if "answer" not in args:
        opts: list[Any] = ["cancel"]
        opts += [{"remove": [r.source, r.token, r.seat]} for r in state.reminders]
        opts += [{"place": [src, tok]} for src, tok in placeable(state)]
        ask(state, STORYTELLER, "token", T("ct.prompt.token"), opts, lambda: [_token_label(o) for o in opts], "token", {})
        return
    o = args["answer"]
    if o == "cancel":
        return
    if "remove" in o:
        src, tok, seat = o["remove"]
        remove(state, src, tok, seat)
        say(state, "token_by_hand", T("ct.event.token_removed_by_hand", token=_tok(tok), source=_src(src)), GM, source=src, token=tok,
            seat=seat, placed=False)
        return
    then(state, Frame("token_where", {"source": o["place"][0], "token": o["place"][1]}))


def _tok(tok: str) -> Ref:
    return Ref("reminder", tok)


_src = source_ref


def _token_label(o: Any) -> Text:
    if o == "cancel":
        return T("ct.label.cancel")
    if "remove" in o:
        src, tok, seat = o["remove"]
        return T("ct.label.token_remove", token=_tok(tok), source=_src(src), seat=seat_ref(seat) if seat else T("ct.centre"))
    src, tok = o["place"]
    return T("ct.label.token_place", token=_tok(tok), source=_src(src))


@STEPS("token_where")
def _token_where(state: ClockState, args: Mapping[str, Any]) -> None:
    src, tok = args["source"], args["token"]
    if "answer" not in args:
        opts: list[Any] = ["centre", *state.seats]
        ask(state, STORYTELLER, "token_where", T("ct.prompt.token_where", token=_tok(tok)), opts,
            [T("ct.centre") if o == "centre" else T("ct.label.seat", seat=seat_ref(o)) for o in opts], "token_where", dict(args),
            info={"source": src, "token": tok})
        return
    seat = None if args["answer"] == "centre" else args["answer"]
    place(state, src, tok, seat)
    say(state, "token_by_hand", T("ct.event.token_placed_by_hand", token=_tok(tok), source=_src(src)), GM, source=src, token=tok,
        seat=seat, placed=True)
