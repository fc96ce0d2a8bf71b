"""Why an edit did not happen: a refusal (exit 1) or a bad argument (exit 2)."""

from __future__ import annotations


class Refused(Exception):
    """The operation was refused; the message is one line for the operator (exit 1)."""


class UsageError(Exception):
    """A bad argument: unknown memory, bad name, bad line number (exit 2)."""

