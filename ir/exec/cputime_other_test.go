//go:build !unix

// This file stands in for cputime_unix_test.go where getrusage is
// missing.

package exec_test

// cpuTime reports that the process's CPU time cannot be measured here.
func cpuTime() (int64, bool) { return 0, false }
