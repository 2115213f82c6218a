"""The reference of every Tragedy Looper event: its data, who sees it, and how it changes the board.

Every event the engine emits is registered here; emitting an unregistered type is a bug the
tests catch. `replay(rules, board, event)` applies an event a seat saw to a Board with the same
Board methods the engine used, so the deduction and the agents rebuild the public board without
a rule of their own; an event type they do not know is refused (UnmodelledRule).
docs/architecture.md prints this table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from ..core.text import T, Text
from .board import INCIDENTS_STOPPED, LEFT_BOARD, NO_FORBIDDEN, PROTAGONISTS_SHIELDED, Board
from .rules import RuleBook
from .unmodelled import BOARD_REPLAY, q, refuse

EVERYONE, GM_ONLY, OWN_SEAT = "everyone", "the Mastermind", "the seat that placed it"
Replay = Callable[[RuleBook, Board, Mapping[str, Any]], None]


@dataclass(frozen=True)
class EventType:
    name: str
    seen_by: str
    about: str
    data: Mapping[str, str] = field(default_factory=dict)
    replay: Replay | None = None  # how it changes the public board (None: it does not)


EVENT_TYPES: dict[str, EventType] = {}


def event_type(name: str, seen_by: str, about: str, data: Mapping[str, str] | None = None, replay: Replay | None = None) -> None:
    if name in EVENT_TYPES:
        raise ValueError(f"event type {name!r} registered twice")
    EVENT_TYPES[name] = EventType(name, seen_by, about, dict(data or {}), replay)


def replay(rules: RuleBook, board: Board, type_: str, data: Mapping[str, Any], who: Text = BOARD_REPLAY) -> None:
    """Apply one event (its type and data) to `board`; UnmodelledRule for a type not in the reference."""
    et = EVENT_TYPES.get(type_)
    if et is None:
        raise refuse(who, T("unmodelled.what.event", event=q(type_)), T("unmodelled.why.not_an_event"))
    if et.replay is not None:
        et.replay(rules, board, data)


def _place_at_start(rules: RuleBook, board: Board, ch: str, location: str) -> None:
    """A character whose start is chosen each loop is off the board until it is placed, so a board
    rebuilt from a seat's events may meet it here first (the engine's board knows the whole cast)."""
    board.ensure(rules, ch)
    board.set_start(ch, location)


def _enter_now(rules: RuleBook, board: Board, ch: str, location: str) -> None:
    """She enters once per game: the board marks it with a game-long token (Rei's Part-Timer(?))."""
    _place_at_start(rules, board, ch, location)
    board.add_token(ch, "entered")


def _status(status: str) -> Replay:
    """The replay of an event that puts a loop-long status on the characters it names."""

    def run(rules: RuleBook, board: Board, data: Mapping[str, Any]) -> None:
        # (an event naming characters may name none: the Doctor frees the Patient of a cast without one)
        for ch in data["characters"] if "characters" in data else [data["character"]]:
            board.add_status(status, ch)

    return run


def _leave(board: Board, ch: str) -> None:
    board.set_location(ch, None)
    board.add_status(LEFT_BOARD, ch)


# ---------------------------------------------------------------- game and loops
event_type("game_start", EVERYONE, "A game begins: the set, loops, days and the public incident schedule.")
event_type("special_rules", EVERYONE, "The script's special rule, if any.")
event_type("loop_start", EVERYONE, "A loop begins; the board is reset.", {"loop": "loop number"},
           lambda r, b, d: b.reset_for_loop(r))
event_type("enters", EVERYONE, "A character enters the game at its start: this loop (Godly Being) or today (Transfer Student).", {"character": "id"},
           lambda r, b, d: b.enter(r, d["character"]))
event_type("turf", EVERYONE, "The Boss's turf, shown at every loop start.", {"character": "id", "location": "location id"},
           lambda r, b, d: b.set_turf(d["character"], d["location"]))
event_type("placed", EVERYONE, "Where a character whose start is chosen each loop starts (Henchman).",
           {"character": "id", "location": "location id"}, lambda r, b, d: _place_at_start(r, b, d["character"], d["location"]))
event_type("day_start", EVERYONE, "A day begins.", {"loop": "loop", "day": "day", "leader": "the Leader's hand, 0..2"})
event_type("loop_won", EVERYONE, "The loop ended with no loss condition met: the Protagonists win.")
event_type("loop_lost", EVERYONE, "The loop ended and the Protagonists lost it.")
event_type("skip_to_final", EVERYONE, "The Protagonists skip the remaining loops for the Final Guess.")
event_type("final_guess", EVERYONE, "The Final Guess begins.")
event_type("guess", EVERYONE, "One answer of the Final Guess.", {"character": "id", "role": "role id guessed"})
event_type("game_over", EVERYONE, "The game is over.", {"winner": "protagonists, mastermind, or a Traitor alone: traitor_a, traitor_b, traitor_c"})
event_type("script_revealed", EVERYONE, "The whole script, revealed at the end.", {"script": "the script as in a game file"})
event_type("loss_reason", GM_ONLY, "A loss condition was met (the Protagonists are told only at loop end).",
           {"reason": "the loss reason, a Text"})

# ---------------------------------------------------------------- cards
event_type("card_placed", EVERYONE, "A card is placed face down.", {"by": "hand id", "target": "character or location id"})
event_type("card_placed_own", OWN_SEAT, "Which card the placing seat put there.", {"by": "hand id", "card": "card id", "target": "id"})
event_type("cards_revealed", EVERYONE, "Every card of the day turned face up.",
           {"cards": "[{by: hand id, card, target}] in placement order"})
event_type("card_cancelled", EVERYONE, "A card has no effect (forbidden, or void).", {"target": "id", "card": "card id"})
event_type("card_also_on", EVERYONE, "A card on a location also acts on a character there, as if put on it (Illusion).",
           {"by": "hand id", "card": "card id", "target": "character id"})
event_type("leaves", EVERYONE, "A character leaves the board for the rest of the loop, alive (Illusion).", {"character": "id"},
           lambda r, b, d: _leave(b, d["character"]))
event_type("move_none", EVERYONE, "The movement cards on a character cancel out.", {"character": "id"})
event_type("forbid_ignored", GM_ONLY, "Forbid Goodwill ignored by the character's role (Time Traveler).", {"target": "id"})
event_type("cultist", GM_ONLY, "The Mastermind ignores Forbid Intrigue (Cultist).", {"target": "id"})
event_type("card_added", EVERYONE, "A card no hand is dealt is added to a hand (Rei: Hope +1, Despair +1...).",
           {"hand": "hand id", "card": "card id"})
event_type("card_added_source", GM_ONLY, "Which rule added a card to a hand.", {"hand": "hand id", "card": "card id", "source": "a Text"})
event_type("card_leaves_hands", EVERYONE, "Every copy of a card leaves every Protagonist's hand (Rei: Hope +1).", {"card": "card id"})
event_type("cards_act_as", EVERYONE, "Two or more of a card played the same day each act as another card (Rei: Hope +1).",
           {"card": "card id", "acts_as": "card id"})
event_type("card_returned", EVERYONE, "The Leader takes a used once-per-loop card back (Class Rep).", {"card": "card id"})

# ---------------------------------------------------------------- the board
event_type("counter", EVERYONE, "Counters placed on or removed from a character or location.",
           {"target": "id", "kind": "counter kind", "delta": "signed number actually placed or removed"},
           lambda r, b, d: b.add(d["target"], d["kind"], d["delta"]))
event_type("gauge", EVERYONE, "A gauge of the set moves (Another Horizon's Extra Gauge).",
           {"gauge": "gauge id", "delta": "signed change actually made"}, lambda r, b, d: b.move_gauge(d["gauge"], d["delta"]))
event_type("warp", "the Mastermind, for ever", "A Warp is triggered (Another Horizon): the Mastermind need not announce it; "
           "the gauge rises at the day's end.", {"count": "the Warps triggered today so far"})
event_type("puppet_goodwill", EVERYONE, "The Mastermind uses a character's Goodwill ability (Another Horizon's Puppeted Goodwill Refusal).",
           {"character": "id", "ability": "ability reference"})
event_type("move", EVERYONE, "A character moves.", {"character": "id", "to": "location id"},
           lambda r, b, d: b.set_location(d["character"], d["to"]))
event_type("move_blocked", EVERYONE, "A move into a forbidden location does not happen.", {"character": "id"})
event_type("death", EVERYONE, "A character dies (its corpse stays where it fell).", {"character": "id"},
           lambda r, b, d: b.set_alive(d["character"], False))
event_type("death_cause", GM_ONLY, "What killed a character.", {"character": "id", "cause": "a Text"})
event_type("death_prevented", GM_ONLY, "A death that did not happen (the character cannot die).", {"character": "id"})
event_type("guard", EVERYONE, "A character would die; one Guard counter is removed instead.", {"character": "id"},
           lambda r, b, d: b.add(d["character"], "guard", -1))
event_type("key_person_died", GM_ONLY, "The character whose death ends the loop died.", {"character": "id"})
event_type("revive", EVERYONE, "A corpse comes back to life.", {"character": "id"}, lambda r, b, d: b.set_alive(d["character"], True))
event_type("protagonists_die", EVERYONE, "The Protagonists die; the loop ends.")
event_type("protagonists_lose", EVERYONE, "The Protagonists lose and the loop ends (Time Traveler).")
event_type("extra_card", EVERYONE, "An Extra card is placed on a character.", {"character": "id"},
           lambda r, b, d: b.extra_cards.add(d["character"]))
event_type("enters_now", EVERYONE, "A character enters the board now, at this location (Rei: the Part-Timer(?)).",
           {"character": "id", "location": "location id"}, lambda r, b, d: _enter_now(r, b, d["character"], d["location"]))
event_type("dies_instead", EVERYONE, "A character dies in the place of another (Rei: the Servant).", {"character": "id", "instead_of": "id"})
event_type("loyalty", EVERYONE, "The Servant's Loyalty token: she serves this character too for the rest of the loop.",
           {"character": "id"}, _status("loyalty"))
event_type("token", EVERYONE, "A game-long token is placed on a character (Rei: Perished, Acquainted).",
           {"character": "id", "token": "token id"}, lambda r, b, d: None if b.add_token(d["character"], d["token"]) else None)
event_type("extra_card_source", GM_ONLY, "Which rule put an Extra card there.", {"character": "id", "source": "a Text"})
event_type("patient_free", EVERYONE, "For the rest of the loop these characters have no forbidden locations (Doctor).",
           {"characters": "ids"}, _status(NO_FORBIDDEN))
event_type("stand_down", EVERYONE, "For the rest of the loop this character's incidents do not occur (Henchman).",
           {"character": "id"}, _status(INCIDENTS_STOPPED))
event_type("protagonists_shielded", EVERYONE, "For the rest of the loop nothing kills the Protagonists (Soldier).",
           {"character": "id"}, _status(PROTAGONISTS_SHIELDED))
event_type("protagonists_spared", GM_ONLY, "The Protagonists would have died; the Soldier's ability stops it.")
event_type("no_protagonist_cards", EVERYONE, "For the rest of the loop the Protagonists may not put cards on these characters.",
           {"characters": "ids"}, _status("no_protagonist_cards"))

# ---------------------------------------------------------------- abilities, reveals, incidents
event_type("mm_ability", GM_ONLY, "The Mastermind uses an optional ability.", {"key": "ability key"})
event_type("no_target", EVERYONE, "An ability or incident step has no possible target.")
event_type("goodwill_declared", EVERYONE, "The Leader uses a Goodwill ability.",
           {"character": "id", "key": "ability key", "ability": "the ability: {kind, character, index}"})
event_type("goodwill_refused", EVERYONE, "The character would not listen (Goodwill Refusal).", {"character": "id"})
event_type("reveal_role", EVERYONE, "A character's role is announced.", {"character": "id", "role": "role id announced"})
event_type("role_lie", GM_ONLY, "The announced role was a lie (Ninja).", {"character": "id", "role": "true role", "announced": "role id"})
event_type("role_sharers", EVERYONE, "The other living characters who hold a character's role, named (Copycat).",
           {"character": "id", "characters": "ids"})
event_type("goodwill_borrowed", EVERYONE, "An Adult's Goodwill ability is used through the Little Sister.",
           {"character": "the Adult's id", "key": "ability key", "ability": "the ability: {kind, character, index}"})
event_type("reveal_culprit", EVERYONE, "An incident's culprit is announced.", {"incident": "schedule index", "culprit": "id"})
event_type("subplot_chosen", EVERYONE, "The Leader chooses subplot 1 or 2 of the script (Informer).", {"n": "1 or 2"})
event_type("subplot_reveal", EVERYONE, "A subplot of the script is revealed (Informer).", {"plot": "plot id"})
event_type("incident", EVERYONE, "A scheduled incident occurs.", {"incident": "schedule index"})
event_type("incident_none", EVERYONE, "A scheduled incident does not occur.", {"incident": "schedule index"})
event_type("incident_culprit", GM_ONLY, "Who the culprit of the incident is.", {"incident": "schedule index", "culprit": "id"})
event_type("incident_true_name", GM_ONLY, "The incident shown under another name is really this one (Fake Incident).",
           {"incident": "schedule index", "incident_id": "incident id"})
event_type("incident_effect", EVERYONE, "An incident's effect happens through an ability, without the incident occurring (A.I.).",
           {"character": "id", "incident_id": "incident id"})
event_type("resolves_as", EVERYONE, "Which incident an incident resolves as (Conspiracies).",
           {"incident": "schedule index", "resolves_as": "incident id"})

# ---------------------------------------------------------------- Last Liar: Extra cards, Traitors, Secretkeeper, Executor
HOLDER_ONLY = "its holder only (not the Mastermind)"
event_type("extra_cards_dealt", EVERYONE, "The Extra cards A, B and C are dealt face down to the Protagonists (Last Liar).")
event_type("extra_card_dealt", HOLDER_ONLY, "Which Extra card this Protagonist was dealt.", {"card": "a, b or c"})
event_type("secretkeeper_doom", EVERYONE, "A Secretkeeper's role was revealed in loop 1 or 2: the Protagonists die at the end of this day or the next.",
           {"character": "id", "day": "the day at whose end they die", "one_card": "the Mastermind plays one card that day"})
event_type("executor_chooser", EVERYONE, "The Protagonist who chooses The Executor's victim.", {"hand": "hand id"})
event_type("traitors_revealed", EVERYONE, "Before the Final Guess: which Extra cards made Traitors.", {"cards": "letters"})
event_type("culprit_guessed", EVERYONE, "A Traitor Protagonist C names an incident's culprit.", {"incident": "schedule index", "character": "id"})
event_type("culprit_guess_wrong", EVERYONE, "The Traitor's naming of the culprits was not all right; the Final Guess goes on.",
           {"card": "the Traitor's letter"})


def reference_markdown() -> str:
    """The event reference as a Markdown table (docs/architecture.md shows it; a test keeps it in step)."""
    lines = ["| event | seen by | what it says | data | changes the board |", "|---|---|---|---|---|"]
    for et in EVENT_TYPES.values():
        data = ", ".join(f"`{k}`: {v}" for k, v in et.data.items()) or "-"
        lines.append(f"| `{et.name}` | {et.seen_by} | {et.about} | {data} | {'yes' if et.replay else '-'} |")
    return "\n".join(lines)
