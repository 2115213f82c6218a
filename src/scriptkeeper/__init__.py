"""scriptkeeper: a referee for hidden-script deduction games (Tragedy Looper first)."""

__version__ = "0.1.0"
