"""The corpus: citable clauses and cards of each game, loaded from ``corpus/<game>/``."""

from rulesq.corpus.load import Corpus, load_corpus
from rulesq.corpus.models import Card, Clause

__all__ = ["Card", "Clause", "Corpus", "load_corpus"]
