"""Small reusable pieces of the app's screens, one per file; stateless: they show
the plain data they are given and report taps through callbacks."""

from companion.core.grid import GridRow
from companion.ui.widgets.card import card
from companion.ui.widgets.error_text import error_text
from companion.ui.widgets.grid import ScoreGrid
from companion.ui.widgets.heading import bold, heading
from companion.ui.widgets.icon_button import icon_button
from companion.ui.widgets.named import accessible
from companion.ui.widgets.number_chips import NumberChips
from companion.ui.widgets.rulings import ruling_lines
from companion.ui.widgets.stepper import Stepper

__all__ = ["GridRow", "NumberChips", "ScoreGrid", "Stepper", "accessible", "bold", "card", "error_text", "heading",
           "icon_button", "ruling_lines"]
