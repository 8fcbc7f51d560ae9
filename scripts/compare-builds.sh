#!/usr/bin/env bash
# Checks that two tracklayer builds behave the same: after a refactor or a
# speed-up, every output a user can see must stay byte for byte, apart from
# the timings. Both builds run, from the repository root, on the same files:
#
#   - `validate --format json` of every bundled design (maps/*.yaml), with its
#     exit status;
#   - `simulate --json` of every bundled design (200 games, seed 3, its
#     default bots) and of random bots on the USA;
#   - seventeen `simulate --seed 7 --json` runs that cover every board bot
#     style, the personas, `expert`, the card game and Trains & Stations;
#   - `scenario` on every scenario of tests/scenarios (its designs folder
#     holds designs, not scenarios), with its exit status;
#   - `bench`'s games and actions per game.
#
#   scripts/compare-builds.sh [--keep DIR] OLD NEW
#
#   --keep DIR   leave the outputs in DIR/old and DIR/new (default: a
#                temporary directory, removed at the end)
#
# Prints "same behaviour" and exits 0, or lists the outputs that differ with
# the start of each difference and exits 1; 2 on bad arguments.
set -euo pipefail

keep=""
bins=()
while [ $# -gt 0 ]; do
  case "$1" in
    --keep)
      [ $# -ge 2 ] || { echo "error: --keep needs a directory" >&2; exit 2; }
      keep="$2"; shift 2 ;;
    -h|--help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "error: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) bins+=("$1"); shift ;;
  esac
done
[ ${#bins[@]} -eq 2 ] || { echo "error: name two tracklayer binaries, OLD and NEW (see --help)" >&2; exit 2; }
for b in "${bins[@]}"; do
  [ -x "$b" ] || { echo "error: $b is not an executable" >&2; exit 2; }
done
# Absolute paths, as the runs happen from the repository root.
old="$(cd "$(dirname "${bins[0]}")" && pwd)/$(basename "${bins[0]}")"
new="$(cd "$(dirname "${bins[1]}")" && pwd)/$(basename "${bins[1]}")"

if [ -n "$keep" ]; then
  mkdir -p "$keep"
  out="$(cd "$keep" && pwd)"
else
  out="$(mktemp -d)"
  trap 'rm -rf "$out"' EXIT
fi
cd "$(dirname "$0")/.."

styles=route-focus,destination-hungry,long-route,one-step
# The seventeen reference runs: a name, then `simulate`'s arguments.
reference=(
  "usa2rf maps/usa.yaml --players 2 --games 1000 --bots route-focus,one-step"
  "usa2dh maps/usa.yaml --players 2 --games 1000 --bots destination-hungry,long-route"
  "usa4 maps/usa.yaml --players 4 --games 200 --bots $styles"
  "usa35 maps/usa.yaml --players 3,5 --games 100"
  "eu2 maps/europe.yaml --players 2 --games 1000 --bots route-focus,one-step"
  "eu45 maps/europe.yaml --players 4,5 --games 300 --bots $styles"
  "hoa2 maps/heart-of-africa-rules.yaml --players 2 --games 1000 --bots route-focus,one-step"
  "hoa4 maps/heart-of-africa-rules.yaml --players 3,4 --games 300 --bots $styles"
  "stations maps/usa-stations.yaml --players 2..5 --games 200 --bots $styles"
  "globetrotter maps/usa-globetrotter.yaml --players 3 --games 100"
  "personas maps/usa.yaml --players 2..4 --games 300 --bots blocker,hoarder,route-focus"
  "personas-eu maps/europe.yaml --players 3 --games 300 --bots blocker,hoarder,long-route"
  "random maps/usa.yaml --players 2,4 --games 500 --bots random"
  "random-eu maps/europe.yaml --players 3 --games 1000 --bots random,one-step"
  "expert maps/usa.yaml --players 2 --games 4 --bots expert:30,route-focus"
  "card maps/card-game-usa.yaml --players 2..4 --games 500"
  "dice maps/trains-and-stations-demo.yaml --players 3..5 --games 500"
)

# Every output of binary $1 into directory $2.
outputs() {
  local bin=$1 dir=$2 m n rc
  mkdir -p "$dir"
  for m in maps/*.yaml; do
    n=$(basename "$m" .yaml)
    rc=0
    "$bin" validate --format json "$m" >"$dir/validate-$n.json" 2>&1 || rc=$?
    echo "exit $rc" >>"$dir/validate-$n.json"
    "$bin" simulate "$m" --games 200 --seed 3 --threads 1 --quiet \
      --json "$dir/simulate-$n.json" >/dev/null 2>"$dir/simulate-$n.err" || true
  done
  "$bin" simulate maps/usa.yaml --games 500 --bots random --seed 3 --threads 1 --quiet \
    --json "$dir/simulate-usa-random.json" >/dev/null 2>"$dir/simulate-usa-random.err" || true
  for row in "${reference[@]}"; do
    read -r n args <<<"$row"
    # shellcheck disable=SC2086 # the row's words are its arguments
    "$bin" simulate $args --seed 7 --threads 1 --quiet \
      --json "$dir/seed7-$n.json" >/dev/null 2>"$dir/seed7-$n.err" || true
  done
  rc=0
  find tests/scenarios -maxdepth 1 -name '*.yaml' | sort | xargs "$bin" scenario >"$dir/scenario.txt" 2>&1 || rc=$?
  echo "exit $rc" >>"$dir/scenario.txt"
  # Only the deterministic part of bench's line: its games and actions per game.
  "$bin" bench maps/usa.yaml --players 2 --games 2000 2>&1 |
    sed -E 's/: [0-9.]+ s, [0-9]+ games\/s,/:/; s/, [0-9.]+ µs\/action.*//' >"$dir/bench.txt"
}

outputs "$old" "$out/old"
outputs "$new" "$out/new"
# Each output compared once; the first lines of each difference shown.
differ=0
for f in "$out"/old/*; do
  g="$out/new/$(basename "$f")"
  if ! cmp -s "$f" "$g"; then
    [ $differ -eq 1 ] || echo "the builds differ (old, then new):"
    differ=1
    echo "== $(basename "$f")"
    diff "$f" "$g" | head -8 || true
  fi
done
if [ $differ -eq 0 ]; then
  echo "same behaviour ($(find "$out/old" -type f | wc -l) outputs compared)"
fi
exit $differ
