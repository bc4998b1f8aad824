"""The front door: what the two front ends, the command and the page, share to play a position.

Both ask the same things of the library: a game made from its name and parameters
(:mod:`.making`), its board drawn with coordinates and a move read back (:mod:`.board`), the
search that fits it planned with its limits and options (:mod:`.plans`, :mod:`.options`), run
with its progress and Ctrl-C (:mod:`.running`), and what it found summed up in words
(:mod:`.summaries`). They live here, one floor below both, so that ``gamesearch.cli`` and
``gamesearch.web`` import them and neither imports the other (a contract of ``pyproject.toml``
keeps it so). The names are the front ends' own, not the library's API: they may change
between versions without notice.
"""
