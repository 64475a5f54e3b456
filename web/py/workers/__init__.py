"""The bots' workers' Python: no page and no DOM module. bot_worker.py is the PyScript worker's
script; bot_tasks.py what it and the review's worker (review-worker.mjs) compute."""
