package benchfig

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// ProcessCPU is the user and system CPU time this process has used so far. On a shared machine
// wall time swings with the neighbours' load; CPU per operation does not.
func ProcessCPU() time.Duration { return rusage(syscall.RUSAGE_SELF) }

// ChildrenCPU is the CPU time of this process's children that have exited and been waited for
// (the git processes a soul check runs, say).
func ChildrenCPU() time.Duration { return rusage(syscall.RUSAGE_CHILDREN) }

func rusage(who int) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(who, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// PostgresCPU is the CPU time of the PostgreSQL processes at or below root, read from /proc: a
// postmaster given as root, or this process when it started the postmasters itself, and their
// backends. Each process counts its own time and that of its exited children, so a backend that
// has gone still counts through its postmaster. Where /proc cannot be read it is 0.
func PostgresCPU(root int) time.Duration {
	type proc struct {
		ppid  int
		ticks int64
	}
	procs := map[int]proc{}
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, f := range stats {
		raw, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		s := string(raw)
		open, end := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
		if open < 0 || end < open || s[open+1:end] != "postgres" {
			continue
		}
		pid, _ := strconv.Atoi(strings.TrimSpace(s[:open]))
		fields := strings.Fields(s[end+1:])
		if len(fields) < 15 {
			continue
		}
		// fields[1] is the parent; fields[11..14] utime, stime, cutime and cstime in clock ticks
		ppid, _ := strconv.Atoi(fields[1])
		var ticks int64
		for _, v := range fields[11:15] {
			t, _ := strconv.ParseInt(v, 10, 64)
			ticks += t
		}
		procs[pid] = proc{ppid, ticks}
	}
	under := map[int]bool{root: true}
	for range 2 { // root's children (postmasters or backends), then theirs
		for pid, p := range procs {
			if under[p.ppid] {
				under[pid] = true
			}
		}
	}
	var ticks int64
	for pid := range under {
		ticks += procs[pid].ticks
	}
	return time.Duration(ticks) * 10 * time.Millisecond // USER_HZ: 100 ticks a second on Linux
}
