"""The derivation graph as DOT and Mermaid stays valid whatever a card's name or text holds."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from rulesq.cli import app

runner = CliRunner()

#: An inline card whose name and text hold what DOT and Mermaid read as syntax or markup.
NAME = r"Odd <b>Card</b> #quot; \ & x"
SITUATION = (
    f'game bluemoon\\ncard "{NAME}" support: "You may not play booster cards."\\n'
    f'you have active "{NAME}"\\nask can I play "Volcanic Gauntlets"?\\n'
)


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
        assert all(
            re.match(r"#(\d+|quot|lt|gt);", label[i:])
            for i, char in enumerate(label)
            if char == "#"
        ), label


def test_dot_strings_are_closed_and_backslashes_escaped() -> None:
    """Every DOT line has balanced quotes once escapes are read; a backslash is doubled."""
    text = graph("dot")
    for line in text.splitlines():
        assert re.sub(r"\\.", "", line).count('"') % 2 == 0, line
    assert r"#quot; \\ & x" in text


def test_a_fact_supports_the_verdict_only_if_removing_it_changes_the_verdict() -> None:
    """Pandemonium's fact supports "no"; playing Trigger Brainstorm does not (drawn graph)."""
    from rulesq.engine import evaluate
    from rulesq.situation import parse_situation

    [answer] = evaluate(
        parse_situation(
            'game bluemoon\nyou have active "Pandemonium"\nI play "Trigger Brainstorm"\n'
            "ask can I play a support card?\n"
        )
    )
    answer.graph.analyse()
    graph = answer.graph.graph
    supporting = {
        graph.nodes[u]["label"]
        for u, v, d in graph.edges(data=True)
        if v == "verdict" and d["kind"] == "supports" and graph.nodes[u]["kind"] == "fact"
    }
    assert supporting == {'you have active "Pandemonium"'}


def test_answering_and_printing_an_answer_never_imports_networkx() -> None:
    """networkx loads only when a graph is analysed or drawn."""
    import subprocess
    import sys

    code = (
        "import sys\nfrom rulesq.engine import evaluate\n"
        "from rulesq.situation import parse_situation\n"
        "from rulesq.render.text import render_answers\n"
        'answers = evaluate(parse_situation(\'game bluemoon\\nyou have active "Pandemonium"'
        '\\nask can I play "Laughing Gas"?\\n\'))\nrender_answers(answers)\n'
        "print('networkx' in sys.modules)\n"
        "render_answers(answers, explain=True)\nprint('networkx' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert out == ["False", "True"]


def test_cards_that_ignore_one_another_form_a_loop() -> None:
    """Ignore loops are the strongly connected components of the "ignores" relation."""
    from rulesq.explain.analysis import ignore_loops

    loops = ignore_loops([("A", "B"), ("B", "A"), ("B", "C"), ("D", "D")])
    assert sorted(map(sorted, loops)) == [["A", "B"], ["D"]]
