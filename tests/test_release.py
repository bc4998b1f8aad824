"""A release: one version everywhere, a changelog entry for it, a wheel and an sdist.

The build itself is a slow test; CI also installs the wheel into a clean venv and runs an example
and the command from outside the source tree (.ci/run).
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import re
import subprocess
import sys
import tarfile
import zipfile
from datetime import date
from email.parser import Parser
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

import gamesearch
from gamesearch import build_info
from gamesearch.cli import main

ROOT = Path(__file__).resolve().parent.parent
VERSION = gamesearch.__version__
VERSION_LINE = re.compile(r"""^__version__\s*=\s*["']([^"']*)["']""", re.MULTILINE)
"""How hatchling's version source reads the version (its default pattern, in short)."""

CHANGE_KINDS = {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}
"""Keep a Changelog 1.1.0's types of changes."""


def pyproject() -> dict[str, object]:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_version_is_written_once_and_read_from_there() -> None:
    config = pyproject()
    project = config["project"]
    assert isinstance(project, dict)
    assert "version" not in project, "the version belongs in src/gamesearch/__init__.py only"
    assert "version" in project["dynamic"]
    source = config["tool"]["hatch"]["version"]["path"]  # type: ignore[index]
    assert source == "src/gamesearch/__init__.py"
    assert VERSION_LINE.findall((ROOT / source).read_text(encoding="utf-8")) == [VERSION]
    # A release version of PEP 440 (N.N.N, perhaps a pre-release or development suffix).
    assert re.fullmatch(r"\d+\.\d+\.\d+((a|b|rc)\d+)?(\.dev\d+)?", VERSION), VERSION
    # No other module writes a version of its own.
    others = [
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "src" / "gamesearch").rglob("*.py")
        if path != ROOT / source and VERSION_LINE.search(path.read_text(encoding="utf-8"))
    ]
    assert others == []


def test_the_command_prints_the_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--version"])
    assert stopped.value.code == 0
    assert capsys.readouterr().out == f"gamesearch {VERSION} ({build_info()})\n"


def installed_from_this_tree(dist: importlib.metadata.Distribution) -> bool:
    """Whether the installed distribution is the package imported here (a wheel or editable)."""
    imported = Path(gamesearch.__file__).resolve()
    located = Path(str(dist.locate_file("gamesearch/__init__.py"))).resolve()
    if located == imported:
        return True
    direct = dist.read_text("direct_url.json")
    if not direct:
        return False
    url = urlparse(json.loads(direct).get("url", ""))
    return url.scheme == "file" and imported.is_relative_to(Path(unquote(url.path)).resolve())


def test_the_installed_metadata_has_the_version() -> None:
    try:
        dist = importlib.metadata.distribution("gamesearch")
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("gamesearch is not installed (only on the path): no metadata to compare")
    if not installed_from_this_tree(dist):
        pytest.skip(f"the installed gamesearch {dist.version} is another copy than the one tested")
    assert dist.version == VERSION, (
        f"the installed metadata says {dist.version}, the package {VERSION}: the metadata is "
        "written at install time, so reinstall (python -m pip install -e .)"
    )


def test_the_python_versions_agree() -> None:
    project = pyproject()["project"]
    assert isinstance(project, dict)
    least = re.fullmatch(r">=3\.(\d+)", project["requires-python"])
    assert least is not None, project["requires-python"]
    minors = sorted(
        int(found[1])
        for classifier in project["classifiers"]
        if (found := re.fullmatch(r"Programming Language :: Python :: 3\.(\d+)", classifier))
    )
    assert minors == list(range(int(least[1]), minors[-1] + 1)), minors
    assert sys.version_info[:2] >= (3, minors[0])
    assert "License :: OSI Approved :: MIT License" in project["classifiers"]
    assert project["license"] == "MIT"


def test_the_changelog_has_an_entry_for_this_version() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert text.startswith("# Changelog\n")
    assert "https://keepachangelog.com/en/1.1.0/" in text
    headings = re.findall(r"^## (.*)$", text, re.MULTILINE)
    assert headings[0] == "[Unreleased]"
    releases = [re.fullmatch(r"\[([^\]]+)\] - (\d{4}-\d{2}-\d{2})", h) for h in headings[1:]]
    assert all(releases), headings
    assert releases[0] is not None
    assert releases[0][1] == VERSION, "the newest release in CHANGELOG.md is not this version"
    dates = [date.fromisoformat(release[2]) for release in releases if release]
    assert dates == sorted(dates, reverse=True)
    assert set(re.findall(r"^### (.*)$", text, re.MULTILINE)) <= CHANGE_KINDS
    entry = text.split(f"## [{VERSION}]", 1)[1].split("\n## ", 1)[0]
    assert re.search(r"^- \S", entry, re.MULTILINE), "this version's entry lists no change"


