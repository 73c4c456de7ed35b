"""The ``mjscore`` command line."""

import os

# The command line reads no pydantic plugins: finding them scans the entry points of every installed
# distribution, a noticeable share of a one-line query's start-up. Set here, before any module of
# the command line imports pydantic.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
