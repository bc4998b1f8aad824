r"""The page's template filled in one pass, each value escaped for the place it goes.

A placeholder names its context and its value, ``{{text:version}}`` or ``{{json:config}}``:
``text`` is HTML text or a quoted attribute's value (``&``, ``<``, ``>`` and both quotes
escaped), ``json`` a ``<script type="application/json">`` block (JSON with every ``<``, ``>``,
``&`` and line separator written as its ``\u`` escape, so that no text closes the block). The
template is read once, left to right: what a value holds is written out and never read again as
template syntax, so a value holding ``{{json:config}}`` stays those characters, escaped.

>>> fill("<p>{{text:who}}</p>", {"who": "<b>{{text:who}}</b>"})
'<p>&lt;b&gt;{{text:who}}&lt;/b&gt;</p>'
>>> fill('<script type="application/json">{{json:data}}</script>', {"data": ["</script>"]})
'<script type="application/json">["\\u003c/script\\u003e"]</script>'
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["fill"]

_PLACEHOLDER = re.compile(r"\{\{(\w+):(\w+)\}\}")

_JSON_ESCAPES = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028",
                 "\u2029": "\\u2029"}  # fmt: skip


def _text(value: Any) -> str:
    """``value`` as HTML text, safe in an element or a quoted attribute."""
    return html.escape(str(value), quote=True)


def _json(value: Any) -> str:
    """``value`` as JSON that no text can end early inside a ``<script>`` block."""
    text = json.dumps(value, ensure_ascii=True, allow_nan=False)
    return "".join(_JSON_ESCAPES.get(char, char) for char in text)


_CONTEXTS: dict[str, Callable[[Any], str]] = {"text": _text, "json": _json}


def fill(template: str, values: Mapping[str, Any]) -> str:
    """``template`` with each ``{{context:name}}`` replaced by ``values[name]``, escaped.

    Raises:
        KeyError: the template names a context this module does not know, or a value not
            given (a fault of the template, which is the package's own).
    """

    def value(found: re.Match[str]) -> str:
        context, name = found.group(1), found.group(2)
        return _CONTEXTS[context](values[name])

    return _PLACEHOLDER.sub(value, template)
