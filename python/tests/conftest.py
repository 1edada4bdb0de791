"""Shared helpers of the permlab Python tests: the repository's test data (GAP and
twsearch values) and random permutations."""

import random
from pathlib import Path

import pytest

#: tests/data of the repository (GAP orders, twsearch distributions, .gens files).
DATA = Path(__file__).resolve().parents[2] / "tests" / "data"


def data_table(name):
    """The rows of a tab- or space-separated file of tests/data, comments skipped."""
    rows = []
    for line in (DATA / name).read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            rows.append(line.split("\t") if "\t" in line else line.split())
    return rows


def random_images(rng, n):
    """The images 1..n of a uniformly random permutation (1-based)."""
    images = list(range(1, n + 1))
    rng.shuffle(images)
    return images


@pytest.fixture
def rng():
    return random.Random(20240611)
