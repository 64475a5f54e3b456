"""The bots' PyScript worker: loads the engine from the site's own wheel and exports
functions that take and return JSON text (bot_tasks.py does the work). No window or document:
the page calls these asynchronously, so no cross-origin isolation is needed.

Started by bot_client.py once the page is interactive; see docs/web.md, "The bots' worker".
"""

import json
import time

_started = time.perf_counter()
# The page's loader (pyodide/loader.mjs, this worker's interpreter) has unpacked the site's
# wheels before this script runs: the engine imports at once.
from workers import bot_tasks  # noqa: E402  (timed: LOAD_MS)

LOAD_MS = round((time.perf_counter() - _started) * 1000)
_odds: bot_tasks.Odds | None = None
_odds_run = 0  # the page's id of the estimate in _odds (an older run's calls are refused)


def hello() -> str:
    """What the worker runs: engine version and how long loading the wheel took."""
    import intruder_core
    return json.dumps({"engine": str(intruder_core.__version__),
                       "load_ms": LOAD_MS})


def choose(request: str) -> str:
    """A bot's decision (bot_tasks.choose) for {"state", "side", "policy", "budget_s", "seed"}."""
    req = json.loads(request)
    try:
        return json.dumps(bot_tasks.choose(req["state"], req["side"],
                                           req.get("policy", "heuristic"),
                                           float(req.get("budget_s", bot_tasks.ADVISOR_S)),
                                           int(req.get("seed", 0))))
    except Exception as exc:
        return json.dumps({"error": f"{type(exc).__name__}: {exc}"})


def odds_start(request: str) -> str:
    """Start an estimate for {"state", "side", "samples", "seed", "run"} (replacing any
    other)."""
    global _odds, _odds_run
    req = json.loads(request)
    _odds_run = int(req.get("run", 0))
    try:
        _odds = bot_tasks.Odds(req["state"], req["side"], int(req["samples"]), int(req["seed"]))
    except Exception as exc:
        _odds = None
        return json.dumps({"error": f"{type(exc).__name__}: {exc}"})
    return json.dumps({"started": True})


def odds_play(request: str) -> str:
    """Outcome counts of the started estimate's samples {"indices": [...], "run"} (a pool of
    workers shares one run by index), with the worker's milliseconds; {"stale": true} if
    that run is no longer the worker's."""
    req = json.loads(request)
    if _odds is None or int(req.get("run", 0)) != _odds_run:
        return json.dumps({"stale": True})  # that run was stopped or replaced
    start = time.perf_counter()
    try:
        counts = _odds.play([int(i) for i in req["indices"]])
    except Exception as exc:
        return json.dumps({"error": f"{type(exc).__name__}: {exc}"})
    return json.dumps({"counts": counts, "ms": round((time.perf_counter() - start) * 1000, 1)})


def odds_stop(run: int = -1) -> str:
    """Drop the running estimate (only if it is run `run`, when given)."""
    global _odds
    if run in (-1, _odds_run):
        _odds = None
    return "{}"


__export__ = ["hello", "choose", "odds_start", "odds_play", "odds_stop"]
