"""Draw the web app's icons: the favicon's white spade on green felt, as PNG files the pages' manifest names.

``pokercore serve`` offers its pages as an installable app (a web app
manifest and a service worker); phones want the icon at several sizes.
They are drawn here from the favicon's own geometry
(:mod:`pokercore.web._favicon`, a 32-unit square), supersampled 4x4 per
pixel for smooth edges, and written to ``src/pokercore/web/static/``:

- ``icon-192.png``, ``icon-512.png``: the favicon as it is (rounded felt
  square, transparent corners), for launchers and the install prompt;
- ``icon-maskable-512.png``: felt to the edges with the spade inside the
  central circle a launcher may cut any shape from (its "safe zone", 80%
  of the width);
- ``apple-touch-icon.png`` (180x180): felt to the edges, no transparency
  (iOS rounds the corners itself).

Run ``python scripts/make_icons.py`` after changing the design;
``--check`` only says whether the files hold exactly these pixels (exit 1
if not).  The PNG writer is the standard library's (zlib, struct).
"""

from __future__ import annotations

import argparse
import struct
import sys
import zlib
from pathlib import Path

import numpy as np

STATIC = Path(__file__).resolve().parents[1] / "src" / "pokercore" / "web" / "static"

FELT = (21, 101, 62)          # the favicon's colours
WHITE = (255, 255, 255)
UNITS = 32.0                  # the favicon's grid
CORNER = 5.0                  # its corner radius, in units
SUPERSAMPLE = 4

#: file name -> (size in pixels, spade scale, rounded transparent corners)
ICONS = {
    "icon-192.png": (192, 1.0, True),
    "icon-512.png": (512, 1.0, True),
    "icon-maskable-512.png": (512, 0.8, False),
    "apple-touch-icon.png": (180, 1.0, False),
}


def _spade(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """The favicon's spade (``favicon._spade``) on arrays of unit coordinates."""
    lobes = np.minimum((x - 11) ** 2 + (y - 17) ** 2, (x - 21) ** 2 + (y - 17) ** 2) <= 36
    point = (y >= 4) & (y <= 17) & (np.abs(x - 16) <= (y - 4) * 11 / 13)
    stem = (y >= 18) & (y <= 27) & (np.abs(x - 16) <= 1 + (y - 18) * 3 / 9)
    return lobes | point | stem


def render(size: int, scale: float, rounded: bool) -> np.ndarray:
    """The icon as a ``size`` x ``size`` x 4 array of 8-bit RGBA."""
    n = size * SUPERSAMPLE
    centres = (np.arange(n) + 0.5) * UNITS / n                       # unit coordinates of the subsamples
    x, y = np.meshgrid(centres, centres)
    spade = _spade(16 + (x - 16) / scale, 16 + (y - 16) / scale)
    inside = np.ones_like(spade)
    if rounded:
        dx = np.maximum(np.maximum(CORNER - x, x - (UNITS - CORNER)), 0)
        dy = np.maximum(np.maximum(CORNER - y, y - (UNITS - CORNER)), 0)
        inside = dx * dx + dy * dy <= CORNER * CORNER

    def mean(mask: np.ndarray) -> np.ndarray:
        return mask.reshape(size, SUPERSAMPLE, size, SUPERSAMPLE).mean(axis=(1, 3))

    white = mean(spade & inside)
    cover = mean(inside)
    felt = np.clip(cover - white, 0, 1)
    rgba = np.zeros((size, size, 4))
    for k in range(3):    # white over felt, in the covered part of each pixel
        rgba[..., k] = np.where(cover > 0, (white * WHITE[k] + felt * FELT[k]) / np.maximum(cover, 1e-9), 0)
    rgba[..., 3] = cover * 255
    return np.rint(rgba).clip(0, 255).astype(np.uint8)


def encode(rgba: np.ndarray) -> bytes:
    """An RGBA array as a PNG file."""
    height, width = rgba.shape[:2]
    rows = b"".join(b"\x00" + rgba[i].tobytes() for i in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


def decode(data: bytes) -> np.ndarray:
    """The pixels of a PNG this script wrote (8-bit RGBA, filter 0), to compare drawings, not bytes."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG file"
    width, height = struct.unpack(">II", data[16:24])
    pos, idat = 8, b""
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos:pos + 4])
        if data[pos + 4:pos + 8] == b"IDAT":
            idat += data[pos + 8:pos + 8 + n]
        pos += 12 + n
    raw = np.frombuffer(zlib.decompress(idat), dtype=np.uint8).reshape(height, 1 + 4 * width)
    return raw[:, 1:].reshape(height, width, 4)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Draw the web app's PNG icons from the favicon's design.")
    parser.add_argument("--check", action="store_true",
                        help="only check that the files hold these drawings (exit 1 if not)")
    parser.add_argument("--out", type=Path, default=STATIC, help=f"folder to write to (default {STATIC})")
    args = parser.parse_args(argv)
    stale = []
    for name, (size, scale, rounded) in ICONS.items():
        path = args.out / name
        pixels = render(size, scale, rounded)
        if args.check:
            if not path.is_file() or not np.array_equal(decode(path.read_bytes()), pixels):
                stale.append(name)
            continue
        path.write_bytes(encode(pixels))
        print(f"wrote {path} ({size}x{size})")
    if stale:
        print(f"make_icons.py: out of date: {', '.join(stale)}; run python scripts/make_icons.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
