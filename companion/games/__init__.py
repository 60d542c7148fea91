"""One folder per game. Each package defines ``GAME`` (see companion.core.registry)."""
