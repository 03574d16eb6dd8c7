"""rulesq: a command-line rules judge for card games."""

import gc as _gc

#: While rulesq's first modules load (``typing``, ``dataclasses`` and others, thousands of
#: objects that all live on), the collector's youngest generation is collected every
#: this many allocations instead of every 700: each pass there walked objects none of which
#: is garbage. The threshold the process had is given back once they are loaded.
_LOADING = 50_000
_threshold = _gc.get_threshold()
_gc.set_threshold(max(_threshold[0], _LOADING), *_threshold[1:])
try:
    from rulesq import lazymethods

    lazymethods.install()
finally:
    _gc.set_threshold(*_threshold)

__version__ = "0.1.0"
