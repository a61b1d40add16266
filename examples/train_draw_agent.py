"""Train a five-card draw agent through the PettingZoo environment, then beat the `call` baseline with it.

The policy is a linear softmax, numpy only, trained by REINFORCE:

- betting: one weight vector per action (fold, check, call, bet, raise) over
  features of the seat's hand (its strength, its category), the street,
  whether it faces a bet and how many cards the opponent drew;
- the draw: one weight vector over features of the cards each legal discard
  keeps (pairs, trips, four to a flush or a straight, how many are thrown).

It plays heads-up in ``pokercore.envs.DrawEnv`` against the built-in ``call``
agent (which checks or calls everything), on both seats in turn.  Then a
duplicate match through ``pokercore.sim.simulate`` (every deal played from
both seats) measures the greedy policy against ``call`` in chips per hand
with a 95% confidence interval, and a plot (if matplotlib is installed)
shows the learning curve.

    python examples/train_draw_agent.py                                # 40,000 hands (under a minute)
    python examples/train_draw_agent.py --hands 200000 --deals 20000   # about three minutes

The run depends on its seed alone (``--seed``): the same hands, the same policy.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections import Counter
from pathlib import Path

import numpy as np

from pokercore import card_rank, card_suit, category_of, evaluate5, rank_range
from pokercore.draw.ai import make_agent
from pokercore.envs import DrawEnv
from pokercore.envs.draw import BETTING, DISCARD, PolicyAgent, draw_layout, index_of_action
from pokercore.sim import simulate

LOW, HIGH = rank_range()
LAY = draw_layout(DrawEnv(players=2).driver.config)
HAND, STREET, TO_CALL, DRAWS = LAY["hand"], LAY["street"], LAY["to_call"], LAY["draw_counts"]
SEAT = LAY["seat"]


# ---------------------------------------------------------------- features
def bet_features(vec: np.ndarray) -> np.ndarray:
    """Hand strength and category, street, facing a bet, the opponent's draw count."""
    hand = [int(c) for c in vec[HAND]]
    rank = evaluate5(hand)
    cat = np.zeros(9)
    cat[int(category_of(rank))] = 1.0
    street = vec[STREET]
    me = int(np.argmax(vec[SEAT]))
    drew = vec[DRAWS][1 - me]
    opp_draw = np.zeros(5)
    opp_draw[int(drew) + 1] = 1.0  # -1 (not yet) .. 3
    strength = (rank - LOW) / (HIGH - LOW)
    facing = float(vec[TO_CALL][0] > 0)
    return np.concatenate([[1.0, strength, strength**2, facing, street[2]], cat, opp_draw])


def keep_features(hand: list[int], mask: int) -> np.ndarray:
    """What the cards kept by discard ``mask`` hold (bit k = hand[k])."""
    kept = [c for k, c in enumerate(hand) if not mask >> k & 1]
    ranks = Counter(card_rank(c) for c in kept)
    counts = sorted(ranks.values(), reverse=True) + [0, 0]
    suits = max(Counter(card_suit(c) for c in kept).values(), default=0)
    distinct = sorted(ranks)
    span = distinct[-1] - distinct[0] if distinct else 0
    thrown = np.zeros(4)
    thrown[5 - len(kept)] = 1.0
    pair_rank = max((r for r, n in ranks.items() if n >= 2), default=-1)
    high = max(ranks, default=0)
    return np.concatenate([[
        1.0,
        counts[0] == 2 and counts[1] < 2,             # one pair kept
        counts[0] == 2 and counts[1] == 2,            # two pair kept
        counts[0] == 3 and counts[1] < 2,             # trips kept
        counts[0] >= 3 and counts[1] >= 2,            # full house kept
        counts[0] == 4,                               # quads kept
        suits == 4 and len(kept) == 4,                # four to a flush
        suits == 5,                                   # a flush
        len(distinct) == 4 == len(kept) and span <= 4,  # four to a straight
        len(distinct) == 5 and span == 4,             # a straight
        (pair_rank + 1) / 13,
        high / 12 if counts[0] == 1 else 0.0,         # high card kept when no pair
    ], thrown])


