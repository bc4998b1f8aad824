"""``gamesearch web --out DIR``: write the static folder of the page that runs under Pyodide."""

from __future__ import annotations

import argparse
from typing import TextIO

from ..web import PYODIDE_VERSION, build_site


def add_web_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``gamesearch web`` to the command's subcommands."""
    summary = "write a static folder with a page that plays and steps through searches in a browser"
    web = commands.add_parser(
        "web",
        help=summary,
        description=summary + " (Pyodide runs this package in the page: no server code). "
        "Serve the folder with any static file server, e.g. python -m http.server -d DIR.",
    )
    web.add_argument("--out", required=True, metavar="DIR", help="the folder to write")
    web.add_argument(
        "--pyodide",
        metavar="URL_OR_DIR",
        help=f"where the page loads Pyodide from: an http(s) URL, or a local folder of its files "
        f"(npm install pyodide@{PYODIDE_VERSION}), copied into DIR/pyodide; default: its "
        "official CDN",
    )
    web.set_defaults(run=_web)


def _web(args: argparse.Namespace, out: TextIO) -> int:
    page = build_site(args.out, pyodide=args.pyodide)
    print(f"wrote {page}; serve {page.parent} with any static file server", file=out)
    return 0
