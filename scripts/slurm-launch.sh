#!/bin/bash
# slurm-launch.sh — runs every line of a jobs file as one task of a Slurm job array, waits for
# the array, and checks that every task finished and wrote its file (docs/scale-out.md).
#
# As balance's launcher (it reads TRACKLAYER_JOBS and TRACKLAYER_OUTPUTS that balance sets):
#   tracklayer balance maps/usa.yaml … --evaluate-with 'scripts/slurm-launch.sh' --work-dir /shared/run
# By hand, with a jobs file of your own (line i+1 runs as array task i) and, optionally, the
# file each line writes (same line numbers):
#   scripts/slurm-launch.sh jobs.txt [outputs.txt]
#
# Settings (environment):
#   SLURM_LAUNCH_OPTIONS  more sbatch options, e.g. "--cpus-per-task=4 --time=00:30:00 -p short"
#   SLURM_LAUNCH_LOGS     the tasks' logs (default: logs/ beside the jobs file)
#   SLURM_LAUNCH_POLL     seconds between looks at the queue (default 2)
#
# What it guarantees:
#   - it creates the logs folder and the folder of every output before submitting;
#   - the jobs file is written into the array's script (not passed through the environment), so
#     --export=NONE or SBATCH_EXPORT=NONE change nothing;
#   - each task plays on the CPUs it was given: TRACKLAYER_THREADS=$SLURM_CPUS_PER_TASK, or 1
#     without --cpus-per-task (jobs written by balance use it for --threads);
#   - a task whose command is not found (exit 127) says that tracklayer is not on that worker's
#     PATH;
#   - after the array, every task must have ended with status 0 and written its output; the
#     others are named by array index and the launcher exits 1 (a task cancelled while pending
#     counts as failed);
#   - a request the cluster can never grant (more CPUs than a node has…) is reported and
#     cancelled instead of pending for ever;
#   - Ctrl-C (SIGINT) or SIGTERM cancels the array (scancel) before the launcher exits (130).
set -euo pipefail

die() {
    echo "slurm-launch: $*" >&2
    exit 2
}

JOBS=${1:-${TRACKLAYER_JOBS:-}}
OUTPUTS=${2:-${TRACKLAYER_OUTPUTS:-}}
[ -n "$JOBS" ] || die "give the jobs file (slurm-launch.sh JOBS [OUTPUTS]) or set TRACKLAYER_JOBS"
[ -f "$JOBS" ] || die "no jobs file $JOBS"
JOBS=$(realpath "$JOBS")
TASKS=$(grep -c '' "$JOBS" || true)
if [ "$TASKS" -eq 0 ]; then
    exit 0
fi
if [ -n "$OUTPUTS" ]; then
    [ -f "$OUTPUTS" ] || die "no outputs file $OUTPUTS"
    OUTPUTS=$(realpath "$OUTPUTS")
    [ "$(grep -c '' "$OUTPUTS" || true)" -eq "$TASKS" ] ||
        die "$OUTPUTS must have one line per line of $JOBS ($TASKS)"
fi
for tool in sbatch squeue scancel; do
    command -v "$tool" >/dev/null || die "$tool is not on the PATH: run this where Slurm's commands are"
done

LOGS=$(realpath -m "${SLURM_LAUNCH_LOGS:-$(dirname "$JOBS")/logs}")
POLL=${SLURM_LAUNCH_POLL:-2}
mkdir -p "$LOGS"
if [ -n "$OUTPUTS" ]; then
    while IFS= read -r out; do
        mkdir -p "$(dirname "$out")"
    done <"$OUTPUTS"
fi
# Each task leaves its exit status here; a task that never ran leaves none.
rm -f "$LOGS"/task-*.status

