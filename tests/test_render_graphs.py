"""The derivation graph as DOT and Mermaid stays valid whatever a card's name or text holds."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from rulesq.cli import app

runner = CliRunner()

#: An inline card whose name and text hold what DOT and Mermaid read as syntax or markup.
NAME = r"Odd <b>Card</b> #quot; \ & x"
SITUATION = (f'game bluemoon\\ncard "{NAME}" support: "You may not play booster cards."\\n'
             f'you have active "{NAME}"\\nask can I play "Volcanic Gauntlets"?\\n')


def graph(fmt: str) -> str:
    result = runner.invoke(app, ["ask", "--graph", fmt, "-e", SITUATION])
    assert result.exit_code == 0, result.output
    return result.output


def test_mermaid_labels_are_entity_coded() -> None:
    """No raw ``"``, ``<``, ``>`` in a label, and every ``#`` starts an entity code."""
    text = graph("mermaid")
    labels = re.findall(r'\["(.*)"\]$', text, flags=re.M)
    assert labels and any("Odd #lt;b#gt;Card#lt;/b#gt; #35;quot;" in label for label in labels)
    for label in labels:
        assert not set(label) & set('"<>'), label
        assert all(re.match(r"#(\d+|quot|lt|gt);", label[i:])
                   for i, char in enumerate(label) if char == "#"), label


def test_dot_strings_are_closed_and_backslashes_escaped() -> None:
    """Every DOT line has balanced quotes once escapes are read; a backslash is doubled."""
    text = graph("dot")
    for line in text.splitlines():
        assert re.sub(r"\\.", "", line).count('"') % 2 == 0, line
    assert r"#quot; \\ & x" in text
