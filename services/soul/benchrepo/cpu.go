package benchrepo

import (
	"time"

	"github.com/organism-dev/organism/platform/benchfig"
)

// cpuTime is the processor time this process and its waited-for children (the git processes a check
// runs) have used. On a shared machine wall time swings with the neighbours' load; this figure does
// not, so the check benchmarks of the engine, the organ and the CLI all report it.
func cpuTime() time.Duration { return benchfig.ProcessCPU() + benchfig.ChildrenCPU() }
