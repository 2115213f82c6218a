"""Seed 001, Rule Clarification: Mastermind abilities due at the same moment - Mandatory ones happen
before Optional ones, and the Mastermind chooses the order of the Optional ones."""

from __future__ import annotations

from tests.helpers import answer, pending, start

from .mz import WITCHES, died, mz, options

# The Devil's Hand (Ninja) + Dice of the Gods (Serial Killer, Obstinate) + Witches Tea Time.
CAST = {"girl_student": "key_person", "shrine_maiden": "cultist", "doctor": "ninja", "office_worker": "serial_killer",
        "boy_student": "obstinate", **WITCHES}
SCRIPT = mz("the_devils_hand", ["dice_of_the_gods", "witches_tea_time"], CAST,
            [{"day": 4, "incident": "suicide", "culprit": "boy_student"}])


def test_mandatory_serial_killer_resolves_before_the_optional_ninja_at_day_end():
    """The Serial Killer (mandatory) and the Ninja (optional) are both due at day end in the Hospital.
    Had the Ninja gone first it could have killed the Serial Killer (2 Intrigue); the Serial Killer
    goes first and kills the Ninja, its only companion, so the Ninja's ability is never offered."""
    g = start(SCRIPT, {"phase": "day_end", "characters": {"office_worker": {"at": "hospital", "intrigue": 2},
                                                          "nurse": {"at": "city"}}})
    assert died(g) == ["doctor"]
    d = pending(g)
    assert d.kind == "day_end_ability" and list(d.options) == ["done"]


def test_ninja_is_offered_after_mandatory_abilities_when_it_survives_them():
    g = start(SCRIPT, {"phase": "day_end", "characters": {"office_worker": {"at": "hospital", "intrigue": 2}}})
    # Three in the Hospital: the Serial Killer strikes nobody; then the Mastermind may use the Ninja.
    assert died(g) == []
    assert options(g) == ["doctor:ninja:0", "done"]
    answer(g, "day_end_ability", "doctor:ninja:0")
    assert died(g) == ["office_worker"]


def test_mastermind_chooses_the_order_of_optional_abilities_due_together():
    """The Conspiracy Theorist and the Brain are both optional Mastermind abilities: the Mastermind picks
    which comes first, one decision at a time."""
    cast = {"doctor": "brain", "shrine_maiden": "cultist", **WITCHES, "pop_idol": "magician", "godly_being": "immortal"}
    for first, second in [("informer:conspiracy_theorist:0", "doctor:brain:0"), ("doctor:brain:0", "informer:conspiracy_theorist:0")]:
        g = start(mz("the_sealed_item", ["witches_tea_time", "showtime_of_death"], cast), {"phase": "mastermind_abilities"})
        d = pending(g)
        assert d.seat == "mastermind" and {first, second, "done"} <= set(d.options)
        answer(g, "mastermind_ability", first)
        answer(g, "choose_target", "informer" if "conspiracy" in first else "hospital")
        assert second in options(g) and first not in options(g)
        answer(g, "mastermind_ability", second)
        answer(g, "choose_target", "informer" if "conspiracy" in second else "hospital")
        used = [e.data["key"] for e in g.events if e.type == "mm_ability"]
        assert used == [first, second]
