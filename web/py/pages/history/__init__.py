"""Your games (history.html): main.py is the entry page-boot.mjs runs."""
