"""Blood on the Clocktower through the `Game` protocol (GAME): setups, seats, play, views,
outcomes, records. The Storyteller is a seat held by a person; agents play the players."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Mapping

import yaml
from rich.text import Text as RichText

from ..core import flow
from ..core.decision import Decision
from ..core.errors import GameFileError, Refusal, ScriptError, ScriptProblem
from ..core.events import Event
from ..core.game import AgentInfo, CanonicalRecords, Outcome
from ..core.text import Ref, Renderer, T, Text
from . import day, engine, floor, night, words  # noqa: F401  (their steps register themselves)
from .agents import RandomPlayer
from .rules import results
from .script import MAX_PLAYERS, MIN_PLAYERS, Setup, check_setup, counts, problem, setup_from_data
from .state import MAX_TRAVELLERS, OBSERVER, STORYTELLER, ClockState, seat_ids
from .texts import catalog, names
from .views import build, public_waiting_for

HERE = Path(__file__).parent
RULESET = 1


class ClocktowerGame(CanonicalRecords):
    id = "clocktower"
    title = T("ct.title")
    ruleset = RULESET
    gm_seat = STORYTELLER
    observer_seat = OBSERVER
    option_names: tuple[str, ...] = ("players", "travellers")
    private_chats = True  # players speak in private by day (the server's chat, `to` one seat: never the whole table)

    # ------------------------------------------------------------ setups
    def shipped_setups(self) -> dict[str, Path]:
        return {p.stem: p for p in sorted((HERE / "setups").iterdir()) if p.suffix in (".yaml", ".json")}

    def check_setup(self, data: Any) -> tuple[Setup | None, list[ScriptProblem]]:
        return check_setup(data)

    def load_setup(self, ref: str | Mapping[str, Any], base: Path) -> Setup:
        if isinstance(ref, str):
            p = Path(ref) if Path(ref).is_absolute() or not (base / ref).exists() else base / ref
            try:
                text = p.read_text(encoding="utf-8")
                data = json.loads(text) if p.suffix == ".json" else yaml.safe_load(text)
            except (OSError, yaml.YAMLError, json.JSONDecodeError) as exc:
                raise ScriptError([problem("setup-format", "cannot_read", path=str(p), error=str(exc))]) from exc
            if isinstance(data, list):  # an official custom script on its own: the Storyteller sets up in play
                data = {"title": "", "script": data}
            return setup_from_data(data)
        return setup_from_data(dict(ref))

    def setup_text(self, setup: Setup) -> str:
        return json.dumps(setup.to_dict(), sort_keys=True, separators=(",", ":"))

    def setup_from_text(self, text: str) -> Setup:
        try:
            return setup_from_data(json.loads(text))
        except json.JSONDecodeError as exc:
            raise GameFileError(T("file.committed_not_json", detail=" ".join(str(exc).split())[:300])) from exc
        except ScriptError as exc:
            raise GameFileError(T("file.committed_illegal"), script_error=exc, game=self) from exc

    def setup_json(self, setup: Setup) -> dict[str, Any]:
        return setup.to_dict()

    def same_setup(self, data: Any, setup: Setup) -> bool:
        return check_setup(data)[0] == setup

    def public_info(self, setup: Setup) -> dict[str, Any]:
        return {"title": setup.title, "script": setup.script.name, "characters": len(setup.script.characters),
                "players": setup.players if setup.players is not None else f"{MIN_PLAYERS}-{MAX_PLAYERS}"}

    def describe(self, setup: Setup) -> Text:
        return T("ct.describe", title=setup.title or T("ct.untitled"), script=setup.script.name, n=len(setup.script.characters),
                 players=setup.players if setup.players is not None else T("ct.any_players"))

    # ------------------------------------------------------------ the table
    def check_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        unknown = set(options) - set(self.option_names)
        if unknown:
            raise Refusal(T("ct.refusal.unknown_options", unknown=", ".join(sorted(unknown)), options=", ".join(self.option_names)),
                          self.renderer(None))
        players = options.get("players")
        if players is not None and (not isinstance(players, int) or isinstance(players, bool) or not MIN_PLAYERS <= players <= MAX_PLAYERS):
            raise Refusal(T("ct.refusal.players", low=MIN_PLAYERS, high=MAX_PLAYERS, given=repr(players)[:40]), self.renderer(None))
        travellers = options.get("travellers", 0)
        if not isinstance(travellers, int) or isinstance(travellers, bool) or not 0 <= travellers <= MAX_TRAVELLERS:
            raise Refusal(T("ct.refusal.travellers", high=MAX_TRAVELLERS, given=repr(travellers)[:40]), self.renderer(None))
        return {"players": players, "travellers": travellers} if travellers else {"players": players}

    def player_count(self, setup: Setup, options: Mapping[str, Any]) -> int:
        asked = options.get("players")
        if setup.players is not None:
            if asked is not None and asked != setup.players:
                raise Refusal(T("ct.refusal.setup_players", players=setup.players, asked=str(asked)[:40]), self.renderer(None))
            return setup.players
        n = asked if asked is not None else 7
        c = counts(n, setup.outsider_change or 0)
        short = [t for t, k in c.items() if len(setup.script.of_team(t)) < k]
        if short:
            raise Refusal(T("ct.refusal.too_few", teams=tuple(Ref("team", t) for t in short), n=n), self.renderer(None))
        return int(n)

    def seats(self, setup: Setup, options: Mapping[str, Any]) -> list[str]:
        return [STORYTELLER, *seat_ids(self.player_count(setup, options) + int(options.get("travellers") or 0))]

    def seat_groups(self, setup: Setup, options: Mapping[str, Any]) -> dict[str, list[str]]:
        """Only the players may be handed to agents as a group: the Storyteller stays a person."""
        return {"players": self.seats(setup, options)[1:]}

    def may_talk(self, state: ClockState, seat: str, *, table_talk: bool) -> bool:
        return seat != OBSERVER

    # ------------------------------------------------------------ play
    def new_game(self, setup: Setup, seed: int, options: Mapping[str, Any], situation: Any = None) -> ClockState:
        if situation:
            raise Refusal(T("ct.refusal.no_situation"), self.renderer(None))
        checked = self.check_options(options)
        n = self.player_count(setup, checked)
        k = int(checked.get("travellers") or 0)
        seats = seat_ids(n + k)
        state = ClockState(seed=seed, setup=setup, seats=seats, travellers=seats[n:])
        engine.start(state)
        flow.run(state)
        return state

    def pending(self, state: ClockState) -> Decision | None:
        return state.pending

    def apply(self, state: ClockState, answer: Any, seat: str | None = None) -> list[Event]:
        return flow.apply_in_place(state, answer, seat)

    def clone(self, state: ClockState) -> ClockState:
        return state.clone()

    def view(self, state: ClockState, seat: str) -> dict[str, Any]:
        return build(self, state, seat)

    def public_waiting_for(self, state: ClockState) -> str | None:
        """The optional hook of core.game.public_waiting_for: nobody learns who wakes at night."""
        return public_waiting_for(state)

    def outcome(self, state: ClockState) -> Outcome | None:
        if state.winner is None:
            return None
        winner = state.winner
        if state.heretic_flip:
            winner = "evil" if winner == "good" else "good"
        reason = T(f"ct.reason.{state.win_reason}")
        if state.heretic_flip:
            reason = T("ct.reason.heretic", reason=reason)
        return Outcome(results(state), winner, reason, {"days": state.day, "heretic": state.heretic_flip})

    def history(self, state: ClockState) -> list[dict[str, Any]]:
        return state.history

    # ------------------------------------------------------------ records
    def canonical_state(self, state: ClockState) -> dict[str, Any]:
        d = state.pending
        t = state.today
        return {"v": 1, "game": self.id, "ruleset": RULESET, "setup": state.setup.to_dict(), "seats": list(state.seats),
                "characters": dict(state.character), "alignment": dict(state.alignment), "alive": dict(state.alive),
                "ghost_vote": dict(state.ghost_vote), **({"travellers": list(state.travellers)} if state.travellers else {}), "reminders": sorted([r.source, r.token, r.seat or ""] for r in state.reminders),
                "bluffs": list(state.bluffs), "minion_bluffs": {k: list(v) for k, v in state.minion_bluffs.items()},
                "alchemist": state.alchemist_ability, "cannibal": state.cannibal_ability, "phase": state.phase, "day": state.day,
                "night": state.night, "today": {"nominations": [dict(n) for n in t.nominations], "block": t.block, "executed": t.executed},
                "winner": state.winner, "reason": state.win_reason, "heretic": state.heretic_flip,
                "pending": None if d is None else {"seat": d.seat, "kind": d.kind, "options": list(d.options)},
                "decisions": len(state.history), "draws": list(state.draws)}

    # digest, outcome_record and state_json: core.game.CanonicalRecords, from canonical_state

    def summary(self, state: ClockState) -> dict[str, Any]:
        o = self.outcome(state)
        return {"winner": None if o is None else o.winner, "reason": state.win_reason, "days": state.day}

    # ------------------------------------------------------------ texts and agents
    def renderer(self, state: ClockState | None = None, lang: str = "en") -> Renderer:
        return Renderer(catalog(lang), names(lang), lang)

    def english_messages(self) -> dict[str, Any]:
        from .texts import english_messages

        return english_messages()

    def view_text(self, view: dict[str, Any]) -> str:
        """The town square (and the grimoire, for the Storyteller) of a localized view."""
        n = view["names"]
        lines = [f"{view['title'] or view['script_name']}: {view['phase']} (day {view['clock']['day']}, night {view['clock']['night']})"]
        grim = {g["seat"]: g for g in view.get("grimoire", [])}
        for s in view["town_square"]:
            mark = "alive" if s["alive"] else ("dead, ghost vote" if s["ghost_vote"] else "dead")
            extra = ""
            if s["seat"] in grim:
                g = grim[s["seat"]]
                tokens = ", ".join(n["reminder"].get(r["token"], r["token"]) for r in g["reminders"])
                extra = f"  {n['character'].get(g['character'] or '', '?')} ({g['alignment']})" + (f" [{tokens}]" if tokens else "")
                extra += " drunk" if g["drunk"] else ""
                extra += " poisoned" if g["poisoned"] else ""
            lines.append(f"  {n['seat'][s['seat']]}: {mark}{extra}")
        you = view.get("you")
        if you:
            lines.append(f"  you are the {n['character'][you['character']]}: {you['ability']}")
            if you.get("bluffs"):
                lines.append("  not in play: " + ", ".join(n["character"][c] for c in you["bluffs"]))
        for nom in view["today"]["nominations"]:
            lines.append(f"  {n['seat'][nom['nominator']]} nominated {n['seat'][nom['nominee']]}: {nom['count']} vote(s)")
        return "\n".join(lines)

    def terminal_panel(self, view: dict[str, Any], render: Renderer) -> Any:
        """The town square of a localized view in the renderer's language (view_text is the plain
        English one the golden files hold)."""
        n = view["names"]

        def t(id: str, **params: Any) -> str:
            return render(T(id, **params))

        clock = view["clock"]
        phase_key = f"ct.phase.{view['phase']}"
        phase = t(phase_key) if phase_key in render.catalog else str(view["phase"])
        lines = [t("ct.ui.head", title=view["title"] or view["script_name"], phase=phase, day=clock["day"], night=clock["night"])]
        grim = {g["seat"]: g for g in view.get("grimoire", [])}
        for s in view["town_square"]:
            state = t("ct.ui.alive") if s["alive"] else t("ct.ui.dead_ghost_vote") if s["ghost_vote"] else t("ct.ui.dead")
            extra = ""
            if s["seat"] in grim:
                g = grim[s["seat"]]
                tokens = [n["reminder"].get(r["token"], r["token"]) for r in g["reminders"]]
                extra = t("ct.ui.grimoire", character=n["character"].get(g["character"] or "", "?"), alignment=T(f"ct.team.{g['alignment']}") if g["alignment"] else "?")
                extra += t("ct.ui.reminders", tokens=", ".join(tokens)) if tokens else ""
                extra += t("ct.ui.drunk") if g["drunk"] else ""
                extra += t("ct.ui.poisoned") if g["poisoned"] else ""
            lines.append(t("ct.ui.seat_line", seat=n["seat"][s["seat"]], state=state, extra=extra))
        you = view.get("you")
        if you:
            lines.append(t("ct.ui.you_are", character=n["character"][you["character"]], ability=you["ability"]))
            if you.get("bluffs"):
                lines.append(t("ct.ui.not_in_play", characters=", ".join(n["character"][c] for c in you["bluffs"])))
        for nom in view["today"]["nominations"]:
            lines.append(t("ct.ui.nominated", nominator=n["seat"][nom["nominator"]], nominee=n["seat"][nom["nominee"]], n=nom["count"]))
        return RichText("\n".join(lines))

    def agents(self) -> dict[str, AgentInfo]:
        """Agents for the players' seats only: they refuse the Storyteller's decisions."""
        return {"random": AgentInfo("random", T("ct.agent.random"), RandomPlayer)}

    def register_cli(self, app: Any) -> None:
        """Clocktower adds no command of its own."""


GAME = ClocktowerGame()
__all__ = ["GAME", "ClocktowerGame"]
