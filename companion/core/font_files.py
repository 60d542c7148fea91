"""The fonts companion ships (``assets/fonts/``), by family: what the screens register
(:mod:`companion.ui.fonts`) and what ``companion serve`` answers Flutter's own fallback
requests with (:mod:`companion.net.client_page`)."""

#: family → font file, relative to the app's assets (``companion.core.paths.ASSETS``)
FONTS = {
    "DejaVu Sans": "fonts/DejaVuSans.ttf",
    "Droid Sans Fallback": "fonts/DroidSansFallbackFull.ttf",
    "NanumSquare": "fonts/NanumSquareR.ttf",
}
