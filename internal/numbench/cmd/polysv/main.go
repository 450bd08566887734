// Command polysv analyses one task as `numpred analyze --numeric polyhedra`
// does (same defaults, counterexample search on) and prints one JSON line:
// the verdict, the wall time, and the polyhedra operations of the run (their
// number, total time and the slowest single one), which the CLI's --stats
// does not show. The issue-18 numbers over the SV-COMP tasks come from
// running it once per task (scripts in the Makefile's bench-numeric).
//
// Usage: polysv [-timeout 60s] [-domain nexpoint] FILE
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"runtime/pprof"
	"time"

	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/interp"
	"github.com/numpred/numpred/polyhedra"
	"github.com/numpred/numpred/verify"
)

type record struct {
	File      string  `json:"file"`
	Domain    string  `json:"domain"`
	Verdict   string  `json:"verdict"`
	Reason    string  `json:"reason,omitempty"`
	TimeS     float64 `json:"time_s"`
	PolyOps   int64   `json:"poly_ops"`
	PolyS     float64 `json:"poly_s"`
	SlowestS  float64 `json:"poly_slowest_s"`
	ErrorText string  `json:"error,omitempty"`
}

func main() {
	timeout := flag.Duration("timeout", 60*time.Second, "time limit of the run")
	domain := flag.String("domain", interp.DefaultDomain, "combined domain")
	search := flag.Bool("search", true, "run the counterexample search too")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile here")
	flag.Parse()
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		pprof.StartCPUProfile(f)
		defer pprof.StopCPUProfile()
	}
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: polysv [-timeout d] [-domain d] FILE")
		os.Exit(2)
	}
	file := flag.Arg(0)
	rec := record{File: file, Domain: *domain}
	start := time.Now()
	prog, err := frontend.LoadWith(file, frontend.Options{})
	if err == nil {
		cfg := interp.Config{Domain: *domain, Numeric: "polyhedra", WidenDelay: 2, Narrow: 2,
			Contexts: interp.DefaultContexts, PointContexts: interp.DefaultPointContexts,
			Unroll: interp.DefaultUnroll, Deadline: time.Now().Add(*timeout)}
		var res *verify.Result
		res, err = verify.Run(prog, verify.Config{Interp: cfg, Search: *search})
		if err == nil {
			rec.Verdict = string(res.Verdict)
			rec.Reason = res.Reason.String()
		}
	}
	if err != nil {
		rec.Verdict, rec.ErrorText = "ERROR", err.Error()
	}
	rec.TimeS = time.Since(start).Seconds()
	n, total, slowest := polyhedra.ProcessStats()
	rec.PolyOps, rec.PolyS, rec.SlowestS = n, total.Seconds(), slowest.Seconds()
	json.NewEncoder(os.Stdout).Encode(rec)
	if *cpuprofile != "" {
		pprof.StopCPUProfile()
	}
}
