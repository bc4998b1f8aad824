"""The installed package as a pure wheel, made from its own files, with no network and no build.

The page installs gamesearch into Pyodide from a wheel beside it. A wheel is a zip file with the
package's files and a ``.dist-info`` folder of three files (PEP 427, the binary distribution
format): ``METADATA`` (the name and version), ``WHEEL`` (the format's version and the tag
``py3-none-any``: pure Python, any platform) and ``RECORD`` (every file's SHA-256 digest and
size). The files are the ones this interpreter imports gamesearch from, so the wheel is the
version that builds it, whether installed from a wheel, editable, or run from a checkout.
The zip is reproducible: sorted names and a fixed date, so the same files give the same bytes.
"""

from __future__ import annotations

import base64
import hashlib
import io
import zipfile
from pathlib import Path

from ..errors import MissingDependencyError

_KEPT = frozenset({".py", ".typed", ".html", ".js", ".css"})
"""The kinds of file the wheel takes: the source, the typing marker and the page's assets."""

_COMPILED = frozenset({".so", ".pyd"})
_DATE = (1980, 1, 1, 0, 0, 0)
"""The date every member of the zip carries (the earliest a zip can hold): a reproducible wheel."""


def wheel_name(version: str) -> str:
    """The file name of the pure wheel of gamesearch ``version`` (PEP 427)."""
    return f"gamesearch-{version}-py3-none-any.whl"


def package_files(package: Path) -> list[Path]:
    """The files of the package folder ``package`` that go into the wheel, sorted.

    Raises:
        MissingDependencyError: a module is there only compiled (the mypyc build without its
            source): a pure wheel needs every module's ``.py`` file.
    """
    files = sorted(
        path
        for path in package.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix in _KEPT
    )
    for path in package.rglob("*"):
        source = path.parent / f"{path.name.split('.')[0]}.py"
        if path.suffix in _COMPILED and not source.exists():
            raise MissingDependencyError(
                f"{path.name} is compiled and its source is not installed: the page needs the "
                "pure package (the py3-none-any wheel of python -m build, not the compiled one)"
            )
    return files


def _digest(data: bytes) -> str:
    """The RECORD's hash of ``data``: ``sha256=`` and the URL-safe base64 digest, unpadded."""
    encoded = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "sha256=" + encoded.decode("ascii")


def _metadata(version: str) -> dict[str, bytes]:
    """The METADATA and WHEEL files of the ``.dist-info`` folder, by name."""
    metadata = (
        "Metadata-Version: 2.1\n"
        "Name: gamesearch\n"
        f"Version: {version}\n"
        "Summary: Adversarial game search, pure Python (built for the browser page)\n"
        "License: MIT\n"
        "Requires-Python: >=3.10\n"
    )
    wheel = (
        "Wheel-Version: 1.0\nGenerator: gamesearch web\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )
    return {"METADATA": metadata.encode(), "WHEEL": wheel.encode()}


def wheel_bytes(package: Path, version: str) -> bytes:
    """The pure wheel of the package folder ``package``, as the bytes of its zip file.

    Args:
        package: The folder of the ``gamesearch`` package (its ``__init__.py`` in it).
        version: The version the wheel's name and METADATA carry.

    Raises:
        MissingDependencyError: a module of ``package`` has no source (see
            :func:`package_files`).
    """
    info = f"gamesearch-{version}.dist-info"
    members = {
        f"gamesearch/{path.relative_to(package).as_posix()}": path.read_bytes()
        for path in package_files(package)
    }
    members.update({f"{info}/{name}": data for name, data in _metadata(version).items()})
    record = [f"{name},{_digest(data)},{len(data)}" for name, data in sorted(members.items())]
    record.append(f"{info}/RECORD,,")
    members[f"{info}/RECORD"] = ("\n".join(record) + "\n").encode()
    # The package first, then the .dist-info folder, its RECORD last (as PEP 427 advises).
    order = sorted(members, key=lambda name: (name.startswith(info), name.endswith("RECORD"), name))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in order:
            entry = zipfile.ZipInfo(name, date_time=_DATE)
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, members[name], zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


def build_wheel(package: Path, version: str, out: Path) -> Path:
    """Write the pure wheel of the package folder ``package`` into the folder ``out``.

    Args:
        package: The folder of the ``gamesearch`` package (its ``__init__.py`` in it).
        version: The version the wheel's name and METADATA carry.
        out: The folder to write the wheel into (it must exist).

    Returns:
        The path of the wheel written.

    Raises:
        MissingDependencyError: a module of ``package`` has no source (see
            :func:`package_files`).
    """
    target = out / wheel_name(version)
    target.write_bytes(wheel_bytes(package, version))
    return target
