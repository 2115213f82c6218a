"""The AI Protagonists' Final Guess against the exact deduction (docs/ai.md, issue 14).

Plays N rule-against-rule games per Basic Tragedy script (seeds 0..N-1) and, at every Final Guess
answer, compares it with the deduction from the guessing seat's view: answers naming an excluded
role, and certain roles named wrong.

    PYTHONPATH=. .venv/bin/python bench/final_guess.py -n 67
"""

from __future__ import annotations

import argparse
import time

from tests.agents.test_final_guess import final_guess_checks
from tests.properties.randomplay import scripts


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=67)
    ap.add_argument("--script", default="basic_tragedy/", help="the scripts whose names start with this")
    args = ap.parse_args()
    names = [s for s in scripts() if s.startswith(args.script)]
    t0 = time.time()
    games = reached = answers = excluded = certain_wrong = right = 0
    for name in names:
        for seed in range(args.n):
            checks = final_guess_checks(name, seed)
            games += 1
            if not checks:
                continue
            reached += 1
            answers += len(checks)
            excluded += sum(g not in p for _, g, p in checks)
            certain_wrong += sum(len(p) == 1 and g != p[0] for _, g, p in checks)
    print(f"{games} games, {reached} reached the Final Guess, {answers} answers: {excluded} named an excluded role, "
          f"{certain_wrong} named a certain role wrong ({time.time() - t0:.0f} s)")


if __name__ == "__main__":
    main()
