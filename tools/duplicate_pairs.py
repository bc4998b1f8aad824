"""Sort the pairs that the ``duplicates`` tool lists into declarations and code.

``duplicates`` (the team's tool, run inside ``src/``) lists every pair of places that share
six or more lines of the same shape. Many of them are declarations: the same parameters
stated by each searcher's signature and docstring, ``__all__`` lists and import blocks. This
script reads its output and counts a pair as a declaration when, on both sides, at least half
of the non-blank lines lie in a signature, a docstring, an ``__all__`` list or an import; the
other pairs, code written twice, it prints.

Usage, from the repository's root::

    (cd src && duplicates --most 200 --seconds 120) > /tmp/pairs.txt
    python tools/duplicate_pairs.py /tmp/pairs.txt
"""

from __future__ import annotations

import ast
import re
import sys
from functools import cache
from pathlib import Path

_PAIR = re.compile(r"(D\d+) (\S+) ~ (\S+)")


def _is_text(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    )


@cache
def declaration_lines(path: Path) -> frozenset[int]:
    """The line numbers of ``path`` that declare: signatures, docstrings, __all__, imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            start = min([decorator.lineno for decorator in node.decorator_list] + [node.lineno])
            lines.update(range(start, node.body[0].lineno))
        if _is_text(node):
            assert isinstance(node, ast.Expr)
            lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    for node in tree.body:
        exported = isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "__all__" for target in node.targets
        )
        if exported or isinstance(node, (ast.Import, ast.ImportFrom)):
            lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return frozenset(lines)


def is_declaration(place: str, root: Path) -> bool:
    """Whether most non-blank lines of ``place`` (``file:first-last``) declare."""
    name, span = place.rsplit(":", 1)
    first, last = (int(number) for number in span.split("-"))
    path = root / name
    text = path.read_text(encoding="utf-8").splitlines()
    counted = [number for number in range(first, last + 1) if text[number - 1].strip()]
    declared = declaration_lines(path)
    return 2 * sum(number in declared for number in counted) >= len(counted)


def main(listing: Path, root: Path = Path("src")) -> None:
    """Print the count of each kind, then the pairs of code."""
    code: list[str] = []
    declarations: list[str] = []
    for line in listing.read_text(encoding="utf-8").splitlines():
        match = _PAIR.match(line)
        if match:
            sides = (match.group(2), match.group(3))
            both = all(is_declaration(side, root) for side in sides)
            (declarations if both else code).append(line)
    total = len(code) + len(declarations)
    print(f"{total} pairs: {len(declarations)} declarations, {len(code)} code")
    print("\n".join(code))


if __name__ == "__main__":
    main(Path(sys.argv[1]))
