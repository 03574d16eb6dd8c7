"""rulesq: a command-line rules judge for card games."""

from rulesq import lazymethods, standins

lazymethods.install()
standins.import_pathlib()

__version__ = "0.1.0"
