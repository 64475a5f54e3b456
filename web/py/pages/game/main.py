"""The game page's entry, the script PyScript runs once Pyodide has started (index.html).

The glue is in rooms (docs/web.md): core/ (pure: session, panels, the station's layout and
render, storage, ...), dom/ (the browser: DOM helpers, the bots' workers, the packages),
pages/game/ (boot.py loads the wheels and starts the game; app.py wires the page; play/ the
board, buttons and dialogs). Every choice offered comes from `game.legal_actions()`, every
refusal is the engine's `IllegalAction`.
"""

from pages.game import boot


async def main() -> None:
    """The game page's boot (boot.run)."""
    await boot.run()


# Run as the page's script (__main__: PyScript, page-boot.mjs), the awaitable this last expression
# gives is awaited before the script counts as done; imported (CPython, the tests) it does nothing.
main() if __name__ == "__main__" else None

