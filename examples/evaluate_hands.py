"""Evaluate and name poker hands, in both straight orders."""

import pokercore as pc

hands = ["As Ks Qs Js Ts", "Kh Kd 7c 7s 2d", "Ah 2c 3d 4s 5h", "6h 5c 4d 3s 2h", "A♠ A♦️ K♣ 3♥ 2♦"]
for text in hands:
    std = pc.evaluate5(text)
    binh = pc.evaluate5(text, rules="binh")
    print(f"{pc.format_cards(text):15}  standard {std:4d} {pc.describe_rank(std):32}  "
          f"binh {binh:4d} {pc.describe_rank(binh, 'binh')}")

# Binh's order rule compares a 3-card top with a 5-card middle directly:
top, middle = "Ah Ad Kc", "Ac As Kd 3c 2d"
print(f"top {top} <= middle {middle}: {pc.evaluate3(top) <= pc.evaluate5(middle, rules='binh')}")

# Bad input is refused with an error that says what is wrong:
for bad in ["As Kd 7h 2c", "As As Kd 7h 2c", "1h 2c 3d 4s 5h"]:
    try:
        pc.evaluate5(bad)
    except ValueError as exc:
        print(f"{bad!r}: {type(exc).__name__}: {exc}")
