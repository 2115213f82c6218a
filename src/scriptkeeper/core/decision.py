"""Decisions a game asks for, and how an answer is matched against them.

A decision names the seat that must answer, a kind (what sort of question), a prompt, and the full
list of legal options. Options are JSON values (strings or small mappings); an answer is one of
them. Prompts and labels are Texts (ids with parameters, core/text.py), never sentences. `info`
says what the question is about and `option_info` what each option is, as structured data for
programs (agents, the page), so that nobody parses a label. Two conventions of `option_info`
every front end follows: options that all carry a `group` (a Text) are chosen in two steps,
group first, then `member` (a Text), and `info["steps"]`, when given, names the two steps (two
Texts: "Card", "Target"); `board_target` names the board element (a character or a
location id) that a click on the board stands for.

Labels and option info may be given as functions: they are built only when someone reads them
(a card placement has about a hundred options; a simulation reads none of their labels).
Nothing here reads input: front ends and agents choose among `options`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Callable, Mapping, Sequence

from .text import Text, to_json

JSON = Any


def canonical(value: JSON) -> str:
    """A stable text form of a JSON value, used to compare answers with options."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


LabelSource = Sequence[Text] | Callable[[], Sequence[Text]]
InfoSource = Sequence[JSON] | Callable[[], Sequence[JSON]] | None


@dataclass(frozen=True, eq=False)
class Decision:
    seat: str
    kind: str
    prompt: Text
    options: tuple[JSON, ...]
    label_source: LabelSource = field(default=(), repr=False)
    info: Mapping[str, JSON] = field(default_factory=dict)
    option_info_source: InfoSource = field(default=None, repr=False)
    # Asked although it has a single legal answer, because skipping it would betray a secret
    # (core.flow.ask(force=True)): a front end answers it after the same delay whatever it holds.
    forced: bool = False

    @cached_property
    def labels(self) -> tuple[Text, ...]:
        src = self.label_source
        return tuple(src() if callable(src) else src)

    @cached_property
    def option_info(self) -> tuple[JSON, ...]:
        src = self.option_info_source
        if src is None:
            return tuple(None for _ in self.options)
        return tuple(src() if callable(src) else src)

    def index_of(self, answer: JSON) -> int:
        """Position of `answer` among the options, or -1 when it is not legal."""
        options = self.options
        try:
            i = options.index(answer)  # the first equal option, found in C (options are distinct)
        except ValueError:
            return -1
        if options[i] is answer:  # agents usually hand back the option object itself
            return i
        for i, opt in enumerate(options):
            if opt is answer:
                return i
        # Plain equality first (cheap), confirmed by the canonical form (1 == True in Python).
        key = None
        for i, opt in enumerate(self.options):
            if opt == answer:
                key = key if key is not None else canonical(answer)
                if canonical(opt) == key:
                    return i
        return -1

    def label(self, i: int) -> Text:
        labels = self.labels
        if i < len(labels):
            return labels[i]
        return Text.of("option.raw", value=canonical(self.options[i]))

    def to_json(self) -> dict[str, JSON]:
        infos = self.option_info
        options = []
        for i, o in enumerate(self.options):
            entry: dict[str, JSON] = {"value": o, "label": self.label(i).to_json()}
            if infos[i] is not None:
                entry["info"] = to_json(infos[i])
            options.append(entry)
        out: dict[str, JSON] = {"seat": self.seat, "kind": self.kind, "prompt": self.prompt.to_json(), "options": options}
        if self.info:
            out["info"] = to_json(dict(self.info))
        return out
