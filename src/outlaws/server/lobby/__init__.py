"""Where players meet: the lobby's feed of open and running games, and rematches."""
