"""The ``outlaws`` command line."""
