// Command numbench writes the standard random workloads of issue 15 and
// compares numpred's numeric domains with PPL on them, in one run on one
// machine:
//
//	numbench gen DIR                 write DIR/<name>.wl for numbench.Standard
//	numbench compare [-ppl DRIVER] [-min 300ms] DIR
//	                                 time every op on every DIR/*.wl of the
//	                                 standard names, print a markdown table;
//	                                 with a driver, each numpred time's ratio
//	                                 to PPL's and whether the results are
//	                                 PPL's (numbench.Check; differences on
//	                                 stderr, exit status 1)
//
// `make bench-numeric` builds the PPL driver (ppl/driver.cc) when PPL is
// installed and runs both.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/numpred/numpred/internal/numbench"
	"github.com/numpred/numpred/octagon"
	"github.com/numpred/numpred/polyhedra"
)

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	switch os.Args[1] {
	case "gen":
		if len(os.Args) != 3 {
			usage()
		}
		gen(os.Args[2])
	case "compare":
		fs := flag.NewFlagSet("compare", flag.ExitOnError)
		ppl := fs.String("ppl", "", "the PPL driver binary (none: numpred only)")
		min := fs.Duration("min", 300*time.Millisecond, "minimum time per (workload, op)")
		only := fs.String("only", "", "only workloads whose name contains this")
		fs.Parse(os.Args[2:])
		if fs.NArg() != 1 {
			usage()
		}
		compare(fs.Arg(0), *ppl, *min, *only)
	default:
		usage()
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: numbench gen DIR | numbench compare [-ppl DRIVER] [-min d] [-only s] DIR")
	os.Exit(2)
}

func gen(dir string) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fatal(err)
	}
	for _, s := range numbench.Standard {
		f, err := os.Create(filepath.Join(dir, s.Name()+".wl"))
		if err != nil {
			fatal(err)
		}
		if err := numbench.Generate(s).Write(f); err != nil {
			fatal(err)
		}
		f.Close()
	}
}

// domainsOf returns the numpred domains compared on a workload and the
// PPL domain they are compared with.
func domainsOf(s numbench.Spec) (doms []string, ppl string) {
	switch {
	case s.Shape == "oct" && s.N > 8:
		return []string{"octagon"}, "oct"
	case s.Shape == "oct":
		return []string{"octagon", "polyhedra"}, "oct"
	case s.Shape == "blocks":
		return []string{"polyhedra", "polyhedra-nodecomp"}, "poly"
	}
	return []string{"polyhedra"}, "poly"
}

func compare(dir, ppl string, min time.Duration, only string) {
	fmt.Printf("| workload | domain | %s |\n", strings.Join(numbench.OpNames, " | "))
	fmt.Printf("|---|---|%s\n", strings.Repeat("---|", len(numbench.OpNames)))
	failed := false
	for _, s := range numbench.Standard {
		if only != "" && !strings.Contains(s.Name(), only) {
			continue
		}
		path := filepath.Join(dir, s.Name()+".wl")
		w, err := numbench.ReadFile(path)
		if err != nil {
			fatal(err)
		}
		doms, pdom := domainsOf(s)
		var pplRow map[string]time.Duration
		var results []numbench.Result
		if ppl != "" {
			pplRow, results, err = numbench.RunPPL(ppl, pdom, path, min, s.N, true)
			if err != nil {
				fmt.Fprintf(os.Stderr, "numbench: PPL on %s: %v\n", path, err)
				pplRow = nil
			} else {
				printRow(s.Name(), "PPL "+pdom, pplRow, nil, nil)
			}
		}
		for _, d := range doms {
			row, tally := timeGo(d, w, min, results, pdom)
			if !printRow(s.Name(), d, row, pplRow, tally) {
				failed = true
			}
		}
	}
	if ppl != "" {
		fmt.Println()
		fmt.Println("Cells: numpred ms per op, its ratio to PPL's time, and its results against PPL's")
		fmt.Println("(= k: k pairs the same set; < k: k strictly inside PPL's, every extra constraint")
		fmt.Println("proved to hold on the integer points of the exact result; ~ k: k octagon widenings that")
		fmt.Println("differ from PPL's, another operator, checked upper bounds; ≠ k: k differ, listed on stderr).")
		if failed {
			fmt.Println("SOME RESULTS DIFFER FROM PPL'S")
			os.Exit(1)
		}
	}
}

// timeGo times dom on w and, when results (PPL's, of PPL domain pdom)
// are given and dom is the domain they are compared with, checks its
// results against them (mismatches go to stderr).
func timeGo(dom string, w *numbench.Workload, min time.Duration, results []numbench.Result, pdom string) (map[string]time.Duration, map[string]*numbench.Tally) {
	switch dom {
	case "octagon":
		p, err := numbench.Prepare(octagon.New(), w)
		if err != nil {
			fatal(err)
		}
		return timeAndCheck(p, w, min, results, pdom == "oct", true)
	case "polyhedra", "polyhedra-nodecomp":
		d := polyhedra.New()
		if dom == "polyhedra-nodecomp" {
			d = polyhedra.New(polyhedra.WithoutDecomposition())
		}
		p, err := numbench.Prepare(d, w)
		if err != nil {
			fatal(err)
		}
		return timeAndCheck(p, w, min, results, pdom == "poly", false)
	}
	fatal(fmt.Errorf("unknown domain %s", dom))
	return nil, nil
}

func timeAndCheck[V any](p *numbench.Prepared[V], w *numbench.Workload, min time.Duration, results []numbench.Result, same, isOctagon bool) (map[string]time.Duration, map[string]*numbench.Tally) {
	if results != nil && same {
		p.KeepResults() // Check compares the results timed
	}
	row := map[string]time.Duration{}
	for _, op := range numbench.OpNames {
		row[op] = p.Time(op, min)
	}
	if results == nil || !same {
		return row, nil
	}
	tally, bad, err := numbench.Check(p, w, results, isOctagon)
	if err != nil {
		fatal(err)
	}
	for _, m := range bad {
		fmt.Fprintf(os.Stderr, "numbench: %s: %v\n", w.Name, m)
	}
	return row, tally
}

// printRow prints one row of times in ms; with ppl, each cell also has
// the ratio to PPL's time, and with tally the comparison of the results.
// It reports whether no result differs.
func printRow(name, dom string, row, ppl map[string]time.Duration, tally map[string]*numbench.Tally) bool {
	ok := true
	cells := make([]string, len(numbench.OpNames))
	for i, op := range numbench.OpNames {
		d, has := row[op]
		if !has {
			cells[i] = "-"
			continue
		}
		cell := fmt.Sprintf("%.4f", float64(d)/1e6)
		if pd, has := ppl[op]; has && pd > 0 {
			cell += fmt.Sprintf(" (%.2fx)", float64(d)/float64(pd))
		}
		if t := tally[op]; t != nil {
			if t.Equal > 0 {
				cell += fmt.Sprintf(" =%d", t.Equal)
			}
			if t.Tighter > 0 {
				cell += fmt.Sprintf(" <%d", t.Tighter)
			}
			if t.Upper > 0 {
				cell += fmt.Sprintf(" ~%d", t.Upper)
			}
			if t.Differ > 0 {
				cell += fmt.Sprintf(" ≠%d", t.Differ)
				ok = false
			}
		}
		cells[i] = cell
	}
	fmt.Printf("| %s | %s | %s |\n", name, dom, strings.Join(cells, " | "))
	return ok
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "numbench:", err)
	os.Exit(1)
}
