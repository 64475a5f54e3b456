"""The rules demos (demo.html): main.py is the entry page-boot.mjs runs."""
