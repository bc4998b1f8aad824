"""``gamesearch web --out DIR``: the static folder, its wheel, and where it loads Pyodide from.

The wheel is checked as pip would check it (RECORD's digests and sizes, the tags of WHEEL) and
imported from the zip itself, with nothing else of gamesearch on the path.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from cli_helpers import call

import gamesearch
from gamesearch.errors import InvalidSearchOptionError, MissingDependencyError
from gamesearch.web import PYODIDE_VERSION, build_site
from gamesearch.web._folder import RECORD
from gamesearch.web._site import ASSETS, PYODIDE_CDN, PYODIDE_FILES, pyodide_url
from gamesearch.web._wheel import build_wheel, wheel_name

VERSION = gamesearch.__version__
PACKAGE = Path(gamesearch.__file__).parent
CONFIG = re.compile(r'<script id="site-config" type="application/json">(.*?)</script>', re.S)


def config(page: Path) -> dict[str, str]:
    found = CONFIG.search(page.read_text(encoding="utf-8"))
    assert found is not None
    return json.loads(found.group(1))


def fake_pyodide(folder: Path) -> Path:
    """A folder with files named as Pyodide's core files (their content is not read)."""
    folder.mkdir()
    for name in PYODIDE_FILES:
        (folder / name).write_text(f"// {name}\n", encoding="utf-8")
    return folder


def test_the_folder_holds_the_page_its_assets_the_wheel_and_its_record(tmp_path: Path) -> None:
    page = build_site(tmp_path / "site")
    assert page == tmp_path / "site" / "index.html"
    names = sorted(path.name for path in page.parent.iterdir())
    assert names == sorted([*ASSETS, wheel_name(VERSION), RECORD])
    expected = {
        "pyodide": PYODIDE_CDN,
        "wheel": wheel_name(VERSION),
        "version": VERSION,
        "pyodideVersion": PYODIDE_VERSION,
    }
    assert config(page) == expected
    made = json.loads((page.parent / RECORD).read_text(encoding="utf-8"))["files"]
    assert sorted(made) == sorted([*ASSETS, wheel_name(VERSION)])


def test_by_default_the_worker_loads_pyodide_from_its_cdn_at_the_tested_version(
    tmp_path: Path,
) -> None:
    page = build_site(tmp_path)
    assert config(page)["pyodide"] == f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
    text = page.read_text(encoding="utf-8")
    assert "<script src=" not in text  # Pyodide is loaded by the worker, from the settings alone
    assert '<script type="module" src="gamesearch-web.js"></script>' in text


def test_a_local_pyodide_is_copied_into_the_folder_and_loaded_from_there(tmp_path: Path) -> None:
    page = build_site(tmp_path / "site", pyodide=fake_pyodide(tmp_path / "npm"))
    assert config(page)["pyodide"] == "pyodide/"
    assert sorted(p.name for p in (page.parent / "pyodide").iterdir()) == sorted(PYODIDE_FILES)


def test_a_folder_without_pyodide_is_refused_naming_what_it_lacks(tmp_path: Path) -> None:
    folder = fake_pyodide(tmp_path / "npm")
    (folder / "pyodide.asm.wasm").unlink()
    with pytest.raises(MissingDependencyError, match=r"lacks pyodide\.asm\.wasm.*npm install"):
        build_site(tmp_path / "site", pyodide=folder)


def test_a_pyodide_url_is_written_in_the_settings_with_a_slash(tmp_path: Path) -> None:
    page = build_site(tmp_path, pyodide="https://example.org/py;v=1&x=2")
    assert config(page)["pyodide"] == "https://example.org/py;v=1&x=2/"
    assert "https://example.org/py;v=1\\u0026x=2/" in page.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "where",
    [
        "javascript:alert(1)",
        "data:text/javascript,alert(1)",
        'https://example.org/"><script>alert(1)</script>',
        "https://example.org/a b",
        "file:///etc",
        "ftp://example.org/",
        "https://",
        "no-such-folder",
        "",
        # The template's own placeholders, and an attribute's breakout (issue 45):
        "https://example.org/{{config}}",
        "https://example.org/{{json:config}}",
        "https://example.org/{{text:version}}",
        "https://example.org/onerror=alert(document.domain)//",
        "https://example.org/a'b",
        "https://example.org/a`b",
        "https://example.org/a\\b",
        "https://example.org/a\tb",
        "https://example.org/a\nb",
        "https://example.org/a\x00b",
        "https://example.org/\u00e9t\u00e9",
        "https://example.org/\u2028",
        "https://example.org/</script><script>alert(1)</script>",
        "https://example.org/a{b}c",
        "https://example.org/a|b",
        "https://example.org/a^b",
        "https:example.org",
        "//example.org/pyodide/",
        "http://[::1/",
    ],
)
def test_a_pyodide_that_is_not_an_http_url_or_a_folder_is_refused(
    tmp_path: Path, where: str
) -> None:
    with pytest.raises(InvalidSearchOptionError, match="--pyodide must be an http"):
        build_site(tmp_path / "site", pyodide=where)
    assert not (tmp_path / "site").exists()  # refused before anything is written


