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
    found = re.findall(r'\["(.*)"\]$', text, flags=re.M)
    found += re.findall(r'-->\|"(.*)"\|', text)
    # a wrapped label's lines are joined by Mermaid's line break, the one tag it holds
    labels = [label.replace("<br/>", " ") for label in found]
    assert labels and any("Odd #lt;b#gt;Card#lt;/b#gt; #35;quot;" in label for label in labels)
    for label in labels:
        assert not set(label) & set('"<>'), label
        assert all(
            re.match(r"#(\d+|quot|lt|gt);", label[i:])
            for i, char in enumerate(label)
            if char == "#"
        ), label


def test_the_mermaid_graph_is_as_legible_as_the_dot_one() -> None:
    """Mermaid: the DOT graph's wrapped labels, a rule's quote, edges with their notes, styles."""
    situation = (
        'game bluemoon\\nyou have active "Pandemonium"\\nI play "Trigger Brainstorm"\\n'
        "ask can I play a support card?\\n"
    )
    result = runner.invoke(app, ["ask", "--graph", "mermaid", "-e", situation])
    assert result.exit_code == 0, result.output
    text = result.output
    rule = re.search(
        r'(q1n\d+)\["rule: bluemoon/rulebook/p17-special-rules/you-may-not(.*)"\]', text
    )
    assert rule is not None
    lines = rule.group(2).split("<br/>")
    assert len(lines) > 2 and "“Cards reading" in lines[1] and lines[-1].endswith("other cards.”")
    assert all(len(line) <= 44 for line in lines[1:] if "#" not in line)  # wrapped, not cut
    # a precedent says what it shares; its edges to the shared nodes are dotted, unlabelled
    assert re.search(r'\["precedent: bluemoon/faq/[^"]*matches: same step: you may not', text)
    assert re.search(r"^    q1n\d+ -\.-> q1n\d+$", text, flags=re.M)
    assert '"matches:' not in text.replace('["', "")
    assert '-->|"supports: argued for it"|' in text
    assert re.search(r"^  linkStyle [\d,]+ stroke-width:3px", text, flags=re.M)
    assert re.search(r"^  class [q\dn,]+ decisive$", text, flags=re.M)
    precedents = re.findall(r'(q1n\d+)\["precedent: bluemoon/faq/', text)
    assert precedents and f"  class {','.join(precedents)} precedent" in text
    assert f"  class {rule.group(1)} rule" in text and "  classDef precedent " in text
    assert "…" not in text  # nothing cut


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


def test_the_drawn_graph_quotes_the_deciding_rule_and_says_what_a_precedent_shares() -> None:
    """DOT: the rule clause shows its quote, wrapped; precedents are named so; edges noted."""
    situation = (
        'game bluemoon\\nyou have active "Pandemonium"\\nI play "Trigger Brainstorm"\\n'
        "ask can I play a support card?\\n"
    )
    result = runner.invoke(app, ["ask", "--graph", "dot", "-e", situation])
    assert result.exit_code == 0, result.output
    text = result.output
    rule = re.search(
        r'\[label="(rule: bluemoon/rulebook/p17-special-rules/you-may-not(?:[^"\\]|\\.)*)"', text
    )
    assert rule is not None
    lines = rule.group(1).split("\\n")
    assert len(lines) > 2 and all(len(line) <= 44 for line in lines[1:])  # wrapped, not cut
    assert "“Cards reading" in lines[1] and lines[-1].endswith("other cards.”")
    assert "fillcolor=aliceblue" in text and '[label="precedent: bluemoon/faq/' in text
    assert re.search(r'\[label="precedent: bluemoon/faq/[^"]*matches: same step: you may not', text)
    assert '[label="supports: argued for it"' in text
    assert "edge [fontname=Helvetica" in text


