"""Matches kept in SQLite (docs/match.md#storage): one row per match holding its record as JSON,
written only after the whole new record computes.

Safe for many writers, threads or processes: each write is a compare-and-set on the match's
``revision`` inside a ``BEGIN IMMEDIATE`` transaction (SQLite's write lock), retried a bounded
number of times when another writer got there first; WAL lets readers go on while one writes.
Within a process the writers of one match take turns (a lock per file and match), so only other
processes can make a write retry. Each call opens its own connection, so a store object can be
shared by threads.
"""

from __future__ import annotations

import json
import os
import random
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..errors import HandError

ENV = "MJSCORE_MATCHES"
MAX_MATCHES = 100_000  # rows in one store
MAX_RETRIES = 8  # compare-and-set attempts before a write is answered "busy"
BUSY_TIMEOUT_MS = 5000

_WRITERS: dict[tuple[str, str], threading.Lock] = {}  # (store file, match id) -> its writers' turn
_WRITERS_LOCK = threading.Lock()


def _writer_lock(path: Path, match_id: str) -> threading.Lock:
    key = (str(path.resolve()), match_id)
    with _WRITERS_LOCK:
        return _WRITERS.setdefault(key, threading.Lock())

SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    revision INTEGER NOT NULL,
    record TEXT NOT NULL,
    key_hash TEXT
);
CREATE INDEX IF NOT EXISTS matches_updated ON matches(updated);
"""
# a file made before matches had edit keys: its matches get none (docs/match.md#who-may-change-a-match)
ADD_KEYS = "ALTER TABLE matches ADD COLUMN key_hash TEXT"


def default_path() -> Path:
    """``$MJSCORE_MATCHES``, else the user's data folder (``$XDG_DATA_HOME/mjscore/matches.sqlite3``)."""
    if os.environ.get(ENV):
        return Path(os.environ[ENV])
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "mjscore" / "matches.sqlite3"


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


@dataclass(frozen=True, slots=True)
class Stored:
    id: str
    revision: int
    created: str
    updated: str
    record: dict[str, Any]
    key_hash: str | None = None  # the SHA-256 digest of the match's edit key (None: made before keys)


class Conflict(Exception):
    """The match changed since the revision the caller read."""


class MatchStore:
    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._connect() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(SCHEMA)
            columns = {row[1] for row in db.execute("PRAGMA table_info(matches)")}
            if "key_hash" not in columns:
                try:
                    db.execute(ADD_KEYS)
                except sqlite3.OperationalError:  # another process added it first
                    columns = {row[1] for row in db.execute("PRAGMA table_info(matches)")}
                    if "key_hash" not in columns:
                        raise

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
        try:
            db.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            yield db
        finally:
            db.close()

    def create(self, record: dict[str, Any], key_hash: str | None = None) -> Stored:
        """A new match holding ``record`` (already checked by the caller), changed only with the
        key whose digest is ``key_hash`` (``scorer.match.keys``)."""
        now = _now()
        text = json.dumps(record, ensure_ascii=False)
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                (count,) = db.execute("SELECT count(*) FROM matches").fetchone()
                if count >= MAX_MATCHES:
                    raise HandError(f"the store holds {MAX_MATCHES} matches: no more", None, "too_many_matches")
                match_id = secrets.token_urlsafe(9)
                db.execute("INSERT INTO matches (id, created, updated, revision, record, key_hash) "
                           "VALUES (?, ?, ?, 1, ?, ?)", (match_id, now, now, text, key_hash))
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        return Stored(match_id, 1, now, now, record, key_hash)

    def get(self, match_id: str) -> Stored:
        with self._connect() as db:
            row = db.execute("SELECT id, revision, created, updated, record, key_hash FROM matches WHERE id = ?",
                             (match_id,)).fetchone()
        if row is None:
            raise HandError(f"no match {match_id!r}", None, "no_such_match")
        return Stored(row[0], row[1], row[2], row[3], json.loads(row[4]), row[5])

    def put(self, match_id: str, revision: int, record: dict[str, Any]) -> Stored:
        """Replace the record if the match is still at ``revision``; ``Conflict`` otherwise."""
        now = _now()
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                row = db.execute("SELECT revision, created, key_hash FROM matches WHERE id = ?",
                                 (match_id,)).fetchone()
                if row is None:
                    raise HandError(f"no match {match_id!r}", None, "no_such_match")
                if row[0] != revision:
                    raise Conflict()
                db.execute("UPDATE matches SET record = ?, revision = ?, updated = ? WHERE id = ?",
                           (json.dumps(record, ensure_ascii=False), revision + 1, now, match_id))
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        return Stored(match_id, revision + 1, row[1], now, record, row[2])

    def update(self, match_id: str, change: Callable[[dict[str, Any]], dict[str, Any]],
               expected: int | None = None) -> Stored:
        """Apply ``change`` (record → new record; raises HandError to refuse) and store the result,
        read-change-write retried while other writers get in first. ``expected``: the revision
        the caller saw; the change is refused (``stale_revision``) if the match has moved on."""
        with _writer_lock(self.path, match_id):
            for attempt in range(MAX_RETRIES):
                current = self.get(match_id)
                if expected is not None and current.revision != expected:
                    raise HandError(f"the match is at revision {current.revision}, not {expected}: "
                                    "reload it and try again", None, "stale_revision")
                new = change(current.record)
                try:
                    return self.put(match_id, current.revision, new)
                except Conflict:  # another process wrote first: let it finish before reading again
                    time.sleep(random.uniform(0, 0.01 * 2 ** attempt))
        raise HandError("the match is being changed by others: retry in a moment", None, "busy")

    def list(self, limit: int = 100) -> list[dict[str, Any]]:
        """The ``limit`` most recently changed matches: id, revision, times, title, players, entries."""
        with self._connect() as db:
            rows = db.execute("SELECT id, revision, created, updated, record FROM matches "
                              "ORDER BY updated DESC LIMIT ?", (max(0, min(limit, 1000)),)).fetchall()
        out = []
        for match_id, revision, created, updated, text in rows:
            record = json.loads(text)
            out.append({"id": match_id, "revision": revision, "created": created, "updated": updated,
                        "title": record.get("title"),
                        "players": [p if isinstance(p, str) else p["name"] for p in record["players"]],
                        "entries": len(record.get("hands", []))})
        return out
