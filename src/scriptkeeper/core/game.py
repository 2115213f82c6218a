"""The protocol every game implements, and what it returns: outcomes per seat.

The server, its store, game files, `verify`, the agents' runner and the CLI know games only
through this protocol and the registry (registry.py). A game plugs in by implementing `Game`
and registering itself (an entry point of group `scriptkeeper.games`, or `registry.register`).

Words used here: a game's *setup* is what the game master fixes before play and keeps secret (a
Tragedy Looper script, a Clocktower grimoire); its committed *text* is the canonical form shown
as a commitment at the start and revealed at the end. *Options* are the table's public choices
(player count, ...), written at the top level of a game file under the names `option_names`.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Protocol, runtime_checkable

from .decision import Decision
from .errors import ScriptProblem
from .events import Event
from .text import Renderer, Text, to_json

JSON = Any
WIN, LOSE = "win", "lose"


@dataclass(frozen=True)
class Outcome:
    """How a game ended, for each seat: `results[seat]` is "win" or "lose" (seats that do not play,
    like an observer, are absent). `winner` names the winning side or seat in the game's words
    ("protagonists", "mastermind", "good", "protagonist2"); `reason` says why; `details` holds
    figures the game reports (loops played, ...)."""

    results: Mapping[str, str]
    winner: str
    reason: Text
    details: Mapping[str, JSON] = field(default_factory=dict)

    def to_json(self) -> dict[str, JSON]:
        return {"winner": self.winner, "results": dict(self.results), "reason": self.reason.to_json(),
                **({"details": to_json(dict(self.details))} if self.details else {})}


@dataclass(frozen=True)
class AgentInfo:
    """An agent a game offers: a name, a one-line description (a Text) and how to make one."""

    name: str
    description: Text
    make: Callable[[int], Any]


@runtime_checkable
class Game(Protocol):
    """One game, as every game-agnostic part of scriptkeeper sees it."""

    id: str  # stable id used in game files and the store ("tragedy_looper")
    title: Text
    ruleset: int  # bumped whenever a change of the rules changes what a game file replays to
    gm_seat: str  # the game master's seat: sees everything, owns the setup
    observer_seat: str  # a seat that watches and never acts
    option_names: tuple[str, ...]  # the table options, as game-file keys (Tragedy Looper: players)

    # ---------------------------------------------------------------- setups
    def shipped_setups(self) -> dict[str, Path]:
        """The setups shipped with the game, by name."""
        ...

    def check_setup(self, data: JSON) -> tuple[Any | None, list[ScriptProblem]]:
        """Parse and check a setup; every broken rule is a named problem (never a traceback)."""
        ...

    def load_setup(self, ref: str | Mapping[str, JSON], base: Path) -> Any:
        """A setup from a game file's `script` key: a path (relative to `base`) or inline data."""
        ...

    def setup_text(self, setup: Any) -> str:
        """The canonical text of a setup, the one a commitment is made to."""
        ...

    def setup_from_text(self, text: str) -> Any:
        """Parse a committed text back (GameFileError when it is not a legal setup)."""
        ...

    def setup_json(self, setup: Any) -> JSON:
        ...

    def same_setup(self, data: JSON, setup: Any) -> bool:
        """Does `data` (a game file's `script` value) state the same setup, whatever its wording?"""
        ...

    def public_info(self, setup: Any) -> dict[str, JSON]:
        """What anyone may know of a setup before play (lobbies, `scripts` listings): JSON, Refs encoded."""
        ...

    def describe(self, setup: Any) -> Text:
        """A one-line summary of a legal setup (what `scriptkeeper check` prints)."""
        ...

    def check_options(self, options: Mapping[str, JSON]) -> dict[str, JSON]:
        """The table options with defaults filled in (ValueError naming what is wrong)."""
        ...

    def seats(self, setup: Any, options: Mapping[str, JSON]) -> list[str]:
        """The seats that play, game master first (observers not included)."""
        ...

    def seat_groups(self, setup: Any, options: Mapping[str, JSON]) -> dict[str, list[str]]:
        """Names for groups of seats a player may hand to an agent at once ("protagonists")."""
        ...

    # ---------------------------------------------------------------- play
    def new_game(self, setup: Any, seed: int, options: Mapping[str, JSON], situation: JSON = None) -> Any:
        ...

    def pending(self, state: Any) -> Decision | None:
        ...

    def apply(self, state: Any, answer: JSON, seat: str | None = None) -> list[Event]:
        """Answer the pending decision in place (IllegalDecisionError when it is not legal)."""
        ...

    def clone(self, state: Any) -> Any:
        ...

    def view(self, state: Any, seat: str) -> dict[str, JSON]:
        """Everything `seat` may know, built positively; Texts as JSON (`$text`), names table included."""
        ...

    def outcome(self, state: Any) -> Outcome | None:
        ...

    def may_talk(self, state: Any, seat: str, *, table_talk: bool) -> bool:
        """May `seat` write in the table's chat now (the game master always may)?"""
        ...

    def history(self, state: Any) -> list[dict[str, JSON]]:
        """The answered decisions, in order: {seat, kind, answer}."""
        ...

    # ---------------------------------------------------------------- records
    def digest(self, state: Any, file_format: int) -> str:
        """The state's digest as a game file of `file_format` states it (wording never enters it)."""
        ...

    def outcome_record(self, state: Any, file_format: int) -> JSON:
        """The outcome as a game file of `file_format` writes it."""
        ...

    def state_json(self, state: Any) -> JSON:
        """Everything the game remembers, as JSON, for `replay --json`."""
        ...

    def summary(self, state: Any) -> dict[str, JSON]:
        """A finished game in figures for arenas (winner, and what the game adds)."""
        ...

    # ---------------------------------------------------------------- texts and agents
    def renderer(self, state: Any | None = None, lang: str = "en") -> Renderer:
        """Renders this game's Texts (and the names of a state's things) in `lang`."""
        ...

    def view_text(self, view: dict[str, JSON]) -> str:
        """A plain-text picture of a localized view (the board, the schedule...), for the CLI."""
        ...

    def terminal_panel(self, view: dict[str, JSON], render: Renderer) -> Any:
        """A Rich renderable drawing a localized view for the terminal front end (`render` for its own words)."""
        ...

    def agents(self) -> dict[str, AgentInfo]:
        """The agents that can take a seat of this game, weakest first."""
        ...

    def register_cli(self, app: Any) -> None:
        """Add the game's own commands to the command line (Tragedy Looper: deduce, arena, analyze)."""
        ...


