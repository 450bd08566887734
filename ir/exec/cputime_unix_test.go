//go:build unix

// This file measures the process's CPU time for the benchmarks: on a
// loaded machine wall time per step says more about the other processes
// than about the interpreter.

package exec_test

import "syscall"

// cpuTime returns the CPU time (user and system) the process has used, in
// nanoseconds, and whether it could be measured.
func cpuTime() (int64, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return ru.Utime.Nano() + ru.Stime.Nano(), true
}
