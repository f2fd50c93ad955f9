"""Players who sign up: accounts, sessions, the seats of an account, and their routes."""
