"""``python -m hhtools`` runs the command-line interface."""

from hhtools.cli.main import main

if __name__ == "__main__":
    main()
