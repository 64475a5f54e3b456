"""history.html's script, run by demo-boot.mjs: the page itself is history_page.py (in the
glue archive, compressed: this file is fetched on its own)."""

import history_page

await history_page.main()  # noqa: F704  (run with runPythonAsync: top-level await)
