"""secfix34b: what real folders nobody tuned for took for credentials — ids a vendor documents
as public (an Amazon product image's id, a Drive file id, a YouTube channel id, a Feishu chat
id, a Stripe price id, a Google Ads tag, Supabase's publishable key, a site-verification
token), a placeholder of upper-case words after a prefix, paths and ``owner/repo`` names, a
code identifier with a version — each beside the nearest real credential, which is still
found. Texts and values written here (random or made up); every case runs the real detector."""

from __future__ import annotations

import pytest

from memtui.core.creds.detector import scan_text


def _values(text: str) -> list[str]:
    return [h.value for h in scan_text(text)]


@pytest.mark.parametrize("text", [
    "- Bed liner card → `81QwErTyZ3L` (real liner photo)\n",                  # image id
    "- Old photo `41Kx-pQ7+mL` is banned on every card\n",
    "- Orders Sheet: 1Qz8RkV0aXc3LmN_pW5tY7uB2dF4gH6jK9sE-oI1rT3v\n",       # Drive file id
    "- **Orders Sheet:** `1Qz8RkV0aXc3LmN_pW5tY7uB2dF4gH6jK9sE-oI1rT3v`\n",
    "- Upload to channel `UCz3Kq9LmPx7Rt2VwB5nY8dQ` daily\n",              # YouTube channel
    "| helper | 助手 | oc_3f9a1c7e2b5d8f04a6c9e1b3d7f2a5c8 |\n",              # Feishu chat id
    "  - Pro monthly €49: `price_1Zx9QwErTy8uIoPa3sDfGhJk`\n",                 # Stripe price
    "- Conversion action: AW-123456789/Zq8xVb3-Nm4KlPq7RtW\n",                 # Ads tag
    "- **API Key:** `sb_publishable_Zq8xVb3Nm4KlPq7RtWy2Ue5Io9Pa1Sd_fG`\n",    # publishable
    "- Verified via DNS (token `google-site-verification=Zq8xVb3Nm4KlPq7RtWy2Ue5Io9Pa1Sd`)\n",
    "| GitHub Token | ghp_KEPT_IN_THE_VAULT_ONLY |\n",                         # placeholder
    "- ✅ **Campaign A**: `customers/4455667788/adGroupAds/112233445566~998877665544`\n",
    "- 备份: `notes/cold/INDEX.md.bak-20260901`\n",
    "- GitHub: PaulaZ7/Tiny-Recursive-Planners\n",
    "See `77Rivers0fGold/channelbooster` for the uploader\n",
    "- 监控项 token-meter (gatekeeper/RLHF/ChainOfDraft) 状态稳定\n",
    "  - `?tab=costs` → `QuarterlyBudgetPanelV3` (line 88)\n",               # identifier
    "## Acme API Auth\n- ClientId: 7bq42doicu3r2g2ld0su841x9z\n",             # an id item
])
def test_public_ids_placeholders_paths_and_names_are_no_credential(text: str) -> None:
    assert _values(text) == []


@pytest.mark.parametrize("text, value", [
    # a key of the same length and alphabet, in the same places, is still a key
    ("- Bed liner → `8Hm4r!TyZ3x` (shop account)\n", "8Hm4r!TyZ3x"),
    ("- Orders API key: 9Qz8RkV0aXc3LmN_pW5tY7uB2dF4gH6jK9sE-oI1rT3v\n",
     "9Qz8RkV0aXc3LmN_pW5tY7uB2dF4gH6jK9sE-oI1rT3v"),
    ("- **API Key:** `sb_secret_Zq8xVb3Nm4KlPq7RtWy2Ue5Io9Pa1Sd_fG`\n",
     "sb_secret_Zq8xVb3Nm4KlPq7RtWy2Ue5Io9Pa1Sd_fG"),
    ("| GitHub Token | ghp_Zq8xVb3Nm4KlPq7RtWy2Ue5Io9Pa1SdfGhJ |\n",
     "ghp_Zq8xVb3Nm4KlPq7RtWy2Ue5Io9Pa1SdfGhJ"),
    ("## Acme API Auth\n- Secret: 7bq42doicu3r2g2ld0su841x9z\n", "7bq42doicu3r2g2ld0su841x9z"),
    ("## Acme API Auth\n- 7bq42doicu3r2g2ld0su841x9z\n", "7bq42doicu3r2g2ld0su841x9z"),
    ("Portal: kwame/Accra#2031\n", "Accra#2031"),  # a login (user/password)
    ("Portal: kwame/Accra2031x\n", "Accra2031x"),
    ("- Signing key: `kQ9/x7Rt+Lm2Zp4/Wv8bNc3YdF6hJ0sA1gE5iU=`\n",
     "kQ9/x7Rt+Lm2Zp4/Wv8bNc3YdF6hJ0sA1gE5iU="),
    ("- **Stripe key:** `rk_live_51Hm8Tq2VbN4kLp9XcR7wZ3yF6jD0sGaE1uK5oP`\n",
     "rk_live_51Hm8Tq2VbN4kLp9XcR7wZ3yF6jD0sGaE1uK5oP"),
])
def test_a_secret_of_a_near_shape_is_still_found(text: str, value: str) -> None:
    assert any(value in found for found in _values(text))
