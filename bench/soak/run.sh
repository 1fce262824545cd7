#!/usr/bin/env bash
# The arbiter's soak run: many fast games over the six variants at two controls, counting
# every game that ended on time, by a rules infraction or by an engine breaking down, with
# the reason each PGN gives. docs/match.md ("Soak runs") has the figures and the method.
#
#   bench/soak/run.sh [--binary PATH] [--scale F] [--concurrency K] [--out DIR]
#
# --scale 0.05 plays a twentieth of the games (a quick look); the full run plays 2,000 games
# at 1 s + 0.01 s and 200 at 40 moves in 4 s, about 90 minutes on two cores. Engines: kaleido
# over UCI against Stockfish (chess), against Fairy-Max over XBoard (cylinder), against
# itself over XBoard (spinchess, doublemove, gigachess), and three kaleidos over the tri
# dialect with one over UCI (trichess); openings from bench/openings/.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
binary="$repo/target/release/kaleido"
scale=1
concurrency=2
out="$repo/target/soak/$(date -u +%Y%m%dT%H%M%S)"
while [ $# -gt 0 ]; do
    case "$1" in
        --binary) binary=$(realpath "$2"); shift 2 ;;
        --scale) scale=$2; shift 2 ;;
        --concurrency) concurrency=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done
for program in "$binary" /usr/games/stockfish /usr/games/fairymax; do
    [ -x "$program" ] || { echo "missing $program (cargo build --release; apt-get install stockfish fairymax)" >&2; exit 2; }
done
mkdir -p "$out"
# The binary is copied so that a rebuild during the run does not change the engine mid-way.
cp "$binary" "$out/kaleido"
cat > "$out/engines.ini" <<INI
[kaleido]
command = "$out/kaleido"
protocol = uci
option.Hash = 16
[kaleido-xb]
command = "$out/kaleido"
protocol = xboard
variant.chess = normal
[kaleido-tri]
command = "$out/kaleido"
protocol = tri
variants = trichess
[stockfish]
command = /usr/games/stockfish
protocol = uci
variants = chess
option.Hash = 16
option.Threads = 1
[fairymax]
command = /usr/games/fairymax
protocol = xboard
variants = chess, cylinder
variant.chess = normal
INI
"$out/kaleido" --version | head -1 > "$out/version.txt"

# variant, engines, games at 1+0.01, games at 40/4 (whole seating cycles: 2, or 6 in trichess)
plan=(
    "chess kaleido,stockfish 340 34"
    "cylinder kaleido,fairymax 340 34"
    "spinchess kaleido,kaleido-xb 330 34"
    "doublemove kaleido,kaleido-xb 330 32"
    "gigachess kaleido,kaleido-xb 330 30"
    "trichess kaleido,kaleido-tri,kaleido-tri 330 36"
)
games_for() { awk -v n="$1" -v s="$scale" 'BEGIN { g = int(n * s + 0.5); print (g < 1 ? 1 : g) }'; }
for control in 40/4 1+0.01; do
    for row in "${plan[@]}"; do
        read -r variant engines fast slow <<<"$row"
        n=$fast; [ "$control" = 40/4 ] && n=$slow
        n=$(games_for "$n")
        name="$variant-${control//\//m}"
        echo "== $name: $n games, $engines" >&2
        "$out/kaleido" match --config "$out/engines.ini" --engines "$engines" --variant "$variant" \
            --tc "$control" --games "$n" --concurrency "$concurrency" \
            --openings "$repo/bench/openings/$variant.txt" --rating-interval 0 --recover \
            --pgn "$out/$name.pgn" > "$out/$name.log" 2>&1 || echo "   (exit $?)" >&2
        tail -n 3 "$out/$name.log" >&2
    done
done
python3 "$repo/bench/soak/tally.py" "$out"/*.pgn | tee "$out/summary.txt"
