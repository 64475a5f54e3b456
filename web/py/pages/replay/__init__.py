"""The replay viewer and its review (replay.html): main.py is the entry page-boot.mjs runs."""
