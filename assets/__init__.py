"""companion's data files, shipped inside the package as ``companion.assets``: fonts
(with their licences), example sales decks and burger recipes. Nothing to import:
``companion.core.paths`` finds this folder through importlib.resources."""
