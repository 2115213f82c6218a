"""Tragedy Looper as a game of scriptkeeper: the `Game` protocol (core/game.py) over this package.

The server, game files, `verify`, the agents' runner and the CLI reach Tragedy Looper only through
the object `GAME` below (registered as the entry point `tragedy_looper`). It also defines the
state's canonical form, which the digest is taken over: ids and numbers only, zero counters and
empty facts left out, so rewording a message or adding a counter kind changes no digest.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, ContextManager, Mapping

import yaml

from ..core.decision import Decision
from ..core.errors import GameFileError, Refusal, ScriptError, ScriptProblem
from ..core.events import Event
from ..core.game import LOSE, WIN, AgentInfo, Outcome
from ..core.text import Ref, Renderer, T, Text, to_json
from . import engine
from .catalog import shipped_scripts
from .refs import MASTERMIND, OBSERVER, PROTAGONIST_SEATS
from .script import Script, check_script, load_script, script_from_dict
from .state import GameState
from .texts import renderer as set_renderer
from .views import build_view, views_alike

RULESET = 2  # bumped whenever a change of the rules changes what a game file replays to (2: issue 12, the Leader passes before day end, ...)
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


# ================================================================ canonical form and digest
def _nonzero(counters: Mapping[str, int]) -> dict[str, int]:
    return {k: v for k, v in counters.items() if v}


def _prune(value: Any) -> Any:
    """Leave out what is empty, zero, false or None (so a new, unused field changes no digest)."""
    if isinstance(value, dict):
        out = {k: _prune(v) for k, v in value.items()}
        return {k: v for k, v in out.items() if v not in (None, False, 0, "", [], {}, ())}
    if isinstance(value, (list, tuple)):
        return [_prune(v) for v in value]
    return value


def canonical_state(state: GameState) -> dict[str, Any]:
    """Everything the game remembers, as ids and numbers, versioned (the digest's input)."""
    s, b, facts = state.script, state.board, state.this_loop
    day_of = {i: inc.day for i, inc in enumerate(s.incidents)}
    d = state.pending
    out = {
        "v": 2, "game": "tragedy_looper", "ruleset": RULESET,
        "loop": state.loop, "day": state.day, "phase": state.phase, "leader": PROTAGONIST_SEATS[state.leader],
        "characters": {ch: {"at": c.location, "dead": not c.alive, "counters": _nonzero(c.counters)} for ch, c in b.chars.items()},
        "locations": {l: _nonzero(v) for l, v in b.locations.items()},
        "start": dict(b.start), "turf": dict(b.turf), "entered": sorted(b.entered), "extra_cards": sorted(b.extra_cards),
        "statuses": sorted(f"{st}:{ch}" for st, ch in b.statuses),
        "tokens": {ch: sorted(t) for ch, t in b.tokens.items()},
        "gauges": dict(b.gauges),
        "hands": {h: sorted(cs) for h, cs in state.hands.held.items()},
        "set_aside": {h: sorted(cs) for h, cs in state.hands.set_aside.items()},
        "placed": [{"by": p.by, "card": p.card, "target": p.target, "revealed": p.revealed, "cancelled": p.cancelled,
                    "copied": p.copied, "acts_as": p.acts_as, "spent": p.spent}
                   for p in state.hands.placed],
        "revealed_roles": dict(state.revealed_roles),
        "revealed_culprits": {str(day_of[i]): c for i, c in sorted(state.revealed_culprits.items())},
        "revealed_subplots": list(state.revealed_subplots),
        "this_loop": {"occurred": [day_of[i] for i in facts.occurred], "used": sorted(r.key for r in facts.used),
                      "died": list(facts.died), "revealed": list(facts.revealed), "goodwill_declared": list(facts.goodwill_declared),
                      "extra_card_sources": {ch: to_json(t) for ch, t in facts.extra_card_sources.items()},
                      "lost": facts.lost, "loss_reasons": [to_json(r) for r in facts.loss_reasons], "ended_early": facts.ended_early,
                      "occurred_unscheduled": list(facts.occurred_unscheduled),
                      "one_card_day": facts.one_card_day, "doom_day": facts.doom_day},
        "today": {"used": sorted(r.key for r in state.today.used), "warps": state.today.warps, "warp_raised": state.today.warp_raised,
                  "goodwill_targets": list(state.today.goodwill_targets)},
        "previous_loop": {"loop": state.previous_loop.loop, "goodwill": dict(state.previous_loop.goodwill),
                          "dead": list(state.previous_loop.dead), "revived": list(state.previous_loop.revived),
                          "occurred": list(state.previous_loop.occurred), "gauges": dict(state.previous_loop.gauges)},
        "loop_results": [{"loop": r.loop, "lost": r.lost, "reasons": [to_json(x) for x in r.reasons]} for r in state.loop_results],
        "final_guess": dict(state.final_guess),
        "dealt_extra_cards": dict(state.dealt_extra_cards),
        "culprit_guess": {str(day_of[i]): c for i, c in sorted(state.culprit_guess.items())},
        "remembered": [day_of[i] for i in state.remembered],
        "result": None if state.result is None else {"winner": state.result.winner, "reason": to_json(state.result.reason),
                                                      "loops_played": state.result.loops_played,
                                                      "traitors": list(state.result.traitors)},
        "pending": None if d is None else {"seat": d.seat, "kind": d.kind, "options": list(d.options)},
        "decisions": len(state.history),
        "draws": list(state.draws),
    }
    return _prune(out)


def digest_v2(state: GameState) -> str:
    blob = json.dumps(canonical_state(state), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(blob.encode()).hexdigest()


def state_digest(state: GameState) -> str:
    """The digest a game file of the current format records."""
    return digest_v2(state)


def state_to_dict(state: GameState) -> dict[str, Any]:
    """The observable state as JSON for `replay --json`: board, cards, revealed facts, results, pending decision."""
    s, b = state.script, state.board
    day_of = {i: inc.day for i, inc in enumerate(s.incidents)}
    facts = state.this_loop
    return {
        "loop": state.loop,
        "day": state.day,
        "phase": state.phase,
        "leader": state.leader + 1,
        "characters": {ch: {"location": c.location, "alive": c.alive, "counters": dict(c.counters),
                            **({"tokens": sorted(b.tokens[ch])} if b.tokens.get(ch) else {})} for ch, c in b.chars.items()},
        "locations": {l: dict(v) for l, v in b.locations.items()},
        # Hands are named as in situations and views: mastermind, protagonist1..3.
        "hands": {h: sorted(cs) for h, cs in sorted(state.hands.held.items())},
        "set_aside": {h: sorted(cs) for h, cs in sorted(state.hands.set_aside.items())},
        "cards_on_board": [{"by": p.by, "card": p.card, "target": p.target, "revealed": p.revealed,
                            **({"cancelled": True} if p.cancelled else {})} for p in state.hands.placed],
        "revealed_roles": dict(state.revealed_roles),
        **({"extra_cards": sorted(b.extra_cards)} if b.extra_cards else {}),
        # Incidents are named by their day, as in situations (one incident a day at most).
        "revealed_culprits": {str(day_of[k]): v for k, v in sorted(state.revealed_culprits.items())},
        "revealed_subplots": list(state.revealed_subplots),
        "occurred_this_loop": [day_of[i] for i in facts.occurred],
        # What the engine remembers of this loop and the last (the freed Patient, the abilities used...).
        "loop_facts": {"abilities_used": sorted(r.key for r in facts.used), "abilities_used_today": sorted(r.key for r in state.today.used),
                       "statuses": sorted([st, ch] for st, ch in b.statuses), "died": list(facts.died),
                       "revealed": list(facts.revealed), "goodwill_declared": list(facts.goodwill_declared),
                       "ended_early": facts.ended_early, "lost": facts.lost,
                       "occurred_unscheduled": list(facts.occurred_unscheduled),
                       "extra_card_sources": {ch: to_json(t) for ch, t in sorted(facts.extra_card_sources.items())}},
        # Where each character began this loop (Light of the Avenger, the Henchman), the Boss's turf,
        # and who has entered the game (the Godly Being).
        "starting_locations": dict(b.start), "turf": dict(b.turf), "entered": sorted(b.entered),
        "previous_loop": {"loop": state.previous_loop.loop, "goodwill": dict(state.previous_loop.goodwill),
                          "dead": list(state.previous_loop.dead), "revived": list(state.previous_loop.revived),
                          "occurred": list(state.previous_loop.occurred), "gauges": dict(state.previous_loop.gauges)},
        "loop_results": [{"loop": r.loop, "lost": r.lost, "reasons": [to_json(x) for x in r.reasons]} for r in state.loop_results],
        "loss_reasons": [to_json(r) for r in facts.loss_reasons],
        "final_guess": dict(state.final_guess),
        "outcome": None if state.result is None else {"winner": state.result.winner, "reason": to_json(state.result.reason),
                                                       "loops_played": state.result.loops_played},
        "pending": state.pending.to_json() if state.pending else None,
        "decisions_applied": len(state.history),
    }


# ================================================================ the protocol
class TragedyLooper:
    """Tragedy Looper (a Mastermind against three Protagonists), as scriptkeeper's `Game`."""

    id = "tragedy_looper"
    title = T("game.title")
    ruleset = RULESET
    gm_seat = MASTERMIND
    observer_seat = OBSERVER
    option_names: tuple[str, ...] = ("players",)

    @property
    def workshop(self) -> Any:
        """The script editor's side of the rules (core/workshop.py)."""
        from .workshop import WORKSHOP

        return WORKSHOP

    # ------------------------------------------------------------ setups (scripts)
    def shipped_setups(self) -> dict[str, Path]:
        return shipped_scripts()

    def check_setup(self, data: Any) -> tuple[Script | None, list[ScriptProblem]]:
        return check_script(data)

    def load_setup(self, ref: str | Mapping[str, Any], base: Path) -> Script:
        if isinstance(ref, str):
            p = Path(ref)
            if not p.is_absolute() and (base / ref).exists():
                p = base / ref  # relative to the game file; else to the current directory
            return load_script(p)
        return script_from_dict(dict(ref))

    def setup_text(self, setup: Script) -> str:
        """The committed text of a script: its parsed form dumped as YAML, cast kept in board order."""
        return yaml.dump(setup.to_dict(), Dumper=_Dumper, sort_keys=False, allow_unicode=True)

    def setup_from_text(self, text: str) -> Script:
        try:
            data = yaml.load(text, Loader=_Loader)  # noqa: S506 - a safe loader
        except yaml.YAMLError as exc:
            raise GameFileError(T("file.committed_not_yaml", detail=" ".join(str(exc).split())[:300])) from exc
        try:
            return script_from_dict(data)
        except ScriptError as exc:
            raise GameFileError(T("file.committed_illegal"), script_error=exc, game=self) from exc

    def setup_json(self, setup: Script) -> dict[str, Any]:
        return setup.to_dict()

    def same_setup(self, data: Any, setup: Script) -> bool:
        """Does a game file's `script` value say the same script (whatever its wording)?"""
        try:
            return script_from_dict(data) == setup
        except ScriptError:
            return False

    def public_info(self, setup: Script) -> dict[str, Any]:
        return {"set": Ref("set", setup.set_id).to_json(), "loops": setup.loops, "days": setup.days,
                "incidents": len(setup.incidents)}

    def reference(self, setup: Script) -> dict[str, Any]:
        """The Tragedy Set sheet of a script's set, headed by the script's public facts (sheet.py)."""
        from .sheet import sheet

        return sheet(setup.set_id, setup)

    def set_sheet(self, name: str, lang: str = "en") -> tuple[dict[str, Any], Renderer]:
        """`scriptkeeper sets NAME`: a Tragedy Set's sheet, or a script's (a shipped name or a file)
        headed by its public facts; with the renderer of its set."""
        from .rules import available_sets
        from .sheet import sheet
        from .texts import renderer

        if name in available_sets():
            return sheet(name), renderer(name, lang)
        from ..core.game import find_setup

        path = find_setup(self.shipped_setups(), name)
        setup = self.load_setup(str(path), Path("."))
        return sheet(setup.set_id, setup), renderer(setup.set_id, lang)

    def assistant(self, view: dict[str, Any]) -> dict[str, Any]:
        """The deduction assistant's panel for a Protagonist's (or the observer's) view (deduction/panel.py)."""
        from .deduction.panel import assistant

        return assistant(view)

    def hint(self, view: dict[str, Any], decision: Any, seed: int = 0) -> dict[str, Any]:
        """A learner's hint from this seat's view: the option the AI would choose and why
        (agents/hint.py), as {"answer", "text": Text JSON}."""
        from ..core.text import to_json
        from .agents.hint import hint

        out = hint(view, decision, seed)
        return {"answer": out["answer"], "text": to_json(out["text"])}

    def describe(self, setup: Script) -> Text:
        return T("script.summary", set=Ref("set", setup.set_id), loops=setup.loops, days=setup.days,
                 # the characters written in the script (not the Part-Timer(?), whom a trait brings in)
                 characters=sum(1 for c in setup.cast if not setup.rules.characters[c].has_trait("never_in_a_script")),
                 incidents=len(setup.incidents))

    def check_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        players = int(options.get("players", 4))
        if players not in (2, 4):
            raise Refusal(T("table.refusal.players"), self.renderer(None))
        return {"players": players}

    def seats(self, setup: Script, options: Mapping[str, Any]) -> list[str]:
        players = self.check_options(options)["players"]
        allowed = setup.rules.set.players
        if players not in allowed:  # Last Liar: exactly 4 players
            raise Refusal(T("table.refusal.set_players", set=Ref("set", setup.set_id), players=" / ".join(map(str, allowed))),
                          self.renderer(None))
        return [MASTERMIND, *PROTAGONIST_SEATS] if players == 4 else [MASTERMIND, PROTAGONIST_SEATS[0]]

    def seat_groups(self, setup: Script, options: Mapping[str, Any]) -> dict[str, list[str]]:
        return {"mastermind": [MASTERMIND], "protagonists": self.seats(setup, options)[1:]}

    # ------------------------------------------------------------ play
    def new_game(self, setup: Script, seed: int, options: Mapping[str, Any], situation: Any = None) -> GameState:
        return engine.new_game(setup, seed, self.check_options(options)["players"], situation)

    def pending(self, state: GameState) -> Decision | None:
        return state.pending

    def apply(self, state: GameState, answer: Any, seat: str | None = None) -> list[Event]:
        return engine.apply_in_place(state, answer, seat)

    def clone(self, state: GameState) -> GameState:
        return state.clone()

    def view(self, state: GameState, seat: str) -> dict[str, Any]:
        return build_view(state, seat)

    def views_alike(self, state: GameState) -> ContextManager[None]:
        """Optional: several seats' views of one state share what they show alike (views.views_alike)."""
        return views_alike(state)

    def history(self, state: GameState) -> list[dict[str, Any]]:
        return state.history

    def outcome(self, state: GameState) -> Outcome | None:
        r = state.result
        if r is None:
            return None
        seats = self.seats(state.script, {"players": state.players})
        results = seat_results(state, seats)
        return Outcome(results, r.winner, r.reason, {"loops_played": r.loops_played,
                                                     **({"traitors": list(r.traitors)} if r.traitors else {})})

    def may_talk(self, state: GameState, seat: str, *, table_talk: bool) -> bool:
        """Seed 004: with Table Talk off, the Protagonists may not talk to each other during a loop;
        they talk between loops, where the Mastermind sees it. "Between loops" here is: before the
        first loop, at a loop's end (the choice of next loop or Final Guess included), the Final
        Guess, after the game, and a loop's start until the Mastermind places its first card."""
        if seat == OBSERVER:
            return False
        if seat == MASTERMIND or (table_talk and state.rules.set.table_talk):
            return True
        if state.result is not None:
            return True
        if state.phase in ("setup", "loop_start", "loop_end", "final_guess"):
            return True
        return state.day <= 1 and state.phase in ("morning", "mastermind_cards") and not state.hands.placed

    def table_talk_allowed(self, setup: Script) -> bool:
        """May the table turn Table Talk on? Never in Last Liar (the server stores it off)."""
        return setup.rules.set.table_talk

    def agent_refuses(self, setup: Script, agent: str) -> Refusal | None:
        """Why an agent will not play this script's set, or None (the rule and search agents refuse
        Another Horizon: agents.common.UNMODELLED_SETS; the random agent plays everything). A
        Refusal, worded by the front end in its reader's language: the set's name and what the
        agents do not model (`agents.unmodelled.<set>`) are ids too."""
        from .agents.common import UNMODELLED_SETS

        if agent == "random" or setup.set_id not in UNMODELLED_SETS:
            return None
        text = T("table.refusal.agent_set", agent=agent, set=Ref("set", setup.set_id),
                 what=T(f"agents.unmodelled.{setup.set_id}"))
        return Refusal(text, self.renderer(None))

    def setup_renderer(self, setup: Script, lang: str = "en") -> Renderer:
        """The words of a script's set (its plots' and roles' names), for `scriptkeeper check`."""
        return set_renderer(setup.set_id, lang)

    def problem_renderer(self, data: Any, lang: str = "en") -> Renderer:
        """What a checked setup's problems are rendered with (its set's names in `lang`)."""
        from .script import draft_renderer

        return draft_renderer(data, lang)

    def setup_notes(self, setup: Script) -> list[Text]:
        """What `scriptkeeper check` prints under a legal script: its loop value and the loops it
        suggests, for the sets whose creation guide gives a table (Last Liar: loop_value.py)."""
        from .loop_value import loop_value_notes

        return loop_value_notes(setup)

    # ------------------------------------------------------------ records
    def digest(self, state: GameState, file_format: int) -> str:
        if file_format == 1:
            from .legacy import digest_v1

            return digest_v1(state)
        return digest_v2(state)

    def outcome_record(self, state: GameState, file_format: int) -> Any:
        if file_format == 1:
            from .legacy import outcome_v1

            return outcome_v1(state)
        o = self.outcome(state)
        return None if o is None else o.to_json()

    def state_json(self, state: GameState) -> dict[str, Any]:
        return state_to_dict(state)

    def summary(self, state: GameState) -> dict[str, Any]:
        """A finished game in figures: who won, how, and what decided each lost loop."""
        r = state.result
        assert r is not None
        lost = [{"loop": x.loop, "reasons": [to_json(loss_category(reason)) for reason in x.reasons]} for x in state.loop_results if x.lost]
        won_by = "final_guess" if r.winner == "protagonists" and state.final_guess else ("loop" if r.winner == "protagonists" else None)
        return {"winner": r.winner, "loops_played": r.loops_played, "final_guess": bool(state.final_guess), "won_by": won_by,
                "lost_loops": lost, "reason": to_json(r.reason)}

    # ------------------------------------------------------------ texts and agents
    def renderer(self, state: GameState | None = None, lang: str = "en", set_id: str | None = None) -> Renderer:
        sid = set_id or (state.script.set_id if state is not None else "basic_tragedy")
        return set_renderer(sid, lang)

    def english_messages(self) -> dict[str, Any]:
        from .texts import english_messages

        return english_messages()

    def view_text(self, view: dict[str, Any]) -> str:
        from .views import render_text

        return render_text(view)

    def terminal_panel(self, view: dict[str, Any], render: Renderer) -> Any:
        from .terminal import board_panel

        return board_panel(view, render)

    def agents(self) -> dict[str, AgentInfo]:
        from .agents import agent_infos

        return agent_infos()

    def help_messages(self) -> dict[str, Any]:
        """The English help of the commands `register_cli` adds (cli.help.* of texts/en.yaml), read
        when the command line starts: the texts file only, not every set's names."""
        from .texts import _messages

        return {k: v for k, v in _messages().items() if k.startswith("cli.help.")}

    def register_cli(self, app: Any) -> None:
        from .agents.commands import register

        register(app)


def seat_results(state: GameState, seats: list[str]) -> dict[str, str]:
    """Win or lose per seat. A Traitor (Last Liar) wins alone, and loses whenever anyone else wins:
    with the Mastermind, with the other Protagonists, or with another Traitor."""
    from .traitors import TRAITOR_PREFIX, holder

    r = state.result
    assert r is not None
    hands = {h: state.hand_seat(h) for h in PROTAGONIST_SEATS}
    if r.winner.startswith(TRAITOR_PREFIX):
        winner = holder(state, r.winner[len(TRAITOR_PREFIX):])
        return {s: WIN if s == winner else LOSE for s in seats}
    traitors = {hands[h] for h in (holder(state, l) for l in r.traitors) if h is not None}
    if r.winner == "protagonists":
        return {s: LOSE if s == MASTERMIND or s in traitors else WIN for s in seats}
    return {s: WIN if s == MASTERMIND else LOSE for s in seats}


def loss_category(reason: Text | Ref) -> Text | Ref:
    """A loss reason without the character's name: the Key Person died, a Friend lay dead, a plot's
    loss condition, or what killed the Protagonists (a role, an incident, a plot)."""
    if isinstance(reason, Text):
        if reason.id == "loss.key_person_died":
            return T("category.role_died", role=Ref("role", "key_person"))
        if reason.id == "loss.friend_dead":
            return T("category.role_dead_at_loop_end", role=Ref("role", "friend"))
        if reason.id == "loss.plot_rule":
            return reason.param("plot")
        if reason.id == "cause.role":
            return reason.param("role")
    return reason


GAME = TragedyLooper()
