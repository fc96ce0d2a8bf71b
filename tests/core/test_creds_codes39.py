"""secfix39: door, safe and alarm codes by the grammar of the language that writes them — the
thing a code opens named after the code word ends the label (``codul de dezarmare``), a case
ending glued on the thing before it (``तिजोरीचा कोड``, ``սեյֆի կոդը``), the code words and
things of Armenian, Romanian and Welsh (with Welsh's mutations), Romanian's copula ``este``,
Armenian's ``՝`` after a label. Texts and values written here (made up, none of a blind
set's); every case runs the real detector, each form with its negatives, and one the audit
of a real folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.core.creds.detector import scan_text
from tests.core.helpers import found, make_ws, memory, run_audit


def _values(text: str) -> list[str]:
    return [h.value for h in scan_text(text)]


@pytest.mark.parametrize(("text", "value"), [
    # the thing after the code word ends the label, then the number
    ("Garajul din spate: codul de deblocare 5817, cheia e la Ion.\n", "5817"),
    ("Codul ușii de la intrare este 7730, nu-l da nimănui.\n", "7730"),
    # Welsh: the code word mutated after ``a`` (aspirate) and ``ei`` (soft), the thing after it
    ("Mae'r swyddfa ar agor a chod y drws ffrynt yw 6142, diolch.\n", "6142"),
    ("Gofynnodd Elin am ei god y larwm: 9035.\n", "9035"),
    # a case ending glued on the thing right before the code word
    ("Պահարանի կոդը՝ 4481, մի ասա ոչ մեկին։\n", "4481"),
    ("Մուտքի կոդը՝ 72B19, երրորդ հարկ։\n", "72B19"),
    ("गोदामाच्या दरवाजाचा कोड: 3355 (कोणालाही सांगू नको)\n", "3355"),
])
def test_a_code_by_its_language(text: str, value: str) -> None:
    assert _values(text) == [value]


@pytest.mark.parametrize("text", [
    "Codul poștal al biroului este 400115.\n",                 # a postal code
    "Codul de eroare 5003 apare la pornire.\n",                # an error code, nothing it opens
    "Codul sursă al aplicației e pe GitHub, versiunea 2024.\n",
    "Mae'r cod post yw CF10 3AT, a'r cod gwall yw 4042.\n",     # postcode, error code
    "Գրասենյակի հեռախոսի կոդը՝ 010, քաղաքի կոդը։\n",            # a dialling code
    "Ծրագրի կոդը՝ GitHub-ում է։\n",                             # program code
    "दरवाजाच्या बाजूला 4 खुर्च्या आहेत, कोड नाही.\n",
])
def test_no_code_there(text: str) -> None:
    assert _values(text) == []


def test_a_folder_with_codes_in_three_languages(tmp_path: Path) -> None:
    """The audit of a real folder: a Romanian alarm code, a Welsh door code and an Armenian
    locker code are reported; a Romanian postal code and a Welsh postcode are not."""
    ws = make_ws(tmp_path / "ws", {
        "memory/ro.md": memory("ro", "Alarma depozitului: codul de dezarmare 6604, apoi #.\n"),
        "memory/cy.md": memory("cy", "Mae'r allwedd yn y sied a chod y drws cefn yw 1297.\n"),
        "memory/hy.md": memory("hy", "Պահարանի կոդը՝ 5826, մարզասրահում։\n"),
        "memory/post.md": memory("post", "Codul poștal este 400115.\nY cod post yw SA1 1AA.\n"),
    })
    assert found(run_audit(ws), "secret") == [
        ("memory/cy.md", 7), ("memory/hy.md", 7), ("memory/ro.md", 7)]
