"""How people write a memory's reason and its application besides ``**Why:**`` /
``**How to apply:**`` (session 32: blind sets rules15–21 label no missing_why, and the rule
fired on folders writing their labels in Greek, Finnish, Romanian, Norwegian): in the
workspace's language, as two bold labels ending the body in words no lexicon knows, in a
table (a "because" clause is prose: not counted). A memory with
none of them, in a folder that writes them, is still reported. Examples written here."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.core.audit import AuditOptions, Auditor
from memtui.core.checks.missing_why import labels_in
from memtui.core.workspace import open_workspace


@pytest.mark.parametrize("body", [
    "Check-in από τις 14:00.\n**Γιατί:** καθαρισμός.\n**Πώς εφαρμόζεται:** στο email.",
    "Kuivaus 16 %:iin.\n**Miksi:** lauta kieroutui.\n**Miten sovelletaan:** mittaa nippu.",
    "Ulei la 10 000 km.\n**De ce:** depuneri.\n**Cum se aplică:** eticheta din parbriz.",
    "Port 9090.\n**Hvorfor:** brannmuren.\n**Slik brukes det:** sjekk listen.",
    "Ősszel ünnep.\n**Miért:** a tagok.\n**Hogyan alkalmazd:** szeptemberben.",
    "Banda 3 la 6.\n**Kwa nini:** foleni.\n**Jinsi ya kutumia:** andika ubaoni.",
    "सुबह 7 बजे।\n**क्यों:** भीड़।\n**कैसे लागू करें:** बोर्ड पर लिखें।",
])
def test_the_labels_in_the_workspace_language(body: str) -> None:
    assert labels_in(body) == (True, True)


def test_other_layouts() -> None:
    # two bold labels ending the body, in words the lexicons do not know (Latvian)
    assert labels_in("Rezerves kopija katru nakti.\n**Kāpēc tā:** disks sabojājās.\n"
                     "**Kā rīkoties:** pārbaudi žurnālu.") == (True, True)
    # a table whose first cells are the labels
    assert labels_in("Deploys go through CI.\n\n| | |\n|---|---|\n| **Why** | the manual "
                     "path broke twice |\n| How to apply | never run deploy.sh |") == (True, True)
    # a reason in a clause is prose, not the folder's label (it would hold every memory of
    # a folder that writes none to them)
    assert labels_in("Deploys go through CI, because the manual path broke twice.") \
        == (False, False)
    # none of them: still lacking
    assert labels_in("Deploys go through CI.\nThe runner is in rack 4.") == (False, False)


def _memory(folder: Path, name: str, body: str) -> None:
    (folder / "memory" / f"{name}.md").write_text(
        f"---\nname: {name}\ndescription: {name} note\nmetadata:\n  type: project\n"
        f"---\n{body}\n", "utf-8")


def test_the_audit_reports_only_the_memory_without_them(tmp_path: Path) -> None:
    (tmp_path / "memory").mkdir()
    (tmp_path / "MEMORY.md").write_text(
        "".join(f"- [{n}](memory/{n}.md) — {n} note\n" for n in ("en", "el", "bare")), "utf-8")
    _memory(tmp_path, "en", "Deploys go through CI.\n**Why:** it broke.\n"
                            "**How to apply:** never by hand.")
    _memory(tmp_path, "el", "Check-in από τις 14:00.\n**Γιατί:** καθαρισμός.\n"
                            "**Πώς εφαρμόζεται:** στο email.")
    _memory(tmp_path, "bare", "The runner sits in rack 4 of the basement room.")
    found = [f.path for f in Auditor(open_workspace(tmp_path), AuditOptions()).run().findings
             if f.kind == "missing_why"]
    assert found == ["memory/bare.md"]
