"""The docs' pages as the site shows them: with the lists the build makes from the registries.

``docs/hooks/registry_tables.py`` (an mkdocs hook) replaces each ``<!-- registry: ... -->``
marker of a page by its list and completes the keyword table; the tests read the pages so.
"""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


@functools.cache
def registry_tables() -> ModuleType:
    """The hook's module, loaded from its file."""
    spec = importlib.util.spec_from_file_location(
        "registry_tables", DOCS / "hooks" / "registry_tables.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@functools.cache
def built(page: str) -> str:
    """The Markdown of ``docs/<page>`` with its lists made, as the site is built from it."""
    text = (DOCS / page).read_text(encoding="utf-8")
    expanded: str = registry_tables().expand(text, f"docs/{page}")
    return expanded
