"""The games: a table in memory, the service that creates, loads, plays and finishes
them, clocks, bots, records, the notebook, and the game routes."""
