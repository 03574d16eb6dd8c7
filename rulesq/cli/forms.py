"""``rulesq forms``: every statement and question a situation may use, with an example each."""

from __future__ import annotations

import sys

from rulesq.cli.common import GameOption, JsonOption, fail, print_json
from rulesq.errors import RulesqError


def forms(game: GameOption = None, as_json: JsonOption = False) -> None:
    """List every statement and question form, with an example each.

    A situation file holds a game line, statements (facts and events, in order), questions
    (ask ...?) and the calls to check (expect ...). Each form is one line, listed with what
    it states or asks.

    Examples:

    \b
      rulesq forms --game bluemoon
      rulesq forms --game fma --json
    """
    from rulesq.games import GAMES, get_game
    from rulesq.situation.forms import CALLS, forms_of

    try:
        games = [get_game(game)] if game else [get_game(name) for name in GAMES]
        for found in games:
            found.corpus  # noqa: B018 - its forms are the corpus's: a missing one is an error
    except RulesqError as error:
        raise fail(error, as_json=as_json) from None
    if as_json:
        calls = [  # the calls to check, as the text lists them after the forms
            {"rule": "expectation", "example": example, "says": says, "also": []}
            for example, says in CALLS
        ]
        print_json(
            {
                g.name: [
                    {"rule": f.rule, "example": f.example, "says": f.says, "also": list(f.also)}
                    for f in forms_of(g.name)
                ]
                + calls
                for g in games
            }
        )
        return
    from rulesq.width import wrap

    out: list[str] = []
    for found in games:
        listed = forms_of(found.name)
        out.append(f"{found.title}: game {found.name}")
        for title, questions in (("statements", False), ("questions", True)):
            out.append(f"  {title}:")
            for form in (f for f in listed if f.is_question == questions):
                out.append(f"    {form.example}")
                out.append(wrap(form.says, " " * 8))  # a line to type stays whole; this wraps
                out += [f"        also: {also}" for also in form.also]
        out.append("  calls to check (after a question):")
        for example, says in CALLS:
            out += [f"    {example}", wrap(says, " " * 8)]
        out.append("")
    sys.stdout.write("\n".join(out))
