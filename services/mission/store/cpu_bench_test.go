package store_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// cpuTimes is the CPU this process has used and that of its PostgreSQL servers (the
// postmasters it started and their backends), read from /proc: a cost per append that the
// machine's other load does not move the way it moves latency.
func cpuTimes() (self, pg time.Duration) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) == nil {
		self = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	parents := map[int]bool{os.Getpid(): true}
	// Two passes: the postmasters are our children, the backends theirs.
	for range 2 {
		stats, _ := filepath.Glob("/proc/[0-9]*/stat")
		for _, f := range stats {
			b, err := os.ReadFile(f)
			if err != nil {
				continue
			}
			s := string(b)
			i := strings.LastIndexByte(s, ')')
			if i < 0 || !strings.Contains(s[:i], "(postgres") {
				continue
			}
			fields := strings.Fields(s[i+2:])
			ppid, _ := strconv.Atoi(fields[1])
			pid, _ := strconv.Atoi(filepath.Base(filepath.Dir(f)))
			if parents[ppid] {
				parents[pid] = true
			}
		}
	}
	delete(parents, os.Getpid())
	for pid := range parents {
		b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil {
			continue
		}
		s := string(b)
		fields := strings.Fields(s[strings.LastIndexByte(s, ')')+2:])
		ut, _ := strconv.ParseInt(fields[11], 10, 64)
		st, _ := strconv.ParseInt(fields[12], 10, 64)
		pg += time.Duration(ut+st) * 10 * time.Millisecond // clock ticks of 1/100 s
	}
	return self, pg
}
