"""Chat at a game's table: its rooms, their rows and their routes."""