def test_the_install_instructions_name_this_versions_wheel() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick_start = re.search(r"## Quick start\n\n```sh\n(.*?)```", readme, re.DOTALL)
    assert quick_start is not None
    first = quick_start.group(1).splitlines()[0]
    assert first == 'python -m pip install -e ".[dev]" && python examples/solve_tictactoe.py'
    for page in (readme, (ROOT / "docs" / "getting-started.md").read_text(encoding="utf-8")):
        wheels = set(re.findall(r"gamesearch-([^\s/]+)-py3-none-any\.whl", page))
        assert wheels == {VERSION}


def built(tmp_path: Path) -> tuple[Path, Path]:
    """``python -m build`` of the source tree into ``tmp_path``: (wheel, sdist)."""
    if importlib.util.find_spec("build") is None:
        pytest.skip("the build package is not installed (it is in the dev extra)")
    done = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(tmp_path), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    output = done.stdout + done.stderr
    if done.returncode and re.search(r"No matching distribution found for hatchling", output):
        pytest.skip("python -m build could not fetch hatchling (no package index reached)")
    assert done.returncode == 0, output
    wheel = tmp_path / f"gamesearch-{VERSION}-py3-none-any.whl"
    sdist = tmp_path / f"gamesearch-{VERSION}.tar.gz"
    made = sorted(path.name for path in tmp_path.iterdir())
    assert wheel.is_file(), made
    assert sdist.is_file(), made
    return wheel, sdist


JUNK = {
    ".venv",
    "venv",
    ".git",
    "__pycache__",
    ".pytest_cache",
    ".mypy_cache",
    ".ruff_cache",
    ".hypothesis",
    "site",
    "dist",
    "build",
}
"""Names of a checkout's folders that no release holds."""


@pytest.mark.slow
def test_build_makes_a_wheel_and_an_sdist_that_hold_what_they_should(tmp_path: Path) -> None:
    wheel, sdist = built(tmp_path)
    source = {
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "src" / "gamesearch").rglob("*")
        if path.is_file() and not JUNK & set(path.relative_to(ROOT).parts) and path.suffix != ".pyc"
    }
    with zipfile.ZipFile(wheel) as archive:
        files = archive.namelist()
        metadata = Parser().parsestr(
            archive.read(f"gamesearch-{VERSION}.dist-info/METADATA").decode()
        )
        scripts = archive.read(f"gamesearch-{VERSION}.dist-info/entry_points.txt").decode()
    # The wheel: the whole package (py.typed too), its metadata, and nothing else.
    assert "gamesearch/py.typed" in files
    assert {name.removeprefix("src/") for name in source} <= set(files)
    assert not [name for name in files if name.startswith("tests/") or "conftest" in name]
    assert {name.split("/")[0] for name in files} == {
        "gamesearch",
        f"gamesearch-{VERSION}.dist-info",
    }
    assert metadata["Version"] == VERSION
    assert metadata["Requires-Python"] == ">=3.10"
    assert metadata["License-Expression"] == "MIT"
    assert "Programming Language :: Python :: 3.13" in metadata.get_all("Classifier")
    assert "gamesearch = gamesearch.cli:main" in scripts
    # The sdist: the source of a release (the package, the tests and what they read, the docs,
    # the examples), and none of a checkout's junk.
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    wanted = {
        "LICENSE",
        "README.md",
        "CHANGELOG.md",
        "pyproject.toml",
        "PKG-INFO",
        "conftest.py",
        "mkdocs.yml",
        ".ci/run",
        "tests/test_release.py",
        "docs/index.md",
        "examples/solve_tictactoe.py",
    }
    assert wanted | source <= names, sorted(wanted | source - names)
    assert not [name for name in names if JUNK & set(name.split("/"))]
    assert not [name for name in names if name.endswith((".pyc", ".sqlite"))]
