"""Strategy files: saved strategies load back equal; damaged, hostile, foreign files are refused."""

from __future__ import annotations

import json
import math
import pickle
import sqlite3

import pytest

from gamesearch.errors import (
    InvalidDistributionError,
    InvalidSearchOptionError,
    TableFileError,
    UnsupportedGameError,
)
from gamesearch.imperfect import (
    KuhnPoker,
    LeducInfoSet,
    LeducPoker,
    LiarsDice,
    cfr,
    exploitability,
    load_strategy,
    mccfr,
    save_strategy,
)


@pytest.fixture(scope="module")
def kuhn_strategy():
    return cfr(KuhnPoker(), iterations=50, variant="plus").strategy


@pytest.fixture
def kuhn_file(tmp_path, kuhn_strategy):
    path = tmp_path / "kuhn.json"
    save_strategy(path, KuhnPoker(), kuhn_strategy)
    return path


def edit(path, change):
    """Rewrite the JSON file at ``path`` with ``change`` applied to its parsed content."""
    found = json.loads(path.read_text())
    change(found)
    path.write_text(json.dumps(found))


def test_a_cfr_strategy_loads_back_equal_and_as_good(kuhn_file, kuhn_strategy):
    loaded = load_strategy(kuhn_file, KuhnPoker())
    assert loaded == kuhn_strategy  # floats are written as their shortest exact repr
    assert exploitability(KuhnPoker(), loaded) == exploitability(KuhnPoker(), kuhn_strategy)
    text = kuhn_file.read_text()
    assert '"class":"gamesearch.imperfect.kuhn:KuhnPoker"' in text
    assert "pickle" not in text


def test_a_named_tuple_key_comes_back_as_an_equal_tuple(tmp_path):
    key = LeducInfoSet(player=1, card=4, public=None, round1=(2,), round2=())
    path = tmp_path / "one.json"
    save_strategy(path, LeducPoker(), {key: {0: 0.25, 1: 0.75}})
    assert "[1,4,null,[2],[]]" in path.read_text()
    loaded = load_strategy(path, LeducPoker(), complete=False)
    assert loaded == {key: {0: 0.25, 1: 0.75}}
    assert type(next(iter(loaded))) is tuple


@pytest.mark.slow
def test_leduc_keys_come_back_as_the_games_named_tuples(tmp_path):
    game = LeducPoker()
    strategy = cfr(game, iterations=2, variant="plus").strategy
    path = tmp_path / "leduc.json"
    save_strategy(path, game, strategy)
    loaded = load_strategy(path, game)
    assert loaded == strategy
    assert all(isinstance(key, LeducInfoSet) for key in loaded)
    plain = load_strategy(path, game, complete=False)
    assert plain == strategy  # tuples, equal to the named tuples and hashed alike
    assert not any(isinstance(key, LeducInfoSet) for key in plain)


def test_an_mccfr_strategy_of_the_sets_met_loads_without_the_tree(tmp_path):
    game = LiarsDice()
    result = mccfr(game, iterations=3, rng=1, measure=False)
    path = tmp_path / "dice.json"
    save_strategy(path, game, result.strategy)
    assert load_strategy(path, game, complete=False) == result.strategy


@pytest.mark.parametrize(
    ("key", "what"),
    [
        (1.5, "1.5"),
        (True, "True"),
        (frozenset({1}), "frozenset"),
        (("a", 2.0), r"\('a', 2.0\)"),
        (object, "class 'object'"),
    ],
)
def test_keys_that_are_not_plain_data_are_refused(tmp_path, key, what):
    with pytest.raises(UnsupportedGameError, match=f"{what}.*is not plain data"):
        save_strategy(tmp_path / "bad.json", KuhnPoker(), {key: {0: 1.0}})


def test_actions_that_are_not_plain_data_and_bad_probabilities_are_refused(tmp_path):
    path = tmp_path / "bad.json"
    with pytest.raises(UnsupportedGameError, match=r"action 0\.5"):
        save_strategy(path, KuhnPoker(), {"0": {0.5: 1.0}})
    with pytest.raises(InvalidDistributionError, match="finite numbers >= 0"):
        save_strategy(path, KuhnPoker(), {"0": {0: math.nan, 1: 1.0}})
    with pytest.raises(InvalidDistributionError, match=r"sum to 0\.9"):
        save_strategy(path, KuhnPoker(), {"0": {0: 0.4, 1: 0.5}})
    with pytest.raises(UnsupportedGameError, match="must be a mapping"):
        save_strategy(path, KuhnPoker(), [("0", {0: 1.0})])
    assert not path.exists()


