"""A key that is itself a credential label, its value written as a YAML block scalar under
it (newuser30 #3: ``password: |`` then the value on the next line, in frontmatter or a yaml
block, passed ``--fail-on error``; a folded description holding it was found)."""

from __future__ import annotations

import pytest

from memtui.core.creds.detector import scan_text

FOUND = {
    "frontmatter, literal": ("---\nname: x\npassword: |\n  Hu7kd92xqZ4mWp\n---\nbody\n",
                             (4, "Hu7kd92xqZ4mWp")),
    "nested, folded and stripped": ("svc:\n  api_token: >-\n    ghx9Kq2mZp7Lw4Rt8Yb3\n",
                                    (3, "ghx9Kq2mZp7Lw4Rt8Yb3")),
}


@pytest.mark.parametrize("text,hit", FOUND.values(), ids=FOUND.keys())
def test_the_block_under_a_label_key_is_its_value(text: str, hit: tuple[int, str]) -> None:
    assert [(h.line, h.value) for h in scan_text(text)] == [hit]


@pytest.mark.parametrize("text", [
    "notes: |\n  Hu7kd92xqZ4mWp\n",  # the key labels nothing
    "password_policy: |\n  at least twelve characters, rotated yearly\n",
    "description: |\n  password policy says twelve characters\n",
])
def test_a_block_under_another_key_is_no_value(text: str) -> None:
    assert scan_text(text) == []
