"""The SQLite match store (docs/match.md#storage): survives a restart, keeps every concurrent
write, refuses a bad or stale change without touching the stored match."""

from __future__ import annotations

import sqlite3
import threading

import pytest

from scorer.errors import HandError
from scorer.match import add_entry, correct, new_record
from scorer.match.store import MatchStore

PLAYERS = ["Ann", "Bo", "Cy", "Di"]


def _add(entry):
    return lambda record: add_entry(record, entry)[0]


def test_a_new_store_on_the_same_file_finds_the_match(tmp_path):
    path = tmp_path / "matches.sqlite3"
    store = MatchStore(path)
    record, _ = new_record({"players": PLAYERS, "title": "Table 1"})
    created = store.create(record)
    store.update(created.id, _add({"winner": "Ann", "from": "Bo", "fan": 8}))
    del store
    again = MatchStore(path)
    found = again.get(created.id)
    assert found.revision == 2 and found.created == created.created
    assert found.record["hands"] == [{"winner": "Ann", "from": "Bo", "fan": 8}]
    assert new_record(found.record)[1]["totals"] == {"Ann": 32, "Bo": -16, "Cy": -8, "Di": -8}
    assert again.list()[0]["id"] == created.id and again.list()[0]["entries"] == 1
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_concurrent_writers_lose_nothing(tmp_path):
    store = MatchStore(tmp_path / "m.sqlite3")
    match_id = store.create(new_record({"players": PLAYERS})[0]).id
    winners = PLAYERS * 4  # 16 hands from 8 threads, two each
    errors: list[BaseException] = []
    start = threading.Barrier(8)

    def writer(i: int) -> None:
        try:
            start.wait(timeout=30)
            for k in range(2):
                shared = MatchStore(tmp_path / "m.sqlite3") if k else store  # a second object on the file too
                shared.update(match_id, _add({"winner": winners[2 * i + k], "from": None, "fan": 8}))
        except BaseException as err:  # reported below
            errors.append(err)

    threads = [threading.Thread(target=writer, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not errors, errors
    final = store.get(match_id)
    assert final.revision == 17 and len(final.record["hands"]) == 16
    sheet = new_record(final.record)[1]
    assert sheet["complete"] and sheet["totals"] == dict.fromkeys(PLAYERS, 0)  # four self-draws of 8 each
    with pytest.raises(HandError) as err:
        store.update(match_id, _add({"draw": True}))
    assert err.value.code == "too_many_hands"
    assert store.get(match_id).revision == 17


def test_concurrent_creates(tmp_path):
    store = MatchStore(tmp_path / "m.sqlite3")
    record = new_record({"players": PLAYERS})[0]
    ids: list[str] = []
    threads = [threading.Thread(target=lambda: ids.extend(store.create(record).id for _ in range(5)))
               for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert len(set(ids)) == 30 and len(store.list(limit=1000)) == 30


def test_refused_and_stale_changes_leave_the_match_alone(tmp_path):
    store = MatchStore(tmp_path / "m.sqlite3")
    created = store.create(new_record({"players": PLAYERS})[0])
    store.update(created.id, _add({"draw": True}))
    with pytest.raises(HandError) as err:
        store.update(created.id, _add({"winner": "Ann", "from": "Ann", "fan": 8}))
    assert err.value.code == "discarder_is_winner"
    with pytest.raises(HandError) as err:
        store.update(created.id, lambda r: correct(r, 1, None, "Li", "typo", "delete")[0], expected=1)
    assert err.value.code == "stale_revision"
    with pytest.raises(HandError) as err:
        store.get("missing")
    assert err.value.code == "no_such_match"
    kept = store.get(created.id)
    assert kept.revision == 2 and kept.record["hands"] == [{"draw": True}] and kept.record["log"] == []
