"""The browser harness itself: a missing Chromium skips locally and fails under CI=true."""

from __future__ import annotations

import pytest

from tests.harness import require_chromium


def test_missing_chromium_skips_locally(monkeypatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="is missing"):
        require_chromium("/nonexistent/chromium")


def test_missing_chromium_fails_under_ci(monkeypatch) -> None:
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI=true"):
        require_chromium("/nonexistent/chromium")


def test_present_chromium_passes(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("CI", "true")
    fake = tmp_path / "chromium"
    fake.write_text("")
    require_chromium(str(fake))
