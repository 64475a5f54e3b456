"""The game page (index.html, embed.html): main.py is the script PyScript runs."""
