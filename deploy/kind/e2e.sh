#!/usr/bin/env bash
# make e2e-kind: create a kind cluster, build and load the image, apply the kind overlay, wait
# for readiness, port-forward, run the e2e suite against the cluster, delete the cluster.
# Needs docker (or podman) and kind on PATH; every step is also a command to run by hand
# (deploy/README.md walks through them).
set -euo pipefail
cd "$(dirname "$0")/../.."
for tool in kind kubectl; do
	command -v "$tool" >/dev/null || { echo "e2e-kind needs $tool on PATH (see deploy/README.md)"; exit 1; }
done
CLUSTER=${CLUSTER:-organism}
IMAGE=organism:dev
WORK=$(mktemp -d)
pids=()
cleanup() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	[ -n "${KEEP_CLUSTER:-}" ] || kind delete cluster --name "$CLUSTER"
	rm -rf "$WORK"
}
trap cleanup EXIT

make build image IMAGE="$IMAGE"
kind create cluster --name "$CLUSTER" --config deploy/kind/cluster.yaml --wait 120s
kind load docker-image "$IMAGE" --name "$CLUSTER"

# The owner's key stays here; the cluster gets owner.pub and one credential per calling target.
./bin/organism keys init --data-dir "$WORK/owner"
./bin/organism keys export --data-dir "$WORK/owner" --out deploy/k8s/overlays/kind/secrets
kubectl apply -k deploy/k8s/overlays/kind
kubectl -n organism rollout status statefulset --timeout=180s
kubectl -n organism rollout status deployment/organism-gateway --timeout=180s

# The e2e brain's repository, where soul and mission read it (/repos on the shared volume).
git -C "$WORK" init -q repo && printf '# Loja\n\nThe shop.\n' > "$WORK/repo/PATHOS.md"
git -C "$WORK/repo" add . && git -C "$WORK/repo" -c user.email=e2e@organism.invalid -c user.name=e2e commit -qm init
kubectl -n organism cp "$WORK/repo" organism-soul-0:/repos/loja

port=17700
declare -A addr
for target in medulla presence soul mission; do
	kubectl -n organism port-forward "svc/organism-$target" "$port:7700" >/dev/null & pids+=($!)
	addr[$target]="127.0.0.1:$port"; port=$((port + 1))
done
kubectl -n organism port-forward svc/organism-gateway 17780:7780 >/dev/null & pids+=($!)
sleep 3

ORGANISM_E2E_BIN="$PWD/bin/organism" ORGANISM_E2E_OWNER_DIR="$WORK/owner" ORGANISM_E2E_REPO=/repos/loja \
ORGANISM_E2E_MEDULLA="${addr[medulla]}" ORGANISM_E2E_PRESENCE="${addr[presence]}" \
ORGANISM_E2E_SOUL="${addr[soul]}" ORGANISM_E2E_MISSION="${addr[mission]}" ORGANISM_E2E_GATEWAY=127.0.0.1:17780 \
	go test -count=1 -tags 'e2e kind' -run TestKind -v ./e2e/...
