"""A strategy file is written where its path says, whatever SQLite makes of the name.

Found while auditing table files (issue 45): SQLite takes a file name that starts with
``file:`` as a URI of its own, so ``save_strategy("file:../k.sqlite", ..., file_format="sqlite")``
wrote its temporary file into the parent folder (and ``?mode=memory`` into memory). The file is
now opened by a URI made from its path, as table files are.
"""

from __future__ import annotations

import os

import pytest

from gamesearch import TableFileError
from gamesearch.imperfect import KuhnPoker, cfr, load_strategy, save_strategy


@pytest.fixture(scope="module")
def strategy() -> dict:
    return dict(cfr(KuhnPoker(), iterations=20).strategy)


def test_a_name_that_sqlite_reads_as_a_uri_is_a_file_of_that_name(tmp_path, monkeypatch, strategy):
    monkeypatch.chdir(tmp_path)
    save_strategy("file:k.sqlite", KuhnPoker(), strategy, file_format="sqlite")
    assert os.listdir(tmp_path) == ["file:k.sqlite"]
    assert load_strategy("file:k.sqlite", KuhnPoker()) == strategy


def test_a_name_that_sqlite_reads_as_another_folder_writes_nothing_there(
    tmp_path, monkeypatch, strategy
):
    (tmp_path / "here").mkdir()
    monkeypatch.chdir(tmp_path / "here")
    with pytest.raises(TableFileError, match="cannot write the strategy file"):
        save_strategy("file:../k.sqlite", KuhnPoker(), strategy, file_format="sqlite")
    assert sorted(os.listdir(tmp_path)) == ["here"]
