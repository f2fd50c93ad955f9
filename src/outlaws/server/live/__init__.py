"""Live connections: the hub that fans messages out to each game's sockets (apart from
the game logic), the WebSocket of a seat or a spectator, and signing out everywhere."""
