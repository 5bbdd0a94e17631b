# syntax=docker/dockerfile:1
# Organism: one static binary, run as a non-root user on a read-only root filesystem.
# Build: make image (or docker build -t organism:dev .).

FROM golang:1.26-alpine AS build
WORKDIR /src
ENV CGO_ENABLED=0 GOFLAGS=-buildvcs=false
# Modules first, so a source change does not refetch them.
COPY go.work go.work.sum ./
COPY proto/go.mod proto/go.sum proto/
COPY platform/go.mod platform/go.sum platform/
COPY gateway/go.mod gateway/go.sum gateway/
COPY services/soul/go.mod services/soul/go.sum services/soul/
COPY services/medulla/go.mod services/medulla/go.sum services/medulla/
COPY services/mission/go.mod services/mission/go.sum services/mission/
COPY services/presence/go.mod services/presence/go.sum services/presence/
COPY cmd/organism/go.mod cmd/organism/go.sum cmd/organism/
# The workspace lists test-only modules too; the binary needs none of them.
RUN go work edit -dropuse=./joints -dropuse=./e2e -dropuse=./deploy && go mod download
COPY proto proto
COPY platform platform
COPY gateway gateway
COPY services services
COPY cmd cmd
ARG VERSION=dev
RUN go build -trimpath -ldflags "-s -w" -o /out/organism ./cmd/organism

# soul and mission read brains' repositories with git, so the runtime has git and nothing else
# of note; the binary itself is static.
FROM alpine:3.22
ARG VERSION=dev
ARG REVISION=unknown
LABEL org.opencontainers.image.title="organism" \
      org.opencontainers.image.description="Shared memory and context for agentic work: soul, medulla, mission, presence and the gateway in one binary" \
      org.opencontainers.image.source="https://github.com/organism-dev/organism" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.licenses="NOASSERTION"
RUN apk add --no-cache git ca-certificates \
 && addgroup -S -g 65532 organism && adduser -S -D -H -u 65532 -G organism organism \
 && mkdir -p /data /repos && chown 65532:65532 /data /repos \
 && git config --system --add safe.directory '*'
COPY --from=build /out/organism /organism
USER 65532:65532
# Each target keeps its SQLite database here; mount a volume (a PVC in deploy/k8s).
VOLUME ["/data"]
ENV ORGANISM_DATA_DIR=/data ORGANISM_GRPC_ADDR=0.0.0.0:7700 ORGANISM_HTTP_ADDR=0.0.0.0:7780
EXPOSE 7700 7780
ENTRYPOINT ["/organism"]
CMD ["serve", "--target=all"]
