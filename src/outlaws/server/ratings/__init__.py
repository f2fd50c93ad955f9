"""Ratings: a rated game moves its players' Glicko-2 ratings when it ends."""
