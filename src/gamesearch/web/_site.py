"""``gamesearch web --out DIR``: the static folder of the page, ready for any static host.

The folder holds ``index.html``, its script and style sheet, and the wheel of this very package
(:mod:`._wheel`). The page loads Pyodide (CPython compiled to WebAssembly) from its official CDN
by default, so the folder works from any static host with nothing else; ``pyodide`` points it
at a copy of Pyodide's core files instead: a URL, or a local folder (the npm package
``pyodide``), whose files are copied into ``DIR/pyodide/`` so that the folder works offline.
"""

from __future__ import annotations

import html
import json
import shutil
from pathlib import Path
from urllib.parse import urlsplit

from .. import __version__
from ..errors import InvalidSearchOptionError, MissingDependencyError
from ._wheel import build_wheel

PYODIDE_VERSION = "314.0.7"
"""The version of Pyodide the page is built and tested with (CPython 3.14)."""

PYODIDE_CDN = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
"""Where the page loads Pyodide from by default: its official CDN, this version."""

PYODIDE_FILES = (
    "pyodide.js",
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""Pyodide's core files, which the page loads: its loader, WebAssembly and standard library."""

ASSETS = ("index.html", "gamesearch-web.js", "gamesearch-web.css")
"""The page's own files, package data in ``gamesearch/web/assets/``."""

_UNSAFE = frozenset("\"'<>` \\\t\r\n")
"""Characters a Pyodide URL may not hold: it is written into the page."""


def pyodide_url(where: str | None) -> str:
    """The URL of Pyodide's folder that ``where`` names: the CDN for ``None``, else an http(s) URL.

    Args:
        where: ``None``, or an ``http://`` or ``https://`` URL of a folder of Pyodide's core files.

    Returns:
        The URL, ending with ``/``.

    Raises:
        InvalidSearchOptionError: ``where`` is not an http(s) URL with a host, or holds a quote,
            a space, ``<``, ``>`` or a backslash.
    """
    if where is None:
        return PYODIDE_CDN
    parts = urlsplit(where)
    if parts.scheme not in ("http", "https") or not parts.netloc or _UNSAFE & set(where):
        raise InvalidSearchOptionError(
            f"--pyodide must be an http(s) URL of Pyodide's folder or a local folder of its "
            f"files (npm install pyodide@{PYODIDE_VERSION}), not {where!r}"
        )
    return where if where.endswith("/") else where + "/"


def copy_pyodide(source: Path, out: Path) -> None:
    """Copy Pyodide's core files from the folder ``source`` into ``out/pyodide/``.

    Raises:
        MissingDependencyError: ``source`` lacks one of :data:`PYODIDE_FILES`.
    """
    missing = [name for name in PYODIDE_FILES if not (source / name).is_file()]
    if missing:
        raise MissingDependencyError(
            f"{source} is not a folder of Pyodide's files: it lacks {', '.join(missing)} "
            f"(npm install pyodide@{PYODIDE_VERSION} puts them in node_modules/pyodide)"
        )
    target = out / "pyodide"
    target.mkdir(exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(source / name, target / name)


def page_html(template: str, pyodide: str, wheel: str) -> str:
    """``index.html``: the template with Pyodide's URL and the site's settings written in.

    The URL goes into an attribute, escaped; the settings into a JSON script block that holds
    no ``<`` (written as its JSON escape), so that no text closes the block.
    """
    config = json.dumps({"pyodide": pyodide, "wheel": wheel, "version": __version__})
    return (
        template.replace("{{pyodide_js}}", html.escape(pyodide + "pyodide.js"))
        .replace("{{config}}", config.replace("<", "\\u003c"))
        .replace("{{version}}", html.escape(__version__))
    )


def build_site(out: str | Path, *, pyodide: str | Path | None = None) -> Path:
    """Write the page's static folder into ``out``: open its ``index.html`` from a web server.

    Any static file server will do (``python -m http.server`` in the folder, GitHub Pages, a
    course's web space); browsers do not run Pyodide from a ``file://`` page.

    Args:
        out: The folder to write (made if absent; the site's files in it are overwritten).
        pyodide: Where the page loads Pyodide from: ``None`` for its official CDN (this
            version, :data:`PYODIDE_VERSION`), an http(s) URL of a folder of its core files, or
            a local folder of them (the npm package ``pyodide``), copied into ``out/pyodide/``.

    Returns:
        The path of the page, ``out/index.html``.

    Raises:
        InvalidSearchOptionError: ``pyodide`` is a string that is neither a local folder nor an
            http(s) URL (see :func:`pyodide_url`).
        MissingDependencyError: the local folder lacks Pyodide's files, or this install of
            gamesearch is compiled without its source.
    """
    target = Path(out)
    local = Path(pyodide) if pyodide is not None and Path(pyodide).is_dir() else None
    url = (
        "pyodide/" if local is not None else pyodide_url(None if pyodide is None else f"{pyodide}")
    )
    target.mkdir(parents=True, exist_ok=True)
    if local is not None:
        copy_pyodide(local, target)
    here = Path(__file__).parent
    wheel = build_wheel(here.parent, __version__, target)
    for name in ASSETS:
        text = (here / "assets" / name).read_text(encoding="utf-8")
        if name == "index.html":
            text = page_html(text, url, wheel.name)
        (target / name).write_text(text, encoding="utf-8")
    return target / "index.html"
