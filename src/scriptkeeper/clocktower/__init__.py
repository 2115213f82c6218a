"""Blood on the Clocktower on scriptkeeper's core: a grimoire that keeps the books for a human
Storyteller (docs/clocktower.md). The engine enforces what is mechanical and asks the Storyteller
for every judgement, offering the legal choices; it never plays the Storyteller."""