# ---------------------------------------------------------------- policy
class LinearPolicy:
    """Softmax over the legal actions with linear scores; REINFORCE updates."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.w_bet = np.zeros((len(BETTING), 19))
        self.w_draw = np.zeros(16)
        self.rng = rng

    def scores(self, obs: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(legal indices, their probabilities, the features behind each)."""
        legal = np.flatnonzero(obs["action_mask"])
        vec = obs["observation"]
        if legal[0] >= DISCARD:  # the draw: one feature row per legal discard
            hand = [int(c) for c in vec[HAND]]
            feats = np.array([keep_features(hand, a - DISCARD) for a in legal])
            logits = feats @ self.w_draw
        else:
            phi = bet_features(vec)
            feats = np.repeat(phi[None, :], len(legal), axis=0)
            logits = self.w_bet[legal] @ phi
        p = np.exp(logits - logits.max())
        return legal, p / p.sum(), feats

    def act(self, obs: dict[str, np.ndarray], greedy: bool = False) -> tuple[int, tuple]:
        legal, p, feats = self.scores(obs)
        k = int(np.argmax(p)) if greedy else int(self.rng.choice(len(legal), p=p))
        return int(legal[k]), (legal, p, feats, k)

    def update(self, episodes: list[tuple[list[tuple], float]], lr: float) -> None:
        rewards = np.array([r for _, r in episodes])
        scale = rewards.std() + 1e-6
        g_bet, g_draw = np.zeros_like(self.w_bet), np.zeros_like(self.w_draw)
        for steps, reward in episodes:
            adv = (reward - rewards.mean()) / scale
            for legal, p, feats, k in steps:
                if legal[0] >= DISCARD:
                    g_draw += adv * (feats[k] - p @ feats)
                else:
                    onehot = -p.copy()
                    onehot[k] += 1.0
                    g_bet[legal] += adv * np.outer(onehot, feats[0])
        self.w_bet += lr * g_bet / len(episodes)
        self.w_draw += lr * g_draw / len(episodes)

    def greedy(self, obs: dict[str, np.ndarray]) -> int:
        return self.act(obs, greedy=True)[0]


# ---------------------------------------------------------------- training through the PettingZoo env
def train(hands: int, seed: int) -> tuple[LinearPolicy, list[float]]:
    rng = np.random.default_rng(seed)
    policy = LinearPolicy(rng)
    env = DrawEnv(players=2)
    env.reset(seed=seed)
    opponent = make_agent("call", np.random.default_rng(seed + 1))
    curve: list[float] = []
    batch: list[tuple[list[tuple], float]] = []
    for hand in range(hands):
        env.reset()
        me = f"player_{hand % 2}"  # the learner takes both seats in turn
        steps: list[tuple] = []
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            if terminated or truncated:
                if agent == me:
                    batch.append((steps, reward))
                    curve.append(reward)
                env.step(None)
            elif agent == me:
                action, record = policy.act(obs)
                steps.append(record)
                env.step(action)
            else:  # the call agent decides on its own view of the hand (the engine's observation)
                seat_view = env.state_view.observe(int(agent.split("_")[1]))
                env.step(index_of_action(seat_view, opponent(seat_view)))
        if len(batch) == 64:
            policy.update(batch, lr=0.1)
            batch = []
    return policy, curve


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--hands", type=int, default=40000, help="training hands (default 40000)")
    parser.add_argument("--deals", type=int, default=2000, help="deals of the duplicate match (default 2000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plot", default=str(Path(tempfile.gettempdir()) / "train_draw_agent.png"),
                        help="where to save the learning curve (needs matplotlib)")
    args = parser.parse_args()

    start = time.monotonic()
    policy, curve = train(args.hands, args.seed)
    print(f"trained on {args.hands} hands in {time.monotonic() - start:.0f} s")
    first, last = np.mean(curve[:1000]), np.mean(curve[-1000:])
    print(f"training reward vs call: first 1000 hands {first:+.2f}, last 1000 hands {last:+.2f} chips/hand")

    agent = PolicyAgent(policy.greedy)
    match = simulate("draw", [agent, "call"], deals=args.deals, seed=args.seed + 100, duplicate=True)
    mine = match.summary()[0]
    lo, hi = mine.ci95
    print(f"duplicate match, {args.deals} deals from both seats: learned policy vs call "
          f"{mine.mean:+.2f} chips/hand (95% CI {lo:+.2f} .. {hi:+.2f})")
    print("it beats call" if lo > 0 else "not yet clearly ahead of call: train longer (--hands 200000)")

    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("(matplotlib is not installed: no plot)")
        return
    window = max(1, min(500, len(curve) // 10))
    smooth = np.convolve(curve, np.ones(window) / window, mode="valid")
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(np.arange(len(smooth)) + window, smooth, label=f"training, mean of {window} hands")
    ax.axhline(mine.mean, color="C1", label=f"duplicate match vs call: {mine.mean:+.2f}")
    ax.axhspan(lo, hi, color="C1", alpha=0.2)
    ax.axhline(0, color="grey", lw=0.8)
    ax.set_xlabel("hands played")
    ax.set_ylabel("chips per hand")
    ax.set_title("REINFORCE, linear softmax, vs the call agent")
    ax.legend()
    fig.tight_layout()
    fig.savefig(args.plot, dpi=100)
    print(f"learning curve saved to {args.plot}")


if __name__ == "__main__":
    main()
