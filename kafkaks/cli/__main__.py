"""``python -m kafkaks.cli``: the ``kafkaks`` command."""

import sys

from .main import main

sys.exit(main())
