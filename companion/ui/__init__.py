"""The app shell (Flet). Thin: it renders state and sends inputs; the rules live in games/."""
