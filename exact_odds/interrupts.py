"""Telling a Ctrl-C apart from an error, wherever Python delivered it (one home for the console and the CLI)."""

from __future__ import annotations


def caused_by_ctrl_c(exc: BaseException) -> bool:
    """Whether ``exc`` is a KeyboardInterrupt or was raised while handling one.

    Python wraps some exceptions: a Ctrl-C while a dataclass is being defined
    (in an import) arrives as ``RuntimeError: Error calling __set_name__``,
    its cause the KeyboardInterrupt."""
    seen = set()
    while exc is not None and id(exc) not in seen:
        if isinstance(exc, KeyboardInterrupt):
            return True
        seen.add(id(exc))
        exc = exc.__cause__ or exc.__context__
    return False
