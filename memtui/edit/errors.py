"""Why an edit did not happen: a refusal (exit 1), nothing to do (exit 0) or a bad argument
(exit 2)."""

from __future__ import annotations


class Refused(Exception):
    """The operation was refused; the message is one line for the operator (exit 1)."""


class Distrusted(Refused):
    """A journal record memtui did not write for this workspace (no seal, a wrong one, or
    file changes that do not fit its operation): never acted on. Bad input, so the CLI
    exits 2; the app shows it as any refusal."""


class AlreadyDone(Refused):
    """What the operation would make holds already (a memory already in the index, a
    memory already of that name): ``memtui fix`` says "nothing to change" and exits 0, as
    for any other operation with nothing to do (newuser25 #41); the app says it as a
    refusal does."""


class UsageError(Exception):
    """A bad argument: unknown memory, bad name, bad line number (exit 2)."""

