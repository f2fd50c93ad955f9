"""Every rule a comment, a docstring, a test or an error cites exists in docs/rules.md:
a rule id (``R6.3.2``) names a rule of that page, numbered as it numbers them."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULE_ID = re.compile(r"\bR\d+(?:\.\d+)*\b")
CITING = ("src", "tests")
SUFFIXES = {".py", ".js", ".mjs", ".json", ".md"}


def rule_ids_of(path: Path) -> set[str]:
    return set(RULE_ID.findall(path.read_text(encoding="utf-8")))


def test_every_rule_id_cited_in_the_code_and_the_tests_is_in_the_rules() -> None:
    defined = rule_ids_of(ROOT / "docs" / "rules.md")
    assert {"R3.1", "R6.3.3", "R6.9.2", "R9.5"} <= defined
    missing = sorted(
        f"{path.relative_to(ROOT)}: {rule}"
        for folder in CITING
        for path in (ROOT / folder).rglob("*")
        if path.suffix in SUFFIXES and path.is_file() and "node_modules" not in path.parts
        for rule in rule_ids_of(path) - defined
    )
    assert not missing, "cited but not in docs/rules.md:\n" + "\n".join(missing)
