"""``memtui rules`` and ``memtui rules ID``, run for real."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from memtui.cli import main
from memtui.core.checks.rules import RULES, Rule
from memtui.core.config import load_config
from memtui.core.reporting.suppress import apply_to
from tests.core.helpers import make_ws, run_audit


def test_rules_lists_every_rule(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [ln.split()[:2] for ln in lines] == [[r.id, r.severity] for r in RULES]


def test_rules_id_prints_one_in_full(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "secret"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("secret (error): Secrets\n")
    assert "Fires on:" in out and "ADMIN_PASSWORD=" in out
    assert "Fix: memtui fix redact" in out


def test_an_unknown_rule_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "nope"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("memtui rules: error: no rule 'nope'") and err.count("\n") == 1


def test_a_misspelt_rule_names_the_closest(capsys: pytest.CaptureFixture[str]) -> None:
    """newuser26 #33: ``rules secrett`` dumped 33 ids, no "did you mean secret?", while an
    inline ignore and fix names suggest the closest."""
    assert main(["rules", "secrett"]) == 2
    err = capsys.readouterr().err
    assert err == ("memtui rules: error: no rule 'secrett' (did you mean secret? memtui "
                   "rules lists them)\n"), err


def _reported(ws: Path, kind: str) -> list[tuple[str, int | None]]:
    config = load_config(ws)
    result = apply_to(run_audit(ws, stale_days=90, exclude=config.exclude), config,
                      hidden=True)
    return [(f.path, f.line) for f in result.findings if f.kind in (kind, "unused_ignore")]


@pytest.mark.parametrize("rule", RULES, ids=[r.id for r in RULES])
def test_the_silence_hint_silences_the_rule_when_followed_to_the_letter(
        rule: Rule, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 32 #26: ``memtui rules orphan`` said to put ``<!-- memtui: ignore orphan -->``
    "on the line", which an orphan (no line) never matches: the orphan stayed and an
    unused_ignore was added. Each rule's own hint, applied to its example, silences it."""
    assert main(["rules", rule.id]) == 0
    hint = capsys.readouterr().out.splitlines()[-1]
    ws = make_ws(tmp_path / "ws", dict(rule.example_fires))
    found = _reported(ws, rule.id)
    assert found
    if rule.id == "exclude_all":  # newuser23 #41: no configuration silences it, and says so
        assert hint == ("It cannot be silenced: no configuration ignores or lowers it "
                        "(change the exclude instead).")
        return
    comment = re.search(r"<!-- memtui: [^>]*-->", hint)
    if comment is None:
        assert f'ignore = ["{rule.id}"] in .memtui.toml' in hint
        (ws / ".memtui.toml").write_text(f'ignore = ["{rule.id}"]\n', encoding="utf-8")
    elif "anywhere in the file" in hint:
        for path in {p for p, _ in found}:
            with (ws / path).open("a", encoding="utf-8") as f:
                f.write(f"\n{comment.group()}\n")
    else:
        assert "on the line" in hint
        for path, line in found:
            assert line is not None, f"{rule.id}: a line comment for a finding with no line"
            rows = (ws / path).read_bytes().split(b"\n")
            rows[line - 1] += f" {comment.group()}".encode()
            (ws / path).write_bytes(b"\n".join(rows))
    assert _reported(ws, rule.id) == []


#: Examples long by definition: a 205-line index, a text past the credential check's bound.
LONG = ("beyond_load_limit", "unchecked_text")


@pytest.mark.parametrize("rule", [r for r in RULES if r.id not in LONG],
                         ids=[r.id for r in RULES if r.id not in LONG])
def test_the_printed_example_is_whole_and_fires_as_shown(rule: Rule, tmp_path: Path) -> None:
    """newuser23 #25: ``memtui rules missing_why`` cut b.md to its first 3 lines, hiding the
    label that makes the rule fire. Every example but the `LONG` ones is now printed whole:
    rebuilt from the printed text alone (real CLI), it fires."""
    proc = subprocess.run([sys.executable, "-m", "memtui", "rules", rule.id],
                          capture_output=True, text=True, check=True,
                          cwd=Path(__file__).resolve().parents[1])
    shown = proc.stdout.split("\nFires on:\n", 1)[1].split("\n\nQuiet on:\n", 1)[0]
    assert "more lines)" not in proc.stdout
    files: dict[str, list[str]] = {}
    for line in shown.splitlines():
        if line.startswith("    ") and not line.startswith("      "):
            files[line.strip().removesuffix(":")] = current = []
        else:
            current.append(line[6:])
    if any("\\x" in "".join(lines) for lines in files.values()):
        return  # read_problem's bytes are shown escaped: not rebuilt from the text
    ws = make_ws(tmp_path / "ws", {p: "\n".join(ls) + "\n" for p, ls in files.items()})
    assert _reported(ws, rule.id)


def test_a_rule_whose_finding_can_be_an_error_says_so(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    """newuser25 #9: `memtui rules` gave over_limit as "warning" only, while an index larger
    than the window is an over_limit error that fails --fail-on error. Every finding raised
    above its rule's severity is one the rule's summary names."""
    ws = make_ws(tmp_path / "ws", {
        "MEMORY.md": "# Memory\n- [A](memory/a.md) — about a\n"
                     + "".join(f"- note {i}: a fact kept inline\n" for i in range(60)),
        "memory/a.md": "---\nname: a\ndescription: about a\nmetadata:\n  type: project\n"
                       "---\nA.\n"})
    rules = {r.id: r for r in RULES}
    raised = [f for f in run_audit(ws, num_ctx=256).findings
              if f.severity != rules[f.kind].severity]
    assert [(f.kind, f.severity) for f in raised] == [("over_limit", "error")]
    assert all(f"An {f.severity} " in rules[f.kind].summary for f in raised)
    assert main(["rules", "over_limit"]) == 0
    assert "An error (exit status 1 under --fail-on error) when the injected block is larger " \
           "than the model's window." in capsys.readouterr().out


def test_every_fix_that_names_memtui_fix_names_an_operation_it_has() -> None:
    """newuser28 #17: near_duplicate's fix said "memtui fix can open both", and no `memtui
    fix` operation opens or merges anything (the app's o and O open both)."""
    from memtui.commands.fix import OPERATIONS

    for rule in RULES:
        for op in re.findall(r"memtui fix (\S+)", rule.fix):
            assert op.strip("`.,;:()") in OPERATIONS, (rule.id, rule.fix)
    near = next(r for r in RULES if r.id == "near_duplicate")
    assert "o and O open both" in near.fix


def test_the_load_limit_example_fires_with_the_memories_it_links(tmp_path: Path) -> None:
    """newuser39 #22: ``memtui rules beyond_load_limit`` printed a 205-line index linking
    ``memory/mN.md``; built whole, with those memories, it was an item workspace (no load
    limit) and nothing fired. The example is a flat Claude Code folder: written with every
    memory it links, it fires without a ``--profile``."""
    rule = next(r for r in RULES if r.id == "beyond_load_limit")
    index = dict(rule.example_fires)["MEMORY.md"]
    assert isinstance(index, str)
    files: dict[str, str | bytes] = {"MEMORY.md": index}
    for target in re.findall(r"\]\(([^)]+)\)", index):
        name = target.removesuffix(".md").rsplit("/", 1)[-1]
        files[target] = f"---\nname: {name}\ndescription: memory {name}\ntype: project\n---\n" \
                        f"Fact {name}.\n"
    ws = make_ws(tmp_path / "ws", files)
    assert _reported(ws, "beyond_load_limit")
