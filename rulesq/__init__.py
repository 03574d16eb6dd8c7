"""rulesq: a command-line rules judge for card games."""

from time import time_ns

#: When this process first imported rulesq: a module of it edited since may not be the code
#: in memory, and a cache its code builds is then kept under no key (``rulesq.cachefiles``).
STARTED_NS = time_ns()

from rulesq import lazymethods, standins  # noqa: E402 - after the time it was started

lazymethods.install()
standins.import_pathlib()

__version__ = "0.1.0"
