"""What many matches add up to, features of the app over the games' results: the
history's statistics (:mod:`companion.tallies.stats`) and a game night's tally
(:mod:`companion.tallies.night`).

A floor above the core and under the store and the PDFs: it reads matches and results
through the core's game interface and registry, and the store keeps and counts its rows.
Nothing here imports flet or reportlab (a test checks it)."""
