"""``python -m outlaws.cli``: the same as the ``outlaws`` command."""

from .main import main

main()
