"""``python -m pokercore.bench``: the same as ``pokercore bench``."""

import sys

from . import main

if __name__ == "__main__":
    sys.exit(main())
