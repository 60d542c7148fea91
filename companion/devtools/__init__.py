"""Tools for companion's developers, run from a checkout and never by the app:
``python -m companion.devtools.catalogs`` keeps the translation catalogs in step with
the sources. A tool stands on the top floor, beside the ``companion`` command: it may
import any floor, and nothing of the app imports it."""
