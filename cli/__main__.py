"""``python -m cli`` runs the command line."""

import sys

from .main import app

sys.exit(app())
