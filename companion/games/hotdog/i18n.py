"""The translations of Hot Dog's own words (:mod:`companion.core.i18n`): its catalog is
``locale/<lang>/LC_MESSAGES/hotdog.po`` in this folder, kept with
``python -m companion.core.catalogs update hotdog``.

    from companion.games.hotdog.i18n import _, ngettext, pgettext
"""

from __future__ import annotations

from pathlib import Path

from companion.core.i18n import N_, Domain

DOMAIN = Domain("hotdog", Path(__file__).resolve().parent / "locale")
_ = DOMAIN.gettext
ngettext = DOMAIN.ngettext
pgettext = DOMAIN.pgettext

__all__ = ["DOMAIN", "N_", "_", "ngettext", "pgettext"]
