//go:build !unix

package interp_test

import "time"

// cpuTime is not measured here (bench_locks_test.go has it on unix).
func cpuTime() time.Duration { return 0 }
