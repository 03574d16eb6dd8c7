"""rulesq: a command-line rules judge for card games."""

__version__ = "0.1.0"
