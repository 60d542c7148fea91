"""`python -m companion` does what the `companion` command does."""

from companion.cli import main

raise SystemExit(main())
