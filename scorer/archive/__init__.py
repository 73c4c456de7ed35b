"""Recorded games (docs/archive.md, docs/batch.md#riichi-game-logs): read a platform's game records,
replay every round, and score each recorded win with the library, beside what the record says.

MCR: ``botzone``: Botzone's text records; ``botzone_json``: its judge's JSON match logs (both give
``Round``s); ``replay``: a round's win as a scoring request; ``fans``: the records' fan names as our
MCR items; ``audit``: the comparison and its summary. Riichi: ``tenhou`` (tenhou.net/6 JSON) and
``mjai`` (MJAI JSON lines) give ``RiichiRound``s (``riichi_round``); ``riichi_replay`` turns each
recorded win into a scoring request and its settlement; ``riichi_audit`` compares. Both share
``sources`` (the rounds of the files) and ``run`` (every core or a Dask cluster).
"""
