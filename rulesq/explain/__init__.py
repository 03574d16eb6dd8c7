"""Why an answer holds: the derivation graph (``rulesq.explain.graph``, networkx-backed)."""