def test_many_sources_of_one_node_are_drawn_in_staggered_rows() -> None:
    """A verdict resting on many facts and clauses gets them on three rows, not one."""
    from rulesq.explain.digraph import DiGraph
    from rulesq.render.graphs import _staggered

    graph = DiGraph()
    graph.add_node("verdict", kind="verdict", label="2")
    for i in range(7):
        graph.add_node(f"fact:{i}", kind="fact", label=f"fact {i}")
        graph.add_edge(f"fact:{i}", "verdict", kind="supports")
    graph.add_node("card", kind="card", label="A")
    graph.add_edge("fact:0", "card", kind="quotes")
    rows = _staggered(graph)
    assert sorted(rows.values()) == [1, 1, 1, 2, 2, 3, 3]
    assert ("fact:0", "card") not in rows  # one source only: one row


def _dot(situation: str) -> str:
    result = runner.invoke(app, ["ask", "--graph", "dot", "-e", situation])
    assert result.exit_code == 0, result.output
    return result.output


def _edges(text: str) -> dict[tuple[str, str], str]:
    """Each drawn edge (its two nodes, without the question's number) and its attributes."""
    return {
        (u.split("/", 1)[1], v.split("/", 1)[1]): attrs
        for u, v, attrs in re.findall(r'^    "([^"]+)" -> "([^"]+)" \[(.*)\];$', text, flags=re.M)
    }


def _node_attrs(text: str, node: str) -> str:
    found = re.search(rf'^    "1/{re.escape(node)}" \[(.*)\];$', text, flags=re.M)
    assert found is not None, node
    return found.group(1)


PERMISSION = (
    'game bluemoon\nyou have active "Pandemonium"\nI play "Trigger Brainstorm"\n'
    "ask can I play a support card?\n"
)


def test_the_path_that_decided_is_drawn_apart() -> None:
    """The step that decides, the rule under it, the winning card's effect and what it beats are
    drawn thick and coloured; the losing card's effect, the facts and the precedents are not;
    a precedent's ``matches`` edges are dashed and unlabelled."""
    from rulesq.render.graphs import DECISIVE_COLOUR

    text = _dot(PERMISSION)
    edges = _edges(text)
    thick = {pair for pair, attrs in edges.items() if "penwidth=2.5" in attrs}
    effects = dict(re.findall(r'^    "1/(effect:\d+)" \[label="effect: ([^:]+):', text, re.M))
    winner = next(node for node, card in effects.items() if card == "Pandemonium")
    loser = next(node for node, card in effects.items() if card == "Trigger Brainstorm")
    assert ("step:you may not", "verdict") in thick
    assert (winner, "verdict") in thick
    assert any(u == winner and v.startswith("alternative:") for u, v in thick)
    assert any(u.startswith("clause:bluemoon/rulebook/") and v == "verdict" for u, v in thick)
    assert not any(loser in pair or pair[0].startswith("fact:") for pair in thick), thick
    assert DECISIVE_COLOUR in _node_attrs(text, winner)
    assert DECISIVE_COLOUR not in _node_attrs(text, loser)
    matches = [attrs for (u, _), attrs in edges.items() if u.startswith("clause:bluemoon/faq/")]
    assert matches and all("style=dashed" in a and "label=" not in a for a in matches)


def test_the_decisive_path_is_empty_without_a_verdict() -> None:
    """No verdict, nothing drawn apart (a *cannot answer* has no path that decided)."""
    from rulesq.explain.digraph import DiGraph
    from rulesq.render.graphs import decisive

    graph = DiGraph()
    graph.add_node("question", kind="question", label="q")
    graph.add_node("gap:1", kind="gap", label="unread")
    graph.add_edge("gap:1", "question", kind="blocks")
    assert decisive(graph, None) == (set(), set())


def test_several_questions_are_drawn_one_under_another() -> None:
    """Two questions: invisible edges put the second under the first (side by side, four
    questions were 7,700 pixels wide); one question has none."""
    assert "style=invis" not in _dot(PERMISSION)
    text = _dot(PERMISSION.replace("ask", "it is my turn\nask") + "ask can I retreat?\n")
    stacked = re.findall(r'^  "2/question" -> "1/([^"]+)" \[style=invis\];$', text, flags=re.M)
    drawn = _edges(text)
    pointed_at = {v for (_, v) in drawn}
    assert stacked and all(node not in pointed_at for node in stacked)


