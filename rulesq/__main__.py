"""Run the command line as ``python -m rulesq``."""

from rulesq.cli import main

main()
