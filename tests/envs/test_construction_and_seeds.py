"""A table that can never be dealt is refused when the environment is built, and seeds are read strictly."""

from __future__ import annotations

import numpy as np
import pytest

from pokercore.envs import BinhEnv, BinhGymEnv, DrawEnv, DrawGymEnv, EnvError, HoldemEnv, HoldemGymEnv
from pokercore.errors import PokercoreError
from pokercore.holdem import HoldemConfig

UNDEALABLE = [[0, 100], [100, 0], [0, 0, 50], [0, 0, 0]]


@pytest.mark.parametrize("variant", ["nl", "fl", "plo"])
@pytest.mark.parametrize("stacks", UNDEALABLE)
@pytest.mark.parametrize("make", [HoldemEnv, HoldemGymEnv])
def test_holdem_table_with_fewer_than_two_stacks_is_refused_at_construction(make, stacks, variant):
    cfg = HoldemConfig(variant, players=len(stacks), starting_stacks=stacks)
    with pytest.raises(EnvError, match=r"starting_stacks .*: a hand needs two seats with chips") as err:
        make(config=cfg)
    assert isinstance(err.value, PokercoreError)


def test_a_table_with_two_stacks_is_still_built():
    for make in (HoldemEnv, HoldemGymEnv):
        env = make(config=HoldemConfig("fl", players=3, starting_stacks=[5, 0, 9]))
        env.reset(seed=1)


@pytest.mark.parametrize("variant", ["nl", "fl"])
def test_a_learning_seat_with_no_chips_is_refused_at_construction(variant):
    cfg = HoldemConfig(variant, players=3, starting_stacks=[5, 0, 9])
    with pytest.raises(EnvError, match=r"seat 1 is never dealt in: it starts with no chips \(starting_stacks"):
        HoldemGymEnv(config=cfg, seat=1)


AEC_MAKERS = [lambda: HoldemEnv("nl", 2), lambda: HoldemEnv("fl", 2), lambda: DrawEnv(players=2),
              lambda: BinhEnv(players=2)]
GYM_MAKERS = [lambda: HoldemGymEnv("nl", 2), lambda: HoldemGymEnv("fl", 2), lambda: DrawGymEnv(players=2),
              lambda: BinhGymEnv(players=2, opponents="easy")]
BAD_SEEDS = [(-1, "-1"), (1.5, "1.5"), ("1", "'1'"), (True, "True"), (np.float64(2.0), r".*2\.0"), ([1], r"\[1\]")]


@pytest.mark.parametrize("make", AEC_MAKERS + GYM_MAKERS)
@pytest.mark.parametrize(("seed", "shown"), BAD_SEEDS)
def test_reset_refuses_a_seed_that_is_not_an_int_of_zero_or_more(make, seed, shown):
    env = make()
    with pytest.raises(EnvError, match=rf"seed must be None or an int >= 0, got {shown}"):
        env.reset(seed=seed)


@pytest.mark.parametrize("make", AEC_MAKERS + GYM_MAKERS)
def test_numpy_integer_seeds_play_as_the_same_python_int(make):
    a, b = make(), make()
    a.reset(seed=np.int64(7))
    b.reset(seed=7)
    if hasattr(a, "observe"):
        assert np.array_equal(a.observe(a.agent_selection)["observation"], b.observe(b.agent_selection)["observation"])
    else:
        assert np.array_equal(a.driver.encode(a.seat), b.driver.encode(b.seat))


@pytest.mark.parametrize("make", [BinhEnv, lambda **kw: BinhGymEnv(opponents="easy", **kw)])
def test_binh_constructor_seed_is_read_the_same_way(make):
    for seed, shown in BAD_SEEDS:
        with pytest.raises(EnvError, match=rf"seed must be None or an int >= 0, got {shown}"):
            make(players=2, seed=seed)
