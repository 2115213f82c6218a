"""Specific exception classes: callers catch these, never a bare Exception."""

from __future__ import annotations

from dataclasses import dataclass


class ScriptkeeperError(Exception):
    """Base class of every error this package raises on purpose."""


class IllegalDecisionError(ScriptkeeperError):
    """An answer that is not the pending decision's to give, or not among its options."""


@dataclass(frozen=True)
class ScriptProblem:
    """One broken script-creation rule: `rule` is a stable id, `message` says what to fix, `where`
    the part of the setup that breaks it, as a path of its keys ("cast.doctor", "incidents.2" for
    the third incident, "subplots"; empty when the whole setup is at fault), so that an editor can
    show the problem next to that part."""

    rule: str
    message: str
    where: str = ""


class ScriptError(ScriptkeeperError):
    """A script breaks one or more script-creation rules; `problems` names each rule."""

    def __init__(self, problems: list[ScriptProblem]) -> None:
        self.problems = problems
        super().__init__("; ".join(f"[{p.rule}] {p.message}" for p in problems))


class GameFileError(ScriptkeeperError):
    """A game file (script + decisions, or a situation) that cannot be read or replayed."""


class RulesDataError(ScriptkeeperError):
    """The shipped rules data failed its schema: a bug in the data files, not in user input."""


class UnmodelledRule(ScriptkeeperError):
    """A program that reasons about the rules (the deduction, an agent) met a rule it does not
    model: a character, role, trait, counter, condition or event it was not written for. It stops
    here instead of reasoning on as if the rule did not exist."""

    def __init__(self, who: str, what: str, detail: str = "") -> None:
        self.who, self.what = who, what
        super().__init__(f"{who} does not model {what}" + (f": {detail}" if detail else ""))
