package deploy

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestDockerfile holds the image to its promises where no container engine runs to build it:
// multi-stage, a static binary, a non-root user, a /data volume, the OCI labels.
func TestDockerfile(t *testing.T) {
	raw, err := os.ReadFile("../Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	df := string(raw)
	tests := []struct {
		name string
		re   string
	}{
		{"a build stage", `(?m)^FROM golang:\S+ AS build$`},
		{"a static binary", `CGO_ENABLED=0`},
		{"a runtime stage that copies only the binary", `(?m)^COPY --from=build /out/organism /organism$`},
		{"a non-root user", `(?m)^USER 65532:65532$`},
		{"a /data volume", `(?m)^VOLUME \["/data"\]$`},
		{"OCI source label", `org\.opencontainers\.image\.source=`},
		{"OCI revision label", `org\.opencontainers\.image\.revision=`},
		{"OCI version label", `org\.opencontainers\.image\.version=`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !regexp.MustCompile(tt.re).MatchString(df) {
				t.Errorf("Dockerfile lacks %s (%s)", tt.name, tt.re)
			}
		})
	}
	if strings.Count(df, "\nFROM ") < 1 || regexp.MustCompile(`(?m)^FROM \S+:latest`).MatchString(df) {
		t.Error("Dockerfile: every base image needs a pinned tag, not latest")
	}
}
