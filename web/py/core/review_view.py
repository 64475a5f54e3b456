"""The review panel of replay.html as HTML and SVG: the win-chance curve (svgwrite, like the
board), its text table, the turning points and the progress line. Pure functions of a
bots.review result (ReviewResult), no DOM, so they are tested on CPython against the real
engine (tests/test_web_review.py). The review's worker draws them (bot_tasks.ReviewTask);
the page's main thread only sets the strings and moves the marker by the `marks`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import Any, TypedDict
from xml.etree import ElementTree as ET

import svgwrite

from intruder_core.bots.review import (
    NO_MISTAKES,
    Mistake,
    Point,
    ReviewResult,
    TurningPoint,
    pct,
    source_words,
    when,
)

# The drawing's own units: small enough that its text, scaled to a phone's width (about 350
# CSS px), stays at least 11 px high (TEXT units of 480).
W, H = 480, 204
LEFT, RIGHT, TOP, BOTTOM = 58, 8, 24, 54  # BOTTOM: the turn labels, then the legend's row
TEXT = 16
FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif'
STYLE = f"""
.review-chart {{ font-family: {FONT}; }}
.review-chart .win {{ fill: #2f8f5b; }}
.review-chart .draw {{ fill: #8a93a3; }}
.review-chart .loss {{ fill: #a8423f; }}
.review-chart .axis {{ fill: #e9f1fb; font-size: {TEXT}px; }}
.review-chart .grid {{ stroke: #e9f1fb; stroke-opacity: .35; stroke-width: 1; }}
.review-chart .here {{ stroke: #ffd166; stroke-width: 3; }}
.review-chart .tp {{ stroke: #ffffff; stroke-width: 1.5; stroke-dasharray: 4 3; }}
.review-chart .tp-no {{ fill: #ffffff; font-size: {TEXT}px; font-weight: 700; }}
.review-chart .sampled {{ fill: #ffffff; stroke: #10141c; stroke-width: 1.5; }}
.review-chart .key {{ fill: #e9f1fb; font-size: {TEXT}px; }}
"""
# The legend's entries, left to right: (class of its swatch, words); drawn in the chart's
# last row, so the colours are told where they are seen (issue 30: the legend visible).
LEGEND = (("win", "Win"), ("draw", "Draw"), ("loss", "Loss"))
E = svgwrite.Drawing(profile="full", debug=False)  # an element factory (aria-* attributes)


class Mark(TypedDict):
    """What the main thread keeps of a point: where it is and its words (the slider's value)."""
    step: int
    turn: int
    words: str


def _n(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def x_of(i: int, count: int) -> float:
    """The x of the i-th of `count` points."""
    return LEFT + (W - LEFT - RIGHT) * (i / max(count - 1, 1))


def y_of(share: float) -> float:
    """The y of a share (0 at the bottom, 1 at the top)."""
    return TOP + (H - TOP - BOTTOM) * (1 - share)


def point_words(p: Point) -> str:
    """A point in words, for its table row and the chart's value text."""
    f = p["figure"]
    return (f"Action {p['step']}, Turn {p['turn']}, {p['phase_name']}: win {pct(f['win'])}, "
            f"draw {pct(f['draw'])}, loss {pct(f['loss'])} ({source_words(f)})")


def marks(res: ReviewResult) -> list[Mark]:
    """The points as the page's main thread needs them to move the marker and the slider."""
    return [{"step": p["step"], "turn": p["turn"], "words": point_words(p)}
            for p in res["points"]]


def here_x(k: int, count: int) -> str:
    """The x of the replay-step marker at the k-th of `count` points (its line's x1 and x2)."""
    return _n(x_of(k, count))


def current_index(points: Sequence[Mapping[str, Any]], at: int) -> int:
    """The point shown for replay step `at`: the last decision at or before it."""
    best = 0
    for k, p in enumerate(points):
        if p["step"] <= at:
            best = k
    return best


def point_at(points: Sequence[Mapping[str, Any]], fraction: float) -> int:
    """The step of the point nearest a fraction of the chart's width (a click or tap)."""
    if not points:
        return 0
    inner = (fraction * W - LEFT) / (W - LEFT - RIGHT)
    k = round(min(max(inner, 0.0), 1.0) * (len(points) - 1))
    return int(points[k]["step"])


def neighbour(points: Sequence[Mapping[str, Any]], at: int, key: str) -> int:
    """The step a key takes the chart's slider to from step `at` (arrows: the next decision;
    Page Up/Down: the next turn; Home/End), or `at` for any other key."""
    if not points:
        return at
    k = current_index(points, at)
    turn = points[k]["turn"]
    if key in ("ArrowRight", "ArrowUp"):
        k = min(k + 1, len(points) - 1)
    elif key in ("ArrowLeft", "ArrowDown"):
        k = max(k - 1, 0)
    elif key == "PageDown":
        k = next((j for j in range(k, len(points)) if points[j]["turn"] > turn), len(points) - 1)
    elif key == "PageUp":
        k = next((j for j in range(k, -1, -1) if points[j]["turn"] < turn), 0)
    elif key == "Home":
        k = 0
    elif key == "End":
        k = len(points) - 1
    else:
        return at
    return int(points[k]["step"])


def _band(points: Sequence[Point], low: Callable[[Point], float],
          high: Callable[[Point], float], cls: str) -> Any:
    n = len(points)
    top = [f"{x_of(i, n):.1f},{y_of(high(p)):.1f}" for i, p in enumerate(points)]
    bottom = [f"{x_of(i, n):.1f},{y_of(low(p)):.1f}" for i, p in
              reversed(list(enumerate(points)))]
    return E.path(d="M" + " L".join(top + bottom) + " Z", class_=cls)  # one string: fast


def spread(xs: Sequence[float], gap: float, high: float = float(W - RIGHT)) -> list[float]:
    """Where labels at these x (ascending) go so that no two are closer than `gap` and none
    is right of `high`: each pushed right of the one before it as far as needed (turning
    points a decision apart read "2 3", not "23"), then back left from `high` if the last
    went past it."""
    out: list[float] = []
    for x in xs:
        out.append(max(x, out[-1] + gap) if out else x)
    for k in range(len(out) - 1, -1, -1):
        out[k] = min(out[k], high if k == len(out) - 1 else out[k + 1] - gap)
    return out


LABEL_GAP = TEXT * 2.6  # the least distance between two turn labels' centres ("T40" is ~2)


def _turn_labels(points: Sequence[Point]) -> list[tuple[int, int]]:
    """(point index, turn) where each shown turn begins: a turn's label is left out when it
    would come within LABEL_GAP of the one before it, or past the chart's right edge, so
    that labels never touch however many turns and decisions a game has."""
    n = len(points)
    shown: list[tuple[int, int]] = []
    last_x = -LABEL_GAP
    for i, p in enumerate(points):
        if i and p["turn"] == points[i - 1]["turn"]:
            continue  # not where its turn begins
        x = x_of(i, n)
        if x - last_x >= LABEL_GAP and x + LABEL_GAP / 2 <= W:
            shown.append((i, p["turn"]))
            last_x = x
    return shown


def _legend(axis: Any) -> None:
    """The legend's row under the turn labels: a swatch and its word per band, then the
    turning points' mark."""
    x, y = float(LEFT), float(H - 6)
    for cls, word in LEGEND:
        axis.add(E.rect((_n(x), _n(y - TEXT + 3)), (TEXT - 2, TEXT - 2), class_=cls))
        axis.add(E.text(word, insert=(_n(x + TEXT + 2), _n(y)), class_="key"))
        x += TEXT + 2 + TEXT * 0.62 * len(word) + TEXT
    axis.add(E.line((_n(x + 4), _n(y - TEXT + 3)), (_n(x + 4), _n(y + 1)), class_="tp"))
    axis.add(E.text("turning point", insert=(_n(x + 12), _n(y)), class_="key"))


def chart_svg(res: ReviewResult, at: int) -> str:
    """The crew's win chance across the game, with the draw and loss bands above it, the
    turning points numbered and the replay's step marked; a slider for the keyboard and
    screen readers (pages/replay/page.py moves it), whose value is the current point in words."""
    points = res["points"]
    dwg = svgwrite.Drawing(profile="full", debug=False, size=("100%", "100%"))
    del dwg.attribs["height"]
    k = current_index(points, at)
    dwg.attribs.update({
        "viewBox": f"0 0 {W} {H}", "class": "review-chart", "id": "review-chart-svg",
        "role": "slider", "tabindex": "0", "aria-label": "Win chance across the game",
        "aria-valuemin": "0", "aria-valuemax": str(max(len(points) - 1, 0)),
        "aria-valuenow": str(k),
        "aria-valuetext": point_words(points[k]) if points else "No figures yet",
        "aria-describedby": "review-keys review-status", "preserveAspectRatio": "xMidYMid meet",
    })
    dwg.defs.add(dwg.style(STYLE))
    dwg.add(svgwrite.base.Title("The crew's chance: win (green, below), draw (grey), loss "
                                "(red, above)"))
    if points:
        dwg.add(_band(points, lambda p: 0.0, lambda p: p["figure"]["win"], "win"))
        dwg.add(_band(points, lambda p: p["figure"]["win"],
                      lambda p: p["figure"]["win"] + p["figure"]["draw"], "draw"))
        dwg.add(_band(points, lambda p: p["figure"]["win"] + p["figure"]["draw"],
                      lambda p: 1.0, "loss"))
    axis = E.g(aria_hidden="true")
    for share in (0.0, 0.5, 1.0):
        y = y_of(share)
        axis.add(E.line((LEFT, _n(y)), (W - RIGHT, _n(y)), class_="grid"))
        axis.add(E.text(pct(share), insert=(LEFT - 6, _n(y + TEXT / 3)), class_="axis",
                        text_anchor="end"))
    for i, turn in _turn_labels(points):
        axis.add(E.text(f"T{turn}", insert=(_n(x_of(i, len(points))), H - BOTTOM + TEXT + 9),
                        class_="axis", text_anchor="middle"))
    _legend(axis)
    n = len(points)
    for i, p in enumerate(points):
        if p["figure"]["source"] == "samples":
            axis.add(E.circle((_n(x_of(i, n)), _n(y_of(p["figure"]["win"]))), 4,
                              class_="sampled"))
    index = {p["step"]: i for i, p in enumerate(points)}
    marks = sorted((x_of(index[tp["step"]], n), str(tp["rank"])) for tp in res["turning"]
                   if tp["step"] in index)
    spots = spread([mx for mx, _ in marks], TEXT, W - RIGHT - TEXT / 2)
    for (mx, rank), label_x in zip(marks, spots, strict=True):
        axis.add(E.line((_n(mx), TOP), (_n(mx), H - BOTTOM), class_="tp"))
        axis.add(E.text(rank, insert=(_n(label_x), TOP - 6), class_="tp-no", text_anchor="middle"))
    if points:
        x = here_x(k, n)
        axis.add(E.line((x, TOP), (x, H - BOTTOM), class_="here", id="review-here"))
    dwg.add(axis)
    return ET.tostring(dwg.get_xml(), encoding="unicode")


def table_html(res: ReviewResult, at: int) -> str:
    """The curve as a table: a row per decision, each with a button to show it."""
    points = res["points"]
    k = current_index(points, at)
    rows = []
    for i, p in enumerate(points):
        f = p["figure"]
        here = ' class="here" aria-current="step"' if i == k else ""
        rows.append(
            f"<tr{here} data-expected=\"{f['expected']:.6f}\"><th scope=\"row\">"
            f"<button type=\"button\" data-command=\"goto\" "
            f"data-step=\"{p['step']}\" aria-label=\"Show action {p['step']}\">{p['step']}"
            f"</button></th><td>{p['turn']}: {escape(p['phase_name'])}</td>"
            f"<td>{pct(f['win'])}</td><td>{pct(f['draw'])}</td><td>{pct(f['loss'])}</td>"
            f"<td>{escape(source_words(f))}</td></tr>")
    return ('<table class="chart review-table"><caption>The crew\'s chance at each '
            'decision</caption><thead><tr><th scope="col">Action</th>'
            '<th scope="col">Turn: phase</th><th scope="col">Win</th><th scope="col">Draw</th>'
            '<th scope="col">Loss</th><th scope="col">Figure</th></tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table>")


def turning_html(res: ReviewResult, fork_href: Callable[[int], str]) -> str:
    """The turning points (the player's costly choices first, then luck), each with Show
    (the replay at that step) and Try again from here (a new game from the record up to that
    step: `fork_href(step)`)."""
    items = []
    for tp in res["turning"]:
        items.append(_turning_item(tp, fork_href(tp["fork"])))
    if not items:
        return ('<li class="muted">No turning points yet.</li>' if not res["done"]
                else f'<li class="muted">{escape(res["verdict"] or NO_MISTAKES)}</li>')
    return "".join(items)


def _turning_item(tp: TurningPoint, href: str) -> str:
    """A turning point: its sentence (outcome first) and when it was, then one row of Show,
    Try again from here and its figures behind a disclosure (a row of its own when open)."""
    n = tp["rank"]
    return (f'<li data-kind="{tp["kind"]}" data-step="{tp["step"]}">'
            f'<p><strong class="tp-kind">{n}.</strong> '
            f'<span class="tp-text">{escape(tp["text"])}</span> '
            f'<span class="tp-when muted">({escape(when(tp))})</span></p>'
            f'<div class="tp-buttons">'
            f'<button type="button" data-command="goto" data-step="{tp["step"]}" '
            f'aria-label="Show turning point {n}">Show</button>'
            f'<a class="button" href="{escape(href)}" '  # the same tab: Back returns
            f'data-fork="{tp["fork"]}" aria-label="Try again from here, turning point {n}">'
            f"Try again from here</a>"
            f'<details class="tp-figures"><summary aria-label="Figures of turning point {n}">'
            f'Figures</summary><p>{escape(tp["figures"])}</p></details></div></li>')


def status_text(res: Mapping[str, Any] | None, error: str = "") -> str:
    """Where the review is, in words."""
    if error:
        return f"The review stopped: {error}"
    if res is None:
        return "Starting the review…"
    if res.get("error"):
        return f"This game cannot be reviewed: {res['error']}"
    n = len(res["points"])
    if res["done"]:
        left = int(res.get("unchecked", 0))
        untold = (f" {left} more swing{'s' if left > 1 else ''} not checked in time, so "
                  "not listed." if left else "")
        return f"Reviewed: {n} decisions in {float(res['seconds']):.0f} s.{untold} {res['note']}"
    if res["stage"] == 1:
        return f"Scoring every decision with the value model… {pct(res['progress'])}"
    return f"Refining the largest swings with sampled games… {pct(res['progress'])}"


# --- learn from your mistakes (issue 30 item 3) -----------------------------------------------

def learn_offer(mistakes: Sequence[Mistake]) -> str:
    """The button's words that open the mistakes mode."""
    n = len(mistakes)
    return f"Learn from your mistakes ({n})" if n else ""


def learn_where(m: Mistake, k: int, count: int) -> str:
    """Which mistake this is, and where in the game."""
    return f"Mistake {k + 1} of {count}: {when(m)}"


def learn_ask(m: Mistake) -> str:
    """The question, without the advisor's move."""
    return (f"You played {m['played']}, and your chance fell about {m['lost']} points. "
            "Find a better move.")


def learn_options_html(m: Mistake) -> str:
    """The moves the player may try there, as a select's options (the one played marked)."""
    return "".join(
        f'<option value="{k}">{escape(c["label"])}'
        f'{" (the move you played)" if c["label"] == m["played"] else ""}</option>'
        for k, c in enumerate(m["choices"]))


def learn_show_me(m: Mistake) -> str:
    """The advisor's move, when the player asks for it."""
    return f"The advisor's move: {m['advisor']} (about {m['lost']} points better than yours)."


def learn_end(learnt: int, count: int) -> str:
    """The mode's last words."""
    return f"That was the last mistake: you found a better move for {learnt} of {count}."
