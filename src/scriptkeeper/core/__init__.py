"""Game-agnostic kernel: decisions, events, errors shared by every game."""
