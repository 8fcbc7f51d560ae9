#!/usr/bin/env bash
# Measures the simulation throughput rows docs/bots.md reports, for one or
# more tracklayer binaries side by side: the heuristic bots on USA, Europe and
# Heart of Africa at 2 and 4 players, and uniform-random play (`bench`).
#
#   scripts/throughput.sh [--runs N] [--scale K] [--instructions | --scaling] BIN...
#
#   --runs N        user seconds of each row, the binaries alternating, N runs
#                   each (default 5); prints min-max (median) per binary and
#                   how many times faster than the first binary its median is
#   --scale K       K times each row's games in the user-second timings
#                   (default 1): longer runs, less at the mercy of a noisy
#                   machine and of the timer's hundredths
#   --instructions  instructions of each row (valgrind's callgrind), on
#                   fewer games (the counts docs/bots.md's tables give):
#                   deterministic where timings are noisy
#   --scaling       wall seconds of docs/bots.md's three thread-scaling rows
#                   with `--threads 1` and `--threads 2`, alternating, N runs
#                   each; prints the medians and their ratio per binary
#
# Every row but --scaling's runs one thread (`--threads 1 --quiet`), from the
# repository root.
set -euo pipefail

runs=5
scale=1
instructions=false
scaling=false
bins=()
while [ $# -gt 0 ]; do
  case "$1" in
    --runs|--scale)
      [ $# -ge 2 ] || { echo "error: $1 needs a number" >&2; exit 2; }
      if [ "$1" = --runs ]; then runs="$2"; else scale="$2"; fi
      shift 2 ;;
    --instructions) instructions=true; shift ;;
    --scaling) scaling=true; shift ;;
    -h|--help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "error: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) bins+=("$1"); shift ;;
  esac
done
for n in "$runs" "$scale"; do
  case "$n" in
    ''|*[!0-9]*|0) echo "error: --runs and --scale take a whole number above 0, not \`$n\`" >&2; exit 2 ;;
  esac
done
[ ${#bins[@]} -gt 0 ] || { echo "error: name at least one tracklayer binary (see --help)" >&2; exit 2; }
for b in "${bins[@]}"; do
  [ -x "$b" ] || { echo "error: $b is not an executable" >&2; exit 2; }
done
if $instructions && $scaling; then
  echo "error: --instructions and --scaling measure different things: give one" >&2; exit 2
fi
if $instructions; then
  command -v valgrind >/dev/null || { echo "error: --instructions needs valgrind" >&2; exit 2; }
fi

# Absolute paths, as the rows run from the repository root.
for k in "${!bins[@]}"; do
  bins[k]="$(cd "$(dirname "${bins[$k]}")" && pwd)/$(basename "${bins[$k]}")"
done
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

# The rows whose wall time --scaling measures with one and two threads.
scaling_rows=(
  "simulate maps/usa.yaml --players 2 --games 10000 --bots route-focus,one-step"
  "simulate maps/usa.yaml --players 4 --games 5000 --bots $styles"
  "simulate maps/europe.yaml --players 4 --games 3000 --bots $styles"
)

# The least, the greatest and the median of the numbers given.
spread() {
  printf '%s\n' "$@" | sort -g | awk '{a[NR] = $1} END {print a[1], a[NR], a[int((NR + 1) / 2)]}'
}

if $scaling; then
  for cmd in "${scaling_rows[@]}"; do
    echo "## $cmd --quiet, wall seconds with --threads 1 and 2"
    declare -A walls=()
    for ((i = 0; i < runs; i++)); do
      for k in "${!bins[@]}"; do
        for t in 1 2; do
          start=$EPOCHREALTIME
          # shellcheck disable=SC2086 # the row's words are its arguments
          "${bins[$k]}" $cmd --threads "$t" --quiet >/dev/null 2>&1
          walls[$k,$t]="${walls[$k,$t]:-} $(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN {printf "%.3f", b - a}')"
        done
      done
    done
    for k in "${!bins[@]}"; do
      # shellcheck disable=SC2086 # the runs' times are the arguments
      read -r _ _ one <<<"$(spread ${walls[$k,1]})"
      # shellcheck disable=SC2086
      read -r _ _ two <<<"$(spread ${walls[$k,2]})"
      echo "${bins[$k]}: $one s -> $two s, $(awk -v a="$one" -v b="$two" 'BEGIN {printf "%.2f", a / b}')x"
    done
    unset walls
  done
  exit 0
fi

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
    a=$(args "$((games * scale))" $cmd)
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
    # shellcheck disable=SC2086 # the runs' times are the arguments
    read -r _ _ first <<<"$(spread ${times[0]})"
    for k in "${!bins[@]}"; do
      # shellcheck disable=SC2086
      read -r lo hi mid <<<"$(spread ${times[$k]})"
      ratio=$(awk -v a="$first" -v b="$mid" 'BEGIN {if (b > 0) printf "%.2f", a / b; else print "-"}')
      echo "${bins[$k]}: $lo-$hi ($mid), ${ratio}x the first's speed"
    done
    unset times
  fi
done
