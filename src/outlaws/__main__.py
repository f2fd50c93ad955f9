"""``python -m outlaws``: the same as the ``outlaws`` command."""

from .cli.main import main

main()