def test_a_game_rule_cites_the_faq_answer_it_is_written_from() -> None:
    """A game rule written from an FAQ answer brings the answer along, linked to it by a
    ``cites`` edge: drawn, the answer stood alone, tied to nothing."""
    import json
    from pathlib import Path

    case = (
        Path(__file__).resolve().parents[1]
        / "corpus/bluemoon/cases/interference-cards/q356-cancelled-leadership-card.rq"
    )
    result = runner.invoke(app, ["ask", "--graph", "json", str(case)])
    assert result.exit_code == 0, result.output
    for graph in json.loads(result.output):
        cites = {(e["source"], e["target"]) for e in graph["edges"] if e["kind"] == "cites"}
        rule = "clause:bluemoon/rules/one-leadership-phase-card"
        assert (rule, "clause:bluemoon/faq/card-play-general-rules/1") in cites
        tied = {e["source"] for e in graph["edges"]} | {e["target"] for e in graph["edges"]}
        lone = [n["id"] for n in graph["nodes"] if n["kind"] == "clause" and n["id"] not in tied]
        assert not lone, lone


def test_a_drawn_quote_too_long_is_cut_between_words() -> None:
    """The Warhammer "in play" clause is cut at 200 characters: before a word, never in one
    ("due t…" read as a misquote)."""
    from rulesq.render.graphs import DOT_TEXT_LIMIT, _cut

    text = _dot(
        'game warhammer\nit is my turn\nI have 1 resource\nmy kingdom has "Pistoliers"\n'
        'ask can I move "Pistoliers" to my discard pile with "Pistoliers"?\n'
    )
    quote = re.search(r"in-play\\n(“.*?…”)", text)
    assert quote is not None, text
    words = " ".join(quote.group(1).split("\\n")).strip("“”…").split()
    source = "due to a card effect"  # the clause goes on: "… in play zone due to …"
    assert words[-1] in source.split() or words[-1] == "zone", words[-3:]
    assert _cut("one two three", 10) == "one two…" and _cut("one two", 10) == "one two"
    assert len(_cut("word " * 100, DOT_TEXT_LIMIT)) <= DOT_TEXT_LIMIT


def test_a_precedent_on_the_path_that_decided_quotes_the_words_it_rests_on() -> None:
    """FMA's worked example beats the alternatives: drawn on the path, with its whole quote.

    Off the path (the second question, where it only supports) it is named alone, and a
    precedent drawn on the path without its quote (``quoted`` off) fails the test.
    """
    from rulesq.paths import corpus_dir
    from rulesq.render import graphs

    path = corpus_dir() / "fma" / "cases" / "battles" / "toughness-1.rq"
    result = runner.invoke(app, ["ask", "--graph", "dot", str(path)])
    assert result.exit_code == 0, result.output
    labels = dict(
        re.findall(r'^\s*"(\d/clause:[^"]+)" \[label="((?:[^"\\]|\\.)*)"', result.output, re.M)
    )
    on_path = labels["1/clause:fma/rulings/battles/example-1"].replace("\\n", " ")
    assert on_path.startswith("precedent: fma/rulings/battles/example-1 “Here’s an example")
    assert "The A/B/C team wins the battle, 10 to 7." in on_path  # the words it rests on
    assert on_path.endswith("cannot choose to defeat one or no characters.”")
    assert labels["2/clause:fma/rulings/battles/example-1"] == (
        "precedent: fma/rulings/battles/example-1"
    )
    data = {"kind": "clause", "role": "precedent", "label": "x", "clause_id": "x", "text": "Q."}
    assert graphs.dot_label(data, quoted=True) == "precedent: x\n“Q.”"
    assert graphs.dot_label(data) == "precedent: x"