@pytest.mark.parametrize(
    "where",
    [
        "https://example.org/pyodide/v314/full/",
        "http://localhost:8000/pyodide/",
        "https://example.org:8443/p/a&b=2/",
        "https://example.org/~me/py%20odide/",
        "https://[::1]:8000/p/",
    ],
)
def test_an_ordinary_pyodide_url_is_taken_as_it_is(where: str) -> None:
    assert pyodide_url(where).rstrip("/") == where.rstrip("/")


@pytest.mark.parametrize(
    ("where", "why"),
    [
        ("https://example.org:99999/", "its port must be a number from 1 to 65535"),
        ("https://example.org:0/p/", "its port must be a number from 1 to 65535"),
        ("https://example.org:http/p/", "its port must be a number from 1 to 65535"),
        ("https://user:pw@example.org/p/", "may not hold a user name or password"),
        ("https://user@example.org/p/", "may not hold a user name or password"),
        ("https://example.org/p?x=1", "may not hold a ?query or a #fragment"),
        ("https://example.org/p/?", "may not hold a ?query or a #fragment"),
        ("https://example.org/p#frag", "may not hold a ?query or a #fragment"),
        ("https://example.org/%zz/", "a % must start an escape of two hex digits"),
        ("https://example.org/p%2/", "a % must start an escape of two hex digits"),
        ("https://example.org/" + "x" * 5_000, "longer than 2,000 characters"),
    ],
)
def test_a_pyodide_url_the_page_cannot_append_its_loader_to_is_refused_in_words(
    where: str, why: str, tmp_path: Path
) -> None:
    # The page loads where + "pyodide.mjs": after a query or a fragment that names another
    # resource, and a port out of range or a password never loads at all.
    with pytest.raises(InvalidSearchOptionError, match=re.escape(why)):
        build_site(tmp_path / "site", pyodide=where)
    assert not (tmp_path / "site").exists() or not any((tmp_path / "site").iterdir())


@pytest.mark.parametrize(
    "out", ["site\x00x", "y" * 5_000 + "/site"], ids=["a NUL", "a name too long"]
)
def test_an_out_no_file_can_have_is_refused_in_words(out: str, tmp_path: Path) -> None:
    # An adversary's walk (issue 45): a raw ValueError and OSError came out of build_site.
    with pytest.raises(InvalidSearchOptionError, match="--out"):
        build_site(tmp_path / out)


def test_a_pyodide_name_too_long_for_a_file_is_refused_as_no_url(tmp_path: Path) -> None:
    with pytest.raises(InvalidSearchOptionError, match="must be an http"):
        build_site(tmp_path / "site", pyodide="y" * 300)


def test_the_wheel_is_valid_its_record_matching_every_file(tmp_path: Path) -> None:
    wheel = build_wheel(PACKAGE, VERSION, tmp_path)
    info = f"gamesearch-{VERSION}.dist-info"
    with zipfile.ZipFile(wheel) as archive:
        assert archive.testzip() is None
        names = archive.namelist()
        files = {name: archive.read(name) for name in names}
    assert names[-1] == f"{info}/RECORD"
    assert "Tag: py3-none-any" in files[f"{info}/WHEEL"].decode()
    assert f"Name: gamesearch\nVersion: {VERSION}\n" in files[f"{info}/METADATA"].decode()
    rows = [line.split(",") for line in files[f"{info}/RECORD"].decode().splitlines()]
    assert sorted(row[0] for row in rows) == sorted(names)
    for name, digest, size in rows:
        if name.endswith("RECORD"):
            assert digest == size == ""
            continue
        expected = base64.urlsafe_b64encode(hashlib.sha256(files[name]).digest()).rstrip(b"=")
        assert (digest, int(size)) == (f"sha256={expected.decode()}", len(files[name]))
    sources = {
        "gamesearch/" + path.relative_to(PACKAGE).as_posix()
        for path in PACKAGE.rglob("*.py")
        if "__pycache__" not in path.parts
    }
    assert sources <= set(names)
    assert {"gamesearch/py.typed", *(f"gamesearch/web/assets/{a}" for a in ASSETS)} <= set(names)
    assert not [name for name in names if "__pycache__" in name or name.endswith(".pyc")]


