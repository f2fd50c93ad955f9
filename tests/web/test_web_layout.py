"""The browser code's rooms: ``core/`` (the DOM helper, the API, the catalogues, the
session, the store) is what every feature builds on, and names none of them; every
module sits in a room and is type-checked (``// @ts-check``, ``npx tsc --noEmit``)."""

from __future__ import annotations

import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "src" / "outlaws" / "web"
IMPORT = re.compile(r'^import\s[^"]*"([^"]+)"', re.MULTILINE)
ROOMS = {"core", "game", "placement", "lobby", "chat", "learn", "analysis"}


def test_core_imports_nothing_but_core() -> None:
    wrong = [
        f"core/{path.name} imports {target}"
        for path in sorted((WEB / "core").glob("*.js"))
        for target in IMPORT.findall(path.read_text(encoding="utf-8"))
        if not target.startswith("./")
    ]
    assert not wrong, "\n".join(wrong)


def test_every_module_is_in_a_room_and_type_checked() -> None:
    modules = sorted(WEB.rglob("*.js"))
    loose = [p.name for p in modules if p.parent != WEB and p.parent.name not in ROOMS]
    assert not loose and {p.name for p in modules if p.parent == WEB} == {"app.js"}
    unchecked = [
        str(p.relative_to(WEB))
        for p in modules
        if not p.read_text(encoding="utf-8").startswith("// @ts-check")
    ]
    assert not unchecked, f"not type-checked: {unchecked}"
