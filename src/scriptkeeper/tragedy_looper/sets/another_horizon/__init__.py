"""Another Horizon (seed 000): the rules data of the Tragedy Set, and its coded rules (coded.py)."""
