"""The server's icon: a white spade on green felt, drawn here as a 32x32 PNG inside an ICO file.

Built from code (no binary file in the package) once, at import.

>>> FAVICON[:4], FAVICON[22:26]
(b'\\x00\\x00\\x01\\x00', b'\\x89PNG')
"""

from __future__ import annotations

import struct
import zlib

__all__ = ["FAVICON", "png"]

_SIZE = 32
_FELT = (21, 101, 62, 255)
_WHITE = (255, 255, 255, 255)
_CLEAR = (0, 0, 0, 0)


def _spade(x: float, y: float) -> bool:
    lobes = min((x - 11) ** 2 + (y - 17) ** 2, (x - 21) ** 2 + (y - 17) ** 2) <= 36
    point = 4 <= y <= 17 and abs(x - 16) <= (y - 4) * 11 / 13          # the triangle up to the tip
    stem = 18 <= y <= 27 and abs(x - 16) <= 1 + (y - 18) * 3 / 9
    return lobes or point or stem


def _pixel(x: int, y: int) -> tuple[int, int, int, int]:
    cx, cy = x + 0.5, y + 0.5
    corner = 5
    dx, dy = max(corner - cx, cx - (_SIZE - corner), 0), max(corner - cy, cy - (_SIZE - corner), 0)
    if dx * dx + dy * dy > corner * corner:
        return _CLEAR
    return _WHITE if _spade(cx, cy) else _FELT


def png() -> bytes:
    """The icon as a PNG file."""
    rows = b"".join(b"\x00" + bytes(c for x in range(_SIZE) for c in _pixel(x, y)) for y in range(_SIZE))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", _SIZE, _SIZE, 8, 6, 0, 0, 0)     # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + \
        chunk(b"IEND", b"")


def _ico(image: bytes) -> bytes:
    directory = struct.pack("<HHH", 0, 1, 1)
    entry = struct.pack("<BBBBHHII", _SIZE, _SIZE, 0, 0, 1, 32, len(image), 6 + 16)
    return directory + entry + image


#: ``/favicon.ico``: the PNG icon in an ICO container (every browser reads it).
FAVICON = _ico(png())
