# Organism: one Makefile for the whole workspace. `make help` lists the targets.
SHELL      := /bin/bash
GO         ?= go
BUF        := GOWORK=off $(GO) tool -modfile=$(CURDIR)/tools/buf/go.mod buf
SERVICES   := soul medulla mission presence
# Every package of every workspace module (go.work); tools are not part of it.
PKGS       := ./proto/... ./platform/... $(foreach s,$(SERVICES),./services/$(s)/...) ./gateway/... ./mcp/... ./cmd/organism/... ./joints/... ./e2e/...
# deploy/ is its own module (kustomize and k8s.io/api stay out of the organs); it is vetted and
# tested apart, without -race (it renders files; it has no concurrency of its own).
DEPLOY_PKGS := ./deploy/...
IMAGE      ?= organism:dev
ENGINE     ?= $(shell command -v docker 2>/dev/null || command -v podman 2>/dev/null)
BENCHTIME  ?= 1x
FUZZTIME   ?= 10s
TEST_FLAGS ?=
BIN        := bin/organism

.DEFAULT_GOAL := help

.PHONY: help
help: ## list the targets
	@grep -hE '^[a-zA-Z_-]+:.*?## ' $(MAKEFILE_LIST) | awk 'BEGIN {FS = ":.*?## "}; {printf "  %-16s %s\n", $$1, $$2}'

.PHONY: tools
tools: ## build the pinned code generators and buf
	GOWORK=off $(GO) build -modfile=tools/go.mod -o /dev/null tool
	$(BUF) --version

.PHONY: generate
generate: ## regenerate Go, gateway and OpenAPI code from proto/
	cd proto && $(BUF) generate
	cd proto && for s in $(SERVICES); do $(BUF) generate --template organism/$$s/v1/buf.gen.gateway.yaml --path organism/$$s || exit 1; done

.PHONY: generate-check
generate-check: generate ## fail when regeneration changes anything
	@if [ -n "$$(git status --porcelain -- proto)" ]; then \
		echo "generated code is stale; run 'make generate' and commit:"; git status --porcelain -- proto; exit 1; fi

.PHONY: lint
lint: generate-check ## gofmt, go vet, buf lint, and the regeneration check
	@out=$$(gofmt -l proto platform services gateway mcp cmd joints e2e deploy); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet $(PKGS) $(DEPLOY_PKGS)
	$(GO) vet -tags e2e ./e2e/...
	cd proto && $(BUF) lint

.PHONY: breaking
breaking: ## compare proto/ with the previous release (newest v* tag, else proto/RELEASE; BASE=<ref> overrides) for wire-breaking changes
	@set -euo pipefail; \
	base='$(BASE)'; \
	if [ -z "$$base" ]; then base=$$(git tag --list 'v*' --sort=-v:refname | head -n1); fi; \
	if [ -z "$$base" ]; then base=$$(tr -d '[:space:]' < proto/RELEASE); fi; \
	tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	git archive "$$base" proto | tar -x -C "$$tmp"; \
	echo "buf breaking against $$base"; \
	cd proto && $(BUF) breaking --against "$$tmp/proto"

.PHONY: build
build: ## build bin/organism
	$(GO) build -o $(BIN) ./cmd/organism

.PHONY: test
test: lint unit e2e validate ## lint, every test with the race detector, the e2e pass, the manifest validation

.PHONY: unit
unit: ## every package's tests with the race detector
	$(GO) test -race -count=1 -timeout 15m $(TEST_FLAGS) $(PKGS)

.PHONY: validate
validate: ## render deploy/k8s overlays with kustomize and check them against k8s.io/api and the policies
	$(GO) test -count=1 -timeout 10m $(DEPLOY_PKGS)

.PHONY: bench
bench: ## run the benchmarks; each prints its figure and the ratio against its baseline
	$(GO) test -run '^$$' -bench . -benchtime $(BENCHTIME) -benchmem -timeout 30m $(PKGS) | tee bench.out | grep -E '^(Benchmark|ok|FAIL|---)'

.PHONY: fuzz
fuzz: ## run every fuzz target for FUZZTIME each
	@set -e; for pkg in $$($(GO) list -f '{{if or .TestGoFiles .XTestGoFiles}}{{.Dir}}{{end}}' $(PKGS)); do \
		for f in $$(grep -ho '^func Fuzz[A-Za-z0-9_]*' $$pkg/*_test.go 2>/dev/null | sed 's/func //'); do \
			echo "== $$pkg $$f"; (cd $$pkg && $(GO) test -run '^$$' -fuzz "^$$f\$$" -fuzztime $(FUZZTIME) .) ; done; done

.PHONY: e2e
e2e: build ## end-to-end: five serve processes on loopback (every organ via gRPC, gateway and CLI, traces, drills), and the PostgreSQL smoke: two replicas of each organ on a throwaway PostgreSQL
	ORGANISM_E2E_BIN=$(CURDIR)/$(BIN) $(GO) test -count=1 -tags e2e -timeout 10m -run 'TestSplit|TestPostgresSmoke' ./e2e/...

.PHONY: e2e-full
e2e-full: build ## the e2e suite whole: the five processes, serve --target=all, and two replicas of each organ on PostgreSQL
	ORGANISM_E2E_BIN=$(CURDIR)/$(BIN) $(GO) test -count=1 -tags e2e -timeout 15m -v ./e2e/...

.PHONY: e2e-kind
e2e-kind: ## kind cluster: build and load the image, apply the kind overlay, run the e2e suite against it, delete the cluster
	deploy/kind/e2e.sh

.PHONY: image
image: ## build the container image with docker or podman (IMAGE=organism:dev)
	@if [ -z "$(ENGINE)" ] || ! $(ENGINE) info >/dev/null 2>&1; then echo "no running container engine (docker or podman) on this machine"; exit 1; fi
	$(ENGINE) build -t $(IMAGE) --build-arg VERSION=$$(git describe --always --dirty 2>/dev/null || echo dev) --build-arg REVISION=$$(git rev-parse HEAD 2>/dev/null || echo unknown) .

.PHONY: run
run: build ## build and start the whole suite on the embedded SQLite default
	./$(BIN) serve --target=all
