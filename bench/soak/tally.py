#!/usr/bin/env python3
"""Counts the games of soak PGN files by how they ended: one row per file with its games and
its time forfeits, rules infractions and other abnormal ends, then every such game's players,
result and reason (the comment before the result), so that each can be laid at the door of
the engine or of the arbiter."""
import re
import sys

def games(text):
    """(tags, reason) for each game of a PGN text."""
    for block in re.split(r"\n\n(?=\[)", text.strip()):
        tags = dict(re.findall(r'^\[(\w+) "(.*)"\]$', block, re.M))
        comments = re.findall(r"\{([^}]*)\}", block)
        yield tags, comments[-1] if comments else ""

def main(paths):
    total = {"games": 0, "time forfeit": 0, "rules infraction": 0}
    odd = []
    print(f"{'file':32} {'games':>6} {'time':>5} {'rules':>5}")
    for path in paths:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        counts = {"games": 0, "time forfeit": 0, "rules infraction": 0}
        for tags, reason in games(text):
            counts["games"] += 1
            end = tags.get("Termination", "")
            if end in counts:
                counts[end] += 1
                players = " vs ".join(v for k, v in tags.items()
                                      if k in ("White", "Black", "PlayerA", "PlayerB", "PlayerC"))
                odd.append(f"{path.split('/')[-1]} game {tags.get('Round')}: {players} "
                           f"{tags.get('Result')} {{{reason}}}")
        for k in total:
            total[k] += counts[k]
        print(f"{path.split('/')[-1]:32} {counts['games']:>6} {counts['time forfeit']:>5} "
              f"{counts['rules infraction']:>5}")
    print(f"{'all':32} {total['games']:>6} {total['time forfeit']:>5} "
          f"{total['rules infraction']:>5}")
    for line in odd:
        print(line)

if __name__ == "__main__":
    main(sys.argv[1:])