def test_a_file_for_another_game_is_refused(kuhn_file):
    with pytest.raises(TableFileError, match=r"for gamesearch.imperfect.kuhn:KuhnPoker\(players=2"):
        load_strategy(kuhn_file, LeducPoker())
    with pytest.raises(TableFileError, match="players=3"):
        load_strategy(kuhn_file, KuhnPoker(players=3))


def test_text_where_numbers_belong_is_refused(kuhn_file):
    edit(kuhn_file, lambda found: found["strategy"][0][1][0].__setitem__(1, "0.5"))
    with pytest.raises(TableFileError, match=r"'0\.5', not a finite number"):
        load_strategy(kuhn_file, KuhnPoker())


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinities_are_refused(kuhn_file, constant):
    text = kuhn_file.read_text()
    head, tail = text.split("[[0,", 1)
    _, rest = tail.split("]", 1)
    kuhn_file.write_text(f"{head}[[0,{constant}]{rest}")
    with pytest.raises(TableFileError, match="not a JSON strategy file"):
        load_strategy(kuhn_file, KuhnPoker())


@pytest.mark.parametrize(
    ("probabilities", "message"),
    [
        ([[0, -0.25], [1, 1.25]], "-0.25, not a finite number >= 0"),
        ([[0, 0.5], [1, 0.4]], "sum to 0.9"),
        ([[0, True], [1, 0]], "True, not a finite number"),
        ([[0, 0.5], [0, 0.5]], "comes twice"),
        ([[0, 1]], None),  # an action left out has probability 0: fine
        ([], "sum to 0"),
        ([[[0, {"a": 1}], 1.0]], "not plain data"),
        ([[0, 1.0, 2]], r"is not \[action, p\]"),
    ],
)
def test_bad_probabilities_are_refused(kuhn_file, probabilities, message):
    edit(kuhn_file, lambda found: found["strategy"][0].__setitem__(1, probabilities))
    if message is None:
        assert load_strategy(kuhn_file, KuhnPoker())["0"] == {0: 1.0}
        return
    with pytest.raises(TableFileError, match=message):
        load_strategy(kuhn_file, KuhnPoker())


def test_missing_information_sets_are_refused(kuhn_file):
    edit(kuhn_file, lambda found: found["strategy"].pop())
    with pytest.raises(TableFileError, match="says it holds 12 information sets but holds 11"):
        load_strategy(kuhn_file, KuhnPoker())

    def drop_and_recount(found):
        found["strategy"].pop()
        found["infosets"] = len(found["strategy"])

    edit(kuhn_file, drop_and_recount)
    with pytest.raises(TableFileError, match="lacks 2 of the game's 12 information sets"):
        load_strategy(kuhn_file, KuhnPoker())
    assert len(load_strategy(kuhn_file, KuhnPoker(), complete=False)) == 10


def test_sets_and_actions_the_game_lacks_are_refused(kuhn_file):
    edit(kuhn_file, lambda found: found["strategy"][0][1][0].__setitem__(0, 7))
    with pytest.raises(TableFileError, match="the action 7, which it lacks"):
        load_strategy(kuhn_file, KuhnPoker())

    def add_a_set(found):
        found["strategy"].append(["9pp", [[0, 1.0]]])
        found["infosets"] += 1

    edit(kuhn_file, add_a_set)
    with pytest.raises(TableFileError, match="'9pp', which the game lacks"):
        load_strategy(kuhn_file, KuhnPoker())


def test_a_set_twice_is_refused(kuhn_file):
    def twice(found):
        found["strategy"].append(found["strategy"][0])
        found["infosets"] += 1

    edit(kuhn_file, twice)
    with pytest.raises(TableFileError, match="comes twice"):
        load_strategy(kuhn_file, KuhnPoker(), complete=False)


