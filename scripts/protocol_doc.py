"""Write the message tables of docs/protocol.md from the protocol's structs (their JSON Schema).

Every message of ``pokercore serve`` is a struct of
``pokercore.web._client_messages`` (what a client sends) or
``pokercore.web._server_messages`` (what the server answers); this script
renders their JSON Schema (``msgspec.json.schema_components``) as the
tables between the ``<!-- generated: NAME -->`` and ``<!-- end: NAME -->``
markers of docs/protocol.md, and leaves the prose around them alone.
``tests/web/test_protocol_doc.py`` fails when the file and the structs
differ.

    python scripts/protocol_doc.py           # rewrite docs/protocol.md
    python scripts/protocol_doc.py --check   # exit 1 if it is out of date
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

import msgspec

from pokercore.web import _client_messages as client
from pokercore.web import _server_messages as server

DOC = Path(__file__).resolve().parents[1] / "docs" / "protocol.md"
_BLOCK = re.compile(r"(<!-- generated: ([a-z-]+) -->\n)(.*?)(<!-- end: \2 -->)", re.S)
_CARD = client.CARD_PATTERN
_ACTIONS: tuple[type[msgspec.Struct], ...] = (client.Fold, client.Check, client.Call, client.Bet,
                                               client.Raise, client.DrawAction, client.ArrangeAction)


def _schemas() -> dict[str, Any]:
    parts = tuple(p for group in server.STATE_PARTS.values() for p in group)
    _, defs = msgspec.json.schema_components(
        client.CLIENT_MESSAGES + server.SERVER_MESSAGES + _ACTIONS + parts + (server.Ref,),
        ref_template="#/$defs/{name}")
    return defs


def _one_line(text: str) -> str:
    """A docstring as one line of a Markdown table (reST ````code```` as Markdown ```code```)."""
    return " ".join(text.split()).replace("``", "`").replace("|", "\\|")


def _type(s: dict[str, Any]) -> str:
    """A schema as a few words of the protocol's: ``integer 0..5``, ``list of cards``, ``DrawPlayer``."""
    if "$ref" in s:
        return str(s["$ref"]).rsplit("/", 1)[-1]
    if "anyOf" in s:
        return " or ".join(_type(x) for x in s["anyOf"])
    if "enum" in s:
        return " or ".join(f'`"{v}"`' if isinstance(v, str) else f"`{v}`" for v in s["enum"])
    kind = s.get("type")
    if kind == "array":
        if "prefixItems" in s:
            return "[" + ", ".join(_type(x) for x in s["prefixItems"]) + "]"
        low, high = s.get("minItems"), s.get("maxItems")
        count = (f"{low} " if low == high and low is not None else f"at most {high} " if high is not None
                 else f"{low} or more " if low else "")
        item = _type(s.get("items", {}))
        plural = f"({item})" if " or " in item else item if item.startswith(("list", "[", "`")) else item + "s"
        return f"list of {count}{plural}"
    if kind == "object":
        if "additionalProperties" not in s:
            return "object"
        value = _type(s["additionalProperties"])
        return f"object of ({value})" if " or " in value else f"object of {value}s"
    if kind == "string" and s.get("pattern") == _CARD:
        return "card"
    if kind == "string" and "pattern" in s:
        return f"string `{s['pattern']}`"
    if kind == "integer" and ("minimum" in s or "maximum" in s or "exclusiveMaximum" in s):
        high = s.get("maximum", s.get("exclusiveMaximum", 0) - 1) if ("maximum" in s or "exclusiveMaximum" in s) \
            else None
        if high is not None and high >= 2**31 - 1:
            return "integer >= 0" if s.get("minimum", 0) == 0 else f"integer >= {s['minimum']}"
        return f"integer {s.get('minimum', '')}..{'' if high is None else high}"
    return {"integer": "integer", "string": "string", "boolean": "bool", "number": "number", "null": "null"}.get(
        str(kind), "any")


def _fields(schema: dict[str, Any], skip: str) -> list[tuple[str, str, bool, str]]:
    """``(name, type, required, description)`` of each field but the tag."""
    required = set(schema.get("required", ()))
    out = []
    for name, s in schema.get("properties", {}).items():
        if name == skip:
            continue
        out.append((name, _type(s), name in required, _one_line(s.get("description", ""))))
    return out


