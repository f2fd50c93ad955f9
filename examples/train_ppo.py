"""Train an Outlaws agent with PPO and invalid-action masking, on the CPU.

A single-file PPO in the manner of CleanRL (clipped objective, generalized advantage
estimation, one network with a policy head and a value head), on the batched
environment :class:`outlaws.adapters.vector.OutlawsVectorEnv`: one learning seat per
game, drawn at random, against a fixed opponent. Illegal actions are masked out of the
policy (their logits set to a large negative number), so the agent only ever learns
among the legal ones.

    pip install torch==2.13.0 && pip install -e '.[train]'   # PyTorch's CPU build first
    python examples/train_ppo.py --minutes 25 --out policy.npz
    outlaws arena --bots learned:policy.npz,random --games 200 --jobs 2 --seed 9

Every update prints one line and appends it to ``<out>.csv`` (steps, seconds, the share
of the games ended in that update that the agent won, their mean length); the policy is
saved after every update as a NumPy file that ``learned:PATH`` plays (the network's
policy part only), and ``<out>.png`` plots the learning curve at the end.
"""

from __future__ import annotations

import argparse
import csv
import time
from pathlib import Path

import numpy as np
import torch
from torch import nn
from torch.distributions import Categorical

from outlaws.adapters.learned import save_policy
from outlaws.adapters.vector import OutlawsVectorEnv

#: The logit an illegal action gets: far below any legal one, finite for the softmax.
MASKED = -1e8


