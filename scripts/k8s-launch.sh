#!/bin/sh
# k8s-launch.sh — balance's launcher for Kubernetes (docs/scale-out.md): one batch as an Indexed
# Job; pod i runs line i+1 of jobs.txt. The work folder is a shared volume mounted at the same
# path in the pods (K8S_LAUNCH_MOUNT, default /shared, claim K8S_LAUNCH_CLAIM), and the image
# (K8S_LAUNCH_IMAGE) has tracklayer where the jobs say (balance --worker-bin). Each pod asks for
# K8S_LAUNCH_CPUS CPUs (default 1) and plays on as many threads (TRACKLAYER_THREADS).
#   tracklayer balance … --evaluate-with 'sh scripts/k8s-launch.sh' --work-dir /shared/run \
#       --worker-bin /usr/local/bin/tracklayer
# Ctrl-C deletes the Job; a Job that fails or a missing shard file exits 1.
set -eu
: "${TRACKLAYER_JOBS:?run by balance --evaluate-with (TRACKLAYER_JOBS is not set)}"
: "${TRACKLAYER_TASKS:?run by balance --evaluate-with}"
: "${TRACKLAYER_BATCH:?run by balance --evaluate-with}"
IMAGE=${K8S_LAUNCH_IMAGE:-registry.example/tracklayer:latest}
MOUNT=${K8S_LAUNCH_MOUNT:-/shared}
CLAIM=${K8S_LAUNCH_CLAIM:-tracklayer-shared}
CPUS=${K8S_LAUNCH_CPUS:-1}
NAME="tracklayer-balance-$(basename "$TRACKLAYER_BATCH")"
kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata: { name: $NAME }
spec:
  completionMode: Indexed
  completions: $TRACKLAYER_TASKS
  parallelism: $TRACKLAYER_TASKS
  backoffLimitPerIndex: 1
  template:
    spec:
      restartPolicy: Never
      containers:
        - name: shard
          image: $IMAGE
          env:
            - { name: JOBS, value: "$TRACKLAYER_JOBS" }
            - { name: TRACKLAYER_THREADS, value: "$CPUS" }
          command: ["sh", "-c", 'sh -c "\$(sed -n "\$((JOB_COMPLETION_INDEX + 1))p" "\$JOBS")"']
          resources: { requests: { cpu: "$CPUS" } }
          volumeMounts: [{ name: work, mountPath: $MOUNT }]
      volumes: [{ name: work, persistentVolumeClaim: { claimName: $CLAIM } }]
EOF
trap 'kubectl delete job "$NAME" --wait=false; exit 130' INT TERM
# Complete or failed, whichever comes first (waiting for "complete" alone hangs on a failure).
while :; do
    STATE=$(kubectl get job "$NAME" -o 'jsonpath={.status.conditions[?(@.status=="True")].type}' || true)
    case "$STATE" in
    *Failed*)
        echo "k8s-launch: job $NAME failed: kubectl describe job $NAME" >&2
        kubectl delete job "$NAME" --wait=false
        exit 1
        ;;
    *Complete*) break ;;
    esac
    sleep 5 &
    wait $! || true
done
trap - INT TERM
kubectl delete job "$NAME" --wait=false
if [ -n "${TRACKLAYER_OUTPUTS:-}" ]; then
    k=0
    MISSING=0
    while IFS= read -r out; do
        [ -s "$out" ] || { echo "k8s-launch: index $k wrote no $out" >&2; MISSING=1; }
        k=$((k + 1))
    done <"$TRACKLAYER_OUTPUTS"
    [ "$MISSING" = 0 ] || exit 1
fi
