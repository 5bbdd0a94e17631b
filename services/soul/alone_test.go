package soul_test

import (
	"context"
	"testing"

	"github.com/organism-dev/organism/platform/grpctest"
	"github.com/organism-dev/organism/services/soul"
)

func soulOpenWithoutMedulla(t *testing.T, dir string) (*soul.Service, error) {
	svc, err := soul.Open(context.Background(), soul.Options{DataDir: dir})
	if err == nil {
		t.Cleanup(func() { svc.Close() })
	}
	return svc, err
}

func startAlone(t *testing.T, svc *soul.Service) *grpctest.Env {
	return grpctest.Start(t, grpctest.Options{}, svc.Register)
}
