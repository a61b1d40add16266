"""The fields of a PHH file read exactly: the TOML, where each field and action sits, amounts, cards.

The reading half that knows nothing of the game; :mod:`pokercore.holdem._phh_read` replays what it reads.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from decimal import Decimal
from typing import Any

from ..cards import parse_card
from ..errors import cut
from ._config import MAX_PLAYERS, MIN_PLAYERS
from ._errors import PhhError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover  (Python 3.10 reads TOML with the tomli package, if installed)
    try:
        import tomli as tomllib
    except ModuleNotFoundError:
        tomllib = None

KEY = re.compile(r"""^\s*(?:"([^"]+)"|'([^']+)'|([A-Za-z0-9_-]+))\s*=""")
#: An amount in an action: ASCII digits, optional thousands commas, optional decimals.
AMOUNT = re.compile(r"[0-9][0-9,]*(?:\.[0-9]+)?", re.ASCII)
#: Most decimal places an amount may have (a millionth of the file's unit).
MAX_DECIMALS = 6
PER_PLAYER = ("antes", "blinds_or_straddles", "starting_stacks")


class Lines:
    """Where each field and each action of the file sits (1-based lines)."""

    def __init__(self, text: str, actions: list[str]) -> None:
        self.fields: dict[str, int] = {}
        for no, line in enumerate(text.splitlines(), 1):
            m = KEY.match(line)
            if m:
                self.fields.setdefault(next(g for g in m.groups() if g), no)
        start = self.fields.get("actions")
        pos = sum(len(x) + 1 for x in text.splitlines()[: start - 1]) if start else 0
        self.actions: list[int | None] = []
        for a in actions:
            hits = [k for k in (text.find(q + a + q, pos) for q in ("'", '"')) if k >= 0]
            if hits:
                pos = min(hits) + len(a) + 2
                self.actions.append(text.count("\n", 0, min(hits)) + 1)
            else:
                self.actions.append(start)

    def of(self, name: str) -> int | None:
        return self.fields.get(name)


class Units:
    """The file's amounts as whole chips of ``unit`` (the smallest decimal place any amount uses)."""

    def __init__(self, amounts: list[Decimal]) -> None:
        self.places = max((places(a) for a in amounts if a.is_finite()), default=0)
        self.unit = Decimal(1).scaleb(-self.places)
        self.note = f" (amounts in chips of {self.unit})" if self.places else ""

    def chips(self, value: Decimal) -> int:
        return int(value.scaleb(self.places))

    def show(self, chips: int) -> str:
        return str(chips * self.unit) if self.places else str(chips)


def places(d: Decimal) -> int:
    """Decimal places ``d`` is written with (0 for 4 or 4e1, 2 for 4.75 or 0.50)."""
    exponent = d.as_tuple().exponent
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0


def number(value: Any, what: str, line: int | None, *, allow_inf: bool = False) -> Decimal:
    """One amount of the file, exactly: an int or a decimal >= 0 (``inf`` only where allowed)."""
    if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
        raise PhhError(f"{what} must be a number of chips, got {cut(value)}", line)
    d = Decimal(value)
    if d.is_nan() or (d.is_infinite() and not (allow_inf and d > 0)):
        raise PhhError(f"{what} is {d}: pokercore replays known stacks and amounts only"
                       + (" (inf is read as a stack that covers every bet)" if allow_inf else ""), line)
    if d < 0:
        raise PhhError(f"{what} must be >= 0, got {d}", line)
    if d.is_finite() and places(d) > MAX_DECIMALS:
        raise PhhError(f"{what} is {d}: pokercore reads amounts with at most {MAX_DECIMALS} decimal places", line)
    return d


def numbers(data: dict[str, Any], name: str, m: int, lines: Lines, *, allow_inf: bool = False) -> list[Decimal]:
    raw = data[name]
    line = lines.of(name)
    if not isinstance(raw, list) or len(raw) != m:
        raise PhhError(f"{name} must be a list of {m} numbers (one per player), got {cut(raw)}", line)
    return [number(v, f"{name}[{k}]", line, allow_inf=allow_inf) for k, v in enumerate(raw)]


