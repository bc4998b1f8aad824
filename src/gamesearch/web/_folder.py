"""The site's files written into the folder asked for, and nowhere else.

``gamesearch web --out DIR`` may be pointed at a folder that holds other things (a course's web
space, a ``docs/`` folder). It writes only there and only its own files:

- the folder must be named (an empty path is refused, not taken as the current folder) and be
  a folder (a file is refused with a message, not a raw ``[Errno 17]``);
- a file is written to a new temporary name in its folder (created exclusively, so never
  through a link) and then renamed over its place: a rename replaces a symbolic link itself,
  never the file it points to, so nothing outside the folder is written;
- a place already taken is overwritten only if the last build wrote it there and it has not
  changed since: the folder's record, ``.gamesearch-web.json``, lists each file the build made
  with its SHA-256 digest. A file of the user's (such as their own ``index.html``), one changed
  since, a symbolic link or a folder in its place is refused before anything is written;
- what the last build made and this one does not (an earlier local copy of Pyodide, a wheel
  of another version) is removed, if its record lists it and it is unchanged: nothing else.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path

from ..errors import InvalidSearchOptionError

__all__ = ["RECORD", "folder", "write_site"]

RECORD = ".gamesearch-web.json"
"""The folder's record of the files ``gamesearch web`` made there, with their digests."""

_MADE_BY = "gamesearch web"


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def folder(out: str | os.PathLike[str]) -> Path:
    """The folder ``out`` names, made if absent.

    Raises:
        InvalidSearchOptionError: ``out`` is empty, is a file (or lies under one), or cannot
            be made.
    """
    text = os.fspath(out)
    if not text.strip():
        raise InvalidSearchOptionError(
            "--out must name the folder to write (an empty path is not the current folder; "
            "write --out . for that)"
        )
    if "\x00" in text:
        raise InvalidSearchOptionError(f"--out {text!r}: a path cannot hold a NUL character")
    root = Path(text)
    try:
        if root.exists() and not root.is_dir():
            raise InvalidSearchOptionError(f"--out {text}: that is a file, not a folder")
        root.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InvalidSearchOptionError(
            f"--out {text}: cannot make the folder: {_why(exc)}"
        ) from exc
    return root


def _why(exc: OSError) -> str:
    """What went wrong, in words (``strerror``), without Python's ``[Errno N]``."""
    return exc.strerror or type(exc).__name__


def _record(root: Path) -> dict[str, str | None]:
    """The files the last build made in ``root``: relative path to digest (``None``: unfinished).

    Raises:
        InvalidSearchOptionError: the record is there but is not a file this module wrote.
    """
    path = root / RECORD
    if not os.path.lexists(path):
        return {}
    refused = InvalidSearchOptionError(
        f"{path} is not the record gamesearch web writes: the folder holds files of another "
        "program's; choose another --out folder"
    )
    if path.is_symlink() or not path.is_file():
        raise refused
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise refused from exc
    if not isinstance(data, dict) or data.get("made by") != _MADE_BY:
        raise refused
    files = data.get("files")
    if not isinstance(files, dict) or not all(
        isinstance(name, str) and (digest is None or isinstance(digest, str))
        for name, digest in files.items()
    ):
        raise refused
    return dict(files)


def _check_place(root: Path, name: str, made: Mapping[str, str | None]) -> None:
    """Refuse unless ``root/name`` is free, or holds the file the last build made, unchanged."""
    parts = Path(name).parts
    if Path(name).is_absolute() or not parts or any(part in ("", ".", "..") for part in parts):
        raise AssertionError(f"a site file's name must stay inside the folder: {name!r}")
    for depth in range(1, len(parts)):  # the subfolders on the way: real folders, no links
        folder = root.joinpath(*parts[:depth])
        if folder.is_symlink() or (os.path.lexists(folder) and not folder.is_dir()):
            raise InvalidSearchOptionError(
                f"{folder} is not a folder gamesearch web can write into (a link or a file): "
                "move it away or choose another --out folder"
            )
    path = root / name
    if not os.path.lexists(path):
        return
    if path.is_symlink() or not path.is_file():
        why = "a symbolic link" if path.is_symlink() else "not a plain file"
    elif name not in made:
        why = f"a file gamesearch web did not make (its record {RECORD} does not list it)"
    elif made[name] is not None and made[name] != _digest(path.read_bytes()):
        why = "changed since gamesearch web wrote it"
    else:
        return
    raise InvalidSearchOptionError(
        f"{path} is {why}: the build overwrites only the files it made; move it away or "
        "choose another --out folder"
    )


def _inside(root: Path, name: str) -> bool:
    """Whether ``root/name`` is a plain file inside ``root``, reached through no link."""
    parts = Path(name).parts
    if Path(name).is_absolute() or not parts or any(part in ("", ".", "..") for part in parts):
        return False
    return not any(root.joinpath(*parts[:depth]).is_symlink() for depth in range(1, len(parts) + 1))


def _remove_stale(
    root: Path, made: Mapping[str, str | None], files: Mapping[str, bytes]
) -> set[str]:
    """Remove what the last build made and this one does not (a Pyodide copy, an old wheel).

    Only files its record lists, inside the folder, unchanged since it wrote them.

    Returns:
        The names removed; a folder they leave empty is removed too.
    """
    removed = set()
    for name, digest in made.items():
        path = root / name
        if name in files or digest is None or not _inside(root, name) or not path.is_file():
            continue
        if _digest(path.read_bytes()) == digest:
            path.unlink()
            removed.add(name)
            with contextlib.suppress(OSError):  # not empty: it holds files of someone else
                for parent in Path(name).parents[:-1]:
                    (root / parent).rmdir()
    return removed


def _write(path: Path, data: bytes) -> None:
    """Write ``data`` at ``path``: to a new file beside it, then renamed over it."""
    path.parent.mkdir(exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=".gamesearch-web-", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _save_record(root: Path, files: Mapping[str, str | None]) -> None:
    text = json.dumps({"made by": _MADE_BY, "files": dict(sorted(files.items()))}, indent=1)
    _write(root / RECORD, (text + "\n").encode("utf-8"))


def write_site(out: str | os.PathLike[str], files: Mapping[str, bytes]) -> Path:
    """Write ``files`` (relative path to content) into the folder ``out``, and only there.

    Every place is checked before the first byte is written: a refusal leaves the folder as
    it was. The record lists the files as they are written, so that a build cut short may be
    run again.

    Returns:
        The folder.

    Raises:
        InvalidSearchOptionError: ``out`` is empty or a file, or a place is taken by something
            the build did not make (see the module's docstring), or a file cannot be written.
    """
    root = folder(out)
    made = _record(root)
    for name in (*files, RECORD):
        _check_place(root, name, {**made, RECORD: None})
    record: dict[str, str | None] = {
        name: digest
        for name, digest in made.items()
        if os.path.lexists(root / name) and name not in files
    }
    try:
        for name in _remove_stale(root, made, files):
            record.pop(name, None)
        _save_record(root, {**record, **dict.fromkeys(files)})
        for name, data in files.items():
            _write(root / name, data)
            record[name] = _digest(data)
            _save_record(root, {**record, **{n: None for n in files if n not in record}})
    except OSError as exc:
        raise InvalidSearchOptionError(
            f"cannot write into {root}: {_why(exc)} ({exc.filename or root})"
        ) from exc
    return root
