"""Guess the Number on its own: the rules of the tiny test game, through the kernel only."""

from __future__ import annotations

from pathlib import Path

from scriptkeeper.agents.runner import play
from scriptkeeper.core import record, registry
from scriptkeeper.core.game import Game
from scriptkeeper.core.text import localize

from . import GAME, GUESSER, HOST
from .game import HalvingAgent

ONE_TO_TEN = GAME.load_setup(str(GAME.shipped_setups()["one_to_ten"]), Path("."))


def test_it_is_a_whole_game_of_the_protocol() -> None:
    assert isinstance(GAME, Game)
    assert GAME.seats(ONE_TO_TEN, {}) == [HOST, GUESSER] and GAME.gm_seat == HOST


def test_the_secret_comes_from_the_seed_and_the_draw_is_recorded() -> None:
    games = [GAME.new_game(ONE_TO_TEN, seed, {}) for seed in range(40)]
    assert all(1 <= g.secret <= 10 for g in games)  # type: ignore[operator]
    assert len({g.secret for g in games}) > 5
    again = GAME.new_game(ONE_TO_TEN, 7, {})
    assert again.secret is not None and again.secret == games[7].secret and again.draws == [again.secret - 1]


def test_the_host_answers_every_wrong_guess_though_only_the_truth_is_legal() -> None:
    state = GAME.new_game(ONE_TO_TEN, 11, {})
    assert state.secret is not None
    wrong = next(n for n in range(1, 11) if n != state.secret)
    GAME.apply(state, wrong, seat=GUESSER)
    d = GAME.pending(state)
    assert d is not None and d.seat == HOST and d.kind == "answer"
    assert list(d.options) == ["higher" if state.secret > wrong else "lower"]
    quiet = GAME.new_game(ONE_TO_TEN, 11, {"hints": False})
    GAME.apply(quiet, wrong, seat=GUESSER)
    assert list(GAME.pending(quiet).options) == ["wrong"]  # type: ignore[union-attr]


def test_the_guesser_sees_the_number_only_at_the_end() -> None:
    state = GAME.new_game(ONE_TO_TEN, 11, {})
    render = GAME.renderer(state)
    assert "secret" in GAME.view(state, HOST) and "secret" not in GAME.view(state, GUESSER)
    assert not any("secret number is" in line for line in localize(GAME.view(state, GUESSER), render)["log"])
    while (d := GAME.pending(state)) is not None:
        GAME.apply(state, d.options[0], seat=d.seat)
    assert GAME.view(state, GUESSER)["secret"] == state.secret
    outcome = GAME.outcome(state)
    assert outcome is not None and set(outcome.results.values()) == {"win", "lose"}


def test_a_clone_goes_its_own_way() -> None:
    state = GAME.new_game(ONE_TO_TEN, 3, {})
    copy = GAME.clone(state)
    GAME.apply(copy, copy.pending.options[0], seat=GUESSER)  # type: ignore[union-attr]
    assert len(GAME.history(copy)) == 1 and GAME.history(state) == [] and state.guesses == []


def test_a_saved_game_replays_to_its_digest(tmp_path: Path) -> None:
    registry.register(GAME)  # game files name their game; the registry finds it
    halving = HalvingAgent()
    result = play(GAME, ONE_TO_TEN, 9, {HOST: halving, GUESSER: halving}, keep_state=True)
    gf = record.GameFile(GAME, ONE_TO_TEN, GAME.setup_json(ONE_TO_TEN), 9, {"hints": True})
    path = tmp_path / "tiny.yaml"
    record.save_game(path, gf, result["state"])
    again = record.replay(record.load_game(path))
    assert GAME.digest(again, record.FORMAT) == GAME.digest(result["state"], record.FORMAT)
    assert GAME.outcome_record(again, record.FORMAT)["winner"] == result["winner"]


def test_a_broken_setup_names_its_rules() -> None:
    _, problems = GAME.check_setup({"title": "x", "low": 3, "high": 1, "guesses": 0})
    assert [p.rule for p in problems] == ["range", "guesses"]
    _, problems = GAME.check_setup({"title": "x", "low": 1})
    assert {p.rule for p in problems} == {"setup-format"}


def test_the_tiny_games_words_are_in_every_language_with_their_parameters():
    """Issue 19: the tiny game keeps its own words per language beside it (texts/<lang>.yaml): each
    language gives every id of the English with the same parameters, and a plural where the
    English has one, so its pages and facts read in the reader's language."""
    import yaml

    from scriptkeeper.core.i18n import LANGUAGES
    from scriptkeeper.core.text import template_fields

    here = Path(__file__).parent
    english = yaml.safe_load((here / "en.yaml").read_text(encoding="utf-8"))
    for lang in LANGUAGES[1:]:
        words = yaml.safe_load((here / f"{lang}.yaml").read_text(encoding="utf-8"))
        assert sorted(words) == sorted(english), lang
        for key, template in english.items():
            assert template_fields(words[key]) == template_fields(template), (lang, key)
            assert isinstance(words[key], list) == isinstance(template, list), (lang, key)


def test_the_tiny_games_facts_and_problems_come_in_the_readers_language():
    setup = GAME.load_setup(str(Path(__file__).parent / "setups" / "one_to_ten.yaml"), Path("."))
    ru = GAME.renderer(None, "ru")
    assert ru(GAME.describe(setup)) == "One to Ten: число от 1 до 10, 3 попытки"
    _, problems = GAME.check_setup({"title": "x", "low": 3, "high": 1, "guesses": 0})
    assert [p.render(GAME.renderer(None, "ja")) for p in problems] == [
        "low < high で、差は100以内（指定：3〜1）", "推測は1〜10回（指定：0）"]
    assert [p.message for p in problems] == ["low < high, at most 100 numbers apart (got 3 to 1)", "1 to 10 guesses (got 0)"]