def listing(values: list[Any]) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


def phh_cards(text: str, line: int | None) -> list[int | None]:
    if len(text) % 2:
        raise PhhError(f"cards {cut(text)} are not whole two-character cards", line)
    out: list[int | None] = []
    for k in range(0, len(text), 2):
        token = text[k:k + 2]
        if token == "??":
            out.append(None)
            continue
        try:
            out.append(parse_card(token))
        except ValueError as exc:
            raise PhhError(f"{exc}", line) from None
    return out


def read_toml(text: str) -> dict[str, Any]:
    if tomllib is None:  # pragma: no cover
        raise PhhError("reading PHH needs Python 3.11 or later (tomllib), or the tomli package")
    try:
        data: dict[str, Any] = tomllib.loads(text, parse_float=Decimal)
        return data
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"line (\d+)", str(exc))
        if found:
            raise PhhError(f"not valid TOML: {exc}", int(found.group(1))) from None
        last = max(1, len(text.rstrip("\n").split("\n")))
        raise PhhError(f"not valid TOML: {exc}: the text ends inside a value (is the file cut short? "
                       "a list or string must be closed)", last) from None
    except RecursionError:
        raise PhhError("not valid PHH: the TOML nests lists or tables too deeply to read "
                       "(a PHH hand nests at most two levels)") from None


def player_count(data: dict[str, Any], lines: Lines) -> int:
    """The number of players, which every per-player list must agree on; the odd list out is named."""
    raw_stacks = data["starting_stacks"]
    sizes = {name: len(data[name]) for name in PER_PLAYER if isinstance(data[name], list)}
    if "starting_stacks" not in sizes:
        raise PhhError(f"starting_stacks must be a list of {MIN_PLAYERS}..{MAX_PLAYERS} numbers, "
                       f"got {cut(raw_stacks)}", lines.of("starting_stacks"))
    counts = Counter(sizes.values())
    top = max(counts.values())
    m = sizes["starting_stacks"] if counts[sizes["starting_stacks"]] == top else \
        next(v for v, c in counts.items() if c == top)
    for name in PER_PLAYER:
        if name in sizes and sizes[name] != m:
            others = " and ".join(n for n in PER_PLAYER if sizes.get(n) == m)
            raise PhhError(f"{name} must be a list of {m} numbers (one per player, as {others}), "
                           f"got {cut(data[name])}", lines.of(name))
    if not MIN_PLAYERS <= m <= MAX_PLAYERS:
        raise PhhError(f"starting_stacks must list {MIN_PLAYERS}..{MAX_PLAYERS} stacks, got {cut(raw_stacks)}",
                       lines.of("starting_stacks"))
    return m


def seat_number(value: Any, what: str, line: int | None, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise PhhError(f"{what} must be a whole number >= {low}, got {cut(value)}", line)
    return value


def cbr_amount(word: str, text: str, line: int | None) -> Decimal:
    """The "to" amount of a ``cbr`` action, exactly: ASCII digits, optional decimals."""
    if not AMOUNT.fullmatch(word):
        raise PhhError(f"{cut(text)}: {word!r} is not an amount (write digits 0-9, e.g. 'cbr 6' or 'cbr 4.75')",
                       line)
    return number(Decimal(word.replace(",", "")), f"{cut(text)}: the amount", line)


def player(word: str, m: int, line: int | None) -> int:
    if not re.fullmatch(r"p[1-9][0-9]?", word, re.ASCII) or not 1 <= int(word[1:]) <= m:
        raise PhhError(f"{cut(word)} is not a player p1..p{m}", line)
    return int(word[1:]) - 1


Parsed = tuple[int | None, str, list[str], Decimal | None]


def parse_actions(actions: list[str], lines: Lines, m: int) -> list[Parsed]:
    """Each action with its line, its words and, for ``cbr``, its exact amount."""
    out: list[Parsed] = []
    for a, line in zip(actions, lines.actions):
        words = a.split("#", 1)[0].split()
        amount = None
        if len(words) == 3 and words[0] != "d" and words[1] == "cbr":
            amount = cbr_amount(words[2], a, line)
        out.append((line, a, words, amount))
    return out
