#!/bin/bash
# slurm-check.sh — docs/scale-out.md's Slurm recipes on a real single-node Slurm, checked.
#
# Run by hand (or in an optional CI job; not in .ci/run) as root on Debian or Ubuntu:
#   cargo build --release -p tracklayer
#   scripts/slurm-check.sh [path/to/tracklayer]     # default: target/release/tracklayer
#
# It installs Slurm and MUNGE from the distribution's packages (apt-get; skip with
# SLURM_CHECK_INSTALL=0), starts munged, slurmctld and slurmd on localhost with a configuration
# of its own in a scratch folder (nothing under /etc is changed), and then:
#   1. runs the job array of scripts/simulate.sbatch and the afterok merge job for every rule
#      family (usa, card-game-usa, trains-and-stations-demo) and `cmp`s each merged report with
#      a one-process run;
#   2. kills one array task, shows the merge job stuck in DependencyNeverSatisfied, and recovers
#      as the docs say (resubmit the task alone, cancel and resubmit the merge job) — cmp again;
#   3. runs `balance --evaluate-with scripts/slurm-launch.sh` (with SBATCH_EXPORT=NONE and
#      --cpus-per-task=2) and cmps the variant with the in-process one; then makes one array
#      task of one batch fail, shows the launcher and balance naming it, resumes with --resume
#      and cmps the variant again; sends balance Ctrl-C and checks that its array is cancelled
#      and it exits 130; and shows a request no node can grant refused at once;
#   4. stops every daemon it started (also on failure or Ctrl-C) and checks none is left.
# It prints PASS at the end, or stops at the first failure with a non-zero status.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
TRACKLAYER=$(realpath "${1:-$ROOT/target/release/tracklayer}")
[ -x "$TRACKLAYER" ] || { echo "no tracklayer at $TRACKLAYER: build it (cargo build --release -p tracklayer) or give its path" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || { echo "run as root (it installs packages and starts daemons)" >&2; exit 2; }

say() { printf '\n== %s\n' "$*"; }
now() { date +%s%N; }
# Seconds from nanosecond stamps: secs START END [DIVISOR]
secs() { awk -v a="$1" -v b="$2" -v d="${3:-1}" 'BEGIN { printf "%.1f", (b - a) / 1e9 / d }'; }
fail() { echo "FAIL: $*" >&2; exit 1; }

if [ "${SLURM_CHECK_INSTALL:-1}" = 1 ]; then
    say "installing slurm-wlm and munge (apt-get)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends slurm-wlm munge >/dev/null
fi
echo "$(slurmctld -V), munge $(dpkg-query -W -f='${Version}' munge 2>/dev/null || echo '?')"

WORK=$(mktemp -d /tmp/slurm-check.XXXXXX)
chmod 755 "$WORK"
export SLURM_CONF=$WORK/etc/slurm.conf
MUNGE_SOCKET=$WORK/munge/munge.socket

stop_daemons() {
    set +e
    if [ -S "$MUNGE_SOCKET" ] && command -v squeue >/dev/null; then
        scancel --user="$(id -un)" 2>/dev/null
    fi
    for pidfile in "$WORK/run/slurmd.pid" "$WORK/run/slurmctld.pid" "$WORK/munge/munged.pid"; do
        [ -s "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null
    done
    for _ in $(seq 50); do
        alive=0
        for pidfile in "$WORK/run/slurmd.pid" "$WORK/run/slurmctld.pid" "$WORK/munge/munged.pid"; do
            [ -s "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null && alive=1
        done
        [ $alive = 0 ] && break
        sleep 0.2
    done
    for pidfile in "$WORK/run/slurmd.pid" "$WORK/run/slurmctld.pid" "$WORK/munge/munged.pid"; do
        if [ -s "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null; then
            echo "$pidfile: still running after SIGTERM: SIGKILL" >&2
            kill -9 "$(cat "$pidfile")" 2>/dev/null
        fi
    done
}
finish() {
    status=$?
    say "stopping the daemons this script started"
    stop_daemons
    left=$(pgrep -a -f "$WORK" || true)$(pgrep -a -x slurmstepd || true)
    if [ -n "$left" ]; then
        echo "left running: $left" >&2
        status=1
    else
        echo "no daemon left running"
    fi
    if [ $status -eq 0 ]; then
        rm -rf "$WORK"
        say "PASS"
    else
        echo "FAILED (status $status); files kept in $WORK" >&2
    fi
    exit $status
}
trap finish EXIT
trap 'exit 130' INT TERM

say "starting munged, slurmctld and slurmd on localhost ($WORK)"
mkdir -p "$WORK/munge" "$WORK/etc" "$WORK/run" "$WORK/state" "$WORK/spool" "$WORK/log" "$WORK/bin"
chown munge:munge "$WORK/munge"
[ -s /etc/munge/munge.key ] || mungekey --create --keyfile=/etc/munge/munge.key
chown munge:munge /etc/munge/munge.key
runuser -u munge -- munged --socket="$MUNGE_SOCKET" --pid-file="$WORK/munge/munged.pid" \
    --log-file="$WORK/munge/munged.log" --seed-file="$WORK/munge/munged.seed"
munge -n -S "$MUNGE_SOCKET" | unmunge -S "$MUNGE_SOCKET" >/dev/null || fail "munge does not work"
CPUS=$(nproc)
MEM=$(($(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 / 2))
cat >"$SLURM_CONF" <<EOF
ClusterName=tracklayer-check
SlurmctldHost=localhost
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$MUNGE_SOCKET
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$WORK/state
SlurmdSpoolDir=$WORK/spool
SlurmctldPidFile=$WORK/run/slurmctld.pid
SlurmdPidFile=$WORK/run/slurmd.pid
SlurmctldLogFile=$WORK/log/slurmctld.log
SlurmdLogFile=$WORK/log/slurmd.log
SlurmctldPort=${SLURM_CHECK_PORT:-16817}
SlurmdPort=$((${SLURM_CHECK_PORT:-16817} + 1))
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
SwitchType=switch/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
ReturnToService=2
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$CPUS RealMemory=$MEM State=UNKNOWN
PartitionName=check Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
slurmctld -i -f "$SLURM_CONF"
slurmd -N localhost -f "$SLURM_CONF"
for i in $(seq 60); do
    state=$(sinfo -h -n localhost -o '%T' 2>/dev/null || true)
    [ "$state" = idle ] && break
    [ "$i" = 60 ] && fail "the node never became idle (state: ${state:-none}; see $WORK/log)"
    sleep 1
done
sinfo

# The workers find tracklayer on the PATH sbatch passes on.
ln -s "$TRACKLAYER" "$WORK/bin/tracklayer"
export PATH="$WORK/bin:$PATH"

# Waits until every job named has left the queue.
wait_jobs() {
    for _ in $(seq 1800); do
        queued=$(squeue -h -j "$(IFS=,; echo "$*")" -o '%i %r' 2>/dev/null || true)
        [ -z "$queued" ] && return 0
        if grep -q DependencyNeverSatisfied <<<"$queued"; then
            fail "a job can never start (a task it depends on failed): $queued; logs in $PWD/logs: $(tail -n 3 logs/*.out)"
        fi
        sleep 1
    done
    fail "jobs $* still queued after 30 minutes"
}

N=4
declare -A DESIGN=([usa]=maps/usa.yaml [card-game-usa]=maps/card-game-usa.yaml
    [trains-and-stations-demo]=maps/trains-and-stations-demo.yaml)
declare -A RUN=([usa]="--players 2..5 --games 200 --seed 7"
    [card-game-usa]="--players 2..4 --games 100 --seed 7"
    [trains-and-stations-demo]="--players 3..5 --games 100 --seed 7")

say "1. the job array and the merge job of docs/scale-out.md, every family"
declare -A MERGES
START=$(now)
for f in "${!DESIGN[@]}"; do
    mkdir -p "$WORK/$f"
    cd "$WORK/$f"
    mkdir -p logs shards
    # shellcheck disable=SC2086
    JOB=$(sbatch --parsable --array=0-$((N - 1)) "$ROOT/scripts/simulate.sbatch" "$ROOT/${DESIGN[$f]}" "$N" ${RUN[$f]})
    MERGES[$f]=$(sbatch --parsable --dependency=afterok:"$JOB" --output=logs/merge-%j.out \
        --wrap "tracklayer merge shards/shard-*.json -o report.json")
    echo "$f: array $JOB ($N tasks), merge job ${MERGES[$f]}"
done
wait_jobs "${MERGES[@]}"
ELAPSED=$(secs "$START" "$(now)")
for f in "${!DESIGN[@]}"; do
    cd "$WORK/$f"
    # shellcheck disable=SC2086
    tracklayer simulate "$ROOT/${DESIGN[$f]}" ${RUN[$f]} --threads 1 --quiet --json whole.json >whole.txt
    echo "$f one process: $(tail -n 1 whole.txt)"
    [ -f report.json ] || fail "$f: the merge job wrote no report ($(cat logs/merge-*.out))"
    cmp report.json whole.json || fail "$f: the merged report differs from the one-process run"
    echo "$f: merged report of $N shards = one-process report ($(wc -c <report.json) bytes, identical)"
done
echo "three arrays and merges through Slurm: $ELAPSED s"

say "2. one array task killed, and the documented recovery"
mkdir -p "$WORK/recovery" && cd "$WORK/recovery" && mkdir -p logs shards
f=usa
# shellcheck disable=SC2086
JOB=$(sbatch --parsable --array=0-$((N - 1)) "$ROOT/scripts/simulate.sbatch" "$ROOT/${DESIGN[$f]}" "$N" ${RUN[$f]})
MERGE=$(sbatch --parsable --dependency=afterok:"$JOB" --output=logs/merge-%j.out \
    --wrap "tracklayer merge shards/shard-*.json -o report.json")
scancel "${JOB}_2"
echo "array $JOB: task 2 cancelled (scancel ${JOB}_2); merge job $MERGE"
wait_jobs "$JOB"
for _ in $(seq 60); do
    REASON=$(squeue -h -j "$MERGE" -o '%r')
    [ "$REASON" = DependencyNeverSatisfied ] && break
    sleep 1
done
squeue -j "$MERGE" -o '%.10i %.9T %r'
[ "$REASON" = DependencyNeverSatisfied ] || fail "the merge job waits for: $REASON"
[ ! -e shards/shard-2.json ] || fail "the cancelled task wrote its shard"
echo "recovery: resubmit task 2 alone, cancel the stuck merge job, resubmit it after the new task"
# shellcheck disable=SC2086
AGAIN=$(sbatch --parsable --array=2 "$ROOT/scripts/simulate.sbatch" "$ROOT/${DESIGN[$f]}" "$N" ${RUN[$f]})
scancel "$MERGE"
MERGE=$(sbatch --parsable --dependency=afterok:"$AGAIN" --output=logs/merge-%j.out \
    --wrap "tracklayer merge shards/shard-*.json -o report.json")
wait_jobs "$MERGE"
cmp report.json "$WORK/usa/whole.json" || fail "the recovered report differs from the one-process run"
echo "recovered report = one-process report"

say "3. balance --evaluate-with scripts/slurm-launch.sh"
mkdir -p "$WORK/balance" && cd "$WORK/balance"
SEARCH=(--target ticket-value=0.05 --knob ticket-points --players 3 --games 10 --generations 2
    --children 3 --check-games 20 --seed 4 --quiet)
t0=$(now)
tracklayer balance "$ROOT/maps/usa-unbalanced.yaml" "${SEARCH[@]}" -o in-process.yaml >in-process.txt
t1=$(now)
SBATCH_EXPORT=NONE SLURM_LAUNCH_OPTIONS="--cpus-per-task=2" SLURM_LAUNCH_POLL=1 \
    tracklayer balance "$ROOT/maps/usa-unbalanced.yaml" "${SEARCH[@]}" -o slurm.yaml \
    --evaluate-with "$ROOT/scripts/slurm-launch.sh" --shards 2 --work-dir "$WORK/balance/jobs" \
    >slurm.txt 2>slurm.err
t2=$(now)
cmp in-process.yaml slurm.yaml || fail "balance through Slurm wrote another variant"
BATCHES=$(grep -c 'slurm-launch: job array' slurm.err)
echo "in-process $(secs "$t0" "$t1") s; through Slurm $(secs "$t1" "$t2") s for $BATCHES batches" \
    "($(secs $((t1 - t0)) $((t2 - t1)) "$BATCHES") s more per batch)"
echo "variant through Slurm (SBATCH_EXPORT=NONE, --cpus-per-task=2) = in-process variant"
[ ! -e "$WORK/balance/jobs" ] || fail "the work folder was left after a finished search"

say "3b. one array task of one batch fails: named, then --resume"
cat >"$WORK/bin/fail-once.sh" <<EOF
#!/bin/sh
# Breaks line 2 (array task 1) of the second generation's first batch, once.
if [ ! -e "$WORK/balance/failed-once" ] && [ "\$(basename "\$TRACKLAYER_BATCH")" = generation-2-rung-1 ]; then
    touch "$WORK/balance/failed-once"
    sed -i '2s/^/exit 9; /' "\$TRACKLAYER_JOBS"
fi
exec "$ROOT/scripts/slurm-launch.sh"
EOF
chmod +x "$WORK/bin/fail-once.sh"
run_balance() {
    SLURM_LAUNCH_POLL=1 tracklayer balance "$ROOT/maps/usa-unbalanced.yaml" "${SEARCH[@]}" \
        -o resumed.yaml --evaluate-with "$WORK/bin/fail-once.sh" --shards 2 \
        --work-dir "$WORK/balance/jobs" "$@"
}
set +e
SLURM_LAUNCH_OPTIONS="--cpus-per-task=2" run_balance >first.txt 2>first.err
STATUS=$?
set -e
grep -h 'thread(s)' "$WORK"/balance/jobs/start/logs/*.out | head -2 | cut -c1-160
grep -q ', 2 thread(s): .*--threads "${TRACKLAYER_THREADS:-1}"' "$WORK"/balance/jobs/start/logs/*.out ||
    fail "the jobs did not get the 2 CPUs of --cpus-per-task=2 as threads"
grep -E 'slurm-launch: .*failed|^  task|error:|--resume' first.err || true
[ $STATUS -eq 2 ] || fail "balance did not stop on the failed task (status $STATUS)"
grep -q 'task 1 (line 2 of jobs.txt: candidate 0, shard 1/2)' first.err || fail "balance did not name the failed task"
t3=$(now)
run_balance --resume >resumed.txt 2>resumed.err
t4=$(now)
cmp in-process.yaml resumed.yaml || fail "the resumed search wrote another variant"
echo "resumed in $(secs "$t3" "$t4") s, $(grep -c 'slurm-launch: job array' resumed.err) of $BATCHES batches run again: variant = in-process variant"

say "3c. Ctrl-C on balance cancels the launcher's array"
# Games enough that the first array is still running when Ctrl-C comes.
tracklayer balance "$ROOT/maps/usa-unbalanced.yaml" --target ticket-value=0.05 --knob ticket-points \
    --players 3 --games 4000 --seed 4 --quiet -o stopped.yaml --evaluate-with "$ROOT/scripts/slurm-launch.sh" --work-dir "$WORK/balance/stopped" \
    >stopped.txt 2>stopped.err &
BALANCE=$!
for _ in $(seq 120); do
    grep -q 'slurm-launch: job array' stopped.err && break
    sleep 0.5
done
ARRAY=$(sed -n 's/^slurm-launch: job array \([0-9]*\),.*/\1/p' stopped.err | head -n 1)
[ -n "$ARRAY" ] || fail "balance never submitted an array: $(cat stopped.err)"
kill -INT "$BALANCE"
set +e
wait "$BALANCE"
STATUS=$?
set -e
cat stopped.err
tail -n 1 stopped.txt
[ $STATUS -eq 130 ] || fail "balance exited $STATUS after Ctrl-C, not 130"
for _ in $(seq 20); do # cancelled tasks may show as completing for a moment
    [ -z "$(squeue -h -n tracklayer-jobs 2>/dev/null)" ] && break
    sleep 0.5
done
[ -z "$(squeue -h -n tracklayer-jobs 2>/dev/null)" ] || fail "an array is still queued after Ctrl-C: $(squeue)"
echo "balance exited 130 and array $ARRAY is gone from the queue"

say "3d. a request no node can grant is refused, not left pending"
set +e
SLURM_LAUNCH_OPTIONS="--cpus-per-task=$((CPUS * 32))" tracklayer balance "$ROOT/maps/usa-unbalanced.yaml" \
    "${SEARCH[@]}" -o never.yaml --evaluate-with "$ROOT/scripts/slurm-launch.sh" \
    --work-dir "$WORK/balance/never" >/dev/null 2>never.err
STATUS=$?
set -e
cat never.err
[ $STATUS -eq 2 ] || fail "a launch that cannot run did not stop balance (status $STATUS)"
