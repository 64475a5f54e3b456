import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import helpers  # tests/helpers.py, on the path just set


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--games", default=os.environ.get("INTRUDER_GAMES",
                                                       str(helpers.DEFAULT_GAMES)),
                     help="random games to play in test_random_play, and the depth of the "
                     "other random walks (helpers.seeds; soak: 100000)")


def pytest_configure(config: pytest.Config) -> None:
    """The random walks' depth from --games (helpers.DEPTH)."""
    helpers.DEPTH = int(config.getoption("--games")) / helpers.DEFAULT_GAMES