@pytest.mark.slow
def test_the_wheel_is_the_same_bytes_each_time(tmp_path: Path) -> None:
    first, again = tmp_path / "first", tmp_path / "again"
    first.mkdir()
    again.mkdir()
    made = build_wheel(PACKAGE, VERSION, first).read_bytes()
    assert build_wheel(PACKAGE, VERSION, again).read_bytes() == made


def test_a_compiled_module_without_its_source_is_refused(tmp_path: Path) -> None:
    package = tmp_path / "gamesearch"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "_loop.cpython-313-x86_64-linux-gnu.so").write_bytes(b"\x7fELF")
    with pytest.raises(MissingDependencyError, match=r"_loop\.cpython.*is compiled"):
        build_wheel(package, "1.0", tmp_path)


@pytest.mark.slow
def test_the_wheel_imports_and_searches_from_the_zip_alone(tmp_path: Path) -> None:
    wheel = build_wheel(PACKAGE, VERSION, tmp_path)
    script = (
        "import sys; sys.path.insert(0, sys.argv[1]); import gamesearch; "
        "from gamesearch.web import _runtime; "
        "assert gamesearch.__file__.startswith(sys.argv[1]), gamesearch.__file__; "
        "print(_runtime.reply(dict(game='tictactoe', moves='0,4,1'), dict(searcher='alphabeta')))"
    )
    done = subprocess.run(
        [sys.executable, "-I", "-c", script, str(wheel)],
        capture_output=True, text=True, check=True, cwd=tmp_path,
    )  # fmt: skip
    assert json.loads(done.stdout)["move"] == "2"  # O blocks the row


def test_the_command_writes_the_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = call(capsys, "web", "--out", str(tmp_path / "site"))
    assert (status, err) == (0, "")
    site = tmp_path / "site"
    assert out == f"wrote {site / 'index.html'}; serve {site} with any static file server\n"
    assert (tmp_path / "site" / wheel_name(VERSION)).is_file()


@pytest.mark.parametrize("out", ["", " ", "FILE", "FILE/site"])
def test_the_command_refuses_an_empty_or_file_out_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], out: str
) -> None:
    (tmp_path / "FILE").write_text("mine\n", encoding="utf-8")
    where = out if not out.strip() else str(tmp_path / out)
    status, printed, err = call(capsys, "web", "--out", where)
    assert (status, printed) == (2, "")
    assert err.startswith("gamesearch: error: --out ")
    assert "Errno" not in err
    assert (tmp_path / "FILE").read_text(encoding="utf-8") == "mine\n"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["FILE"]


def test_the_command_refuses_a_bad_pyodide_as_a_bad_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = call(capsys, "web", "--out", str(tmp_path), "--pyodide", "javascript:x")
    assert (status, out) == (2, "")
    assert "--pyodide must be an http(s) URL" in err


def test_a_pyodide_folder_with_a_link_is_refused_and_publishes_nothing(tmp_path: Path) -> None:
    folder = fake_pyodide(tmp_path / "npm")
    (tmp_path / "secret.txt").write_text("a private file\n", encoding="utf-8")
    (folder / "python_stdlib.zip").unlink()
    (folder / "python_stdlib.zip").symlink_to(tmp_path / "secret.txt")
    with pytest.raises(InvalidSearchOptionError, match=r"symbolic links \(python_stdlib\.zip\)"):
        build_site(tmp_path / "site", pyodide=folder)
    assert not (tmp_path / "site" / "pyodide").exists()


@pytest.mark.slow
def test_a_rebuild_for_the_cdn_removes_the_earlier_copy_of_pyodide(tmp_path: Path) -> None:
    build_site(tmp_path / "site", pyodide=fake_pyodide(tmp_path / "npm"))
    page = build_site(tmp_path / "site")
    assert config(page)["pyodide"] == PYODIDE_CDN
    assert not (tmp_path / "site" / "pyodide").exists()
    made = json.loads((tmp_path / "site" / RECORD).read_text(encoding="utf-8"))["files"]
    assert not [name for name in made if name.startswith("pyodide/")]
