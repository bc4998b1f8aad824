"""``gamesearch web --out DIR``: the static folder of the page, ready for any static host.

The folder holds ``index.html``, its script and style sheet, and the wheel of this very package
(:mod:`._wheel`). The page loads Pyodide (CPython compiled to WebAssembly) from its official CDN
by default, so the folder works from any static host with nothing else; ``pyodide`` points it
at a copy of Pyodide's core files instead: a URL, or a local folder (the npm package
``pyodide``), whose files are copied into ``DIR/pyodide/`` so that the folder works offline.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

from .. import __version__
from ..errors import InvalidSearchOptionError, MissingDependencyError
from ._folder import folder, write_site
from ._template import fill
from ._wheel import wheel_bytes, wheel_name

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

ASSETS = (
    "index.html",
    "gamesearch-web.js",
    "gamesearch-boards.js",
    "gamesearch-worker.js",
    "gamesearch-web.css",
)
"""The page's own files, package data in ``gamesearch/web/assets/``: the page, its script (the
controls), the boards it draws, the worker that runs Python, and its style sheet."""

_URL = re.compile(r"[A-Za-z0-9\-._~:/?#\[\]@!$&*+,;=%]+")
"""The characters a Pyodide URL may hold: those of RFC 3986 but quotes and parentheses."""


MAX_URL = 2_000
"""The longest ``--pyodide`` URL taken: longer ones are no folder's address but a mistake."""


def pyodide_url(where: str | None) -> str:
    """The URL of Pyodide's folder that ``where`` names: the CDN for ``None``, else an http(s) URL.

    Args:
        where: ``None``, or an ``http://`` or ``https://`` URL of a folder of Pyodide's core files.

    Returns:
        The URL, ending with ``/``.

    Raises:
        InvalidSearchOptionError: ``where`` is not an http(s) URL with a host, or holds a
            character outside RFC 3986's letters, digits and ``-._~:/?#[]@!$&*+,;=%`` (such as
            a quote, a space, ``<``, ``>``, a brace or a backslash); or it cannot name a folder
            the page appends ``pyodide.mjs`` to: a port outside 1 to 65535, a user name or
            password, a ``?query`` or a ``#fragment``; a ``%`` that starts no escape; more
            than :data:`MAX_URL` characters.
    """
    if where is None:
        return PYODIDE_CDN
    if len(where) > MAX_URL:
        raise _bad_url(where[:60] + "...", f"it is longer than {MAX_URL:,} characters")
    if re.search(r"%(?![0-9A-Fa-f]{2})", where):
        raise _bad_url(where, "a % must start an escape of two hex digits, such as %20")
    try:
        parts = urlsplit(where) if _URL.fullmatch(where) else None
        host = parts.hostname if parts is not None else None
        port = parts.port if parts is not None else None
    except ValueError as exc:  # an unclosed IPv6 address ("http://[::1/"), a port out of range
        why = "its port must be a number from 1 to 65535" if "Port" in str(exc) else ""
        raise _bad_url(where, why) from None
    if parts is None or parts.scheme not in ("http", "https") or not host:
        raise _bad_url(where, "")
    if port == 0:
        raise _bad_url(where, "its port must be a number from 1 to 65535")
    if parts.username is not None or parts.password is not None:
        raise _bad_url(where, "it may not hold a user name or password (user:password@)")
    if parts.query or parts.fragment or where.endswith(("?", "#")):
        raise _bad_url(
            where, "it may not hold a ?query or a #fragment: the page appends pyodide.mjs to it"
        )
    return where if where.endswith("/") else where + "/"


def _bad_url(where: str, why: str) -> InvalidSearchOptionError:
    """The refusal of the ``--pyodide`` URL ``where``, and ``why`` if the URL itself is one."""
    return InvalidSearchOptionError(
        f"--pyodide must be an http(s) URL of Pyodide's folder or a local folder of its "
        f"files (npm install pyodide@{PYODIDE_VERSION}), not {where[:200]!r}"
        + (f": {why}" if why else "")
    )


