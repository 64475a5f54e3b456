"""The replay viewer (replay.html) and the tutorial's entry points on the game page."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import Problems, Site
from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "web" / "py"))
import intruder_core as ic  # noqa: E402
from core import session  # noqa: E402
from intruder_core.bots import balance as lab  # noqa: E402

Boot = Callable[[str], dict[str, str]]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def a_game(seed: int = 3, n: int = 60) -> ic.Game:
    g = ic.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(n):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_replay_from_a_share_link(page: Page, site: Site, problems: Problems,
                                  boot: Boot) -> None:
    g = a_game()
    boot(site.url + "replay.html" + session.share_fragment(g.record()))
    body = page.locator("body")
    expect(body).to_have_attribute("data-actions", str(len(g.history)))
    expect(body).to_have_attribute("data-step", "0")
    page.locator("#scrubber").fill("25")
    expect(body).to_have_attribute("data-step", "25")
    page.locator("#log button[data-step='10']").first.click()
    expect(body).to_have_attribute("data-step", "10")
    options = page.locator("#phase-select option")
    assert options.count() >= 5
    target = options.nth(3).get_attribute("value")
    page.locator("#phase-select").select_option(target)
    expect(body).to_have_attribute("data-step", str(target))
    rolls = [e for e in g.log if e.type == "roll"]
    log_text = page.locator("#log").inner_text()
    assert all(e.text in log_text for e in rolls)  # every die with its purpose
    page.locator("#forward").click()
    expect(body).to_have_attribute("data-step", str(int(str(target)) + 1))


def test_replay_from_a_lab_file(page: Page, site: Site, problems: Problems, boot: Boot,
                                tmp_path: Path) -> None:
    records = lab.run(2, "random", seed=11)
    report = {**lab.summarize(records, {"policy": "random", "difficulty": "standard",
                                        "seed": 11, "policy_args": {}}), "records": records}
    path = tmp_path / "report.json"
    path.write_text(json.dumps(report))
    boot(site.url + "replay.html")
    page.set_input_files("#source-file", str(path))
    body = page.locator("body")
    expect(body).to_have_attribute("data-actions", str(records[0]["actions"]))
    expect(page.locator("#game-select option")).to_have_count(2)
    page.locator("#game-select").select_option("1")
    expect(body).to_have_attribute("data-actions", str(records[1]["actions"]))
    expect(page.locator("#note")).to_have_text("")


def test_bad_input_is_said_in_plain_words(page: Page, site: Site, problems: Problems,
                                          boot: Boot) -> None:
    boot(site.url + "replay.html")
    page.locator("#source-text").fill("{\"hello\": 1}")
    page.get_by_role("button", name="Open the pasted game").click()
    expect(page.locator("#source-error")).to_contain_text("This cannot be opened: no game found")
    assert "Traceback" not in page.locator("body").inner_text()


def test_play_on_from_a_replay(page: Page, site: Site, problems: Problems, boot: Boot) -> None:
    g = a_game()
    boot(site.url + "replay.html" + session.share_fragment(g.record()))
    page.locator("#scrubber").fill("20")
    expect(page.locator("body")).to_have_attribute("data-step", "20")
    href = page.locator("#fork").get_attribute("href")
    assert href is not None and "#g=" in href
    assert page.locator("#fork").get_attribute("target") is None  # one tab: Back returns
    fork = ic.replay({"origin": g.record()["origin"], "actions": g.history[:20]})
    boot(href)
    expect(page.locator("body")).to_have_attribute(
        "data-state-sha", session.state_digest(fork.to_json()))
    assert page.locator("#actions button[data-index]").count() > 0  # and it plays on


def test_game_page_offers_replay_and_tutorial(page: Page, site: Site, problems: Problems,
                                              boot: Boot) -> None:
    boot(site.url)  # a first visit: no save, no link
    offer = page.locator("#tutorial-offer")
    expect(offer).to_be_visible()
    expect(offer.get_by_role("link", name="Take the guided first turn")).to_have_attribute(
        "href", "./demo.html?d=first-game")
    page.locator("#rules").click()
    expect(page.locator("#rules-dialog a[href='./demo.html?d=first-game']")).to_be_visible()
    page.keyboard.press("Escape")
    page.locator("#share").click()
    replay_link = page.locator("#share-replay").get_attribute("href") or ""
    assert replay_link.startswith(site.url + "replay.html#g=")
    boot(site.url)  # the second visit resumes the autosave: no offer
    expect(offer).to_be_hidden()


@pytest.mark.parametrize("url", ["replay.html", "demo.html?d=first-game"])
def test_replay_and_tutorial_have_no_accessibility_violations(
    page: Page, site: Site, problems: Problems, boot: Boot, url: str
) -> None:
    if url == "replay.html":
        url += session.share_fragment(a_game(n=15).record())
    boot(site.url + url)
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    found = [f"{v['id']} ({v['impact']}): {v['help']} - {[n['target'] for n in v['nodes']][:3]}"
             for v in result["violations"]]
    assert not found, "\n".join(found)