def _field_list(schema: dict[str, Any], skip: str) -> str:
    words = []
    for name, kind, required, says in _fields(schema, skip):
        extra = ("" if required else "optional; ") + (says + "; " if says else "")
        words.append(f"`{name}` ({extra}{kind})")
    return "; ".join(words) or "(none)"


def _tag(cls: type[msgspec.Struct]) -> str:
    return str(cls.__struct_config__.tag)


def client_messages(defs: dict[str, Any]) -> str:
    rows = ["| type | fields | what it does |", "| --- | --- | --- |"]
    for cls in client.CLIENT_MESSAGES:
        s = defs[cls.__name__]
        rows.append(f"| `{_tag(cls)}` | {_field_list(s, 'type')} | {_one_line(s.get('description', ''))} |")
    return "\n".join(rows)


def actions(defs: dict[str, Any]) -> str:
    rows = ["| kind | fields | meaning |", "| --- | --- | --- |"]
    for cls in _ACTIONS:
        s = defs[cls.__name__]
        rows.append(f"| `{_tag(cls)}` | {_field_list(s, 'kind')} | {_one_line(s.get('description', ''))} |")
    return "\n".join(rows)


def server_messages(defs: dict[str, Any]) -> str:
    rows = ["| type | fields | meaning |", "| --- | --- | --- |"]
    for cls in server.SERVER_MESSAGES:
        s = defs[cls.__name__]
        game = s["properties"].get("game", {}).get("enum")
        if game:  # a state: its fields are in its own table
            rows.append(f"| `{_tag(cls)}` ({game[0]}) | see [`{cls.__name__}`](#{cls.__name__.lower()}) | "
                        f"{_one_line(s.get('description', ''))} |")
            continue
        rows.append(f"| `{_tag(cls)}` | {_field_list(s, 'type')} | {_one_line(s.get('description', ''))} |")
    ref = defs["Ref"]
    rows.append(f"| (in `error`) `ref`: Ref | {_field_list(ref, '')} | {_one_line(ref.get('description', ''))} |")
    return "\n".join(rows)


def state(defs: dict[str, Any], game: str) -> str:
    out = []
    for cls in server.STATE_PARTS[game]:
        s = defs[cls.__name__]
        out.append(f"#### {cls.__name__}\n\n{_one_line(s.get('description', ''))}\n")
        out.append("| field | type | meaning |\n| --- | --- | --- |")
        for name, kind, required, says in _fields(s, "type" if cls in server.SERVER_MESSAGES else ""):
            out.append(f"| `{name}` | {kind}{'' if required else ' (left out when not given)'} | {says} |")
        out.append("")
    return "\n".join(out).rstrip("\n")


def render(text: str) -> str:
    """``text`` (docs/protocol.md) with every generated block written anew from the structs."""
    defs = _schemas()
    blocks = {"client-messages": client_messages(defs), "actions": actions(defs),
              "server-messages": server_messages(defs), "state-draw": state(defs, "draw"),
              "state-binh": state(defs, "binh"), "state-holdem": state(defs, "holdem")}
    seen = set()

    def fill(match: re.Match[str]) -> str:
        name = match.group(2)
        if name not in blocks:
            raise SystemExit(f"docs/protocol.md has a generated block {name!r} that this script does not know; "
                             f"known: {', '.join(blocks)}")
        seen.add(name)
        return f"{match.group(1)}\n{blocks[name]}\n\n{match.group(4)}"

    out = _BLOCK.sub(fill, text)
    missing = set(blocks) - seen
    if missing:
        raise SystemExit(f"docs/protocol.md lacks the markers of {', '.join(sorted(missing))}: add "
                         f"<!-- generated: NAME --> and <!-- end: NAME --> where each table goes")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only say whether docs/protocol.md is up to date")
    args = parser.parse_args(argv)
    text = DOC.read_text(encoding="utf-8")
    new = render(text)
    if args.check:
        if new != text:
            print("docs/protocol.md differs from the protocol's structs: run python scripts/protocol_doc.py",
                  file=sys.stderr)
            return 1
        return 0
    if new != text:
        DOC.write_text(new, encoding="utf-8")
        print("docs/protocol.md: message tables rewritten")
    return 0


if __name__ == "__main__":
    sys.exit(main())
