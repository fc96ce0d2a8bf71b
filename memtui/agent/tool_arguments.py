"""A tool call's arguments and errors in the words the model reads: a text argument checked
(a string, valid Unicode), and any value or system error as one bounded printable line."""

from __future__ import annotations

import re
from typing import Any

_SURROGATE = re.compile("[\ud800-\udfff]")


class BadArgument(Exception):
    """An argument of the wrong type or content; the message is addressed to the model."""


def one_line(value: object, limit: int = 300) -> str:
    """``value`` as one printable line (lone surrogates replaced), at most ``limit`` chars."""
    text = _SURROGATE.sub("\ufffd", " ".join(str(value).split()))
    return text if len(text) <= limit else text[:limit] + "…"


def os_error_line(path: object, exc: OSError) -> str:
    """What the system refused, as one line naming the path the model gave."""
    shown = one_line(path) if isinstance(path, str) else "the path"
    if isinstance(exc, FileNotFoundError):
        return f"{shown} does not exist"
    if isinstance(exc, NotADirectoryError):
        return f"{shown}: a part of it is a file, not a folder"
    if isinstance(exc, IsADirectoryError):
        return f"{shown} is a folder" + (f"; {exc.strerror}" if exc.strerror else "")
    return f"{shown}: {one_line(exc.strerror or exc)}"


def text_argument(args: dict[str, Any], key: str) -> str:
    """The string argument ``key``: present, a string, and valid Unicode text."""
    value = args[key]
    if not isinstance(value, str):
        raise BadArgument(f"'{key}' must be a string, not {type(value).__name__}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise BadArgument(f"'{key}' holds a lone surrogate at character {exc.start} (not "
                          "valid Unicode text); send plain text") from None
    return value
