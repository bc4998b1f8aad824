"""What a package's ``__init__.py`` may hold for a file's game to be imported through it.

A table file may name its game (``pkg.games:Kalah``), and the library then imports the game's
module, but only through packages whose ``__init__`` runs no code (docs/table-files.md, rule 2).
The check is an allow-list over the syntax tree (:func:`gamesearch._named._inert`): every
hostile form below is one that *does* run code when the package is imported (each is run here
with a spy, to show it), and each is refused; the inert forms are let through.
"""

from __future__ import annotations

import ast
import builtins
import contextlib
from typing import Any

import pytest

from gamesearch._named import _inert

# Each runs the spy `hit` (or `set`, as a spy) when the module runs.
RUNS_CODE = {
    "an annotation that calls": "x: hit() = 1\n",
    "a bare annotation that calls": "x: hit()\n",
    "an annotation of an attribute": "x: hit().y = 1\n",
    "a string annotation, its value a call": "x: 'int' = hit()\n",
    "an f-string": "x = f'{hit()}'\n",
    "an operator on a call": "x = ~hit()\n",
    "a conditional": "x = 1 if hit() else 2\n",
    "an augmented assignment": "x = 1\nx += hit()\n",
    "a chain of names": "a = b = hit()\n",
    "a tuple target": "a, b = hit()\n",
    "a starred target": "*a, = [hit()]\n",
    "an attribute target": "hit().y = 1\n",
    "a subscript target": "hit()[0] = 1\n",
    "a string sum": "x = '1' + hit()\n",
    "a comparison": "x = 1 < hit()\n",
    "a boolean operator": "x = hit() and 1\n",
    "a decorator": "@hit\ndef f(): pass\n",
    "a default value": "def f(a=hit()): pass\n",
    "an argument's annotation": "def f(a: hit()): pass\n",
    "a return annotation": "def f() -> hit(): pass\n",
    "a class base": "class C(hit()): pass\n",
    "a class keyword": "class C(metaclass=hit): pass\n",
    "a class body": "class C:\n    x = hit()\n",
    "a walrus": "(x := hit())\n",
    "a call alone": "hit()\n",
    "__all__ of calls": "__all__ = [hit()]\n",
    "a list comprehension": "x = [hit() for _ in [1]]\n",
    "a generator made": "x = list(hit() for _ in [1])\n",
    "a dict unpacked": "x = {**hit()}\n",
    "a list unpacked": "x = [*hit()]\n",
    "set(), which literal_eval takes": "x = set()\n",
    "a subscript": "x = {1: 2}[hit()]\n",
    "an attribute": "x = hit().real\n",
    "if": "if hit(): pass\n",
    "try": "try:\n    hit()\nexcept Exception:\n    pass\n",
    "with": "with hit(): pass\n",
    "for": "for _ in hit(): pass\n",
    "while": "while hit(): break\n",
    "assert": "assert hit()\n",
    "raise": "raise hit()\n",
    "match": "match hit():\n    case _:\n        pass\n",
    "a lambda called": "x = (lambda: hit())()\n",
}

# Each runs nothing here, but would do harm on import: steer the import of the game's module
# to a file never checked, change what names mean, import, or never end.
HARMFUL = {
    "__path__, sending the game's module elsewhere": "__path__ = ['/elsewhere']\n",
    "__path__ annotated": "__path__: list = ['/elsewhere']\n",
    "__builtins__": "__builtins__ = {}\n",
    "__spec__": "__spec__ = None\n",
    "__getattr__": "__getattr__ = 1\n",
    "an annotation that names a dunder": "x: __import__ = 1\n",
    "an import": "import os\n",
    "an import from": "from os import path\n",
    "a relative import": "from . import game\n",
    "a future import renamed": "from __future__ import annotations as a\n",
    "a future import of no feature": "from __future__ import nothing\n",
    "a power that never ends": "x = 10 ** 10 ** 10\n",
    "a product that fills memory": "x = 'a' * 10 ** 12\n",
    "del": "x = 1\ndel x\n",
    "global": "global x\n",
    "a lambda": "f = lambda: 0\n",
    "a function": "def f(): pass\n",
    "a class": "class C: pass\n",
    "a bare annotation of a name": "x: int\n",
    "a parenthesised target": "(x): int = 1\n",
    "a name as the value": "x = y\n",
    "an f-string of a constant": "x = f'{1}'\n",
    "a literal nested 70 deep": "x = " + "[" * 70 + "]" * 70 + "\n",
}

INERT = {
    "nothing": "",
    "a docstring": '"""My games."""\n',
    "pass": "pass\n",
    "a future import": "from __future__ import annotations\n",
    "__all__ and __version__": '__all__ = ["game"]\n__version__ = "1.0"\n',
    "an annotation of a name": 'VERSION: str = "1.0"\n',
    "a string annotation": "x: 'int' = 1\n",
    "signed and complex numbers": "x = -1\ny = +2.5\nz = 1 + 2j\nw = -1 - 2j\n",
    "nested containers": "x = (1, [2, {3: {4}}], None, ..., b'\\x00', True)\n",
    "a chain of plain names": "a = b = 1\n",
    "a constant statement": "...\n42\n",
}


def spied() -> tuple[dict[str, Any], list[int]]:
    """A namespace to run a module in whose ``hit`` (and ``set``) records each call."""
    calls: list[int] = []

    class Spy:
        def __call__(self, *args: object, **kwargs: object) -> Spy:
            calls.append(1)
            return self

        def __getattr__(self, name: str) -> Spy:
            return self

        def __getitem__(self, key: object) -> Spy:
            return self

        def __setitem__(self, key: object, value: object) -> None:
            calls.append(1)

        def __setattr__(self, name: str, value: object) -> None:
            calls.append(1)

        def __iter__(self) -> Any:
            return iter(())

        def __enter__(self) -> Spy:
            return self

        def __exit__(self, *args: object) -> None:
            return None

        def __bool__(self) -> bool:
            return True

        def __invert__(self) -> int:
            return 0

        def __radd__(self, other: object) -> str:
            return ""

        def __gt__(self, other: object) -> bool:
            return True

    spy = Spy()
    return {"hit": spy, "set": spy, "list": spy, "__builtins__": builtins}, calls


def ran_code(source: str) -> bool:
    """Whether running ``source`` as a module's code calls the spy (errors after a call too)."""
    namespace, calls = spied()
    with contextlib.suppress(Exception):  # a form that fails after calling counts as run
        exec(compile(source, "<init>", "exec", dont_inherit=True), namespace)
    return bool(calls)


@pytest.mark.parametrize("source", list(RUNS_CODE.values()), ids=list(RUNS_CODE))
def test_a_form_that_runs_code_as_the_package_is_imported_is_refused(source: str) -> None:
    assert ran_code(source)  # the form does run code: the refusal is not of an inert form
    assert _inert(ast.parse(source)) is not None


@pytest.mark.parametrize("source", list(HARMFUL.values()), ids=list(HARMFUL))
def test_a_form_that_steers_the_import_or_never_ends_is_refused(source: str) -> None:
    assert _inert(ast.parse(source)) is not None


@pytest.mark.parametrize("source", list(INERT.values()), ids=list(INERT))
def test_an_init_of_literals_and_docstrings_is_let_through(source: str) -> None:
    assert _inert(ast.parse(source)) is None
    assert not ran_code(source)


def test_the_line_refused_is_the_first_that_runs_code() -> None:
    source = '"""Games."""\n__all__ = ["game"]\nx: hit() = 1\ny = 2\n'
    assert _inert(ast.parse(source)) == 3
