"""The balance lab: many seeded games by one crew policy, summarized with confidence intervals.

    python -m intruder_core simulate --games 400 --policy heuristic --difficulty hard \\
        --jobs 2 --out report.json --plot report.svg

Each game is played by the referee (`bots.play`) from seed s (the game's dice and the policy's
generator both come from s), so a report depends only on its arguments: `--jobs K` splits the
seeds over K processes and `--dask ADDRESS` over a Dask cluster (bots.lab_dask), and both
merge them in seed order, identical to one process. Every runner plays a game with `play_job`.
Outcome rates carry Wilson 95% intervals. The SVG report (`--plot`) is drawn with svgwrite and
`--dask` needs dask.distributed (both in the "lab" extra). `--positions FILE` also writes the
crew positions of every game with its outcome, the value model's training data (value_fit).
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Literal, NamedTuple, NotRequired, Protocol, TextIO, TypedDict

from ..actions import Action
from ..game import Game, new_game
from ..json_types import Options
from ..odds_tally import OUTCOMES
from ..station import COMPARTMENTS
from ..view import View
from . import intruder_ai, make_policy, play
from .policy import MAX_ACTIONS, MAX_TURNS, Choice, Played, Policy
from .value import features
from .value_fit import PositionRow

LAB_SCENARIOS = ("solitaire", "return_to_prometheus", "intelligent_intruder")  # crew is a side
ENDINGS = ("killed", "frozen", "caged", "self-destruct", "stowaway/escape", "all crew dead",
           "unfinished")
Z95 = 1.959963984540054
Measure = Literal["score", "turns", "dead", "stage"]  # the per-game numbers with a distribution


class GameRecord(TypedDict):
    """One game of a run: its outcome and the facts the report counts."""

    seed: int
    outcome: str
    score: int
    turns: int
    actions: int
    dead: int
    escaped_crew: int
    stage: int
    intruders: int
    killed: int
    frozen: int
    caged: int
    ending: NotRequired[str]  # ending(): filled in once the facts are counted


class Rate(TypedDict):
    count: int
    rate: float


class OutcomeRate(Rate):
    ci95: list[float]  # Wilson 95% interval


class Distribution(TypedDict, total=False):
    """A measure over the games (empty for no games)."""

    mean: float
    sd: float
    min: float
    max: float
    median: float
    p10: float
    p90: float
    histogram: dict[str, int]


class Meta(TypedDict):
    """What a run was asked for (the report's heading)."""

    policy: str
    difficulty: str
    seed: int
    policy_args: NotRequired[dict[str, object]]
    scenario: NotRequired[str]  # only when not the solitaire game


class Report(Meta):
    """The balance lab's report (summarize); `text` also shows seconds and jobs."""

    games: int
    outcomes: dict[str, OutcomeRate]
    score: Distribution
    turns: Distribution
    dead: Distribution
    stage: Distribution
    endings: dict[str, Rate]


class TimedReport(Report, total=False):
    """A report with how long the run took, for the terminal (text)."""

    seconds: float
    jobs: int


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for k successes in n trials (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


class Job(NamedTuple):
    """One game of a run, as every runner (one process, --jobs, --dask) is handed it."""

    seed: int
    policy: str
    difficulty: str
    policy_args: dict[str, object]
    scenario: str = "solitaire"
    positions: bool = False  # also return the crew positions (simulate --positions)


GameOut = tuple[GameRecord, list[PositionRow]]
Seen = tuple[int, str, str, dict[str, float]]  # a position: turn, phase, step, features


class Recorder:
    """A crew policy that notes the positions the value model learns from (the crew view at
    the start of every Crew Movement Phase and at every Self Defense), then lets `inner`
    choose: the game goes exactly as without it."""

    def __init__(self, inner: Policy, rows: list[Seen]) -> None:
        self.inner = inner
        self.name = inner.name
        self.rows = rows
        self.last: tuple[int, str] | None = None

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Choice:
        if sample_point(view, self.last):
            self.rows.append((view["turn"], view["phase"], view["decision"]["step"],
                              features(view)))
            self.last = (view["turn"], view["phase"])
        return self.inner.choose(view, legal, rng)


def sample_point(view: View, last: tuple[int, str] | None) -> bool:
    """Whether the value model learns from this crew decision: the first of a Crew Movement
    Phase (`last` is the (turn, phase) of the previous sample) or a Self Defense."""
    step = view["decision"]["step"]
    return (step == "move" and (view["turn"], view["phase"]) != last) or step == "defense"


def play_sides(game: Game, crew: Policy, rng: random.Random,
               max_turns: int = MAX_TURNS) -> Played:
    """The referee of a game with an Intruder side (Intelligent Intruder): `crew` plays the
    crew from its view, intruder_ai the Intruder from its own; both draw on `rng`."""
    out = Played()
    while not game.is_over:
        if game.turn > max_turns or out.actions >= MAX_ACTIONS:
            out.finished = False
            break
        side = game.to_move()[0]
        legal = game.legal_actions(side)
        bot = intruder_ai.choose if side == "intruder" else crew.choose
        action, _ = bot(game.view(side), legal, rng)
        game.apply(action)
        out.actions += 1
    out.turns = game.turn
    return out


def play_one(seed: int, policy: str, difficulty: str = "standard",
             policy_args: dict[str, object] | None = None, scenario: str = "solitaire",
             positions: list[PositionRow] | None = None) -> GameRecord:
    """One game from `seed`: its outcome and the facts the report counts; with `positions`
    (a list), the crew positions of the game are appended to it."""
    if scenario not in LAB_SCENARIOS:
        raise ValueError(f"the lab plays the crew in {', '.join(LAB_SCENARIOS)}, "
                         f"not {scenario!r}")
    options: Options | None = None if difficulty == "standard" else {"difficulty": difficulty}
    g = new_game(seed=seed, scenario=scenario, options=options)
    kw = dict(policy_args or {})
    if policy == "search":
        kw.setdefault("seed", seed)
    bot = make_policy(policy, **kw)
    seen: list[Seen] = []
    if positions is not None:
        bot = Recorder(bot, seen)
    if "intruder" in g.players:
        r = play_sides(g, bot, random.Random(seed))
    else:
        r = play(g, bot, random.Random(seed))
    intruders = [c for c in g.counters.values() if c.kind == "intruder" and c.at != "reserve"]
    caged = sum(1 for e in g.ledger if e["what"] == "Intruder permanently caged")
    out: GameRecord = {
        "seed": seed,
        "outcome": g.result["outcome"] if r.finished and g.result else "unfinished",
        "score": sum(int(e["points"]) for e in g.ledger),
        "turns": r.turns,
        "actions": r.actions,
        "dead": sum(1 for c in g.crew.values() if c.status == "dead"),
        "escaped_crew": sum(1 for c in g.crew.values() if c.status == "escaped"),
        "stage": g.stage,
        "intruders": len(intruders),
        "killed": sum(1 for c in intruders if c.at == "killed"),
        "frozen": sum(1 for c in intruders if c.at == "frozen"),
        "caged": caged,
    }
    out["ending"] = ending(g, out, r.finished)
    if positions is not None:
        positions.extend({"seed": seed, "scenario": scenario, "difficulty": difficulty,
                          "turn": turn, "phase": phase, "step": step, "features": f,
                          "outcome": out["outcome"]} for turn, phase, step, f in seen)
    return out


def play_job(job: Job) -> GameOut:
    """Play one game of a run: the one home of "play game i" for every runner."""
    rows: list[PositionRow] = []
    record = play_one(job.seed, job.policy, job.difficulty, job.policy_args, job.scenario,
                      rows if job.positions else None)
    return record, rows


def ending(g: Game, facts: GameRecord, finished: bool) -> str:
    """How the game ended, in the report's categories."""
    if not finished:
        return "unfinished"
    if any(c.kind == "intruder" and c.at == "escaped" for c in g.counters.values()):
        return "stowaway/escape"
    if g.destroyed:
        return "self-destruct"
    if not any(c.status == "active" and c.at in COMPARTMENTS for c in g.crew.values()) and \
            not facts["escaped_crew"]:
        return "all crew dead"
    if facts["frozen"]:
        return "frozen"
    if facts["caged"]:
        return "caged"
    return "killed"


def make_jobs(games: int, policy: str = "heuristic", seed: int = 0,
              difficulty: str = "standard", policy_args: dict[str, object] | None = None,
              scenario: str = "solitaire", positions: bool = False) -> list[Job]:
    """The games of a run: seeds seed .. seed+games-1."""
    return [Job(s, policy, difficulty, dict(policy_args or {}), scenario, positions)
            for s in range(seed, seed + games)]


def run_jobs(todo: list[Job], jobs: int = 1, dask: str | None = None,
             progress: Callable[[int, int], None] | None = None) -> list[GameOut]:
    """Play the games in one process, `jobs` processes or on the Dask cluster at `dask`
    ("local" or a scheduler's address); the results in seed order, whichever runs them."""
    out: list[GameOut] = []
    if dask is not None:
        from .lab_dask import run_jobs as on_dask  # imports dask.distributed: when asked for

        out = on_dask(todo, dask, workers=jobs, progress=progress)
    elif jobs <= 1:
        for job in todo:
            out.append(play_job(job))
            if progress:
                progress(len(out), len(todo))
    else:
        import multiprocessing as mp

        with mp.get_context("spawn").Pool(jobs) as pool:
            for done in pool.imap_unordered(play_job, todo, chunksize=1):
                out.append(done)
                if progress:
                    progress(len(out), len(todo))
    return sorted(out, key=lambda r: int(r[0]["seed"]))


def run(games: int, policy: str = "heuristic", seed: int = 0, difficulty: str = "standard",
        jobs: int = 1, policy_args: dict[str, object] | None = None,
        progress: Callable[[int, int], None] | None = None, scenario: str = "solitaire",
        dask: str | None = None) -> list[GameRecord]:
    """Play seeds seed .. seed+games-1; the per-game records in seed order."""
    todo = make_jobs(games, policy, seed, difficulty, policy_args, scenario)
    return [record for record, _ in run_jobs(todo, jobs, dask, progress)]


def summarize(records: list[GameRecord], meta: Meta) -> Report:
    """The report: outcome rates with Wilson 95% intervals and the distributions."""
    n = len(records)
    outcomes = Counter(r["outcome"] for r in records)
    rates: dict[str, OutcomeRate] = {}
    for o in OUTCOMES:
        lo, hi = wilson(outcomes[o], n)
        rates[o] = {"count": outcomes[o], "rate": outcomes[o] / n if n else 0.0,
                    "ci95": [lo, hi]}

    def dist(key: Measure) -> Distribution:
        values = sorted(float(r[key]) for r in records)
        if not values:
            return {}
        mean = sum(values) / len(values)
        sd = math.sqrt(sum((v - mean) ** 2 for v in values) / max(len(values) - 1, 1))
        return {"mean": mean, "sd": sd, "min": values[0], "max": values[-1],
                "median": values[len(values) // 2],
                "p10": values[len(values) // 10], "p90": values[(9 * len(values)) // 10],
                "histogram": {str(int(v) if v == int(v) else v): c
                              for v, c in sorted(Counter(values).items())}}

    endings = Counter(r["ending"] for r in records)
    return {
        **meta,
        "games": n,
        "outcomes": rates,
        "score": dist("score"),
        "turns": dist("turns"),
        "dead": dist("dead"),
        "stage": dist("stage"),
        "endings": {e: {"count": endings[e], "rate": endings[e] / n if n else 0.0}
                    for e in ENDINGS if endings[e] or e != "unfinished"},
    }


class Progress:
    """A progress bar on stderr: done/total, elapsed and the estimate of what is left."""

    def __init__(self, stream: TextIO = sys.stderr, width: int = 30) -> None:
        self.stream = stream
        self.width = width
        self.t0 = time.perf_counter()

    def __call__(self, done: int, total: int) -> None:
        elapsed = time.perf_counter() - self.t0
        left = elapsed / done * (total - done) if done else 0.0
        filled = self.width * done // max(total, 1)
        bar = "#" * filled + "." * (self.width - filled)
        self.stream.write(f"\r[{bar}] {done}/{total} games  {elapsed:5.0f} s elapsed, "
                          f"~{left:4.0f} s left ")
        if done == total:
            self.stream.write("\n")
        self.stream.flush()


# --- the SVG report (hand-drawn: rectangles, lines and text) -------------------------------

Bar = tuple[str, float, "tuple[float, float] | None"]


class _Shape(Protocol):
    """An svgwrite element: a rectangle's hover text is its description."""

    def set_desc(self, title: str) -> object: ...


class _Canvas(Protocol):
    """What the report's panels draw with: an svgwrite Drawing (an optional extra)."""

    def add(self, element: _Shape) -> object: ...
    def rect(self, **attributes: object) -> _Shape: ...
    def line(self, **attributes: object) -> _Shape: ...
    def text(self, text: str, **attributes: object) -> _Shape: ...


def _bars(dwg: _Canvas, x0: float, y0: float, w: float, h: float, title: str,
          items: Iterable[Bar], fmt: Callable[[float], str], top: float | None = None) -> None:
    """One bar chart panel: (label, value, optional error interval) per bar."""
    items = list(items)
    dwg.add(dwg.rect(insert=(x0, y0), size=(w, h), fill="#fafafa", stroke="#ccc"))
    dwg.add(dwg.text(title, insert=(x0 + 10, y0 + 20), font_size=14, font_weight="bold"))
    if not items:
        return
    peak = top if top is not None else max(max(v for _, v, _ in items), 1e-9)
    base = y0 + h - 30
    plot_h = h - 70
    slot = (w - 20) / len(items)
    bar_w = max(min(slot * 0.7, 60), 2)
    dwg.add(dwg.line(start=(x0 + 10, base), end=(x0 + w - 10, base), stroke="#888"))
    for n, (label, value, ci) in enumerate(items):
        cx = x0 + 10 + slot * (n + 0.5)
        bh = plot_h * value / peak
        bar = dwg.rect(insert=(round(cx - bar_w / 2, 1), round(base - bh, 1)),
                       size=(round(bar_w, 1), round(bh, 1)), fill="#4a7ab5")
        bar.set_desc(title=f"{label}: {fmt(value)}")
        dwg.add(bar)
        if ci is not None:
            lo, hi = (base - plot_h * ci[0] / peak, base - plot_h * ci[1] / peak)
            whisker = {"stroke": "#222", "stroke_width": 1.5}
            dwg.add(dwg.line(start=(round(cx, 1), round(lo, 1)), end=(round(cx, 1), round(hi, 1)),
                             **whisker))
            for y in (lo, hi):
                dwg.add(dwg.line(start=(round(cx - 6, 1), round(y, 1)),
                                 end=(round(cx + 6, 1), round(y, 1)), **whisker))
        if len(items) <= 16:
            lx = cx + bar_w / 2 + 3 if ci is not None else cx  # beside the whisker
            dwg.add(dwg.text(fmt(value), insert=(round(lx, 1), round(base - bh - 5, 1)),
                             font_size=11, text_anchor="start" if ci is not None else "middle"))
        if len(items) <= 16 or n % max(len(items) // 12, 1) == 0:
            dwg.add(dwg.text(label, insert=(round(cx, 1), base + 15), font_size=11,
                             text_anchor="middle"))


def svg(report: Report) -> str:
    """The report as one SVG page: outcomes with 95% intervals, endings, and the
    distributions of score, game length, crew deaths and the Intruder's final stage.

    Drawn with svgwrite, like the page's board: an optional extra (`pip install
    intruder-core[lab]`); the engine itself needs nothing beyond the standard library."""
    import svgwrite  # the "lab" extra (pyproject.toml)

    W, H = 980, 1010
    dwg = svgwrite.Drawing(size=(W, H), viewBox=f"0 0 {W} {H}", font_family="sans-serif")
    dwg.add(dwg.rect(insert=(0, 0), size=(W, H), fill="white"))
    dwg.add(dwg.text(f"Intruder balance lab: {report.get('policy')} policy, "
                     f"{report.get('difficulty')} level", insert=(20, 32), font_size=20,
                     font_weight="bold"))
    dwg.add(dwg.text(f"{report['games']} games from seed {report.get('seed')}; bars show "
                     "rates, whiskers Wilson 95% intervals", insert=(20, 54), font_size=13))
    pct = "{:.0%}".format
    oc = report["outcomes"]
    _bars(dwg, 20, 70, 460, 280, "Outcome", [
        (o, oc[o]["rate"], (oc[o]["ci95"][0], oc[o]["ci95"][1])) for o in OUTCOMES
        if oc[o]["count"] or o != "unfinished"], pct, top=1.0)
    en = report["endings"]
    _bars(dwg, 500, 70, 460, 280, "How it ended", [
        (e.replace("stowaway/escape", "escape").replace("all crew dead", "crew dead"),
         en[e]["rate"], None) for e in en], pct, top=1.0)

    def hist(key: Measure) -> list[Bar]:
        h = report[key].get("histogram", {})
        n = max(report["games"], 1)
        return [(k, c / n, None) for k, c in h.items()]

    def binned(key: Measure, width: int) -> list[Bar]:
        h = report[key].get("histogram", {})
        bins: Counter[int] = Counter()
        for k, c in h.items():
            bins[int(float(k) // width * width)] += c
        n = max(report["games"], 1)
        if not bins:
            return []
        edges = range(min(bins), max(bins) + width, width)  # empty bins too: a linear axis
        return [(str(b), bins[b] / n, None) for b in edges]

    s = report["score"]
    _bars(dwg, 20, 370, 460, 300, f"Score (mean {s.get('mean', 0):+.1f})",
          binned("score", 5), pct)
    t = report["turns"]
    _bars(dwg, 500, 370, 460, 300, f"Game length in turns (mean {t.get('mean', 0):.1f})",
          binned("turns", 5), pct)
    d = report["dead"]
    _bars(dwg, 20, 690, 460, 300, f"Crew deaths (mean {d.get('mean', 0):.2f})",
          hist("dead"), pct)
    st = report["stage"]
    _bars(dwg, 500, 690, 460, 300, f"Intruder's final Life Stage (mean "
          f"{st.get('mean', 0):.2f})", hist("stage"), pct)
    return str(dwg.tostring()) + "\n"


def text(report: TimedReport) -> str:
    """A short plain-text summary for the terminal."""
    oc = report["outcomes"]
    scenario = f", {report['scenario']}" if report.get("scenario") else ""
    lines = [f"{report['games']} games, {report['policy']} policy, {report['difficulty']} "
             f"level{scenario}, seeds {report['seed']}..{report['seed'] + report['games'] - 1}"]
    for o in OUTCOMES:
        if oc[o]["count"] or o != "unfinished":
            lo, hi = oc[o]["ci95"]
            lines.append(f"  {o:>10}: {oc[o]['rate']:6.1%}  (95% CI {lo:.1%} - {hi:.1%}, "
                         f"{oc[o]['count']})")
    lines.append("  endings: " + ", ".join(f"{e} {v['rate']:.0%}"
                                           for e, v in report["endings"].items()))
    measures: tuple[tuple[Measure, str], ...] = (
        ("score", "score"), ("turns", "turns"), ("dead", "crew dead"), ("stage", "final stage"))
    for key, what in measures:
        d = report[key]
        if d:
            lines.append(f"  {what:>11}: mean {d['mean']:.2f}, median {d['median']:g}, "
                         f"10-90% {d['p10']:g} - {d['p90']:g}")
    if "seconds" in report:
        per = report["seconds"] / max(report["games"], 1)
        lines.append(f"  {report['seconds']:.1f} s ({per:.2f} s per game, "
                     f"{report.get('jobs', 1)} job(s))")
    return "\n".join(lines)