def test_an_edge_does_not_repeat_what_the_node_it_points_at_says() -> None:
    """An FMA battle's ``beats`` edges are labelled "beats" alone: each alternative reads the
    totals already, and the clause's labels to the two alternatives overlapped when drawn. A
    note its node does not say (a Blue Moon effect that argued for the loser) is kept."""
    from rulesq.paths import corpus_dir

    case = corpus_dir() / "fma" / "cases" / "battles" / "sent-home.rq"
    json_graph = runner.invoke(app, ["ask", "--graph", "json", str(case)]).output
    assert '"note": "the attackers total 3 strength, the defenders 4"' in json_graph  # kept
    for fmt, beats in (("dot", r'-> "1/alternative:\d+" \[label="([^"]*)"'), ("mermaid", None)):
        result = runner.invoke(app, ["ask", "--graph", fmt, str(case)])
        assert result.exit_code == 0, result.output
        pattern = beats or r'-->\|"(beats[^"]*)"\| q1n\d+'
        labels = re.findall(pattern, result.output)
        assert labels == ["beats", "beats"], labels
    situation = (
        'game bluemoon\\nyou have active "Pandemonium"\\nI play "Trigger Brainstorm"\\n'
        "ask can I play a support card?\\n"
    )
    dot = runner.invoke(app, ["ask", "--graph", "dot", "-e", situation]).output
    assert '[label="supports: argued for it"]' in dot


def test_a_fact_not_needed_is_drawn_linked_to_the_verdict_and_said_so() -> None:
    """A fact the verdict does not rest on is not drawn apart with no edge (it read as lost):
    a faint dotted edge to the verdict says it is not needed, in DOT and Mermaid alike."""
    situation = (
        'game warhammer\\nit is my turn\\nphase quest\\nmy battlefield has "Chaos Knights"\\n'
        'ask can I attack your kingdom with "Chaos Knights"?\\n'
    )
    result = runner.invoke(app, ["ask", "--graph", "dot", "-e", situation])
    assert result.exit_code == 0, result.output
    turn = re.search(r'"(1/fact:\d+)" \[label="fact: it is my turn"', result.output)
    assert turn is not None
    edges = [line for line in result.output.splitlines() if f'"{turn[1]}" ->' in line]
    assert edges == [
        f'    "{turn[1]}" -> "1/verdict" [label="not needed", style=dotted, color=gray55, '
        "fontcolor=gray40, arrowhead=none];"
    ]
    needed = re.search(r'"(1/fact:\d+)" \[label="fact: phase quest"', result.output)
    assert needed is not None and f'"{needed[1]}" -> "1/verdict" [label="supports"' in result.output
    result = runner.invoke(app, ["ask", "--graph", "mermaid", "-e", situation])
    node = re.search(r'(q1n\d+)\["fact: it is my turn"\]', result.output)
    assert node is not None and re.search(rf'{node[1]} -.->\|"not needed"\| q1n\d+', result.output)


def test_a_precedent_tied_to_a_node_by_cites_is_not_drawn_matching_it_too() -> None:
    """The rule written from an FAQ answer cites it; the answer's ``matches`` edge back to that
    rule was drawn beside it, a loop of two edges between one pair: it is left out (the JSON
    graph keeps it)."""
    from pathlib import Path

    case = (
        Path(__file__).resolve().parents[1]
        / "corpus/bluemoon/cases/card-play-general-rules/q118a-leadership-phase.rq"
    )
    rule = "clause:bluemoon/rules/one-leadership-phase-card"
    answer = "clause:bluemoon/faq/card-play-general-rules/1"
    for fmt in ("dot", "json"):
        result = runner.invoke(app, ["ask", "--graph", fmt, str(case)])
        assert result.exit_code == 0, result.output
        if fmt == "dot":
            between = [
                line
                for line in result.output.splitlines()
                if f'"1/{rule}" -> "1/{answer}"' in line or f'"1/{answer}" -> "1/{rule}"' in line
            ]
            assert between == [f'    "1/{rule}" -> "1/{answer}" [label="cites"];']
        else:
            import json

            kinds = {
                e["kind"]
                for e in json.loads(result.output)[0]["edges"]
                if {e["source"], e["target"]} == {rule, answer}
            }
            assert kinds == {"cites", "matches"}
