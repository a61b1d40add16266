"""Random-policy steps per second of pokercore's environments next to RLCard and OpenSpiel, in one run.

    python benchmarks/env_speed.py                  # about 40 s
    python benchmarks/env_speed.py --seconds 1      # quicker, noisier
    python benchmarks/env_speed.py --json env.json  # also keep the numbers
    python benchmarks/env_speed.py --rows goal --repeat 7   # only the compared rows and the peers

A step is one decision of the agent to act, the way a training loop sees it:
read the observation and the legal moves, pick a random legal move, apply it.

- pokercore: ``DrawEnv`` (PettingZoo AEC) through ``agent_iter``/``last``/``step``
  (``last`` builds the observation vector and the action mask; the dead steps
  at the end of a hand are not counted), the Gymnasium ``DrawGymEnv`` (steps
  of the learning seat; the other seat, a random agent, plays inside
  ``step``), ``BinhEnv``, and the draw engine alone (no arrays) for reference.
- pokercore ``HoldemEnv``: fixed-limit hold'em heads-up (the row compared with
  the peers, which play the same game), no-limit and pot-limit Omaha, the
  Gymnasium ``HoldemGymEnv`` (against a random agent, which reads the
  engine's observation, and against the check/call rule, the default, played
  off the compiled hand), and the hold'em engine alone.
- RLCard ``limit-holdem`` (the same game as the first row: fixed-limit, two players):
  ``env.step`` returns the next player's state (its ``obs`` vector and legal actions).
- OpenSpiel ``universal_poker`` with limit betting (heads-up limit hold'em):
  ``observation_tensor`` and ``legal_actions`` of the player to act, then
  ``apply_action``; chance nodes (the deal) are sampled and not counted.
  And the same game through OpenSpiel's own RL environment
  (``rl_environment.Environment``: each ``step`` returns every player's
  information-state tensor and legal actions, the way its training loops
  read them), the interface closest to an environment's.

Five-card draw has no counterpart in RLCard or OpenSpiel; their closest
games are the same limit hold'em rows (fixed-limit betting, two players), so
``DrawEnv`` with 2 players is compared with them too.

Missing peers are skipped with a note.  The clock is the CPU time of this
process (``time.process_time``), so other work on a shared machine counts
less; the rows take turns, ``--repeat`` rounds of ``--seconds`` each, and
each row keeps its best round.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from collections.abc import Callable

import numpy as np

LIMIT_HOLDEM = ("universal_poker(betting=limit,numPlayers=2,numRounds=4,blind=10 5,firstPlayer=2 1 1 1,"
                "numSuits=4,numRanks=13,numHoleCards=2,numBoardCards=0 3 1 1,raiseSize=10 10 20 20,"
                "maxRaises=3 4 4 4)")


def _timed(run_hand: Callable[[], int], seconds: float) -> tuple[float, float]:
    """Play hands for ``seconds``; return (steps per second, hands per second)."""
    steps = hands = 0
    start = time.process_time()
    end = start + seconds
    while True:
        steps += run_hand()
        hands += 1
        now = time.process_time()
        if now >= end:
            return steps / (now - start), hands / (now - start)


def pokercore_draw_aec(players: int) -> Callable[[], int]:
    from pokercore.envs import DrawEnv

    env = DrawEnv(players=players)
    rng = np.random.default_rng(1)
    env.reset(seed=1)

    def hand() -> int:
        env.reset()
        steps = 0
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
        return steps

    return hand


def pokercore_draw_gym() -> Callable[[], int]:
    from pokercore.envs import DrawGymEnv

    env = DrawGymEnv(players=2, opponents="random")
    rng = np.random.default_rng(1)
    env.reset(seed=1)

    def hand() -> int:
        obs, _ = env.reset()
        steps, done = 0, False
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            obs, _, done, _, _ = env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
        return steps

    return hand


def pokercore_binh_aec(players: int) -> Callable[[], int]:
    from pokercore.envs import BinhEnv

    env = BinhEnv(players=players)
    rng = np.random.default_rng(1)
    env.reset(seed=1)

    def hand() -> int:
        env.reset()
        steps = 0
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
        return steps

    return hand


def pokercore_holdem_aec(variant: str, players: int) -> Callable[[], int]:
    from pokercore.envs import HoldemEnv

    env = HoldemEnv(variant, players)
    rng = np.random.default_rng(1)
    env.reset(seed=1)

    def hand() -> int:
        env.reset()
        steps = 0
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
        return steps

    return hand


def pokercore_holdem_gym(variant: str, opponents: str = "random") -> Callable[[], int]:
    from pokercore.envs import HoldemGymEnv

    env = HoldemGymEnv(variant, 2, opponents=opponents)
    rng = np.random.default_rng(1)
    env.reset(seed=1)

    def hand() -> int:
        obs, _ = env.reset()
        steps, done = 0, False
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            obs, _, done, _, _ = env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
        return steps

    return hand


def pokercore_holdem_engine(variant: str, players: int) -> Callable[[], int]:
    from pokercore.holdem import HoldemConfig, HoldemState

    cfg = HoldemConfig(variant, players=players)
    rng = np.random.default_rng(1)

    def hand() -> int:
        s = HoldemState(cfg, button=0, seed=rng)
        steps = 0
        while s.actor is not None:
            legal = s.observe(s.actor).legal_actions
            s.act(legal[int(rng.integers(len(legal)))].action())
            steps += 1
        return steps

    return hand


def pokercore_draw_engine(players: int) -> Callable[[], int]:
    from pokercore.draw import DrawConfig, DrawState

    cfg = DrawConfig(players=players)
    rng = np.random.default_rng(1)

    def hand() -> int:
        s = DrawState(cfg, button=0, seed=rng)
        steps = 0
        while s.actor is not None:
            legal = s.observe(s.actor).legal_actions
            s.act(legal[int(rng.integers(len(legal)))])
            steps += 1
        return steps

    return hand


def rlcard_limit_holdem() -> Callable[[], int]:
    import rlcard

    env = rlcard.make("limit-holdem", config={"seed": 1})
    rng = np.random.default_rng(1)

    def hand() -> int:
        state, _ = env.reset()
        steps = 0
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[rng.integers(len(legal))])
            steps += 1
        return steps

    return hand


def openspiel_limit_holdem() -> Callable[[], int]:
    import pyspiel

    game = pyspiel.load_game(LIMIT_HOLDEM)
    rng = np.random.default_rng(1)

    def hand() -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.integers(len(outcomes))][0])
                continue
            state.observation_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[rng.integers(len(legal))])
            steps += 1
        return steps

    return hand


def openspiel_rl_environment() -> Callable[[], int]:
    import pyspiel
    from open_spiel.python import rl_environment

    env = rl_environment.Environment(pyspiel.load_game(LIMIT_HOLDEM))
    rng = np.random.default_rng(1)

    def hand() -> int:
        ts = env.reset()
        steps = 0
        while not ts.last():
            player = ts.observations["current_player"]
            legal = ts.observations["legal_actions"][player]
            ts = env.step([legal[rng.integers(len(legal))]])
            steps += 1
        return steps

    return hand


ROWS: list[tuple[str, str, Callable[[], Callable[[], int]]]] = [
    ("pokercore HoldemEnv fixed-limit (AEC), 2 players", "ours", lambda: pokercore_holdem_aec("fl", 2)),
    ("pokercore HoldemEnv no-limit (AEC), 2 players", "info", lambda: pokercore_holdem_aec("nl", 2)),
    ("pokercore HoldemEnv no-limit (AEC), 6 players", "info", lambda: pokercore_holdem_aec("nl", 6)),
    ("pokercore HoldemEnv pot-limit Omaha (AEC), 2 players", "info", lambda: pokercore_holdem_aec("plo", 2)),
    ("pokercore HoldemGymEnv fixed-limit, 2 players", "info", lambda: pokercore_holdem_gym("fl")),
    ("pokercore HoldemGymEnv fixed-limit, 2 players, call opponent", "info",
     lambda: pokercore_holdem_gym("fl", "call")),
    ("pokercore hold'em engine alone, fixed-limit, 2 players", "info", lambda: pokercore_holdem_engine("fl", 2)),
    ("pokercore DrawEnv (AEC), 2 players", "ours", lambda: pokercore_draw_aec(2)),
    ("pokercore DrawEnv (AEC), 6 players", "info", lambda: pokercore_draw_aec(6)),
    ("pokercore DrawGymEnv, 2 players", "info", pokercore_draw_gym),
    ("pokercore BinhEnv (AEC), 4 players", "info", lambda: pokercore_binh_aec(4)),
    ("pokercore draw engine alone, 2 players", "info", lambda: pokercore_draw_engine(2)),
    ("RLCard limit-holdem, 2 players", "peer", rlcard_limit_holdem),
    ("OpenSpiel universal_poker (limit), 2 players", "peer", openspiel_limit_holdem),
    ("OpenSpiel rl_environment (universal_poker limit), 2 pl.", "peer", openspiel_rl_environment),
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per run (default 2)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per row, the best counts (default 3)")
    parser.add_argument("--json", metavar="PATH", help="also write the rows as JSON")
    parser.add_argument("--rows", choices=("all", "goal"), default="all",
                        help="all rows (default), or only the compared ones and the peers (less time, more rounds)")
    args = parser.parse_args(argv)
    ready = []
    for label, role, make in ROWS:
        if args.rows == "goal" and role == "info":
            continue
        try:
            ready.append((label, role, make()))
        except ImportError as exc:
            print(f"{label:56} skipped ({exc.name or exc} is not installed)")
    best: dict[str, tuple[float, float]] = {}
    for _ in range(args.repeat):
        for label, _, run_hand in ready:
            rate = _timed(run_hand, args.seconds)
            if label not in best or rate[0] > best[label][0]:
                best[label] = rate
    rows = []
    print(f"{'environment':56} {'steps/s':>10} {'hands/s':>10}")
    for label, role, _ in ready:
        steps, hands = best[label]
        rows.append({"environment": label, "role": role, "steps_per_s": steps, "hands_per_s": hands})
        print(f"{label:56} {steps:>10.0f} {hands:>10.0f}")
    peers = [r for r in rows if r["role"] == "peer"]
    for ours in (r for r in rows if r["role"] == "ours"):
        if not peers:
            break
        print()
        name = ours["environment"].removeprefix("pokercore ")
        ours["over_peers"] = {}
        for peer in peers:
            ratio = ours["steps_per_s"] / peer["steps_per_s"]
            print(f"{name} steps/s / {peer['environment']}: {ratio:.2f}x")
            ours["over_peers"][peer["environment"]] = ratio
        fastest = max(peers, key=lambda r: r["steps_per_s"])
        verdict = "met" if ours["steps_per_s"] >= fastest["steps_per_s"] else "MISSED"
        print(f"goal for {name}: at least as fast as the fastest peer ({fastest['environment']}): {verdict}")
    if args.json:
        meta = {"python": platform.python_version(), "machine": platform.machine(), "seconds": args.seconds,
                "repeat": args.repeat, "rows": args.rows}
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"meta": meta, "rows": rows}, f, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
