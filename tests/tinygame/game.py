"""Guess the Number: the smallest game that plugs into scriptkeeper through the `Game` protocol.

Two seats: the host (the game master) and the guesser. One hidden fact: the secret number, dealt
by chance from the seed (`core.flow.draw`) when the game starts, so the setup names only the
range and the number of guesses. The guesser guesses (two steps on the page: a block of numbers,
then a number); after every wrong guess the host answers "higher" or "lower" (or only "wrong"
with the option `hints: false`). The host's question has a single legal answer, the truthful
one, and is asked anyway (`force=True`): the game stops for the host whatever the answer.

Nothing here is imported by scriptkeeper: the tests register `GAME` in-process
(`core.registry.register`) and for the servers and CLIs they start
(`SCRIPTKEEPER_GAMES=tests.tinygame:GAME`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

import yaml
from rich.text import Text as RichText

from scriptkeeper.agents.random_agent import RandomAgent
from scriptkeeper.core import flow
from scriptkeeper.core.decision import Decision
from scriptkeeper.core.errors import GameFileError, Refusal, ScriptError, ScriptProblem
from scriptkeeper.core.events import GM, PUBLIC, Event
from scriptkeeper.core.flow import Frame, FlowState, Steps, ask, draw, emit, then
from scriptkeeper.core.game import LOSE, WIN, AgentInfo, CanonicalRecords, Outcome
from scriptkeeper.core.i18n import core_messages, localize
from scriptkeeper.core.text import Renderer, T, Text

HERE = Path(__file__).parent
HOST, GUESSER, OBSERVER = "host", "guesser", "observer"
RULESET = 1
BLOCK = 5  # the guesser's first step picks a block of this many numbers
SETUP_KEYS = ("title", "low", "high", "guesses")

STEPS = Steps("tinygame")


# ================================================================ setups
@dataclass(frozen=True)
class Setup:
    title: str
    low: int
    high: int
    guesses: int

    def to_dict(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in SETUP_KEYS}


def _problem(rule: str, id: str, **params: Any) -> ScriptProblem:
    """A setup problem as a Text (`tiny.problem.*`), with its English beside it."""
    text = T(f"tiny.problem.{id}", **params)
    return ScriptProblem(rule, Renderer(catalog("en"), names("en"))(text), text=text)


def check_setup(data: Any) -> tuple[Setup | None, list[ScriptProblem]]:
    """A setup is {title, low, high, guesses}: a range of at most 100 numbers and 1 to 10 guesses."""
    if not isinstance(data, dict):
        return None, [_problem("setup-format", "not_a_mapping")]
    problems = [_problem("setup-format", "unknown_key", key=repr(k), keys=", ".join(SETUP_KEYS)) for k in data if k not in SETUP_KEYS]
    problems += [_problem("setup-format", "missing", key=k) for k in SETUP_KEYS if k not in data]
    if problems:
        return None, problems
    if not isinstance(data["title"], str):
        problems.append(_problem("setup-format", "title_text"))
    numbers = {k: data[k] for k in ("low", "high", "guesses")}
    problems += [_problem("setup-format", "whole_number", key=k) for k, v in numbers.items()
                 if not isinstance(v, int) or isinstance(v, bool)]
    if problems:
        return None, problems
    if not data["low"] < data["high"] <= data["low"] + 99:
        problems.append(_problem("range", "range", low=data["low"], high=data["high"]))
    if not 1 <= data["guesses"] <= 10:
        problems.append(_problem("guesses", "guesses", n=data["guesses"]))
    if problems:
        return None, problems
    return Setup(**{k: data[k] for k in SETUP_KEYS}), []


def setup_from_data(data: Any) -> Setup:
    setup, problems = check_setup(data)
    if setup is None:
        raise ScriptError(problems)
    return setup


# ================================================================ state and steps
@dataclass
class TinyState(FlowState):
    STEPS = STEPS

    setup: Setup = field(default_factory=lambda: Setup("", 1, 2, 1))
    hints: bool = True
    secret: int | None = None  # dealt by the first step
    guesses: list[tuple[int, str]] = field(default_factory=list)  # (guess, the host's answer)
    winner: str | None = None

    def is_over(self) -> bool:
        return self.winner is not None

    def clone(self) -> "TinyState":
        """A copy that shares nothing mutable (frames, decisions, events and the setup never change)."""
        return replace(self, stack=list(self.stack), events=list(self.events), history=list(self.history),
                       draws=list(self.draws), guesses=list(self.guesses))


def _emit(state: TinyState, type: str, text: Text, visible_to: Any = PUBLIC, **data: Any) -> None:
    emit(state, Event(type, text, visible_to, data))


@STEPS("deal")
def _deal(state: TinyState, args: Mapping[str, Any]) -> None:
    s = state.setup
    state.secret = s.low + draw(state, s.high - s.low + 1)
    _emit(state, "start", T("tiny.event.start", low=s.low, high=s.high, guesses=T("tiny.public.guesses", n=s.guesses)), low=s.low, high=s.high)
    _emit(state, "dealt", T("tiny.event.dealt", n=state.secret), GM, secret=state.secret)
    then(state, Frame("guess"))


def _block(n: int, setup: Setup) -> Text:
    start = setup.low + (n - setup.low) // BLOCK * BLOCK
    return T("tiny.group.block", low=start, high=min(start + BLOCK - 1, setup.high))


@STEPS("guess")
def _guess(state: TinyState, args: Mapping[str, Any]) -> None:
    s = state.setup
    tried = {g for g, _ in state.guesses}
    numbers = [n for n in range(s.low, s.high + 1) if n not in tried]
    ask(state, GUESSER, "guess", T("tiny.prompt.guess", n=s.guesses - len(state.guesses)), numbers,
        lambda: [T("tiny.label.number", n=n) for n in numbers], "guessed",
        option_info=lambda: [{"number": n, "group": _block(n, s), "member": T("tiny.label.number", n=n)} for n in numbers])


def truthful_answer(state: TinyState, guess: int) -> str:
    assert state.secret is not None
    if not state.hints:
        return "wrong"
    return "higher" if state.secret > guess else "lower"


@STEPS("guessed")
def _guessed(state: TinyState, args: Mapping[str, Any]) -> None:
    n = args["answer"]
    _emit(state, "guess", T("tiny.event.guess", n=n), guess=n)
    if n == state.secret:
        state.winner = GUESSER
        _emit(state, "correct", T("tiny.event.correct", n=n), guess=n)
        return
    truth = truthful_answer(state, n)
    # Always asked, though it has one legal answer: the host's turn comes after every wrong guess.
    ask(state, HOST, "answer", T("tiny.prompt.answer", n=n), [truth], [T(f"tiny.answer.{truth}")], "answered",
        {"guess": n}, force=True, info={"guess": n})


@STEPS("answered")
def _answered(state: TinyState, args: Mapping[str, Any]) -> None:
    guess, answer = args["guess"], args["answer"]
    state.guesses.append((guess, answer))
    _emit(state, "answer", T("tiny.event.answer", answer=T(f"tiny.answer.{answer}")), guess=guess, answer=answer)
    if len(state.guesses) >= state.setup.guesses:
        state.winner = HOST
        _emit(state, "reveal", T("tiny.event.reveal", n=state.secret), secret=state.secret)
        return
    then(state, Frame("guess"))


# ================================================================ texts
@lru_cache(maxsize=None)
def catalog(lang: str = "en") -> dict[str, Any]:
    """The core's messages in `lang` (its catalogs) and the tiny game's own: `texts/<lang>.yaml`
    beside this file (a test game keeps its words out of the package's catalogs), English for
    what a language's file does not give."""
    core = localize(lang, core_messages())
    own = yaml.safe_load((HERE / "en.yaml").read_text(encoding="utf-8"))
    path = HERE / f"{lang}.yaml"
    if lang != "en" and path.exists():
        own.update(yaml.safe_load(path.read_text(encoding="utf-8")))
    return {**core, **own}


def names(lang: str = "en") -> dict[str, dict[str, str]]:
    words = catalog(lang)
    return {"seat": {s: words[f"tiny.seat.{s}"] for s in (HOST, GUESSER, OBSERVER)},
            "answer": {a: words[f"tiny.answer.{a}"] for a in ("higher", "lower", "wrong")}}


# ================================================================ agents
class HalvingAgent:
    """Guesses the middle of the numbers the host's answers still allow (reads its seat's view only)."""

    name = "halving"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: dict[str, Any], decision: Decision) -> Any:
        if decision.kind != "guess":
            return decision.options[0]
        low, high = view["low"], view["high"]
        for g in view["guesses"]:
            if g["answer"] == "higher":
                low = max(low, g["n"] + 1)
            elif g["answer"] == "lower":
                high = min(high, g["n"] - 1)
        allowed = [n for n in decision.options if low <= n <= high] or list(decision.options)
        return allowed[len(allowed) // 2]


# ================================================================ the protocol
class TinyGame(CanonicalRecords):
    id = "tinygame"
    title = T("tiny.title")
    ruleset = RULESET
    gm_seat = HOST
    observer_seat = OBSERVER
    option_names: tuple[str, ...] = ("hints",)

    # ------------------------------------------------------------ setups
    def shipped_setups(self) -> dict[str, Path]:
        return {p.stem: p for p in sorted((HERE / "setups").glob("*.yaml"))}

    def check_setup(self, data: Any) -> tuple[Setup | None, list[ScriptProblem]]:
        return check_setup(data)

    def load_setup(self, ref: str | Mapping[str, Any], base: Path) -> Setup:
        if isinstance(ref, str):
            p = Path(ref) if Path(ref).is_absolute() or not (base / ref).exists() else base / ref
            try:
                data = yaml.safe_load(p.read_text(encoding="utf-8"))
            except (OSError, yaml.YAMLError) as exc:
                raise ScriptError([ScriptProblem("setup-format", f"cannot read {p}: {exc}")]) from exc
            return setup_from_data(data)
        return setup_from_data(dict(ref))

    def setup_text(self, setup: Setup) -> str:
        return yaml.safe_dump(setup.to_dict(), sort_keys=False, allow_unicode=True)

    def setup_from_text(self, text: str) -> Setup:
        try:
            return setup_from_data(yaml.safe_load(text))
        except (yaml.YAMLError, ScriptError) as exc:
            raise GameFileError(f"the committed setup is not legal: {exc}") from exc

    def setup_json(self, setup: Setup) -> dict[str, Any]:
        return setup.to_dict()

    def same_setup(self, data: Any, setup: Setup) -> bool:
        return check_setup(data)[0] == setup

    def public_info(self, setup: Setup) -> dict[str, Any]:
        return {"title": setup.title, "range": T("tiny.public.range", low=setup.low, high=setup.high).to_json(),
                "guesses": T("tiny.public.guesses", n=setup.guesses).to_json()}  # a fact in words, never a bare number

    def describe(self, setup: Setup) -> Text:
        return T("tiny.describe", title=setup.title, low=setup.low, high=setup.high, guesses=T("tiny.public.guesses", n=setup.guesses))

    # ------------------------------------------------------------ the table
    def check_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        unknown = set(options) - set(self.option_names)
        if unknown:
            raise Refusal(T("tiny.refusal.unknown_options", unknown=", ".join(sorted(unknown)), options=", ".join(self.option_names)),
                          self.renderer())
        hints = options.get("hints", True)
        if not isinstance(hints, bool):
            raise Refusal(T("tiny.refusal.hints"), self.renderer())
        return {"hints": hints}

    def seats(self, setup: Setup, options: Mapping[str, Any]) -> list[str]:
        return [HOST, GUESSER]

    def seat_groups(self, setup: Setup, options: Mapping[str, Any]) -> dict[str, list[str]]:
        return {HOST: [HOST], GUESSER: [GUESSER]}

    def may_talk(self, state: TinyState, seat: str, *, table_talk: bool) -> bool:
        """The host always may; the guesser too, unless Table Talk is off and the game runs."""
        if seat == OBSERVER:
            return False
        return seat == HOST or table_talk or state.winner is not None

    # ------------------------------------------------------------ play
    def new_game(self, setup: Setup, seed: int, options: Mapping[str, Any], situation: Any = None) -> TinyState:
        if situation:
            raise ValueError("Guess the Number starts from no situation")
        state = TinyState(seed=seed, setup=setup, hints=self.check_options(options)["hints"])
        then(state, Frame("deal"))
        flow.run(state)
        return state

    def pending(self, state: TinyState) -> Decision | None:
        return state.pending

    def apply(self, state: TinyState, answer: Any, seat: str | None = None) -> list[Event]:
        return flow.apply_in_place(state, answer, seat)

    def clone(self, state: TinyState) -> TinyState:
        return state.clone()

    def view(self, state: TinyState, seat: str) -> dict[str, Any]:
        """Built positively: the secret enters only the host's view, and everyone's at the end."""
        if seat not in (HOST, GUESSER, OBSERVER):
            raise ValueError(f"unknown seat {seat!r}")
        s = state.setup
        over = state.winner is not None
        outcome = self.outcome(state)
        view: dict[str, Any] = {
            "game": self.id, "seat": seat, "title": s.title, "low": s.low, "high": s.high, "guesses_allowed": s.guesses,
            "hints": state.hints, "guesses": [{"n": g, "answer": a} for g, a in state.guesses],
            "log": [e.text.to_json() for e in state.events if e.visible(seat, HOST, game_over=over)],
            "events": [e.to_json() for e in state.events if e.visible(seat, HOST)],
            "outcome": None if outcome is None else outcome.to_json(),
            "names": names(),
        }
        if seat == HOST or over:
            view["secret"] = state.secret
        d = state.pending
        if d is not None:
            if d.seat == seat:
                view["decision"] = d.to_json()
            else:
                view["waiting_for"] = d.seat
        return view

    def outcome(self, state: TinyState) -> Outcome | None:
        if state.winner is None:
            return None
        loser = HOST if state.winner == GUESSER else GUESSER
        if state.winner == GUESSER:
            reason = T("tiny.reason.guessed", n=state.secret, k=len(state.guesses) + 1)
        else:
            reason = T("tiny.reason.out_of_guesses", n=state.secret)
        return Outcome({state.winner: WIN, loser: LOSE}, state.winner, reason, {"guesses": len(state.guesses)})

    def history(self, state: TinyState) -> list[dict[str, Any]]:
        return state.history

    # ------------------------------------------------------------ records
    def canonical_state(self, state: TinyState) -> dict[str, Any]:
        d = state.pending
        return {"v": 1, "game": self.id, "ruleset": RULESET, "setup": state.setup.to_dict(), "hints": state.hints,
                "secret": state.secret, "guesses": [list(g) for g in state.guesses], "winner": state.winner,
                "pending": None if d is None else {"seat": d.seat, "kind": d.kind, "options": list(d.options)},
                "decisions": len(state.history), "draws": list(state.draws)}

    # digest, outcome_record and state_json: core.game.CanonicalRecords, from canonical_state

    def summary(self, state: TinyState) -> dict[str, Any]:
        return {"winner": state.winner, "guesses": len(state.guesses)}

    # ------------------------------------------------------------ texts and agents
    def renderer(self, state: TinyState | None = None, lang: str = "en") -> Renderer:
        return Renderer(catalog(lang), names(lang), lang)

    def view_text(self, view: dict[str, Any]) -> str:
        render = self.renderer()
        lines = [render(T("tiny.ui.panel", title=view["title"], low=view["low"], high=view["high"], used=len(view["guesses"]),
                          allowed=view["guesses_allowed"]))]
        lines += [f"  {g['n']}: {view['names']['answer'][g['answer']]}" for g in view["guesses"]]
        if "secret" in view:
            lines.append("  " + render(T("tiny.ui.secret", n=view["secret"])))
        return "\n".join(lines)

    def terminal_panel(self, view: dict[str, Any], render: Renderer) -> Any:
        return RichText(self.view_text(view))

    def agents(self) -> dict[str, AgentInfo]:
        return {"random": AgentInfo("random", T("tiny.agent.random"), RandomAgent),
                "halving": AgentInfo("halving", T("tiny.agent.halving"), HalvingAgent)}

    def register_cli(self, app: Any) -> None:
        """Guess the Number adds no command of its own."""


GAME = TinyGame()
__all__ = ["GAME", "GUESSER", "HOST", "OBSERVER", "TinyState"]
