#!/bin/bash
# k8s-check.sh — validates docs/scale-out.md's Kubernetes manifests offline against the
# Kubernetes API schemas (the Job's among them) with kubernetes-validate (PyPI), which ships the
# schemas: no cluster and no network needed after its install.
#
#   scripts/k8s-check.sh            # installs kubernetes-validate in a scratch venv
#   KUBERNETES_VALIDATE=/path/to/kubernetes-validate scripts/k8s-check.sh
#
# It checks every ```yaml block of the doc (the Indexed Job of the shards and the merge Job) and
# the Job that scripts/k8s-launch.sh applies for a balance batch (rendered by running it with a
# stand-in kubectl that keeps what it is given), with --strict (unknown fields are errors), for
# the oldest Kubernetes the manifests claim to work on (1.33: backoffLimitPerIndex is GA) and
# the newest the tool knows.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d /tmp/k8s-check.XXXXXX)
trap 'rm -rf "$WORK"' EXIT

VALIDATE=${KUBERNETES_VALIDATE:-}
if [ -z "$VALIDATE" ]; then
    python3 -m venv "$WORK/venv"
    "$WORK/venv/bin/pip" install -q kubernetes-validate
    VALIDATE=$WORK/venv/bin/kubernetes-validate
fi
echo "kubernetes-validate $("$VALIDATE" --version)"

# The doc's yaml blocks, one file each.
awk -v dir="$WORK" '
    /^```yaml$/ { n++; out = sprintf("%s/doc-%d.yaml", dir, n); inside = 1; next }
    /^```$/ && inside { inside = 0; close(out); next }
    inside { print > out }
' "$ROOT/docs/scale-out.md"

# The Job k8s-launch.sh applies, through a kubectl that records instead.
mkdir -p "$WORK/bin" "$WORK/batch"
cat >"$WORK/bin/kubectl" <<EOF
#!/bin/sh
# Keeps what 'kubectl apply -f -' is given; the Job is complete at once.
case "\$1" in
apply) cat >"$WORK/launch-job.yaml" ;;
get) echo Complete ;;
esac
exit 0
EOF
chmod +x "$WORK/bin/kubectl"
printf 'tracklayer simulate …\n' >"$WORK/batch/jobs.txt"
PATH="$WORK/bin:$PATH" TRACKLAYER_JOBS="$WORK/batch/jobs.txt" TRACKLAYER_TASKS=4 \
    TRACKLAYER_BATCH="$WORK/batch" sh "$ROOT/scripts/k8s-launch.sh"

FILES=("$WORK"/doc-*.yaml "$WORK/launch-job.yaml")
grep -q 'completionMode: Indexed' "${FILES[@]}" || { echo "no Indexed Job found" >&2; exit 1; }
for version in 1.33.0 "$("$VALIDATE" --help | sed -n 's/.*Defaults to \([0-9.]*\).*/\1/p')"; do
    for f in "${FILES[@]}"; do
        printf '%-18s k8s %-7s ' "$(basename "$f")" "$version"
        "$VALIDATE" --strict --quiet -k "$version" "$f" && echo valid
    done
done
# Broken Jobs must fail, or the check proves nothing: a misspelt field of the Indexed Job, and
# of the merge Job (the second document of the same block).
for broken in 's/completionMode:/completionMod:/' 's/command: \["sh", "-c", "tracklayer merge/comand: ["sh", "-c", "tracklayer merge/'; do
    sed "$broken" "$WORK/doc-1.yaml" >"$WORK/broken.yaml"
    cmp -s "$WORK/doc-1.yaml" "$WORK/broken.yaml" && { echo "$broken changed nothing" >&2; exit 1; }
    if "$VALIDATE" --strict --quiet "$WORK/broken.yaml" >/dev/null 2>&1; then
        echo "kubernetes-validate accepted the doc's Jobs after $broken: the check is not working" >&2
        exit 1
    fi
    echo "refused, as it should be, after $broken"
done
echo PASS
