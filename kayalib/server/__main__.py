"""``python -m kayalib.server app|class`` (see :mod:`kayalib.server.cli`)."""

import sys

from kayalib.server.cli import main

sys.exit(main())
