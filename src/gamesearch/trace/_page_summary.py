"""The page for a search too big to step through: why, a summary of it, and what to do.

:func:`~gamesearch.trace.page.to_html` gives this page instead of the step-through page when
the tree has more nodes than its ``max_nodes``: a page of thousands of boxes and steps would be
slow to open and could not be read. It has no script.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from ._page_steps import value_text
from .narration import summary

if TYPE_CHECKING:
    from .recorder import Recorder, TraceNode

__all__ = ["TOO_BIG_ADVICE", "action_text", "too_big"]

SUMMARY_STYLE = """
body { font-family: Helvetica, Arial, sans-serif; margin: 20px 28px; color: #222; max-width: 60em; }
h1 { font-size: 20px; }
h2 { font-size: 16px; margin-top: 1.4em; }
#message { background: #fff3e0; border-left: 4px solid #e07000; padding: 10px 14px; }
table { border-collapse: collapse; font-size: 14px; }
th, td { text-align: left; padding: 3px 14px 3px 0; border-bottom: 1px solid #eee;
         overflow-wrap: anywhere; }
"""


def action_text(action: Any) -> str:
    """An action as the page writes it: a string as it is, anything else by its ``repr``."""
    return action if isinstance(action, str) else repr(action)


TOO_BIG_ADVICE = (
    "To step through a search, trace a smaller one (a lower depth=, or from a later position), "
    "fold pruned subtrees (fold=0), or raise max_nodes."
)
"""What a page too big to step through advises, in Python's terms (the page says its own)."""


def too_big(tree: Recorder, root: TraceNode, max_nodes: int) -> str:
    """The page for a search with more than ``max_nodes`` nodes: why, a summary, what to do.

    The summary is the search's outcome (:func:`~gamesearch.trace.narration.summary`), its
    principal variation, its counts, and a table of the root's children with their values
    and the nodes below each.
    """
    nodes = list(tree.nodes(root))
    last = root.closed if root.closed is not None else len(tree.log) - 1
    visited = sum(node.visited for node in nodes)
    name = tree.name(root)
    heading = f"{name} = {value_text(root)}: too big a search to step through"
    line = tree.principal_variation(root)
    moves = " ".join(action_text(node.action) for node in line[1:]) or "(none)"
    counts = [
        ("nodes", f"{len(nodes):,} ({visited:,} visited, {len(nodes) - visited:,} pruned)"),
        ("leaves scored", f"{len(tree.leaves(root)):,}"),
        ("deepest ply", str(max(node.depth for node in nodes) - root.depth)),
        ("events", f"{last - root.step + 1:,}"),
        ("principal variation", moves),
    ]
    rows = "\n".join(
        f"<tr><th>{html.escape(label)}</th><td>{html.escape(text)}</td></tr>"
        for label, text in counts
    )
    children = "\n".join(
        f"<tr><td>{html.escape(action_text(child.action))}</td><td>{html.escape(tree.name(child))}"
        f"</td><td>{html.escape(value_text(child) if child.value is not None else '')}</td>"
        f"<td>{sum(1 for _ in tree.nodes(child)):,}</td>"
        f"<td>{'visited' if child.visited else 'pruned'}</td></tr>"
        for child in root.children
    )
    message = (
        f"This search has {len(nodes):,} nodes to draw, more than max_nodes={max_nodes:,}: "
        f"a page that big would be slow to open and could not be read. {TOO_BIG_ADVICE}"
    )
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(heading)}</title>
<style>{SUMMARY_STYLE}</style>
</head>
<body class="too-big">
<h1>{html.escape(heading)}</h1>
<p id="message">{html.escape(message)}</p>
<h2>Summary</h2>
<p id="summary">{html.escape(summary(tree, root))}</p>
<table id="counts">
{rows}
</table>
<h2>The root's children</h2>
<table id="children">
<tr><th>action</th><th>node</th><th>value</th><th>nodes</th><th></th></tr>
{children}
</table>
</body>
</html>
"""