@pytest.mark.parametrize(
    "content",
    [
        pickle.dumps({"0": {0: 1.0}}),  # a pickle is not read as one
        b"\xff\xfe not utf-8",
        b"",
        b'{"format": "gamesearch strategy", "version": 1',  # cut short
        b'{"format": "gamesearch table", "version": 1, "game": {}, "infosets": 0, "strategy": []}',
        b"[" * 100_000 + b"]" * 100_000,
    ],
    ids=["pickle", "not-utf8", "empty", "cut-short", "another-format", "deep"],
)
def test_files_that_are_not_strategy_files_are_refused(tmp_path, content):
    path = tmp_path / "hostile.json"
    path.write_bytes(content)
    with pytest.raises(TableFileError):
        load_strategy(path, KuhnPoker())


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda found: found.__setitem__("version", 2), "version 2"),
        (lambda found: found.__setitem__("version", True), "version True"),
        (lambda found: found.__setitem__("infosets", "12"), "says it holds '12'"),
        (lambda found: found.__setitem__("strategy", {}), "must be a list"),
        (lambda found: found.__setitem__("extra", 1), "with the fields"),
        (lambda found: found.__setitem__("game", {"class": "os:system"}), "not an identity"),
        (lambda found: found["strategy"].__setitem__(0, "0"), r"must be \[key"),
        (lambda found: found["strategy"][0].__setitem__(0, 1.5), "the key 1.5 is not plain"),
        (lambda found: found["strategy"][0].__setitem__(0, [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[
            "deep"]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]), "is not plain data"),
    ],
)  # fmt: skip
def test_damaged_fields_are_refused(kuhn_file, change, message):
    edit(kuhn_file, change)
    with pytest.raises(TableFileError, match=message):
        load_strategy(kuhn_file, KuhnPoker())


def test_unreadable_and_unwritable_paths_are_refused(tmp_path, kuhn_strategy):
    with pytest.raises(TableFileError, match="cannot read"):
        load_strategy(tmp_path / "none.json", KuhnPoker())
    with pytest.raises(TableFileError, match="cannot write"):
        save_strategy(tmp_path / "no" / "such" / "dir.json", KuhnPoker(), kuhn_strategy)


@pytest.fixture
def kuhn_rows(tmp_path, kuhn_strategy):
    path = tmp_path / "kuhn.sqlite"
    save_strategy(path, KuhnPoker(), kuhn_strategy, file_format="sqlite")
    return path


def sql(path, *statements):
    connection = sqlite3.connect(path)
    for statement in statements:
        connection.execute(statement)
    connection.commit()
    connection.close()


def test_a_strategy_as_sqlite_rows_loads_back_equal(kuhn_rows, kuhn_strategy):
    assert kuhn_rows.read_bytes().startswith(b"SQLite format 3")
    assert load_strategy(kuhn_rows, KuhnPoker()) == kuhn_strategy
    connection = sqlite3.connect(kuhn_rows)
    rows = connection.execute("SELECT key, action FROM strategy WHERE infoset = 0").fetchall()
    connection.close()
    assert rows == [('"0"', "0"), ('"0"', "1")]  # keys and actions as JSON text


def test_leduc_tuples_as_sqlite_rows(tmp_path):
    key = LeducInfoSet(player=0, card=5, public=None, round1=(), round2=())
    path = tmp_path / "one.sqlite"
    save_strategy(path, LeducPoker(), {key: {1: 0.5, 2: 0.5}}, file_format="sqlite")
    assert load_strategy(path, LeducPoker(), complete=False) == {key: {1: 0.5, 2: 0.5}}


def test_an_unknown_file_format_is_refused(tmp_path, kuhn_strategy):
    with pytest.raises(InvalidSearchOptionError, match="file_format must be 'json' or 'sqlite'"):
        save_strategy(tmp_path / "x", KuhnPoker(), kuhn_strategy, file_format="pickle")


