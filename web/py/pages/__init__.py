"""The four pages, one package each (game, replay, demo, history): its entry (main.py) and the
modules only it uses. A page imports dom and core, never another page."""
