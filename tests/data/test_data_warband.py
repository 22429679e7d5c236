"""Warband-building rules (partie sur le pouce) with their exact messages."""

import pytest

from game.data import load_catalogue
from game.rulesets.evenor.schema import warband_problems, warband_size


@pytest.fixture(scope="module")
def cat():
    return load_catalogue("evenor")


@pytest.mark.parametrize("members, expected", [
    (["leonidas", "phobos", "ulysse", "selene", "hylas", "deimos"], []),
    (["borva", "cerd", "lothar", "thurold", "grendel"], []),  # exactly 50 DO
    ([], ["a warband needs at least 1 member"]),
    (["leonidas", "leonida"], ["unknown profile 'leonida'; did you mean 'leonidas'?"]),
    (["leda", "hylas", "leda"],
     ["profile 'leda' is already in the warband (members[0]); a named profile may appear only once"]),
    (["leonidas", "leda"], ["too many meneur profiles: 2 (max 1: leonidas, leda)"]),
    (["jorund", "shingami"], ["too many meneur profiles: 2 (max 1: jorund, shingami)"]),
    (["grendel", "oni"], ["too many monstre profiles: 2 (max 1: grendel, oni)"]),
    (["selene", "runir", "shiro"], ["too many magicien profiles: 3 (max 1: selene, runir, shiro)"]),
    (["ulysse", "gosai", "asteria"], ["too many tireur profiles: 3 (max 2: ulysse, gosai, asteria)"]),
    (["leonidas", "phobos", "ulysse", "selene", "hylas", "deimos", "thesee"],
     ["total cost 54 DO is over the 50 DO limit"]),
    (["myrina", "hiera", "kara", "cerd", "thalestri", "asteria", "leto", "hylas", "deimos"],
     ["too many members: 9 (max 8, a monstre counts 2)", "total cost 59 DO is over the 50 DO limit"]),
    (["ymir", "myrina", "hiera", "kara", "cerd", "thalestri", "leto", "hylas"],
     ["too many members: 9 (max 8, a monstre counts 2)", "total cost 61 DO is over the 50 DO limit"]),
])
def test_warband_problems(cat, members, expected):
    assert warband_problems(cat, members) == expected


def test_monstre_counts_two(cat):
    assert warband_size(cat, ["ymir", "kara"]) == 3
