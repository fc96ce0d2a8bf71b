"""newuser31 #10: a table row named for credentials (``| **MEGA credentials** | …``) whose
next cell holds a user and a password (``x@y.fr / 8Uf0… · in pipeline.sh``) was missed while
the same line as ``label: user / password`` was found; the row's user alone, a row of
another kind and a placeholder stay unfound."""

from __future__ import annotations

import pytest

from memtui.core.creds.detector import scan_text

HEAD = "| # | Item | Value |\n|---|---|---|\n"


def found(text: str) -> list[str]:
    return [h.value for h in scan_text(text) if h.value]


@pytest.mark.parametrize(("row", "value"), [
    ("| 30 | **MEGA credentials** | ops@example.org / 8Uf0cqW6V3mjwV · in `pipeline.sh` |",
     "8Uf0cqW6V3mjwV"),
    ("| 31 | Dropbox credentials | ops@example.org / Zq8vR2pL9wX4 |", "Zq8vR2pL9wX4"),
])
def test_a_user_and_password_beside_a_credentials_row_is_found(row: str, value: str) -> None:
    assert found(HEAD + row + "\n") == [value]


@pytest.mark.parametrize("row", [
    "| 30 | **MEGA credentials** | ops@example.org / <password> |",
    "| 30 | **MEGA credentials** | stored in 1Password / vault |",
    "| 30 | **Release notes** | ops@example.org / 2026-03-04 |",
])
def test_no_value_there_is_no_finding(row: str) -> None:
    assert found(HEAD + row + "\n") == []
