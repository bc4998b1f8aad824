"""The page's template: values written once, escaped for their place, never read as template.

Whatever a value holds (the template's own placeholders, a ``</script>``, quotes, an event
handler), the page built keeps the same elements and reads the same settings back.
"""

from __future__ import annotations

import json
import re
import string
from html.parser import HTMLParser

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamesearch.web._site import ASSETS, page_html
from gamesearch.web._template import fill

TEMPLATE = (
    '<p title="{{text:version}}">{{text:version}}</p>'
    '<script id="site-config" type="application/json">{{json:config}}</script><p>end</p>'
)
CONFIG = re.compile(r'<script id="site-config" type="application/json">(.*?)</script>', re.S)

HOSTILE = [
    "{{json:config}}",
    "{{text:version}}",
    "{{config}}",
    "/onerror=alert(document.domain)//",
    '"><script>alert(1)</script>',
    "</script><script>alert(1)</script>",
    "</SCRIPT ><img src=x onerror=alert(1)>",
    "<!--",
    "\u2028\u2029",
    "' onmouseover='alert(1)",
    "&lt;script&gt;",
    "\\u003c/script\\u003e",
]


class Shape(HTMLParser):
    """The elements of a page and their attributes' names, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, tuple[str, ...]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, tuple(name for name, _ in attrs)))


def shape(page: str) -> list[tuple[str, tuple[str, ...]]]:
    parser = Shape()
    parser.feed(page)
    return parser.tags


@pytest.mark.parametrize("value", HOSTILE)
def test_a_hostile_value_keeps_the_page_as_it_is_and_reads_back(value: str) -> None:
    page = fill(TEMPLATE, {"version": value, "config": {"pyodide": value}})
    assert shape(page) == shape(fill(TEMPLATE, {"version": "1", "config": {"pyodide": "x"}}))
    found = CONFIG.search(page)
    assert found is not None
    assert json.loads(found.group(1)) == {"pyodide": value}
    assert page.endswith("</script><p>end</p>")


@pytest.mark.slow
@given(st.text(max_size=60), st.text(max_size=60))
def test_any_text_keeps_the_page_as_it_is_and_reads_back(version: str, url: str) -> None:
    page = fill(TEMPLATE, {"version": version, "config": {"pyodide": url}})
    assert len(shape(page)) == 3
    found = CONFIG.search(page)
    assert found is not None
    assert json.loads(found.group(1)) == {"pyodide": url}


def test_the_real_page_keeps_its_elements_whatever_the_settings_hold() -> None:
    from importlib.resources import files

    template = (files("gamesearch.web") / "assets" / ASSETS[0]).read_text(encoding="utf-8")
    plain = shape(page_html(template, "https://example.org/", "w.whl"))
    for value in HOSTILE:
        page = page_html(template, value, value)
        assert shape(page) == plain
        assert "{{" not in page.replace(value, "")  # every placeholder filled, none made


def test_a_placeholder_of_an_unknown_context_is_the_templates_fault() -> None:
    with pytest.raises(KeyError):
        fill("{{attr:x}}", {"x": 1})
    with pytest.raises(KeyError):
        fill("{{text:missing}}", {})


def test_every_character_in_a_pyodide_url_is_refused_or_read_back_unchanged() -> None:
    # RFC 3986's letters, digits and marks are taken (but quotes, parentheses, # and ?), anything
    # else refused: the 128 ASCII characters and six others, in the path of a URL ending in the
    # template's own placeholder.
    from importlib.resources import files

    from gamesearch.errors import InvalidSearchOptionError
    from gamesearch.web._site import pyodide_url

    template = (files("gamesearch.web") / "assets" / ASSETS[0]).read_text(encoding="utf-8")
    plain = shape(page_html(template, "https://example.org/", "w.whl"))
    taken = []
    for char in [*map(chr, range(128)), "\xa0", "\xe9", "\u2028", "\u2029", "\ufeff", "\U0001f600"]:
        try:
            checked = pyodide_url(f"https://example.org/a{char}b/")
        except InvalidSearchOptionError:
            continue
        taken.append(char)
        page = page_html(template, checked, "w.whl")
        assert shape(page) == plain, repr(char)
        found = CONFIG.search(page)
        assert found is not None
        assert json.loads(found.group(1))["pyodide"] == checked
    # Not # nor ?: a fragment or a query has no folder to load from; nor %, which must start an
    # escape of two hex digits ("a%b" does not).
    marks = "!$&*+,-./:;=@[]_~"
    assert "".join(sorted(taken)) == "".join(sorted(string.ascii_letters + string.digits + marks))
