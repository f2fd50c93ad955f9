"""Bots by name: the one registry the commands, the arena and the server make bots through.

A *spec* names a bot and, for the bots that take one, a level from 1 to 5: ``random``,
``heuristic``, ``search:3`` (``search`` alone means level 3). :func:`make_bot` builds the
bot a spec names; :func:`bot_names` and :func:`bot_specs` list what is known.

Bots come in two ways:

- **registered in-process**, as the built-in ones are below: ``register("cautious",
  CautiousBot, levels=True)``, or with the target as ``"package.module:Class"`` to import
  it only when a bot is first made;
- **from an installed package**, through an entry point of the ``outlaws.bots`` group that
  names a :class:`BotKind`. That is how the research adapters add ``openspiel-ismcts``
  (OpenSpiel's IS-MCTS, which needs the ``rl`` extra) without this package naming them,
  since layers only point down. In the package's ``pyproject.toml``::

      [project.entry-points."outlaws.bots"]
      openspiel-ismcts = "outlaws.adapters.plugins:OPENSPIEL_ISMCTS"

A target is a class or a function called as ``target(seed)``, or as ``target(seed,
level=n)`` for a bot that takes a level, and returning a :class:`~outlaws.bots.Bot`.

Everything is lazy, so that the commands that need no bot (``outlaws replay``) start
without loading the deduction layer and NumPy: a bot's module is imported when a bot is
made, and the entry points are read only when a name is not registered in-process or when
the lists are asked for.

>>> make_bot("search:2", seed=1).name
'search:2'
>>> bot_specs()[:3]
['random', 'heuristic', 'search:1']
>>> bot_kind("search").levels, bot_kind("random").levels
(True, False)
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib.metadata import EntryPoint, entry_points
from typing import cast

from .base import Bot

#: The entry point group other packages register their bots in.
ENTRY_POINT_GROUP = "outlaws.bots"
#: The levels a bot that takes one accepts, and the one it gets when the spec has none.
LEVELS = range(1, 6)
DEFAULT_LEVEL = 3

#: What a target is once imported: ``target(seed)`` or ``target(seed, level=n)``.
BotFactory = Callable[..., Bot]


@dataclass(frozen=True, slots=True)
class BotKind:
    """How to make one kind of bot, and what it needs; the registry keeps one per name.

    ``target`` is the bot's class or factory, or ``"package.module:attribute"`` naming it
    (imported when a bot is first made). ``levels``: whether the bot takes a level (1 to
    5; specs ``name:n``). ``extra``: the optional-dependency extra that provides what the
    target imports, as pip writes it (``"outlaws[rl]"``), named when it is missing.
    ``requires``: the top-level modules the target imports that may be missing (found, not
    imported, to tell whether the bot can be made here). ``summary``: one line for lists.
    ``path``: whether the bot is read from a file (specs ``name:PATH``, made as
    ``target(seed, path=PATH)``); such a bot is never listed, since its specs are
    whatever files there are, and the server does not offer it.
    """

    target: str | BotFactory
    levels: bool = False
    extra: str | None = None
    requires: tuple[str, ...] = ()
    summary: str = ""
    path: bool = False

    def available(self) -> bool:
        """Whether every module of ``requires`` is installed (none is imported)."""
        return all(_installed(module) for module in self.requires)

    def load(self) -> BotFactory:
        """The target itself, imported if named by a string. Raises ImportError when its
        module, or something that module imports, is missing."""
        if not isinstance(self.target, str):
            return self.target
        module_name, _, attribute = self.target.partition(":")
        found: object = importlib.import_module(module_name)
        for part in attribute.split("."):
            found = getattr(found, part)
        if not callable(found):
            raise TypeError(f"{self.target} is not a bot class or factory")
        # What the name points to is only known at run time: trust the registration.
        return cast(BotFactory, found)

    def specs(self, name: str) -> list[str]:
        """The specs of this kind under ``name``: ``name``, or ``name:1`` .. ``name:5``
        (none for a bot read from a file)."""
        if self.path:
            return []
        return [f"{name}:{level}" for level in LEVELS] if self.levels else [name]


class Registry:
    """Bot kinds by name: those registered in-process, then those of the installed
    packages' entry points in ``group`` (None: no entry points), read when first needed.

    A name registered in-process wins over an entry point of the same name.
    """

    def __init__(self, group: str | None = ENTRY_POINT_GROUP) -> None:
        self.group = group
        #: Registered in-process, in their order.
        self._kinds: dict[str, BotKind] = {}
        #: The entry points by name (None until read), and the kinds loaded from them.
        self._entry_points: dict[str, EntryPoint] | None = None
        self._loaded: dict[str, BotKind] = {}

    # -- registering ------------------------------------------------------------------------
    def register(
        self,
        name: str,
        target: str | BotFactory,
        *,
        levels: bool = False,
        extra: str | None = None,
        requires: Iterable[str] = (),
        summary: str = "",
    ) -> BotKind:
        """Make a bot known by ``name`` (see :class:`BotKind` for the rest). A name can
        be registered once: :meth:`unregister` it first to replace it."""
        if not name or name != name.strip() or ":" in name or "," in name:
            raise ValueError(f"a bot name has no spaces at its ends, ':' or ',': {name!r}")
        if name in self._kinds:
            raise ValueError(f"a bot named {name!r} is already registered")
        kind = BotKind(target, levels, extra, tuple(requires), summary)
        self._kinds[name] = kind
        return kind

    def unregister(self, name: str) -> None:
        """Forget the bot registered in-process as ``name``."""
        del self._kinds[name]

    # -- looking up -------------------------------------------------------------------------
    def names(self) -> list[str]:
        """Every known bot name, sorted: those registered and those of entry points,
        whether or not what they need is installed."""
        return sorted(self._kinds.keys() | self._plugins().keys())

    def kind(self, name: str) -> BotKind:
        """The :class:`BotKind` of ``name``. Raises ValueError, listing the known names,
        for an unknown one."""
        kind = self._kinds.get(name) or self._loaded.get(name)
        if kind is not None:
            return kind
        entry = self._plugins().get(name)
        if entry is None:
            raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(self.names())}")
        try:
            loaded = entry.load()
        except (ImportError, AttributeError) as error:
            raise ValueError(
                f"bot {name!r} (entry point {entry.value!r}) cannot be loaded: {error}"
            ) from None
        if not isinstance(loaded, BotKind):
            raise ValueError(
                f"bot {name!r}: entry point {entry.value!r} must name a BotKind, not"
                f" {type(loaded).__name__}"
            )
        self._loaded[name] = loaded
        return loaded

    def specs(self) -> list[str]:
        """The specs of every bot that can be made here (what it requires is installed),
        levels spelled out: in-process registrations first, in their order, then the
        entry points' by name."""
        out: list[str] = []
        for name in [*self._kinds, *sorted(self._plugins().keys() - self._kinds.keys())]:
            try:
                kind = self.kind(name)
            except ValueError:
                continue  # a broken plugin: making it says why
            if kind.available():
                out += kind.specs(name)
        return out

    # -- making -----------------------------------------------------------------------------
    def make(self, spec: str, seed: int | None = None) -> Bot:
        """The bot a spec names (``"random"``, ``"search:3"``), seeded with ``seed``.

        Raises ValueError, with one line that says why, for an unknown name (listing the
        known ones), a bad level, a bot whose optional dependencies are missing (naming
        the extra to install), or a file a bot cannot be read from.
        """
        name, colon, text = spec.strip().partition(":")
        kind = self.kind(name)
        argument: dict[str, int | str] = {}
        if kind.path:
            if not text.strip():
                raise ValueError(f"bot {name!r} is read from a file: give {name + ':PATH'!r}")
            argument["path"] = text.strip()
        elif kind.levels:
            if colon and (not text.isdigit() or int(text) not in LEVELS):
                raise ValueError(f"bot level must be 1 to 5, not {text!r}")
            argument["level"] = int(text) if colon else DEFAULT_LEVEL
        elif colon:
            raise ValueError(f"bot {name!r} takes no level: give {name!r} alone")
        try:
            factory = kind.load()
        except ImportError as error:
            raise ValueError(_missing(name, kind, error)) from None
        return factory(seed, **argument)

    # -- entry points -----------------------------------------------------------------------
    def _plugins(self) -> dict[str, EntryPoint]:
        """The entry points of ``group`` by name (read once: installing a package during
        a run is not expected)."""
        if self._entry_points is None:
            found = entry_points(group=self.group) if self.group is not None else ()
            self._entry_points = {entry.name: entry for entry in found}
        return self._entry_points


