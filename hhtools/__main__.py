"""``python -m hhtools`` runs the command-line interface."""

from hhtools.cli import main

main()
