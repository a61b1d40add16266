"""``python -m pokercore``: the ``pokercore`` command (see :mod:`pokercore.cli`)."""

import sys

from pokercore.cli import main

if __name__ == "__main__":
    sys.exit(main())
