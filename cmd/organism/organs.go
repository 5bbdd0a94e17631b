package main

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"google.golang.org/grpc"

	"github.com/organism-dev/organism/platform/clock"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
	"github.com/organism-dev/organism/services/medulla"
	"github.com/organism-dev/organism/services/medulla/peering"
	"github.com/organism-dev/organism/services/mission"
	"github.com/organism-dev/organism/services/presence"
	"github.com/organism-dev/organism/services/soul"
)

// organ is one opened service: its storage is open and its handlers can be registered.
type organ interface {
	Register(grpc.ServiceRegistrar)
	Close() error
}

// organDeps is what opening a service may need from the process.
type organDeps struct {
	dataDir string
	// store is each organ's Options.Store: "sqlite" or empty for the file in dataDir, or a
	// postgres:// DSN (one database, one schema per organ).
	store  string
	logger *slog.Logger
	clock  clock.Clock
	// dial returns a traced connection to the named service (this process's own server in
	// --target=all), carrying the caller's credentials onward.
	dial func(service string) (*grpc.ClientConn, error)
	// peerDial is added to medulla's federation dials (TLS when the process has it).
	peerDial []grpc.DialOption
	// doctrineSweep (medulla), charterSweep and refGrace (mission): zero is the organ's default.
	doctrineSweep, charterSweep, refGrace time.Duration
}

// serviceName is the full gRPC service name the health service reports a target under.
func serviceName(target string) string {
	switch target {
	case "soul":
		return soulv1.SoulService_ServiceDesc.ServiceName
	case "medulla":
		return medullav1.MedullaService_ServiceDesc.ServiceName
	case "mission":
		return missionv1.MissionService_ServiceDesc.ServiceName
	case "presence":
		return presencev1.PresenceService_ServiceDesc.ServiceName
	}
	return ""
}

// openOrgan opens one service with its own database in the data dir and its peer clients.
func openOrgan(ctx context.Context, name string, d organDeps) (organ, error) {
	logger := d.logger.With("service", name)
	switch name {
	case "medulla":
		return medulla.Open(ctx, medulla.Options{DataDir: d.dataDir, Store: d.store, Logger: logger, Clock: d.clock, Peers: peering.Dialer{Extra: d.peerDial},
			DoctrineSweepInterval: d.doctrineSweep})
	case "presence":
		return presence.Open(ctx, presence.Options{DataDir: d.dataDir, Store: d.store, Logger: logger, Clock: d.clock, Shutdown: ctx.Done()})
	case "soul":
		mc, err := d.dial("medulla")
		if err != nil {
			return nil, err
		}
		return soul.Open(ctx, soul.Options{DataDir: d.dataDir, Store: d.store, Logger: logger, Clock: d.clock, Medulla: medullav1.NewMedullaServiceClient(mc)})
	case "mission":
		mc, err := d.dial("medulla")
		if err != nil {
			return nil, err
		}
		return mission.Open(ctx, mission.Options{DataDir: d.dataDir, Store: d.store, Logger: logger, Clock: d.clock,
			Medulla: medullav1.NewMedullaServiceClient(mc), Shutdown: ctx.Done(),
			CharterSweep: d.charterSweep, RefGrace: d.refGrace})
	}
	return nil, fmt.Errorf("unknown service %q", name)
}
