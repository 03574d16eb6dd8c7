"""``rulesq shell``: the table mode, a situation built line by line with answers as you ask.

``Table`` holds the session's logic and needs no terminal (the tests drive it); ``shell``
runs it under prompt_toolkit (imported only here), with history and completion of card
names (inside quotes) and of the statement and question forms.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from rulesq.errors import InputError, RulesqError, os_reason, quoted

if TYPE_CHECKING:
    from prompt_toolkit.completion import CompleteEvent, Completion
    from prompt_toolkit.document import Document
    from prompt_toolkit.history import History

HELP = """\
Type a statement, a question or a call (expect no), one a line; a question is
answered at once, and a call checked against it. In {game}, for example:
  {statement}
  {question}
Tab completes card names and forms.
  :show         the situation so far
  :undo         take back the last line
  :save FILE    write the situation to a .rq file (:save! FILE replaces one)
  :game NAME    start over with another game ({games})
  :forms        every statement and question form
  :clear        start over
  :quit         leave (or Ctrl-D)"""


@dataclass
class Table:
    """A situation built line by line; each line checked as it comes, questions answered."""

    game: str = "bluemoon"
    lines: list[str] = field(default_factory=list)
    #: The exit code the lines so far call for, as ``rulesq check`` would give it: 2 after a
    #: line refused, else 1 after a question not answered or a call that does not agree.
    code: int = 0

    def text(self, extra: Iterable[str] = ()) -> str:
        """The situation file so far (with ``extra`` lines after it)."""
        return "\n".join([f"game {self.game}", *self.lines, *extra]) + "\n"

    def handle(self, line: str, place: str | None = None) -> str:
        """What the table prints for one typed line (the situation grows when it is good).

        ``place`` (``<stdin>:3``, a piped line's) heads an error, with the column after it.
        Several lines at once (a situation pasted in) are each handled in turn, as if typed
        one by one: kept as one line, a question among them would never be answered.
        """
        return "\n".join(out for out, _ in self.outputs(line, place) if out)

    def outputs(self, line: str, place: str | None = None) -> list[tuple[str, bool]]:
        """What :meth:`handle` prints, for each line of ``line``, and whether it is an error.

        An error is printed on standard error when the lines are piped in.
        """
        if "\n" in line or "\r" in line:
            return [out for part in line.splitlines() for out in self.outputs(part, place)]
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            return [("", False)]
        if stripped.startswith(":"):
            out = self.command(stripped)
        else:
            out = self.add(stripped, place, len(line) - len(line.lstrip()))
        placed = place is not None and out.startswith(f"{place}:")  # add placed it already
        if not out.startswith("error: ") and not placed:
            return [(out, False)]
        self.code = 2  # a line refused, a command that failed
        return [(f"{place}: {out}" if place and not placed else out, True)]

    def add(self, line: str, place: str | None = None, indent: int = 0) -> str:
        """Add a statement, question or call; answer a question, check a call.

        ``indent``: the blanks the line had before it, counted in an error's column.
        """
        from rulesq.situation import parse_situation

        if line.startswith("game "):
            return self.command(":" + line)
        try:
            situation = parse_situation(self.text([line]), "the situation")
        except InputError as error:
            self.code = 2
            meant = _bare_command(line)
            if meant is not None and error.line == len(self.lines) + 2:
                error.nearest, error.suggestion = [meant], None  # "quit" is ":quit"
                error.unsaid = []  # a command: no form is meant
            return self._refused(error, place, indent)
        except RulesqError as error:
            self.code = 2
            return f"error: {error}"
        self.lines.append(line)
        if not (line.startswith("ask ") or line.startswith("expect ")) or not situation.questions:
            return ""
        try:
            shown = self.answer_last(situation)
        except RulesqError as error:  # refused while judged: not kept, as a bad line is not
            self.lines.pop()
            self.code = 2
            if isinstance(error, InputError):  # a word the judge checks: caret, hint, as parsed
                return self._refused(error, place, indent)
            return f"error: {error}"
        if line.startswith("expect "):  # the answer is on screen already: this call's result
            rows = shown.splitlines()
            calls = [i for i, row in enumerate(rows) if row.startswith("  expect ")]
            if not calls:
                return shown
            end = calls[-1] + 1  # the last call, and why it does not agree (wrapped under it)
            while end < len(rows) and rows[end].startswith("    "):
                end += 1
            return "\n".join(rows[calls[-1] : end])
        return shown

    def _refused(self, error: InputError, place: str | None, indent: int) -> str:
        """A line refused, shown whole (caret, what was expected, the hint) as a file's is."""
        shown = _renumbered(error, len(self.lines) + 2)
        if place and shown.startswith("error: ") and error.line == len(self.lines) + 2:
            return f"{place}:{error.column + indent}: {shown}"
        return shown

    def answer_last(self, situation: object) -> str:
        """The answer to the last question of the situation, with its calls checked."""
        from rulesq.engine.dispatch import evaluate
        from rulesq.engine.expect import Result, match
        from rulesq.engine.ladder import load_ladder
        from rulesq.games import get_game
        from rulesq.render.text import render_answers
        from rulesq.situation.model import Situation

        assert isinstance(situation, Situation)
        found = get_game(situation.game)
        # a what-happens line is several questions, all on the last question's line
        line = situation.questions[-1].span.line
        answers = evaluate(situation, [q for q in situation.questions if q.span.line == line])
        ladder = load_ladder(found.name)
        outcomes = [
            [match(e, answer, ladder, found.corpus) for e in answer.question.expectations]
            for answer in answers
        ]
        if any(not a.answered for a in answers) or any(
            o.result != Result.AGREE for row in outcomes for o in row
        ):
            self.code = max(self.code, 1)
        return render_answers(answers, outcomes).rstrip("\n")

    def command(self, line: str) -> str:
        """A ``:command``."""
        name, _, argument = line[1:].strip().partition(" ")
        argument = argument.strip()
        if argument and name in _BARE:  # not dropped unread: the user meant something by it
            from rulesq.errors import escape_controls

            return (
                f'error: ":{name}" takes nothing after it (found "{escape_controls(argument)}"):'
                f' type ":{name}" alone'
            )
        if name in ("help", "h", "?"):
            from rulesq.situation.forms import forms_of

            forms = forms_of(self.game)
            statement = next(f.example for f in forms if not f.is_question)
            question = next(f.example for f in forms if f.is_question)
            from rulesq.games import GAMES

            games = ", ".join(GAMES)  # as :game lists them
            return HELP.format(game=self.game, statement=statement, question=question, games=games)
        if name == "show":
            return self.text().rstrip("\n")
        if name == "undo":
            if not self.lines:
                return "nothing to undo"
            number = len(self.lines) + 1  # the game line is line 1, as :show and :save write it
            return f"took back line {number} ({self.lines.pop()})"
        if name == "clear":
            self.lines = []
            return f"game {self.game}: a new situation"
        if name in ("save", "save!"):
            return self.save(argument, replace=name == "save!")
        if name == "game":
            return self.switch(argument)
        if name == "forms":
            from rulesq.situation.forms import forms_of
            from rulesq.width import wrap

            return "\n".join(f"{f.example}\n{wrap(f.says, '    ')}" for f in forms_of(self.game))
        from rulesq.errors import did_you_mean, suggest

        hint = did_you_mean([f":{c}" for c in suggest(name, COMMANDS)])
        hint = f" {hint}" if hint else ""
        return f'error: unknown command ":{name}".{hint} ":help" lists them.'

    def save(self, path: str, replace: bool = False) -> str:
        """Write the situation to ``path``; a file there already is replaced only if asked."""
        if not path:
            return 'error: give a file name: ":save case.rq"'
        target = Path(path).expanduser()  # ~ is home
        try:
            if not replace and target.is_file() and _held(target) != self.text():
                return f"error: {quoted(path)} exists: {quoted(':save! ' + path)} replaces it"
            target.write_text(self.text(), encoding="utf-8")
        except OSError as error:
            return f"error: cannot write {quoted(path)}: {os_reason(error)}"
        count = len(self.lines) + 1  # the game line too: the lines the file holds
        return f"saved {count} line{'' if count == 1 else 's'} to {quoted(path)}"

    def switch(self, game: str) -> str:
        """Start over with another game."""
        from rulesq.games import GAMES, get_game

        if not game:
            return f"the game is {self.game}; the games: {', '.join(GAMES)}"
        try:
            found = get_game(game)
        except RulesqError as error:
            return f"error: {error}"
        self.game, self.lines = found.name, []
        return f"game {found.name}: {found.title}, a new situation"


COMMANDS = ("help", "show", "undo", "clear", "save", "game", "forms", "quit")
#: The commands that take nothing after them (``:save`` takes a file, ``:game`` a game).
_BARE = frozenset({"help", "h", "?", "show", "undo", "clear", "forms", "quit", "q", "exit"})


def _held(path: Path) -> str | None:
    """The text of the file at ``path`` (None when it is no file or not text)."""
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


#: Words typed for a command without its colon that name it otherwise.
_ALSO = {"exit": "quit", "q": "quit", "h": "help", "?": "help"}


def _bare_command(line: str) -> str | None:
    """The ``:command`` a line that does not read meant (``quit`` -> ``:quit``), or None.

    Its first word is a command without its colon, or a near miss of one (``qiut``, ``sav
    case.rq``), typed alone or with one word: what follows a command that takes nothing is
    left out (``quit now`` -> ``:quit``). A longer line is a statement mistyped.
    """
    import difflib  # a line refused: not loaded by every line

    word, _, rest = line.strip().partition(" ")
    folded = word.casefold().lstrip(":")
    name = _ALSO.get(folded, folded)
    if len(rest.split()) > 1 and name not in ("save", "game"):
        return None  # a statement or question mistyped ("show me the cards"): forms are meant
    if name not in COMMANDS:  # a near miss, typed alone or with a word (a file, a game)
        near = difflib.get_close_matches(name, COMMANDS, n=1, cutoff=0.75)
        if not near:
            return None
        name = near[0]
    if name == "save" and not rest.strip():  # ":save" alone is refused: offer one to type
        return ":save case.rq"
    if name not in ("save", "game"):
        return f":{name}"
    return f":{name} {rest.strip()}".rstrip()


def _renumbered(error: InputError, line: int) -> str:
    """An error in the typed line, shown without the file's place."""
    error.forms_hint = error.forms_hint and "Every form, with an example: :forms"
    rendered = error.render().splitlines()
    first = rendered[0].split(": error: ", 1)[-1]
    if error.line != line:  # the error is in an earlier line (it cannot be: they parsed)
        return "error: " + first
    return "\n".join(["error: " + first, *rendered[1:]])


def completions(table: Table, before: str) -> list[tuple[str, int]]:
    """What completes ``before`` (the text left of the cursor): (text, start offset).

    Inside an open quote, the current game's card names; at ``:``, the commands; after
    ``:game`` or ``game``, the games; otherwise the forms whose example begins with what is
    typed (names in them left as typed).
    """
    from rulesq.corpus import load_corpus

    if before.count('"') % 2 == 1:
        typed = before.rsplit('"', 1)[1]
        names = load_corpus(table.game).card_names()
        low = typed.casefold()
        return [(f'{n}"', -len(typed)) for n in sorted(set(names)) if n.casefold().startswith(low)]
    head, space, typed = before.lstrip().partition(" ")
    if space and head in (":game", "game") and " " not in typed:
        from rulesq.cli.completion import game_names

        return [(name, -len(typed)) for name in game_names(typed) if name != typed]
    if before.startswith(":"):
        return [(f":{c}", -len(before)) for c in COMMANDS if f":{c}".startswith(before)]
    from rulesq.situation.forms import forms_of

    low = before.lstrip().casefold()
    out: list[tuple[str, int]] = []
    for form in forms_of(table.game):
        for example in (form.example, *form.also):
            stem = example.split('"', 1)[0]
            if low and stem.casefold().startswith(low) and stem.strip() != before.strip():
                out.append((stem, -len(before.lstrip())))
    return list(dict.fromkeys(out))


def shell(game: str | None = None) -> int:
    """Run the table mode at the terminal (prompt_toolkit; Ctrl-D or :quit leaves); the exit code.

    With no terminal (lines piped in), each line is read in turn and its output printed, and
    the exit code is the lines' (:attr:`Table.code`); at a terminal it is 0.
    """
    from rulesq.games import get_game

    table = Table(get_game(game).name if game else "bluemoon")  # an unknown game: exit 2
    if sys.stdin is None:  # standard input closed: no line to read
        return 0
    if not sys.stdin.isatty():  # lines from a file or a pipe: each line's output, no prompt
        return _piped(table)
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import Completer
    from prompt_toolkit.completion import Completion as Done

    class TableCompleter(Completer):
        def get_completions(
            self, document: Document, complete_event: CompleteEvent
        ) -> Iterable[Completion]:
            for text, start in completions(table, document.text_before_cursor):
                yield Done(text, start_position=start)

    session: PromptSession[str] = PromptSession(
        history=_history(),
        completer=TableCompleter(),
        complete_while_typing=False,
    )
    sys.stdout.write(f'rulesq table mode: game {table.game}. ":help" lists the commands.\n')
    while True:
        try:
            line = session.prompt(f"{table.game}> ")
        except KeyboardInterrupt:
            continue
        except EOFError:
            break
        if line.strip() in (":quit", ":q", ":exit"):
            break
        _print(_handled(table, line))
    return 0


def _piped(table: Table) -> int:
    """Read piped lines in turn, each error placed at ``<stdin>:line:column``; the exit code."""
    from rulesq.inputs import decode

    stream = getattr(sys.stdin, "buffer", None)  # bytes, so a byte not UTF-8 is placed
    lines = stream if stream is not None else (s.encode("utf-8") for s in sys.stdin)
    for number, raw in enumerate(lines, start=1):
        try:
            line = decode(raw, "<stdin>")
        except InputError as error:  # a byte that is not UTF-8: the line is refused
            table.code = 2
            rendered = error.render().split(":", 2)[2]  # after "<stdin>:1" (one line decoded)
            _error(f"<stdin>:{number}:{rendered}")
            continue
        if line.strip() in (":quit", ":q", ":exit"):
            break
        _print(table.outputs(line, f"<stdin>:{number}"))
    return table.code


def _print(outputs: list[tuple[str, bool]]) -> None:
    """Each output of a line: an error on standard error, the rest on standard output."""
    for out, refused in outputs:
        if refused:
            _error(out)
        elif out:
            sys.stdout.write(out + "\n")


def _error(text: str) -> None:
    """An error on standard error, after the output before it (two streams, one order)."""
    sys.stdout.flush()
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


def _history() -> History:
    """The lines typed before, kept in the cache folder; in memory when it cannot be used."""
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    from rulesq.paths import cache_dir

    try:
        folder = cache_dir()
        path = folder / "shell-history"
        with path.open("a", encoding="utf-8"):
            pass
    except OSError as error:
        from rulesq.cachefiles import reason
        from rulesq.errors import warning_line

        sys.stderr.write(
            warning_line(
                f"cannot keep the lines typed in the cache folder ({reason(error)});"
                " they are kept until you leave"
            )
            + "\n"
        )
        return InMemoryHistory()
    return FileHistory(str(path))


def _handled(table: Table, line: str) -> list[tuple[str, bool]]:
    """What the table prints for a typed line (:meth:`Table.outputs`).

    Ctrl-C while it is judged takes the line back.
    """
    kept = list(table.lines)
    try:
        return table.outputs(line)
    except KeyboardInterrupt:
        table.lines = kept
        return [("interrupted: the line is not kept", False)]
