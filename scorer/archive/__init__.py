"""Recorded games (docs/archive.md): read a platform's game records, replay every round, and score
each recorded win with the library, beside what the record says.

``botzone``: Botzone's text records; ``botzone_json``: its judge's JSON match logs (both give
``Round``s); ``replay``: a round's win as a scoring request; ``fans``: the records' fan names as our
MCR items; ``audit``: the comparison, its summary, and the runs on every core or a Dask cluster.
"""