class Agent(nn.Module):
    """Two tanh layers shared by the policy head (one logit per action id) and the value."""

    def __init__(self, inputs: int, actions: int, width: int) -> None:
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(inputs, width), nn.Tanh(), nn.Linear(width, width), nn.Tanh()
        )
        self.policy = nn.Linear(width, actions)
        self.value = nn.Linear(width, 1)
        nn.init.orthogonal_(self.policy.weight, 0.01)
        nn.init.zeros_(self.policy.bias)

    def act(
        self, x: torch.Tensor, mask: torch.Tensor, action: torch.Tensor | None = None
    ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
        """(action, its log-probability, the policy's entropy, the value) for each row."""
        hidden = self.body(x)
        logits = self.policy(hidden).masked_fill(~mask, MASKED)
        dist = Categorical(logits=logits)
        if action is None:
            action = dist.sample()
        return action, dist.log_prob(action), dist.entropy(), self.value(hidden).squeeze(-1)

    def export(self, path: str) -> None:
        """Save the policy part for ``learned:PATH`` (weights as inputs x outputs)."""
        first, second = self.body[0], self.body[2]
        assert isinstance(first, nn.Linear) and isinstance(second, nn.Linear)

        def pair(layer: nn.Linear) -> tuple[np.ndarray, np.ndarray]:
            return layer.weight.detach().numpy().T, layer.bias.detach().numpy()

        save_policy(path, [pair(first), pair(second)], pair(self.policy))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=25.0, help="training time (wall)")
    parser.add_argument("--out", default="policy.npz", help="the policy file to write")
    parser.add_argument("--opponent", default="random", help="a bot spec, as in the arena")
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument("--steps", type=int, default=128, help="steps per env per update")
    parser.add_argument("--width", type=int, default=256)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--gamma", type=float, default=0.995)
    parser.add_argument("--gae-lambda", type=float, default=0.95)
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--minibatches", type=int, default=4)
    parser.add_argument("--clip", type=float, default=0.2)
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--turn-limit", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=1, help="PyTorch's CPU threads")
    args = parser.parse_args()

    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    envs = OutlawsVectorEnv(
        args.envs, opponent=args.opponent, seat=None, turn_limit=args.turn_limit, seed=args.seed
    )
    size, actions = envs.single_observation_space.shape[0], int(envs.single_action_space.n)
    agent = Agent(size, actions, args.width)
    optimizer = torch.optim.Adam(agent.parameters(), lr=args.lr, eps=1e-5)

    n, t = args.envs, args.steps
    observations = torch.zeros((t, n, size))
    masks = torch.zeros((t, n, actions), dtype=torch.bool)
    chosen = torch.zeros((t, n), dtype=torch.long)
    log_probs, rewards, dones, values = (torch.zeros((t, n)) for _ in range(4))

    obs, infos = envs.reset(seed=args.seed)
    next_obs = torch.from_numpy(obs)
    next_mask = torch.from_numpy(infos["action_mask"].astype(bool))
    next_done = torch.zeros(n)
    curve = Path(args.out).with_suffix(".csv")
    rows: list[dict[str, float]] = []
    start, steps, update = time.time(), 0, 0
    lengths = np.zeros(n)
    while time.time() - start < args.minutes * 60:
        update += 1
        won = ended = 0
        finished_lengths: list[float] = []
        for k in range(t):
            observations[k], masks[k], dones[k] = next_obs, next_mask, next_done
            with torch.no_grad():
                action, log_prob, _, value = agent.act(next_obs, next_mask)
            chosen[k], log_probs[k], values[k] = action, log_prob, value
            obs, reward, terminated, truncated, infos = envs.step(action.numpy())
            done = terminated | truncated
            lengths += 1
            finished_lengths += lengths[done].tolist()
            lengths[done] = 0
            won += int((reward > 0).sum())
            ended += int(done.sum())
            rewards[k] = torch.from_numpy(reward)
            next_obs = torch.from_numpy(obs)
            next_mask = torch.from_numpy(infos["action_mask"].astype(bool))
            next_done = torch.from_numpy(done.astype(np.float32))
        steps += n * t

        # Generalized advantage estimation, backwards over the rollout.
        with torch.no_grad():
            _, _, _, next_value = agent.act(next_obs, next_mask)
            advantages = torch.zeros_like(rewards)
            last = torch.zeros(n)
            for k in reversed(range(t)):
                alive = 1.0 - (next_done if k == t - 1 else dones[k + 1])
                following = next_value if k == t - 1 else values[k + 1]
                delta = rewards[k] + args.gamma * following * alive - values[k]
                last = delta + args.gamma * args.gae_lambda * alive * last
                advantages[k] = last
            returns = advantages + values

        flat = t * n
        b_obs, b_masks = observations.reshape(flat, size), masks.reshape(flat, actions)
        b_actions, b_log_probs = chosen.reshape(flat), log_probs.reshape(flat)
        b_advantages, b_returns = advantages.reshape(flat), returns.reshape(flat)
        order = np.arange(flat)
        size_of_batch = flat // args.minibatches
        for _ in range(args.epochs):
            np.random.default_rng(update).shuffle(order)
            for first in range(0, flat, size_of_batch):
                batch = torch.from_numpy(order[first : first + size_of_batch])
                _, new_log_prob, entropy, new_value = agent.act(
                    b_obs[batch], b_masks[batch], b_actions[batch]
                )
                ratio = (new_log_prob - b_log_probs[batch]).exp()
                adv = b_advantages[batch]
                adv = (adv - adv.mean()) / (adv.std() + 1e-8)
                policy_loss = torch.max(
                    -adv * ratio, -adv * ratio.clamp(1 - args.clip, 1 + args.clip)
                ).mean()
                value_loss = 0.5 * ((new_value - b_returns[batch]) ** 2).mean()
                loss = policy_loss + 0.5 * value_loss - args.entropy * entropy.mean()
                optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), 0.5)
                optimizer.step()

        agent.export(args.out)
        row = {
            "update": update,
            "steps": steps,
            "seconds": round(time.time() - start, 1),
            "games": ended,
            "win_rate": round(won / ended, 4) if ended else float("nan"),
            "mean_length": round(float(np.mean(finished_lengths)), 1) if finished_lengths else 0,
        }
        rows.append(row)
        print(
            f"update {update:4d}  steps {steps:9,d}  {row['seconds']:7.1f} s  games {ended:4d}"
            f"  won {row['win_rate']:.3f}  length {row['mean_length']}",
            flush=True,
        )
        with curve.open("w", newline="") as out:
            writer = csv.DictWriter(out, fieldnames=list(row))
            writer.writeheader()
            writer.writerows(rows)
    _plot(rows, Path(args.out).with_suffix(".png"), args.opponent)


def _plot(rows: list[dict[str, float]], path: Path, opponent: str) -> None:
    """The learning curve: the share of games won against the opponent, by steps."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axis = plt.subplots(figsize=(7, 4))
    axis.plot([r["steps"] for r in rows], [r["win_rate"] for r in rows], linewidth=1.5)
    axis.set_xlabel("learner decisions (steps)")
    axis.set_ylabel(f"games won against {opponent}")
    axis.set_ylim(0, 1)
    axis.grid(alpha=0.3)
    axis.set_title("PPO with action masking on OutlawsVectorEnv")
    figure.tight_layout()
    figure.savefig(path, dpi=120)


if __name__ == "__main__":
    main()
