"""Packaging that pyproject.toml cannot say by itself (everything else is there).

The data files (fonts with their licences, example decks, recipes — the German ones in
``de/`` beside the English) stay in the
top-level ``assets/`` folder of the checkout, and ship inside the package as
``companion.assets``: installed from a wheel, they sit in ``site-packages/companion/assets/``
and are found through importlib.resources (``companion.core.paths``). Setuptools maps
a package to another folder with ``package_dir``, but pyproject.toml cannot add such a
package to the ones it finds, so the package list is made here: every package under
``companion/`` (found, so a new game needs no edit here) and ``companion.assets``.
The translation catalogs (``locale/<lang>/LC_MESSAGES/*.po``, read at run time) ship
beside the package they belong to: ``companion/locale/`` and each game's folder; the
browser build's page, worker and service worker (``companion/web/site/``) beside its builder.
"""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["companion", "companion.*"]), "companion.assets"],
    package_dir={"companion.assets": "assets"},
    package_data={"": ["locale/*/LC_MESSAGES/*.po"], "companion.web": ["site/*"],
                  "companion.assets": ["decks/*.json", "decks/*/*.json", "recipes/*.json", "recipes/*/*.json",
                                       "fonts/*.ttf", "fonts/*.txt", "fonts/*.md", "fonts/*.json"]},
)
