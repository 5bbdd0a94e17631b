package engine_test

import (
	"syscall"
	"time"
)

// cpuTime is the processor time this process and its waited-for children (the git processes a check
// runs) have used. On a shared machine wall time swings with the neighbours' load; this figure does not.
func cpuTime() time.Duration {
	var self, kids syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &self)
	_ = syscall.Getrusage(syscall.RUSAGE_CHILDREN, &kids)
	sum := func(r syscall.Rusage) time.Duration {
		return time.Duration(r.Utime.Nano() + r.Stime.Nano())
	}
	return sum(self) + sum(kids)
}
