"""secfix38 (newuser37 #24): a value is read through its digit class, any script's — a PIN
or password after a label in Arabic-Indic (٠-٩), Persian (۰-۹), Devanagari (०-९), Bengali
or full-width (０-９) digits is one, and so is a password typed in full-width letters and
symbols (a CJK input method left in full-width mode). Prices, dates and phone numbers in
those digits are none. Texts and values written here; every case runs the real detector,
and one the audit of a real folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.core.creds.detector import scan_text
from tests.core.helpers import found, make_ws, memory, run_audit


def _values(text: str) -> list[str]:
    return [h.value for h in scan_text(text)]


@pytest.mark.parametrize(("text", "value"), [
    ("الرمز السري: ٧٣٥١٩٢٦٤\n", "٧٣٥١٩٢٦٤"),                 # Arabic-Indic
    ("كلمة المرور: ٣٩١٨٥٢٧٠٦٤\n", "٣٩١٨٥٢٧٠٦٤"),
    ("PIN: ٦٠٣٨\n", "٦٠٣٨"),
    ("رمز عبور: ۵۱۹۳۷۲\n", "۵۱۹۳۷۲"),                         # Persian
    ("पिन: ७२६४\n", "७२६४"),                                   # Devanagari
    ("PIN: ৫৮২৭\n", "৫৮২৭"),                                   # Bengali
    ("门禁密码：６２９１４８３７\n", "６２９１４８３７"),          # full-width digits
])
def test_a_code_in_another_scripts_digits(text: str, value: str) -> None:
    assert _values(text) == [value]


@pytest.mark.parametrize(("text", "value"), [
    ("WiFi 密码：Ｒｋ４＃ｍｗ８１！ｔｙＰｚ\n", "Ｒｋ４＃ｍｗ８１！ｔｙＰｚ"),
    ("Router password: Ｔｖ９＄ｐｑ２７＊ｂｎ\n", "Ｔｖ９＄ｐｑ２７＊ｂｎ"),
    ("パスワード：Ｍｉｚｕ＠２０２６ｘ\n", "Ｍｉｚｕ＠２０２６ｘ"),
])
def test_a_password_in_full_width_letters_and_symbols(text: str, value: str) -> None:
    assert _values(text) == [value]


@pytest.mark.parametrize("text", [
    "السعر: ٤٥٠٠ ريال\n",                       # a price
    "التاريخ: ٢٠٢٦/١٢/٠٧\n",                    # a date
    "هاتف: ٠٥٥١٢٣٤٥٦٧\n",                       # a phone number
    "قیمت: ۱۲۰۰۰ تومان\n",
    "तारीख: ०७/१२/२०२६\n",
    "मूल्य: ४५०० रुपये\n",
    "価格：４５００円（税込）\n",
    "電話：０３－１２３４－５６７８\n",
    "ＯＫ！次は３番。\n",
    "PIN: ٠٠٠٠\n",                              # a factory PIN
])
def test_numbers_in_those_digits_are_no_credential(text: str) -> None:
    assert _values(text) == []


def test_a_folder_with_an_arabic_pin(tmp_path: Path) -> None:
    """The audit of a real folder: the PIN in Arabic-Indic digits is reported, the price
    in the same digits is not."""
    ws = make_ws(tmp_path / "ws", {
        "memory/bank.md": memory("bank", "الرمز السري للبطاقة: ٧٣٥١٩٢٦٤\n"),
        "memory/shop.md": memory("shop", "السعر: ٤٥٠٠ ريال\n"),
    })
    assert found(run_audit(ws), "secret") == [("memory/bank.md", 7)]