def pyodide_files(source: Path) -> dict[str, bytes]:
    """Pyodide's core files from the folder ``source``, by their place in the site.

    Raises:
        MissingDependencyError: ``source`` lacks one of :data:`PYODIDE_FILES`.
        InvalidSearchOptionError: one of them is a symbolic link.
    """
    links = [name for name in PYODIDE_FILES if (source / name).is_symlink()]
    if links:
        raise InvalidSearchOptionError(
            f"{source} holds symbolic links ({', '.join(links)}): the build copies only plain "
            "files of Pyodide's folder, so as to publish nothing from outside it; copy the files "
            "themselves there"
        )
    missing = [name for name in PYODIDE_FILES if not (source / name).is_file()]
    if missing:
        raise MissingDependencyError(
            f"{source} is not a folder of Pyodide's files: it lacks {', '.join(missing)} "
            f"(npm install pyodide@{PYODIDE_VERSION} puts them in node_modules/pyodide)"
        )
    return {f"pyodide/{name}": (source / name).read_bytes() for name in PYODIDE_FILES}


def page_html(template: str, pyodide: str, wheel: str) -> str:
    """``index.html``: the template with the site's settings and version written in.

    The settings go into a JSON script block (:func:`gamesearch.web._template.fill`): the
    template is filled in one pass, so no value is read as a placeholder, and each is escaped
    for where it goes.
    """
    config = {
        "pyodide": pyodide,
        "wheel": wheel,
        "version": __version__,
        "pyodideVersion": PYODIDE_VERSION,
    }
    return fill(template, {"config": config, "version": __version__})


def _is_folder(path: object) -> bool:
    """Whether ``path`` names an existing folder (a name too long or holding a NUL: none)."""
    try:
        return Path(f"{path}").is_dir()
    except (OSError, ValueError):
        return False


def build_site(out: str | Path, *, pyodide: str | Path | None = None) -> Path:
    """Write the page's static folder into ``out``: open its ``index.html`` from a web server.

    Any static file server will do (``python -m http.server`` in the folder, GitHub Pages, a
    course's web space); browsers do not run Pyodide from a ``file://`` page. The build writes
    only inside ``out`` and overwrites only the files it made there (see
    :mod:`gamesearch.web._folder`): it may be pointed at a folder that holds other files.

    Args:
        out: The folder to write (made if absent). Not empty: ``"."`` is the current folder.
        pyodide: Where the page loads Pyodide from: ``None`` for its official CDN (this
            version, :data:`PYODIDE_VERSION`), an http(s) URL of a folder of its core files, or
            a local folder of them (the npm package ``pyodide``), copied into ``out/pyodide/``.

    Returns:
        The path of the page, ``out/index.html``.

    Raises:
        InvalidSearchOptionError: ``pyodide`` is a string that is neither a local folder nor an
            http(s) URL (see :func:`pyodide_url`); ``out`` is empty or a file; a file the
            build did not make (or a link) stands where the build would write.
        MissingDependencyError: the local folder lacks Pyodide's files, or this install of
            gamesearch is compiled without its source.
    """
    named = pyodide is not None and bool(f"{pyodide}".strip())
    local = Path(pyodide) if named and _is_folder(pyodide) else None  # type: ignore[arg-type]
    url = (
        "pyodide/" if local is not None else pyodide_url(None if pyodide is None else f"{pyodide}")
    )
    folder(out)  # an empty or file --out refused before the wheel is built
    here = Path(__file__).parent
    files = pyodide_files(local) if local is not None else {}
    wheel = wheel_name(__version__)
    files[wheel] = wheel_bytes(here.parent, __version__)
    for name in ASSETS:
        text = (here / "assets" / name).read_text(encoding="utf-8")
        if name == "index.html":
            text = page_html(text, url, wheel)
        files[name] = text.encode("utf-8")
    return write_site(out, files) / "index.html"
