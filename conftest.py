"""Settings for every test run from the checkout (pytest, nbval, the Voila servers the tests
start): bot files the write-a-bot notebook saves go to a temporary folder, never into the
checkout."""

import atexit
import os
import shutil
import tempfile

if not os.environ.get("KAYALIB_BOT_DIR"):
    _folder = tempfile.mkdtemp(prefix="kayalib-bots-")
    os.environ["KAYALIB_BOT_DIR"] = _folder
    atexit.register(shutil.rmtree, _folder, ignore_errors=True)

# The browser harness (a Voila server, headless Chromium, a checked page) for every test folder.
pytest_plugins = ("tests.harness",)
