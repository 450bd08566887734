// Command numbench writes the standard random workloads of issue 15 and
// compares numpred's numeric domains with PPL on them, in one run on one
// machine:
//
//	numbench gen DIR                 write DIR/<name>.wl for numbench.Standard
//	numbench compare [-ppl DRIVER] [-min 300ms] DIR
//	                                 time every op on every DIR/*.wl of the
//	                                 standard names, print a markdown table
//
// `make bench-numeric` builds the PPL driver (ppl/driver.cc) when PPL is
// installed and runs both.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
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
		if ppl != "" {
			row, err := runPPL(ppl, pdom, path, min)
			if err != nil {
				fmt.Fprintf(os.Stderr, "numbench: PPL on %s: %v\n", path, err)
			} else {
				printRow(s.Name(), "PPL "+pdom, row)
			}
		}
		for _, d := range doms {
			printRow(s.Name(), d, timeGo(d, w, min))
		}
	}
}

func timeGo(dom string, w *numbench.Workload, min time.Duration) map[string]time.Duration {
	out := map[string]time.Duration{}
	run := func(timeOp func(op string) time.Duration) {
		for _, op := range numbench.OpNames {
			out[op] = timeOp(op)
		}
	}
	switch dom {
	case "octagon":
		p, err := numbench.Prepare(octagon.New(), w)
		if err != nil {
			fatal(err)
		}
		run(func(op string) time.Duration { return p.Time(op, min) })
	case "polyhedra", "polyhedra-nodecomp":
		d := polyhedra.New()
		if dom == "polyhedra-nodecomp" {
			d = polyhedra.New(polyhedra.WithoutDecomposition())
		}
		p, err := numbench.Prepare(d, w)
		if err != nil {
			fatal(err)
		}
		run(func(op string) time.Duration { return p.Time(op, min) })
	}
	return out
}

func runPPL(driver, dom, path string, min time.Duration) (map[string]time.Duration, error) {
	cmd := exec.Command(driver, dom, path, strconv.FormatInt(min.Milliseconds(), 10))
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, err
	}
	row := map[string]time.Duration{}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 2 {
			continue
		}
		ns, err := strconv.ParseFloat(f[1], 64)
		if err != nil {
			return nil, err
		}
		row[f[0]] = time.Duration(ns)
	}
	return row, nil
}

func printRow(name, dom string, row map[string]time.Duration) {
	cells := make([]string, len(numbench.OpNames))
	for i, op := range numbench.OpNames {
		d, ok := row[op]
		if !ok {
			cells[i] = "-"
			continue
		}
		cells[i] = fmt.Sprintf("%.4f", float64(d)/1e6)
	}
	fmt.Printf("| %s | %s | %s |\n", name, dom, strings.Join(cells, " | "))
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "numbench:", err)
	os.Exit(1)
}
