"""Browser glue for Intruder: the script PyScript runs once Pyodide has started.

The glue is split by concern, each module beside this one in web/py/ (put on sys.path by
build.py's pyscript.json):

- boot.py: loads the wheels, starts or resumes the game, tells boot.js (web/boot.js);
- app.py: the game on the page (apply, draw, undo, hand-over, clicks and keys);
- board_input.py: what a click or key on the station plan means (pure);
- advisor.py: Suggest, Autoplay, computer sides and Odds;
- dialogs.py: New game, Share, Export/Import, the rules reference;
- storage.py: localStorage under a prefix (pure, backend injected);
- dom.py: the shared DOM helpers; panels.py, session.py, render.py, layout.py, rulesref.py:
  HTML, undo/share/boot logic, the station plan and the rules texts (pure).

The glue is thin: every choice offered comes from `game.legal_actions()`, every refusal is the
engine's `IllegalAction`. The page contract (data attributes the e2e tests use) is in app.py
and docs/web.md.
"""

import boot

await boot.run()  # noqa: F704  (PyScript runs this file as async top-level code)
