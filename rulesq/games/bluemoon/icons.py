"""The icons a Blue Moon card may depict, read from the corpus (``corpus/bluemoon/icons.toml``)."""

from __future__ import annotations

from functools import cache

from rulesq.paths import corpus_dir

#: The file, in the game's corpus folder, that lists the icons.
ICONS_FILE = "icons.toml"


@cache
def icon_rules() -> tuple[tuple[str, str], ...]:
    """Each icon's name with the rule (a clause id or alias) that says what it does."""
    from rulesq.tomlcache import read_toml

    path = corpus_dir() / "bluemoon" / ICONS_FILE
    if not path.is_file():
        return ()
    entries = read_toml(path).get("icon", [])
    return tuple(
        (str(entry["name"]), str(entry.get("rule", "")))
        for entry in entries
        if isinstance(entry, dict) and isinstance(entry.get("name"), str)
    )


@cache
def icon_names() -> tuple[str, ...]:
    """The icons' names, in the file's order (asked for every question: found once)."""
    return tuple(name for name, _ in icon_rules())


@cache
def rival_icons() -> dict[str, frozenset[str]]:
    """Each icon of a ``one_of`` group, with the others of its group (a card has one at most)."""
    from rulesq.tomlcache import read_toml

    path = corpus_dir() / "bluemoon" / ICONS_FILE
    entries = read_toml(path).get("icon", []) if path.is_file() else []
    groups: dict[str, set[str]] = {}
    for entry in entries:
        if isinstance(entry, dict) and isinstance(entry.get("one_of"), str):
            groups.setdefault(entry["one_of"], set()).add(str(entry["name"]))
    return {icon: frozenset(group - {icon}) for group in groups.values() for icon in sorted(group)}
