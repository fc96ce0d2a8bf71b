"""python-frontmatter splits and loads memory files through memtui's handler: the same
fences and fields as the audit, and the hardened YAML loader."""

from __future__ import annotations

import frontmatter
import pytest

from memtui.core.scanner.memory_file import AliasBomb, handler, parse_memory

TEXTS = [
    "---\nname: a\ndescription: d\nmetadata:\n  type: user\n---\nbody [[x]]\n",
    "---\nname: b\ntags: [1, 2]\nmetadata: {type: project}\n...\nclosed with dots\n",
    "---\nname: 'quoted: yes'\ncount: 3\nwhen: 2026-01-02\n---\n",
    "no frontmatter at all\n---\nname: not\n---\n",
]


@pytest.mark.parametrize("text", TEXTS)
def test_parse_gives_the_audits_fields(text: str) -> None:
    meta, body = frontmatter.parse(text, handler=handler())
    mf = parse_memory("m.md", text)
    assert meta == mf.meta
    assert body == mf.body.strip()


def test_the_audit_loads_yaml_through_the_handler(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    real = type(handler()).load

    def load(self: object, fm: str, **kwargs: object) -> object:
        seen.append(fm)
        return real(self, fm, **kwargs)

    monkeypatch.setattr(type(handler()), "load", load)
    mf = parse_memory("m.md", TEXTS[1])
    assert seen == ["name: b\ntags: [1, 2]\nmetadata: {type: project}"]
    assert mf.type == "project" and mf.meta["tags"] == [1, 2]


def test_an_alias_bomb_is_refused_not_expanded() -> None:
    bomb = "---\na: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{k}: &{k} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n"
        for p, k in zip("abcdefg", "bcdefgh", strict=True)) + "---\nbody\n"
    with pytest.raises(AliasBomb):
        frontmatter.parse(bomb, handler=handler())
    mf = parse_memory("m.md", bomb)
    assert any("alias bomb" in f.message for f in mf.findings)


def test_the_handler_never_rewrites_frontmatter() -> None:
    with pytest.raises(NotImplementedError):
        frontmatter.dumps(frontmatter.Post("x", handler=handler(), name="a"))