def _installed(module: str) -> bool:
    """Whether ``module`` can be imported, found without importing it (a dotted name's
    parents are imported, and one that is missing means the module is too)."""
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def _missing(name: str, kind: BotKind, error: ImportError) -> str:
    """The one-line message for a bot whose module cannot be imported."""
    if kind.extra is None:
        return f"bot {name!r} cannot be loaded: {error}"
    return f"bot {name!r} needs the {kind.extra} extra (pip install '{kind.extra}'): {error}"


#: The registry behind the functions below (and the one the commands and server use).
REGISTRY = Registry()
REGISTRY.register(
    "random", "outlaws.bots.random_bot:RandomBot", summary="a uniformly random legal action"
)
REGISTRY.register(
    "heuristic",
    "outlaws.bots.heuristic:HeuristicBot",
    summary="one look ahead, guided by the exact posterior",
)
REGISTRY.register(
    "search",
    "outlaws.bots.search:SearchBot",
    levels=True,
    summary="plans each action over hidden worlds sampled from the posterior",
)
REGISTRY.register(
    "expert",
    "outlaws.bots.expert:ExpertBot",
    summary="the search, reading how the opponent moves its cards",
)
REGISTRY.register(
    "novice",
    "outlaws.bots.novice:NoviceBot",
    levels=True,
    summary="a person still learning: the heuristic's judgement with human lapses",
)
REGISTRY.register(
    "tutorial",
    "outlaws.bots.tutorial:TutorialBot",
    summary="the guided game's opponent: plays its script (POST /games with tutorial)",
)

register = REGISTRY.register
unregister = REGISTRY.unregister
bot_names = REGISTRY.names
bot_kind = REGISTRY.kind
bot_specs = REGISTRY.specs
make_bot = REGISTRY.make

__all__ = [
    "DEFAULT_LEVEL",
    "ENTRY_POINT_GROUP",
    "LEVELS",
    "REGISTRY",
    "BotFactory",
    "BotKind",
    "Registry",
    "bot_kind",
    "bot_names",
    "bot_specs",
    "make_bot",
    "register",
    "unregister",
]
