"""A precedent whose own answer is not the verdict says so, and why it does not decide here.

An FAQ answer cited beside a verdict may open with the opposite word (BM-Q247's "Yes, you
can." beside a no: its "Yes" answers the FAQ's own question, its case this one with a no) or
its case may answer the same kind of question otherwise (about other cards). Each is marked
(``differs_by``, ``differs``) alike in the text, ``--json`` and the Markdown rulings.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from rulesq.corpus import load_corpus
from rulesq.engine.dispatch import evaluate
from rulesq.games.bluemoon.judge.precedents import opens_against
from rulesq.render.data import answer_to_dict
from rulesq.situation import parse_situation

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "tests" / "examples" / "bluemoon" / "you-may-not-beats-permission.rq"
Q247 = "bluemoon/faq/special-power-texts-you-may-not/4"
#: The FAQ cases (BM-Q169b: a precedent whose case answers 5 to the same question, here 3).
CASES = ROOT / "corpus" / "bluemoon" / "cases"


def _rulesq(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "rulesq", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        env={"COLUMNS": "200", **_env()},
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def _env() -> dict[str, str]:
    import os

    return {k: v for k, v in os.environ.items() if k != "COLUMNS"}


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_q247_beside_a_no_is_marked_alike_in_text_and_json() -> None:
    data = json.loads(_rulesq("ask", "--json", str(EXAMPLE)))
    [cited] = [c for c in data["answers"][0]["citations"] if c["id"] == Q247]
    assert data["answers"][0]["verdict"]["shown"] == "no"
    assert cited["text"].startswith("Yes, you can.")
    assert cited["differs_by"] == "opening"
    assert (
        '"Yes" answers the FAQ\'s own question, which ends "can I play a leadership card?"'
        in (cited["differs"])
    )
    assert cited["differs"].endswith("answers no, as here")
    text = _flat(_rulesq("ask", str(EXAMPLE)))
    assert f"[{Q247}]" in text
    assert "(precedent, its opening answers another question)" in text
    assert f"differs: {cited['differs']}" in text
    others = [c for c in data["answers"][0]["citations"] if c["id"] != Q247]
    assert all("differs" not in c for c in others)  # the rule and the "No, you cannot."


def test_a_case_answering_the_same_question_otherwise_names_what_differs() -> None:
    [path] = CASES.rglob("q169b-coolcop-conjoining.rq")
    data = json.loads(_rulesq("ask", "--json", str(path)))
    marked = [c for a in data["answers"] for c in a["citations"] if c.get("differs")]
    assert marked, "no precedent marked"
    first = marked[0]
    assert first["differs_by"] == "verdict"
    assert re.match(
        r"its case answers \d+ to the same kind of question \(here: 3\); there, ", first["differs"]
    )
    assert "about CoolCat" in first["differs"]  # the card that makes it differ
    assert f"differs: {first['differs']}" in _flat(_rulesq("ask", str(path)))
    assert "(precedent, answers otherwise)" in _flat(_rulesq("ask", str(path)))


def test_the_markdown_rulings_mark_it_as_the_text_does() -> None:
    document = _rulesq("rulings", "Brain Drain", "Trigger Brainstorm")
    [line] = [line for line in document.splitlines() if f"`{Q247}`" in line]
    assert line.startswith(f"- `{Q247}` (precedent, its opening answers another question), ")
    assert '(differs: its opening "Yes" answers the FAQ\'s own question' in line
    data = json.loads(_rulesq("rulings", "Brain Drain", "Trigger Brainstorm", "--json"))
    cited = [
        c
        for r in data["rulings"]
        for a in [r["answer"], *r["beside"]]
        for c in a["citations"]
        if c["id"] == Q247
    ]
    assert cited and all(c["differs_by"] == "opening" for c in cited)
    assert all(f"(differs: {c['differs']})" in document for c in cited)


def test_no_faq_case_cites_an_unmarked_precedent_that_opens_with_the_opposite_word() -> None:
    """Over every Blue Moon FAQ case: a cited answer opening "No" beside a yes (or "Yes"
    beside a no) is always marked; a marked one is never the case's own same answer."""
    load_corpus("bluemoon")
    opened = marked = 0
    for path in sorted((ROOT / "corpus" / "bluemoon" / "cases").rglob("*.rq")):
        situation = parse_situation(path.read_text(encoding="utf-8"), str(path))
        for answer in evaluate(situation):
            if answer.verdict is None:
                continue
            shown = answer_to_dict(answer)
            verdict = shown["verdict"]["shown"]
            for cited in shown["citations"]:
                if cited["role"] != "precedent":
                    continue
                marked += "differs" in cited
                if opens_against(verdict, cited["text"]):
                    opened += 1
                    assert cited.get("differs"), (path.name, cited["id"])
    assert opened > 20 and marked > opened  # both kinds are met


def test_the_graph_labels_the_precedent_with_why_it_differs() -> None:
    for form in ("dot", "mermaid"):
        drawn = _rulesq("ask", "--graph", form, str(EXAMPLE))
        unquoted = drawn.replace('\\"', '"').replace("#quot;", '"')
        label = _flat(re.sub(r"\\n|<br/>", " ", unquoted))
        assert 'differs: its opening "Yes" answers the FAQ\'s own question' in label, form


def test_a_disagreement_never_names_as_support_a_faq_answer_that_says_otherwise() -> None:
    """BM-Q247's own case, its first call made wrong (yes): the DISAGREE named Q247's "Yes,
    you can." as the FAQ answer that rules the no; it names one that gives the no."""
    from rulesq.engine.check import check_situation

    case = CASES / "special-power-texts-you-may-not" / "q247b-brain-drain-character-only.rq"
    text = case.read_text(encoding="utf-8").replace("expect no", "expect yes", 1)
    checked = check_situation(parse_situation(text, str(case)))
    assert "expected yes, but the answer is no" in checked.reason
    assert "as the FAQ answer " in checked.reason, checked.reason
    assert Q247 not in checked.reason and "Yes, you can" not in checked.reason
