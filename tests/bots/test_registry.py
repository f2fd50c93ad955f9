"""The bot registry: names, levels, entry points of other packages, missing extras, and
the laziness that keeps the commands quick to start.

The entry-point tests install a small distribution of their own: a ``.dist-info`` folder
and a module in a temporary folder put on ``sys.path``, found by
:mod:`importlib.metadata` as an installed package would be.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path

import pytest

from outlaws.adapters.plugins import OPENSPIEL_ISMCTS
from outlaws.bots import BotKind, bot_names, bot_specs, make_bot
from outlaws.bots.registry import ENTRY_POINT_GROUP, Registry, bot_kind
from outlaws.engine import Action, View

PLUGIN = "outlaws_test_plugin"


class EchoBot:
    """Plays the first legal action; remembers how it was made."""

    def __init__(self, seed: int | None, level: int | None = None) -> None:
        self.seed, self.level = seed, level
        self.name = "echo" if level is None else f"echo:{level}"

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return legal[0]


def install_plugin(root: Path, monkeypatch: pytest.MonkeyPatch, entry_points: str) -> None:
    """A distribution in ``root`` whose module :data:`PLUGIN` describes three bots, and
    whose ``outlaws.bots`` entry points are ``entry_points``."""
    (root / f"{PLUGIN}.py").write_text(
        textwrap.dedent(
            f"""
            from outlaws.bots import BotKind

            ECHO = BotKind("{__name__}:EchoBot", levels=True, summary="the first legal action")
            NEEDY = BotKind(
                "{PLUGIN}_heavy:Bot", extra="{PLUGIN}[heavy]", requires=("{PLUGIN}_heavy",)
            )
            NOT_A_KIND = 42
            """
        ),
        encoding="utf-8",
    )
    info = root / f"{PLUGIN}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {PLUGIN}\nVersion: 1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        f"[{ENTRY_POINT_GROUP}]\n{textwrap.dedent(entry_points)}", encoding="utf-8"
    )
    monkeypatch.syspath_prepend(str(root))
    monkeypatch.delitem(sys.modules, PLUGIN, raising=False)


@pytest.fixture
def plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Registry:
    """A fresh registry that sees the test distribution's entry points."""
    install_plugin(
        tmp_path,
        monkeypatch,
        f"""\
        echo = {PLUGIN}:ECHO
        needy = {PLUGIN}:NEEDY
        broken = {PLUGIN}:NOT_A_KIND
        gone = {PLUGIN}_nowhere:KIND
        """,
    )
    registry = Registry()
    registry.register("random", "outlaws.bots.random_bot:RandomBot")
    return registry


# -- names and levels -----------------------------------------------------------------------


def test_the_built_in_bots_and_their_levels() -> None:
    assert {"random", "heuristic", "search"} <= set(bot_names())
    assert bot_specs()[:7] == ["random", "heuristic", *(f"search:{n}" for n in range(1, 6))]
    assert not bot_kind("random").levels and bot_kind("search").levels
    assert make_bot("search", 1).name == "search:3"  # no level: level 3
    assert make_bot(" search:5 ", 1).name == "search:5"
    assert make_bot("heuristic", 1).name == "heuristic"


