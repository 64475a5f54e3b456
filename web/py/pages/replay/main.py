"""The replay page's entry, the script page-boot.mjs runs once Pyodide has started
(replay.html): the page itself is page.py, in the glue archive. The tests hold this file's
request back to catch the page before its Python runs."""

from pages.replay import page


async def main() -> None:
    """The replay page's boot (page.main)."""
    await page.main()


# Run as the page's script (__main__: PyScript, page-boot.mjs), the awaitable this last expression
# gives is awaited before the script counts as done; imported (CPython, the tests) it does nothing.
main() if __name__ == "__main__" else None
