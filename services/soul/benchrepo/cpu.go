package benchrepo

import (
	"syscall"
	"time"
)

// CPUTime is the processor time this process and its waited-for children (the git processes a check
// runs) have used. On a shared machine wall time swings with the neighbours' load; this figure does
// not, so the check benchmarks of the engine, the organ and the CLI all report it.
func CPUTime() time.Duration {
	var self, kids syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &self)
	_ = syscall.Getrusage(syscall.RUSAGE_CHILDREN, &kids)
	return time.Duration(self.Utime.Nano() + self.Stime.Nano() + kids.Utime.Nano() + kids.Stime.Nano())
}