def test_an_unknown_bot_lists_the_known_names() -> None:
    with pytest.raises(ValueError, match="unknown bot 'nobody'; known bots: ") as caught:
        make_bot("nobody")
    assert all(name in str(caught.value) for name in ("heuristic", "random", "search"))


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("search:0", "level must be 1 to 5, not '0'"),
        ("search:6", "level must be 1 to 5"),
        ("search:x", "level must be 1 to 5"),
        ("search:", "level must be 1 to 5"),
        ("random:3", "'random' takes no level"),
    ],
)
def test_bad_levels_are_refused(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_bot(spec)


def test_register_and_unregister() -> None:
    registry = Registry(group=None)
    kind = registry.register("echo", EchoBot, levels=True)
    assert registry.kind("echo") is kind
    made = registry.make("echo:4", 7)
    assert isinstance(made, EchoBot) and (made.seed, made.level) == (7, 4)
    with pytest.raises(ValueError, match="already registered"):
        registry.register("echo", EchoBot)
    for bad in ("", "a:b", "a,b", " a"):
        with pytest.raises(ValueError, match="bot name"):
            registry.register(bad, EchoBot)
    assert registry.specs() == [f"echo:{n}" for n in range(1, 6)]
    registry.unregister("echo")
    assert registry.names() == []


# -- other packages' bots ------------------------------------------------------------------


def test_the_adapters_bot_comes_from_an_entry_point() -> None:
    assert "openspiel-ismcts" in bot_names()
    kind = bot_kind("openspiel-ismcts")
    assert kind is OPENSPIEL_ISMCTS
    assert kind.levels and kind.extra == "outlaws[rl]"


def test_an_entry_point_bot_is_found_and_made(plugin: Registry) -> None:
    assert {"broken", "echo", "gone", "needy", "random"} <= set(plugin.names())
    made = plugin.make("echo:2", 5)
    assert isinstance(made, EchoBot) and (made.seed, made.level, made.name) == (5, 2, "echo:2")
    assert plugin.kind("echo").summary == "the first legal action"
    # The broken entry points and the bot whose dependency is missing are not offered.
    specs = plugin.specs()
    assert specs[:6] == ["random", *(f"echo:{n}" for n in range(1, 6))]
    assert not {"broken", "gone", "needy"} & {spec.partition(":")[0] for spec in specs}


def test_an_in_process_name_wins_over_an_entry_point(plugin: Registry) -> None:
    plugin.register("echo", "outlaws.bots.random_bot:RandomBot")
    assert plugin.make("echo", 0).name == "random"


def test_a_bot_without_its_extra_says_which_extra(plugin: Registry) -> None:
    assert not plugin.kind("needy").available()
    with pytest.raises(ValueError, match=r"needs the outlaws_test_plugin\[heavy\] extra") as caught:
        plugin.make("needy", 0)
    message = str(caught.value)
    assert "pip install 'outlaws_test_plugin[heavy]'" in message and "\n" not in message


def test_a_registered_bot_without_its_extra_says_which_extra() -> None:
    registry = Registry(group=None)
    registry.register("needy", "outlaws_no_such_module:Bot", extra="outlaws[fancy]")
    with pytest.raises(ValueError, match=r"'needy' needs the outlaws\[fancy\] extra"):
        registry.make("needy", 0)


def test_broken_entry_points_are_named(plugin: Registry) -> None:
    with pytest.raises(ValueError, match="must name a BotKind, not int"):
        plugin.make("broken", 0)
    with pytest.raises(ValueError, match=r"'gone' .* cannot be loaded"):
        plugin.make("gone", 0)


def test_a_bot_kind_is_a_plain_description() -> None:
    kind = BotKind("outlaws.bots.search:SearchBot", levels=True)
    assert kind.specs("search") == [f"search:{n}" for n in range(1, 6)]
    assert BotKind(EchoBot).specs("echo") == ["echo"]
    assert BotKind("outlaws.bots.search:SearchBot").load().__name__ == "SearchBot"


# -- laziness -------------------------------------------------------------------------------


def test_listing_the_bots_imports_no_bot() -> None:
    """The commands start, and the lists are read, without NumPy, the deduction layer,
    the bots' modules or the research frameworks."""
    code = textwrap.dedent(
        """
        import sys
        import outlaws.cli.main
        from outlaws.bots import bot_names, bot_specs
        assert "openspiel-ismcts" in bot_names()
        assert "openspiel-ismcts:3" in bot_specs()
        heavy = ("numpy", "outlaws.deduce", "outlaws.bots.heuristic", "outlaws.bots.search",
                 "outlaws.adapters.openspiel", "pyspiel", "open_spiel")
        print(sorted(name for name in heavy if name in sys.modules))
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
