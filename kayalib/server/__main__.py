"""``python -m kayalib.server app|class``: the same command line as ``kayalib`` (``kayalib
app``, ``kayalib class``), kept for the notes and scripts that name it."""

import sys

from kayalib.cli import main

sys.exit(main())
