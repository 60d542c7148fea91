"""The translations of the burger game's own words (:mod:`companion.core.i18n`): its catalog is
``locale/<lang>/LC_MESSAGES/burger.po`` in this folder, kept with
``python -m companion.core.catalogs update burger``.

    from companion.games.burger.i18n import _, ngettext, pgettext
"""

from __future__ import annotations

from pathlib import Path

from companion.core.i18n import N_, Domain

DOMAIN = Domain("burger", Path(__file__).resolve().parent / "locale")
_ = DOMAIN.gettext
ngettext = DOMAIN.ngettext
pgettext = DOMAIN.pgettext

__all__ = ["DOMAIN", "N_", "_", "ngettext", "pgettext"]
