// This file implements the analyze flags about resources and failures:
// --memory-limit (its size syntax, its default, the process's resident
// memory), --debug (internal errors with their stack) and the
// per-operation lines of --stats.

package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"

	"github.com/numpred/numpred/cfront"
	"github.com/numpred/numpred/interp"
)

// parseBytes reads a size such as 4G, 512M, 64K or 1000000 (bytes; the
// suffixes are powers of 1024).
func parseBytes(s string) (uint64, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	t = strings.TrimSuffix(strings.TrimSuffix(t, "B"), "I")
	mult := uint64(1)
	if n := len(t); n > 0 {
		switch t[n-1] {
		case 'K':
			mult = 1 << 10
		case 'M':
			mult = 1 << 20
		case 'G':
			mult = 1 << 30
		case 'T':
			mult = 1 << 40
		}
		if mult > 1 {
			t = t[:n-1]
		}
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil || f < 0 {
		return 0, fmt.Errorf("bad size %q (want e.g. 4G, 512M)", s)
	}
	return uint64(f * float64(mult)), nil
}

// setMemoryLimit makes the Go runtime collect garbage harder as the heap
// nears the limit (at 7/8 of it: the rest is Z3's and the runtime's), so
// that the analysis's heap test and the guard see live data rather than
// garbage. Under the default strategy, whose stages stop at stageHeap of
// live heap, the runtime aims at twice that: without it, a stage stopped
// at 1 GB of live heap left 2.2 GB resident (garbage not yet collected).
func setMemoryLimit(limit, stageHeap uint64, auto bool) {
	soft := uint64(math.MaxInt64)
	if limit > 0 {
		soft = limit / 8 * 7
	}
	if auto && stageHeap > 0 && stageHeap < soft/2 {
		soft = 2 * stageHeap
	}
	debug.SetMemoryLimit(int64(soft))
}

// defaultMemoryLimit is --memory-limit's default: half of the memory
// this process may use (the machine's, or its cgroup's limit when lower),
// so that a run answers UNKNOWN (memory) well before the kernel kills it
// and two runs side by side still fit; 0 when the machine does not say.
func defaultMemoryLimit() uint64 {
	return availableMemory() / 2
}

// availableMemory returns the smaller of the machine's memory
// (/proc/meminfo's MemTotal) and the memory limit of this process's
// cgroup (v2 memory.max, v1 memory.limit_in_bytes); 0 when neither can
// be read.
func availableMemory() uint64 {
	var avail uint64
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if f := strings.Fields(line); len(f) >= 2 && f[0] == "MemTotal:" {
				if kb, err := strconv.ParseUint(f[1], 10, 64); err == nil {
					avail = kb << 10
				}
			}
		}
	}
	for _, p := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		if n, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64); err == nil && n > 0 && (avail == 0 || n < avail) {
			avail = n // "max" (no limit) does not parse
		}
	}
	return avail
}

// residentBytes returns the process's resident memory: Go's heap and
// Z3's and every other C library's allocations alike
// (/proc/self/statm); where that file is missing, the memory the Go
// runtime holds.
func residentBytes() uint64 {
	if b, err := os.ReadFile("/proc/self/statm"); err == nil {
		if f := strings.Fields(string(b)); len(f) >= 2 {
			if pages, err := strconv.ParseUint(f[1], 10, 64); err == nil {
				return pages * uint64(os.Getpagesize())
			}
		}
	}
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() == metrics.KindUint64 {
		return s[0].Value.Uint64()
	}
	return 0
}

// printInternal reports an internal error, with its stack under --debug.
func printInternal(w io.Writer, file, domain string, err error, withStack bool) {
	fmt.Fprintf(w, "numpred analyze: %s [%s]: internal error: %v\n", file, domain, err)
	var ie *interp.InternalError
	if errors.As(err, &ie) {
		if withStack {
			fmt.Fprintf(w, "%s", ie.Stack)
		} else {
			fmt.Fprintln(w, "(run with --debug for the stack)")
		}
	}
}

// loadFailed reports a front end's failure: an input error (exit 2), or
// the front end's own bug (exit 3, with the stack under --debug).
func loadFailed(err error, withStack bool, stderr io.Writer) int {
	var ie *cfront.InternalError
	if !errors.As(err, &ie) {
		fmt.Fprintf(stderr, "%v\n", err)
		return exitInput
	}
	fmt.Fprintf(stderr, "numpred: %v\n", err)
	if withStack {
		fmt.Fprintf(stderr, "%s", ie.Stack)
	} else {
		fmt.Fprintln(stderr, "(run with --debug for the stack; please report it)")
	}
	return exitInternal
}

// printOps prints the operation lines of --stats: NumPredDom's operations
// and the numeric domain's, by total time, and the numeric totals.
func printOps(w io.Writer, s interp.Stats) {
	var pred, num []interp.OpStat
	for _, o := range s.Ops {
		if strings.HasPrefix(o.Name, "numeric.") {
			o.Name = strings.TrimPrefix(o.Name, "numeric.")
			num = append(num, o)
		} else {
			pred = append(pred, o)
		}
	}
	if len(pred) > 0 {
		fmt.Fprintf(w, "domain operations (calls, time; inclusive): %s\n", interp.OpsString(pred))
	}
	if len(s.Rounds) > 1 {
		fmt.Fprintf(w, "rounds (the statistics are their sums): %s\n", interp.RoundsString(s.Rounds))
	}
	if s.Numeric != "" {
		fmt.Fprintf(w, "numeric domain: %s\n", s.Numeric)
	}
	if len(num) > 0 {
		fmt.Fprintf(w, "numeric operations (calls, time): %s\n", interp.OpsString(num))
	}
}
