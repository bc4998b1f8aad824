"""The site's files go into the folder asked for, and nowhere else (issue 45).

``gamesearch web --out DIR`` writes through no symbolic link, never overwrites a file it did not
make (its record, ``.gamesearch-web.json``, lists what it made, with digests), refuses an empty
or file ``--out`` in words, and refuses before it writes anything.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from gamesearch.errors import InvalidSearchOptionError
from gamesearch.web._folder import RECORD, write_site

FILES = {"index.html": b"<p>page</p>\n", "app.js": b"// script\n", "pyodide/pyodide.js": b"//\n"}


def tree(root: Path) -> dict[str, bytes | str]:
    """Every entry under ``root``: a file's bytes, a link's target."""
    found: dict[str, bytes | str] = {}
    for path in sorted(root.rglob("*")):
        name = path.relative_to(root).as_posix()
        if path.is_symlink():
            found[name] = f"-> {os.readlink(path)}"
        elif path.is_file():
            found[name] = path.read_bytes()
    return found


def test_a_new_folder_gets_the_files_and_a_record_of_them(tmp_path: Path) -> None:
    root = write_site(tmp_path / "site", FILES)
    assert {name: (root / name).read_bytes() for name in FILES} == FILES
    made = json.loads((root / RECORD).read_text(encoding="utf-8"))
    assert made["made by"] == "gamesearch web"
    assert sorted(made["files"]) == sorted(FILES)
    assert not list(root.rglob(".gamesearch-web-*"))  # no temporary file left


def test_the_build_runs_again_over_its_own_files(tmp_path: Path) -> None:
    write_site(tmp_path, FILES)
    changed = {**FILES, "index.html": b"<p>new page</p>\n"}
    write_site(tmp_path, changed)
    assert (tmp_path / "index.html").read_bytes() == b"<p>new page</p>\n"


def test_a_users_own_index_is_never_replaced(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("the course's own page\n", encoding="utf-8")
    before = tree(tmp_path)
    with pytest.raises(InvalidSearchOptionError, match=r"index\.html is a file gamesearch web did"):
        write_site(tmp_path, FILES)
    assert tree(tmp_path) == before  # refused before anything was written


def test_a_file_changed_since_the_build_is_not_overwritten(tmp_path: Path) -> None:
    write_site(tmp_path, FILES)
    (tmp_path / "app.js").write_text("// edited by hand\n", encoding="utf-8")
    with pytest.raises(InvalidSearchOptionError, match="changed since gamesearch web wrote it"):
        write_site(tmp_path, FILES)
    assert (tmp_path / "app.js").read_text(encoding="utf-8") == "// edited by hand\n"


@pytest.mark.parametrize("name", [*FILES, RECORD])
def test_a_link_where_a_file_goes_is_refused_and_its_target_untouched(
    tmp_path: Path, name: str
) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("not the site's\n", encoding="utf-8")
    site = tmp_path / "site"
    (site / "pyodide").mkdir(parents=True)
    (site / name).symlink_to(outside)
    with pytest.raises(InvalidSearchOptionError, match=r"is a symbolic link|is not the record"):
        write_site(site, FILES)
    assert outside.read_text(encoding="utf-8") == "not the site's\n"
    assert (site / name).is_symlink()


def test_a_link_left_by_the_build_is_refused_too(tmp_path: Path) -> None:
    # Even a place the last build wrote is refused once a link stands there.
    outside = tmp_path / "outside.txt"
    outside.write_text("not the site's\n", encoding="utf-8")
    write_site(tmp_path / "site", FILES)
    (tmp_path / "site" / "index.html").unlink()
    (tmp_path / "site" / "index.html").symlink_to(outside)
    with pytest.raises(InvalidSearchOptionError, match="symbolic link"):
        write_site(tmp_path / "site", FILES)
    assert outside.read_text(encoding="utf-8") == "not the site's\n"


@pytest.mark.parametrize("dangling", [True, False])
def test_a_linked_subfolder_is_refused(tmp_path: Path, dangling: bool) -> None:
    elsewhere = tmp_path / "elsewhere"
    if not dangling:
        elsewhere.mkdir()
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "pyodide").symlink_to(elsewhere)
    with pytest.raises(InvalidSearchOptionError, match="not a folder gamesearch web can write"):
        write_site(tmp_path / "site", FILES)
    assert not dangling or not elsewhere.exists()
    assert dangling or list(elsewhere.iterdir()) == []


def test_a_folder_or_a_file_in_a_files_place_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a" / "index.html").mkdir(parents=True)
    with pytest.raises(InvalidSearchOptionError, match="not a plain file"):
        write_site(tmp_path / "a", FILES)
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "pyodide").write_text("a file\n", encoding="utf-8")
    with pytest.raises(InvalidSearchOptionError, match="not a folder gamesearch web can write"):
        write_site(tmp_path / "b", FILES)


@pytest.mark.parametrize(
    "record",
    ["not json", "[]", '{"files": {}}', '{"made by": "gamesearch web", "files": {"a": 1}}'],
)
def test_a_record_the_build_did_not_write_is_refused(tmp_path: Path, record: str) -> None:
    (tmp_path / RECORD).write_text(record, encoding="utf-8")
    with pytest.raises(InvalidSearchOptionError, match="is not the record gamesearch web writes"):
        write_site(tmp_path, FILES)
    assert (tmp_path / RECORD).read_text(encoding="utf-8") == record


def test_a_forged_record_cannot_claim_a_changed_file(tmp_path: Path) -> None:
    # A record that lists index.html with another file's digest protects the user's file.
    (tmp_path / "index.html").write_text("mine\n", encoding="utf-8")
    record = {"made by": "gamesearch web", "files": {"index.html": "0" * 64}}
    (tmp_path / RECORD).write_text(json.dumps(record), encoding="utf-8")
    with pytest.raises(InvalidSearchOptionError, match="changed since"):
        write_site(tmp_path, FILES)
    assert (tmp_path / "index.html").read_text(encoding="utf-8") == "mine\n"


@pytest.mark.parametrize("out", ["", "  "])
def test_an_empty_out_is_not_the_current_folder(out: str) -> None:
    with pytest.raises(InvalidSearchOptionError, match="--out must name the folder"):
        write_site(out, FILES)


def test_a_file_as_out_is_refused_in_words(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine\n", encoding="utf-8")
    with pytest.raises(InvalidSearchOptionError, match="that is a file, not a folder") as refused:
        write_site(tmp_path / "notes.txt", FILES)
    assert "Errno" not in str(refused.value)
    with pytest.raises(InvalidSearchOptionError, match="cannot make the folder") as refused:
        write_site(tmp_path / "notes.txt" / "site", FILES)
    assert "Errno" not in str(refused.value)
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "mine\n"


def test_other_files_in_the_folder_are_left_alone(tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text("the course's notes\n", encoding="utf-8")
    (tmp_path / "pyodide").mkdir()
    (tmp_path / "pyodide" / "README").write_text("mine\n", encoding="utf-8")
    write_site(tmp_path, FILES)
    assert (tmp_path / "notes.md").read_text(encoding="utf-8") == "the course's notes\n"
    assert (tmp_path / "pyodide" / "README").read_text(encoding="utf-8") == "mine\n"


def test_a_name_leaving_the_folder_is_a_fault_of_the_caller(tmp_path: Path) -> None:
    for name in ("../x", "/tmp/x", "a/../../x", ""):
        with pytest.raises(AssertionError, match="must stay inside the folder"):
            write_site(tmp_path / "site", {name: b"x"})
    assert not (tmp_path / "x").exists()


def test_what_the_last_build_made_and_this_one_does_not_is_removed(tmp_path: Path) -> None:
    # A page built with a local Pyodide, then for the CDN: the earlier copy goes, record too.
    write_site(tmp_path, FILES)
    (tmp_path / "pyodide" / "README").write_text("mine\n", encoding="utf-8")
    without = {name: data for name, data in FILES.items() if not name.startswith("pyodide/")}
    write_site(tmp_path, without)
    assert tree(tmp_path) == {**without, RECORD: tree(tmp_path)[RECORD],
                              "pyodide/README": b"mine\n"}  # fmt: skip
    assert sorted(json.loads((tmp_path / RECORD).read_text(encoding="utf-8"))["files"]) == sorted(
        without
    )
    (tmp_path / "pyodide" / "README").unlink()
    write_site(tmp_path, FILES)
    write_site(tmp_path, without)
    assert not (tmp_path / "pyodide").exists()  # the folder the build made, emptied, goes too


def test_only_an_unchanged_file_of_the_record_inside_the_folder_is_removed(
    tmp_path: Path,
) -> None:
    (tmp_path / "outside.txt").write_text("mine\n", encoding="utf-8")
    site = tmp_path / "site"
    write_site(site, FILES)
    (site / "app.js").write_text("// edited by hand\n", encoding="utf-8")
    record = json.loads((site / RECORD).read_text(encoding="utf-8"))
    record["files"]["../outside.txt"] = record["files"]["index.html"]
    (site / RECORD).write_text(json.dumps(record), encoding="utf-8")
    write_site(site, {"index.html": FILES["index.html"]})
    assert (tmp_path / "outside.txt").read_text(encoding="utf-8") == "mine\n"
    assert (site / "app.js").read_text(encoding="utf-8") == "// edited by hand\n"
    assert not (site / "pyodide").exists()