@pytest.mark.parametrize(
    ("statements", "message"),
    [
        (["UPDATE strategy SET probability = 'half' WHERE rowid = 1"], "'half', not a finite"),
        (["UPDATE strategy SET probability = -1 WHERE rowid = 1"], "-1.0, not a finite"),
        (["UPDATE meta SET value = 'x' WHERE name = 'game'"], "the game is 'x', not JSON"),
        (["UPDATE meta SET value = '{\"class\":\"gamesearch.imperfect.leduc:LeducPoker\","
          "\"parameters\":{\"players\":2}}' WHERE name = 'game'"], "LeducPoker"),
        (["UPDATE meta SET value = '2' WHERE name = 'version'"], "version 2"),
        (["DELETE FROM strategy WHERE infoset = 11"], "says it holds 12 information sets but"),
        (["DELETE FROM strategy WHERE infoset = 3"], "number 4 comes after 3 sets"),
        (["UPDATE meta SET value = '11' WHERE name = 'infosets'",
          "DELETE FROM strategy WHERE infoset = 11"], "lacks 1 of the game's 12"),
        (["UPDATE strategy SET key = '\"1\"' WHERE rowid = 1"], "has two keys"),
        (["UPDATE strategy SET action = 'NaN' WHERE rowid = 1"], "an action is 'NaN', not JSON"),
        (["DELETE FROM meta WHERE name = 'format'"], "its meta table names"),
        (["CREATE TABLE other (x)"], "holds the tables meta, other, strategy"),
        (["ALTER TABLE strategy RENAME COLUMN probability TO p"], "has the columns"),
        (["UPDATE meta SET value = '\u00b2' WHERE name = 'infosets'"], "says it holds '\u00b2'"),
        (["UPDATE strategy SET key = CAST(x'ff' AS TEXT) WHERE rowid = 3"], "not UTF-8"),
    ],
)  # fmt: skip
def test_damaged_sqlite_rows_are_refused(kuhn_rows, statements, message):
    sql(kuhn_rows, *statements)
    with pytest.raises(TableFileError, match=message):
        load_strategy(kuhn_rows, KuhnPoker())


def test_nan_in_sqlite_rows_is_refused(tmp_path):
    # SQLite keeps a NaN as NULL: a table made without the NOT NULL constraint can hold one.
    path = tmp_path / "nan.sqlite"
    sql(
        path,
        "CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT)",
        "CREATE TABLE strategy (infoset INTEGER, key TEXT, action TEXT, probability REAL)",
        "INSERT INTO meta VALUES ('format', 'gamesearch strategy'), ('version', '1'), "
        "('infosets', '1'), ('game', "
        '\'{"class":"gamesearch.imperfect.kuhn:KuhnPoker","parameters":{"players":2}}\')',
    )
    connection = sqlite3.connect(path)
    connection.execute("INSERT INTO strategy VALUES (0, '\"0\"', '0', ?)", (math.nan,))
    connection.commit()
    connection.close()
    with pytest.raises(TableFileError, match="None, not a finite number"):
        load_strategy(path, KuhnPoker(), complete=False)


def test_a_first_row_of_nulls_is_refused(tmp_path):
    # Tables made without their NOT NULL constraints can hold a row of NULLs, read first.
    path = tmp_path / "nulls.sqlite"
    sql(
        path,
        "CREATE TABLE meta (name, value)",
        "CREATE TABLE strategy (infoset, key, action, probability)",
        "INSERT INTO meta VALUES ('format', 'gamesearch strategy'), ('version', '1'), "
        "('infosets', '1'), ('game', "
        '\'{"class":"gamesearch.imperfect.kuhn:KuhnPoker","parameters":{"players":2}}\')',
        "INSERT INTO strategy VALUES (NULL, NULL, '0', 1.0)",
    )
    with pytest.raises(TableFileError, match=r"information set number None comes after 0 sets"):
        load_strategy(path, KuhnPoker(), complete=False)


def test_a_game_that_is_no_identity_is_refused_naming_the_file(kuhn_file):
    edit(kuhn_file, lambda found: found.__setitem__("game", {"class": 0, "parameters": {}}))
    with pytest.raises(TableFileError, match="not an identity") as refused:
        load_strategy(kuhn_file, KuhnPoker())
    assert str(refused.value).startswith(f"{kuhn_file}: ")


def test_a_database_that_is_not_sqlite_after_its_magic_is_refused(tmp_path):
    path = tmp_path / "fake.sqlite"
    path.write_bytes(b"SQLite format 3\x00" + b"\x00" * 50)
    with pytest.raises(TableFileError, match="strategy file"):
        load_strategy(path, KuhnPoker())
