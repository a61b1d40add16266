"""The numbers of a Binh game, as one validated, immutable object.

Every point value of the scoring (docs/binh.md) lives here, so a
house rule is a configuration change:

>>> from pokercore.binh import BinhRules
>>> BinhRules()
BinhRules(foul_points=9, type_a_points=12, type_b_points=6, declare_specials=True, scoop_bonus=0)
>>> BinhRules(scoop_bonus=3).scoop_bonus
3
>>> BinhRules(foul_points=-9)
Traceback (most recent call last):
...
pokercore.errors.InvalidRulesError: BinhRules.foul_points must be >= 0, got -9
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from ..errors import InvalidRulesError, PokercoreTypeError, cut

__all__ = ["DEFAULT_RULES", "BinhRules"]


@dataclass(frozen=True)
class BinhRules:
    """Point values and switches of Binh scoring.

    Parameters
    ----------
    foul_points : int, default 9
        What a fouled hand pays to each opponent whose hand is normal and
        not fouled.  Two fouled hands score 0.
    type_a_points : int, default 12
        What a type A special hand (dragon flush, dragon straight, one
        colour) wins from each normal or fouled hand.
    type_b_points : int, default 6
        The same for a type B special hand.
    declare_specials : bool, default True
        Detect and declare special hands automatically.  ``False`` plays
        every hand as a normal arranged hand.
    scoop_bonus : int, default 0
        Extra points for winning all three branches against one opponent
        (added to the 3-0 score of 3).

    Raises
    ------
    TypeError
        A point value is not an ``int`` (``bool`` is refused) or
        ``declare_specials`` is not a ``bool``.
    ValueError
        A point value is negative.
    """

    foul_points: int = 9
    type_a_points: int = 12
    type_b_points: int = 6
    declare_specials: bool = True
    scoop_bonus: int = 0

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "declare_specials":
                if not isinstance(value, bool):
                    raise PokercoreTypeError(
                        f"BinhRules.declare_specials must be a bool, got {type(value).__name__} {cut(value)}"
                    )
                continue
            if isinstance(value, bool) or not isinstance(value, int):
                raise PokercoreTypeError(
                    f"BinhRules.{f.name} must be an int, got {type(value).__name__} {cut(value)}"
                )
            if value < 0:
                raise InvalidRulesError(f"BinhRules.{f.name} must be >= 0, got {value}")

    def special_points(self, special_type: str) -> int:
        """Points a special hand of type ``"A"`` or ``"B"`` wins from a normal hand.

        >>> BinhRules().special_points("A"), BinhRules().special_points("B")
        (12, 6)
        """
        if special_type == "A":
            return self.type_a_points
        if special_type == "B":
            return self.type_b_points
        raise InvalidRulesError(f"special type must be 'A' or 'B', got {cut(special_type)}")


#: The default rules: foul 9, type A 12, type B 6, specials declared, no scoop bonus.
DEFAULT_RULES = BinhRules()
