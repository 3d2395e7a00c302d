from pathlib import Path

import pytest

# The command line's golden cases: NAME.args, NAME.stdout, NAME.stderr.
GOLDEN = Path(__file__).resolve().parents[2] / "cmd" / "evalkit" / "testdata" / "cli"


@pytest.fixture
def golden_dir():
    if not GOLDEN.is_dir():
        pytest.skip(f"no golden cases at {GOLDEN}")
    return GOLDEN
