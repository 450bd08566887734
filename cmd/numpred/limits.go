// This file implements the analyze flags about resources and failures:
// --memory-limit (its size syntax), --debug (internal errors with their
// stack) and the per-operation lines of --stats.

package main

import (
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strconv"
	"strings"

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

// setMemoryLimit makes the Go runtime collect garbage harder near the
// limit, so that the analysis's heap test sees live data rather than
// garbage.
func setMemoryLimit(limit uint64) {
	if limit > 0 {
		debug.SetMemoryLimit(int64(limit))
	}
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
