"""Run the command line as ``python -m rulesq``."""

from rulesq.cli import run

run()
