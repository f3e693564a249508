"""``python -m megamono``: the same as the ``megamono`` console script."""

import sys

from megamono.cli import main

if __name__ == "__main__":
    sys.exit(main())
