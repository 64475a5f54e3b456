import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--games", default=os.environ.get("INTRUDER_GAMES", "200"),
                     help="random games to play in test_random_play (soak: 100000)")
