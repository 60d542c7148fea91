"""Printables: score sheets and rules cards as PDFs.

``companion.pdf.api`` has what the CLI and the app call (``build_score_sheet``,
``build_rules_card``, ``build_all``); ``layout`` is the pure page maths; ``model``
the plain data a game's ``printable.py`` returns; ``document`` the one document base.
"""
