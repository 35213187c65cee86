"""The page's own inflate (``board.js``) reads exactly what the kernel packs: every kind of
DEFLATE block (stored, fixed, dynamic), long and short, and a whole page of each game. Run with
Node when it is there (the browser tests run it in Chromium in any case)."""

from __future__ import annotations

import base64
import json
import random
import shutil
import subprocess
import zlib
from pathlib import Path

import pytest

from kayalib.ui import BlefApp, KayaApp
from kayalib.ui.board import HERE, pack

NODE = shutil.which("node")

READ = """import { readFileSync } from "fs";
const source = readFileSync(process.argv[2], "utf8");
const board = await import("data:text/javascript;base64," + Buffer.from(source).toString("base64"));
const cases = JSON.parse(readFileSync(process.argv[3], "utf8"));
const read = cases.map(([packed]) =>
  new TextDecoder().decode(board.inflate(new Uint8Array(Buffer.from(packed, "base64")))));
console.log(JSON.stringify(read));
"""


@pytest.mark.skipif(NODE is None, reason="Node is not installed")
def test_the_pages_inflate_reads_what_the_kernel_packs(tmp_path: Path) -> None:
    rng = random.Random(1)
    texts = ["".join(rng.choice("ab{}[]\"' Łó♠0123456789") for _ in range(n))
             for n in (0, 1, 300, 70_000) for _ in range(2)]  # fmt: skip
    cases = []
    for text in texts:
        for level in (0, 1, 9):  # stored blocks, fixed and dynamic Huffman codes
            packer = zlib.compressobj(level, zlib.DEFLATED, -15)
            cases.append((packer.compress(text.encode()) + packer.flush(), text))
    for app in (BlefApp(seed=1, delay=0, hint=True), KayaApp(seed=1, delay=0, hint=True)):
        page = app.widget.snapshot()
        cases.append((pack(page), json.dumps(page, separators=(",", ":"), ensure_ascii=False)))
    (tmp_path / "cases.json").write_text(json.dumps(
        [[base64.b64encode(packed).decode(), text] for packed, text in cases]))  # fmt: skip
    (tmp_path / "read.mjs").write_text(READ)
    assert NODE is not None
    out = subprocess.run([NODE, str(tmp_path / "read.mjs"), str(HERE / "board.js"),
                          str(tmp_path / "cases.json")], capture_output=True, text=True,
                         timeout=60, check=True)  # fmt: skip
    assert json.loads(out.stdout) == [text for _, text in cases]
