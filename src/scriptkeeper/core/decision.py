"""Decisions the engine asks for, and how an answer is matched against them.

A decision names the seat that must answer, a kind (what sort of question), a prompt, and the
full list of legal options. Options are JSON values (strings or small dicts); an answer is one
of them. Nothing here reads input: front ends and agents choose among `options`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

JSON = Any


def canonical(value: JSON) -> str:
    """A stable text form of a JSON value, used to compare answers with options."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


@dataclass(frozen=True)
class Decision:
    seat: str
    kind: str
    prompt: str
    options: tuple[JSON, ...]
    labels: tuple[str, ...] = field(default=())

    def index_of(self, answer: JSON) -> int:
        """Position of `answer` among the options, or -1 when it is not legal."""
        for i, opt in enumerate(self.options):
            if opt is answer:  # agents usually hand back the option object itself
                return i
        return self._index.get(canonical(answer), -1)

    @cached_property
    def _index(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for i, opt in enumerate(self.options):
            out.setdefault(canonical(opt), i)
        return out

    def label(self, i: int) -> str:
        if i < len(self.labels):
            return self.labels[i]
        return canonical(self.options[i])

    def to_dict(self) -> dict[str, JSON]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "prompt": self.prompt,
            "options": [
                {"value": o, "label": self.label(i)} for i, o in enumerate(self.options)
            ],
        }
