"""Tests of ``outlaws.engine``: the rules of docs/rules.md played as scenarios, placement,
notation, frames, and properties over random games."""
