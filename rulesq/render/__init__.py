"""Renderers of answers: text (short or ``--explain``), JSON, and the graph as DOT or Mermaid."""
