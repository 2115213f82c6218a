"""docs/architecture.md shows the event reference as the code registers it (the deduction and the
agents depend on every event type, its data and who sees it)."""

from pathlib import Path

from scriptkeeper.tragedy_looper import engine  # noqa: F401  (every event type is registered)
from scriptkeeper.tragedy_looper.events import EVENT_TYPES, reference_markdown

DOC = Path(__file__).resolve().parent.parent / "docs" / "architecture.md"


def test_the_architecture_page_shows_the_event_reference_as_the_code_registers_it():
    assert reference_markdown() in DOC.read_text(encoding="utf-8")


def test_every_event_type_says_who_sees_it_and_what_it_is():
    for et in EVENT_TYPES.values():
        assert et.seen_by and et.about, et.name
