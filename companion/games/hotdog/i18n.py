"""The translations of Hot Dog's own words: this folder's domain (:func:`companion.core.i18n.domain`),
its catalog ``locale/<lang>/LC_MESSAGES/hotdog.po``, kept with
``python -m companion.devtools.catalogs update hotdog``.

    from companion.games.hotdog.i18n import _, ngettext, pgettext
"""

from companion.core.i18n import N_, domain

DOMAIN = domain(__name__.rsplit(".", 1)[0])
_, ngettext, pgettext = DOMAIN.gettext, DOMAIN.ngettext, DOMAIN.pgettext

__all__ = ["DOMAIN", "N_", "_", "ngettext", "pgettext"]
