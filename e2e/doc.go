// Package e2e drives Organism the way a deployment runs it: each target its own OS process on
// loopback (or one `serve --target=all`, or a kind cluster), every organ through gRPC, the
// gateway and the CLI, with an OTLP receiver that checks one trace crosses the processes.
//
// The tests carry the build tag e2e: `make e2e` (the separate processes, part of `make test`),
// `make e2e-full` (also --target=all and every drill), `make e2e-kind` (a cluster, tag kind).
package e2e