# The array's script, with the jobs file and the logs folder written in.
SCRIPT=$(
    cat <<EOF
#!/bin/bash
set -u
JOBS=$(printf '%q' "$JOBS")
LOGS=$(printf '%q' "$LOGS")
EOF
    cat <<'EOF'
K=$SLURM_ARRAY_TASK_ID
LINE=$(sed -n "$((K + 1))p" "$JOBS")
if [ -z "$LINE" ]; then
    echo "task $K: $JOBS has no line $((K + 1))" >&2
    echo 2 >"$LOGS/task-$K.status"
    exit 2
fi
export TRACKLAYER_THREADS="${SLURM_CPUS_PER_TASK:-1}"
echo "task $K on $(hostname), $TRACKLAYER_THREADS thread(s): $LINE" >&2
STATUS=0
sh -c "$LINE" || STATUS=$?
if [ "$STATUS" -eq 127 ]; then
    echo "task $K: command not found on $(hostname) (exit 127): tracklayer must be on the workers' PATH (PATH=${PATH:-unset}), or give balance --worker-bin with its path on the workers" >&2
fi
echo "$STATUS" >"$LOGS/task-$K.status"
exit "$STATUS"
EOF
)

# shellcheck disable=SC2086 # the options are words on purpose
JOB=$(sbatch --parsable --job-name=tracklayer-jobs --array="0-$((TASKS - 1))" \
    --chdir="$PWD" --output="$LOGS/%A_%a.out" ${SLURM_LAUNCH_OPTIONS:-} <<<"$SCRIPT")
JOB=${JOB%%;*}
echo "slurm-launch: job array $JOB, $TASKS task(s) of $JOBS; logs in $LOGS" >&2

cancel() {
    echo "slurm-launch: interrupted: cancelling job $JOB" >&2
    scancel "$JOB" || true
    exit 130
}
trap cancel INT TERM

# Wait with short sleeps (a trap runs between them, not during a long sbatch --wait).
WAITED=0
ERRORS=0
while :; do
    if ! STATES=$(squeue -h -j "$JOB" -o '%i %T %r' 2>&1); then
        # A job gone from the controller's memory is done; anything else may pass.
        grep -q 'Invalid job id' <<<"$STATES" && break
        ERRORS=$((ERRORS + 1))
        [ "$ERRORS" -lt 30 ] || { echo "slurm-launch: squeue keeps failing: $STATES" >&2; scancel "$JOB" || true; exit 1; }
        sleep "$POLL" &
        wait $! || true
        continue
    fi
    ERRORS=0
    [ -n "$STATES" ] || break
    # Reasons that never clear by waiting.
    NEVER=$(grep -E 'PartitionConfig|BadConstraints|PartitionNodeLimit|PartitionTimeLimit|ReqNodeNotAvail|InvalidAccount|InvalidQOS|DependencyNeverSatisfied' <<<"$STATES" || true)
    if [ -n "$NEVER" ]; then
        echo "slurm-launch: the cluster cannot run these tasks as asked (cancelled):" >&2
        echo "$NEVER" >&2
        echo "slurm-launch: check SLURM_LAUNCH_OPTIONS (--cpus-per-task, --time, -p) against the nodes (sinfo -o '%P %c %l')" >&2
        scancel "$JOB" || true
        exit 1
    fi
    sleep "$POLL" &
    wait $! || true
    WAITED=$((WAITED + POLL))
    if [ $((WAITED % 60)) -lt "$POLL" ]; then
        echo "slurm-launch: waiting for job $JOB after ${WAITED} s: $(awk '{print $2}' <<<"$STATES" | sort | uniq -c | tr -s ' \n' ' ')" >&2
    fi
done
trap - INT TERM

FAILED=()
for ((k = 0; k < TASKS; k++)); do
    STATUS=$(cat "$LOGS/task-$k.status" 2>/dev/null || echo "never ran or was killed")
    OUT=""
    if [ -n "$OUTPUTS" ]; then
        OUT=$(sed -n "$((k + 1))p" "$OUTPUTS")
    fi
    if [ "$STATUS" != 0 ]; then
        FAILED+=("task $k (status: $STATUS; log $LOGS/${JOB}_$k.out)")
    elif [ -n "$OUT" ] && [ ! -s "$OUT" ]; then
        FAILED+=("task $k (no $OUT; log $LOGS/${JOB}_$k.out)")
    fi
done
if [ "${#FAILED[@]}" -gt 0 ]; then
    echo "slurm-launch: ${#FAILED[@]} of $TASKS task(s) of job $JOB failed:" >&2
    printf '  %s\n' "${FAILED[@]}" >&2
    exit 1
fi
echo "slurm-launch: all $TASKS task(s) of job $JOB succeeded" >&2
