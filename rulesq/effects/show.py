"""Show effects: as an indented tree (one node per line) and as JSON-ready data."""

from __future__ import annotations

import dataclasses
from enum import Enum
from typing import Any

from rulesq.effects.base import Effect, Node, ParsedText, Unparsed


def _is_node(value: Any) -> bool:
    """Any dataclass instance is a node (other games' parts need not subclass ``Node``)."""
    return isinstance(value, Node | Effect) or (
        dataclasses.is_dataclass(value) and not isinstance(value, type)
    )


def _fields(node: Any) -> list[tuple[str, Any, bool]]:
    """``(name, value, is_default)`` of a node's fields, the span left out."""
    out = []
    for f in dataclasses.fields(node):
        if f.name == "span":
            continue
        value = getattr(node, f.name)
        if f.default is not dataclasses.MISSING:
            default = f.default
        elif f.default_factory is not dataclasses.MISSING:
            default = f.default_factory()
        else:
            default = dataclasses.MISSING
        out.append((f.name, value, value == default))
    return out


def _scalar(value: Any) -> str:
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, tuple):
        return "(" + ", ".join(_scalar(v) for v in value) + ")"
    if isinstance(value, str):
        return value if value and " " not in value else repr(value)
    return str(value)


def tree_lines(node: Any, label: str = "", indent: str = "", *, nested: bool = False) -> list[str]:
    """The node and its parts, one per line: ``label: Name field=value …``.

    Fields holding their default value are left out; parts are indented below.
    """
    head = f"{indent}{label + ': ' if label else ''}{type(node).__name__}"
    scalars: list[str] = []
    children: list[tuple[str, Any]] = []
    for name, value, is_default in _fields(node):
        if _is_node(value):
            if not is_default:
                children.append((name, value))
        elif isinstance(value, tuple) and value and all(_is_node(v) for v in value):
            children += [(f"{name}[{i}]", v) for i, v in enumerate(value)]
        elif not is_default:
            scalars.append(f"{name}={_scalar(value)}")
    if isinstance(node, Effect):
        scalars += [f"[{k}: {v}]" for k, v in node.annotations(nested=nested).items()]
    out = [" ".join([head, *scalars])]
    inner = nested or isinstance(node, Effect)
    for name, child in children:
        out += tree_lines(child, name, indent + "  ", nested=inner)
    return out


def to_data(value: Any, *, nested: bool = False) -> Any:
    """A node tree as JSON-ready data: ``{"node": Name, <fields>, "span": [start, end]}``."""
    if _is_node(value):
        inner = nested or isinstance(value, Effect)
        data: dict[str, Any] = {"node": type(value).__name__}
        data.update({name: to_data(v, nested=inner) for name, v, _ in _fields(value)})
        span = getattr(value, "span", None)
        if span is not None:
            data["span"] = [span.start, span.end]
        if isinstance(value, Effect):
            data.update(value.annotations(nested=nested))
        return data
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [to_data(v, nested=nested) for v in value]
    return value


def parsed_to_data(parsed: ParsedText) -> dict[str, Any]:
    """A parsed card text as JSON-ready data, with whether it was fully understood."""
    return {
        "text": parsed.text,
        "fully_parsed": parsed.fully_parsed,
        "effects": [to_data(e) for e in parsed.effects],
    }


def render_tree(parsed: ParsedText) -> str:
    """Each effect numbered, with the words it came from and its tree below.

    The words and a reason not understood wrap to the width (:mod:`rulesq.width`); the tree's
    lines, one field each, are kept whole.
    """
    from rulesq.width import hanging

    out: list[str] = []
    for i, effect in enumerate(parsed.effects, 1):
        words = effect.span.of(parsed.text) if effect.span else ""
        out.append(hanging(f"{i}. ", words, hang=3))
        if isinstance(effect, Unparsed):
            out.append(hanging("   NOT UNDERSTOOD: ", effect.reason, hang=5))
            continue
        out += tree_lines(effect, indent="   ")
    return "\n".join(out)
