"""The ``mjscore`` command line."""
