"""rulesq: a command-line rules judge for card games."""

from rulesq import lazymethods

lazymethods.install()

__version__ = "0.1.0"