def public_waiting_for(game: Any, state: Any) -> str | None:
    """The seat everyone may be told the game waits for: the game's optional hook
    `public_waiting_for(state)` when it has one (a Clocktower night keeps who is awake secret: it
    names the Storyteller), else the pending decision's seat; None when the game is over."""
    hook = getattr(game, "public_waiting_for", None)
    if hook is not None:
        return hook(state)
    d = game.pending(state)
    return d.seat if d is not None else None


class CanonicalRecords:
    """The records of a game whose whole memory is one JSON form, `canonical_state(state)` (no
    wording in it): its digest is the SHA-256 of that form written canonically, `replay --json`
    shows it with the pending decision, and the outcome is recorded as `Outcome.to_json`. A game
    whose file formats differ (Tragedy Looper) writes its own."""

    def canonical_state(self, state: Any) -> dict[str, JSON]:
        raise NotImplementedError

    def outcome(self, state: Any) -> Outcome | None:
        raise NotImplementedError

    def pending(self, state: Any) -> Decision | None:
        raise NotImplementedError

    def digest(self, state: Any, file_format: int) -> str:
        blob = json.dumps(self.canonical_state(state), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()

    def outcome_record(self, state: Any, file_format: int) -> JSON:
        o = self.outcome(state)
        return None if o is None else o.to_json()

    def state_json(self, state: Any) -> dict[str, JSON]:
        d = self.pending(state)
        return {**self.canonical_state(state), "pending": d.to_json() if d else None}


def find_setup(shipped: Mapping[str, Path], name_or_path: str) -> Path:
    """A path to an existing file, or the name of a shipped setup: its whole name
    (`first_steps/whispers_at_the_gate`, with or without .yaml) or its last part when only one has it."""
    p = Path(name_or_path)
    if p.exists():
        return p
    key = name_or_path.removesuffix(".yaml")
    if key in shipped:
        return shipped[key]
    matches = [v for k, v in shipped.items() if k.endswith("/" + key)]
    if len(matches) == 1:
        return matches[0]
    raise FileNotFoundError(f"no script file or shipped script named {name_or_path!r}; shipped: {', '.join(shipped)}")
