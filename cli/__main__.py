"""``python -m cli`` runs the command line."""

from .main import app

app()
