"""Research interfaces: the game as a PettingZoo environment, an OpenSpiel game and a
batched environment.

They live in their own modules so that the core stays light: nothing here is imported by
the engine, the deduction or the bots. Install the extra first (``pip install
'outlaws[rl]'``), then:

- :mod:`outlaws.adapters.pettingzoo` — ``env()``, ``raw_env``, ``parallel_env()``;
- :mod:`outlaws.adapters.openspiel` — importing it registers ``python_outlaws`` with
  ``pyspiel``; also the ``openspiel-ismcts`` bot of the arena;
- :mod:`outlaws.adapters.vector` — many games stepped together (Gymnasium's vector
  API): one learning seat against a fixed opponent, or self-play;
- :mod:`outlaws.adapters.features` — the observation vector all of them share (NumPy
  only), encoded from a seat's frames;
- :mod:`outlaws.adapters.placing` — the optional placement phase both share (R3.1): the
  picks, their ids and their legality (the engine only);
- :mod:`outlaws.adapters.plugins` — what the entry points of pyproject.toml name: the
  ``openspiel-ismcts`` bot's registry entry (it imports nothing heavy).

docs/research.md describes the observation layout, the action indexing and both
interfaces.
"""
