"""Tests of ``outlaws.web`` read as files: the message catalogues and what they tell a player."""
