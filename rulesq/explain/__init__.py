"""Why an answer holds: the derivation graph (``graph``); networkx analyses (``analysis``)."""
