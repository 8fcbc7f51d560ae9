#!/usr/bin/env bash
# Measures the simulation throughput rows docs/bots.md reports, for one or
# more tracklayer binaries side by side: the heuristic bots on USA, Europe and
# Heart of Africa at 2 and 4 players, and uniform-random play (`bench`).
#
#   scripts/throughput.sh [--runs N | --instructions] BIN...
#
#   --runs N        user seconds of each row, the binaries alternating, N runs
#                   each (default 5); prints min-max (median) per binary
#   --instructions  instructions of each row (valgrind's callgrind), on
#                   fewer games (the counts docs/bots.md's tables give):
#                   deterministic where timings are noisy
#
# Every row runs one thread (`--threads 1 --quiet`), from the repository root.
set -euo pipefail

runs=5
instructions=false
bins=()
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --instructions) instructions=true; shift ;;
    -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "error: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) bins+=("$1"); shift ;;
  esac
done
case "$runs" in
  ''|*[!0-9]*|0) echo "error: --runs takes a whole number above 0, not \`$runs\`" >&2; exit 2 ;;
esac
[ ${#bins[@]} -gt 0 ] || { echo "error: name at least one tracklayer binary (see --help)" >&2; exit 2; }
for b in "${bins[@]}"; do
  [ -x "$b" ] || { echo "error: $b is not an executable" >&2; exit 2; }
done
if $instructions; then
  command -v valgrind >/dev/null || { echo "error: --instructions needs valgrind" >&2; exit 2; }
fi

cd "$(dirname "$0")/.."
tfile="$(mktemp)"
trap 'rm -f "$tfile"' EXIT
styles=route-focus,destination-hungry,long-route,one-step
# Each row: its games for timing, its games for instructions, then the
# command without them.
rows=(
  "5000 1000 simulate maps/usa.yaml --players 2 --bots route-focus,one-step"
  "5000 1000 simulate maps/usa.yaml --players 2 --bots destination-hungry,long-route"
  "5000 500 simulate maps/usa.yaml --players 4 --bots $styles"
  "5000 1000 simulate maps/europe.yaml --players 2 --bots route-focus,one-step"
  "2000 400 simulate maps/europe.yaml --players 4 --bots $styles"
  "5000 1000 simulate maps/heart-of-africa-rules.yaml --players 2 --bots route-focus,one-step"
  "2000 400 simulate maps/heart-of-africa-rules.yaml --players 4 --bots $styles"
  "20000 5000 bench maps/usa.yaml --players 2"
  "10000 2500 bench maps/usa.yaml --players 4"
  "10000 2500 bench maps/europe.yaml --players 4"
)

# The arguments of a row at `games` games.
args() {
  local games=$1; shift
  case "$1" in
    simulate) echo "$* --games $games --threads 1 --quiet" ;;
    *) echo "$* --games $games" ;;
  esac
}

for row in "${rows[@]}"; do
  read -r games counted cmd <<<"$row"
  if $instructions; then
    a=$(args "$counted" $cmd)
    line="$a"
    for b in "${bins[@]}"; do
      # shellcheck disable=SC2086 # the row's words are its arguments
      n=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$b" $a 2>&1 |
        awk '/refs:/ {gsub(",", "", $NF); print $NF}')
      line="$line | $n"
    done
    echo "$line"
  else
    a=$(args "$games" $cmd)
    echo "## $a"
    declare -A times=()
    for ((i = 0; i < runs; i++)); do
      for k in "${!bins[@]}"; do
        # shellcheck disable=SC2086 # the row's words are its arguments
        /usr/bin/time -o "$tfile" -f %U "${bins[$k]}" $a >/dev/null 2>&1
        t=$(tail -1 "$tfile")
        times[$k]="${times[$k]:-} $t"
      done
    done
    for k in "${!bins[@]}"; do
      echo "${bins[$k]}: $(echo ${times[$k]} | tr ' ' '\n' | sort -n |
        awk '{a[NR] = $1} END {printf "%s-%s (%s)", a[1], a[NR], a[int((NR + 1) / 2)]}')"
    done
    unset times
  fi
done
