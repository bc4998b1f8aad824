"""Results that hold read-only strategies, pickled: ``types.MappingProxyType`` does not pickle.

:class:`~gamesearch.imperfect.CFRResult`, :class:`~gamesearch.imperfect.MCCFRResult` and
:class:`~gamesearch.imperfect.BestResponse` hold their strategies as read-only views. Their
``__reduce__`` is :func:`reduce_result`: each view is pickled as a :class:`_ReadOnly` dict, and
made a read-only view again when the result is loaded (:func:`rebuild`). Nothing is registered
with :mod:`copyreg`: other mapping proxies pickle (or not) as before.

>>> from gamesearch.imperfect import KuhnPoker, cfr
>>> found = cfr(KuhnPoker(), iterations=20)
>>> remake, (cls, values) = found.__reduce__()   # what pickle stores, and calls when loading
>>> type(values["strategy"]).__name__
'_ReadOnly'
>>> again = remake(cls, values)
>>> again == found, type(again.strategy).__name__
(True, 'mappingproxy')
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

__all__ = ["rebuild", "reduce_result"]


class _ReadOnly(dict):  # type: ignore[type-arg]
    """A read-only view's contents while pickled."""

    __slots__ = ()


def _plain(value: Any) -> Any:
    """``value`` with each read-only view in it (nested ones too) a :class:`_ReadOnly` dict."""
    if isinstance(value, MappingProxyType):
        return _ReadOnly({key: _plain(item) for key, item in value.items()})
    return value


def _restored(value: Any) -> Any:
    """``value`` with each :class:`_ReadOnly` dict in it a read-only view again."""
    if type(value) is _ReadOnly:
        return MappingProxyType({key: _restored(item) for key, item in value.items()})
    return value


def rebuild(cls: type[Any], values: dict[str, Any]) -> Any:
    """The result of class ``cls`` whose fields are ``values``, its views read-only again."""
    return cls(**{name: _restored(value) for name, value in values.items()})


def reduce_result(result: Any) -> tuple[Any, tuple[type[Any], dict[str, Any]]]:
    """What ``pickle`` stores of ``result``, a frozen dataclass: :func:`rebuild` and its fields."""
    from dataclasses import fields  # loaded with the result's class: a solver's import skips it

    values = {field.name: _plain(getattr(result, field.name)) for field in fields(result)}
    return rebuild, (type(result), values)
