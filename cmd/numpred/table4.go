// This file implements `numpred table4`: the paper's Table IV experiment
// (Gurfinkel & Chaki) over a batch of tasks. Every task is analysed once
// per domain by `numpred analyze --engine cegar --domain D` with the
// paper's refinement (unsat core: numeric variables first, then
// predicates) from an empty precision, each run its own process with its
// own limits, and the runs are summed into one row per domain.

package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/numpred/numpred/cegar"
	"github.com/numpred/numpred/internal/campaign"
	"github.com/numpred/numpred/interp"
)

func cmdTable4(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("table4", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	bf := addBatchFlags(fs, 60*time.Second)
	domainList := fs.String("domain", "all,numeric,predicate", "the domains, one row each: nexpoint, nex, mtndd, ndd, numeric, predicate, a comma list, or all (the four combined ones)")
	num := fs.String("numeric", "interval", "the numeric domain of every run: "+strings.Join(interp.NumericNames, ", ")+" (the paper used polyhedra)")
	format := fs.String("format", "text", "the table on standard output: text or markdown")
	fs.Usage = func() {
		fmt.Fprintf(stderr, `Usage: numpred table4 [flags] INPUT... [-- ANALYZE-FLAGS...]

Runs the NumPredDom paper's Table IV experiment over a batch of tasks:
every task once per domain with numpred analyze --engine cegar --domain D
(the paper's refinement, the unsat core, from an empty precision, unless
ANALYZE-FLAGS say otherwise), -j runs at a time, each in its own process
with its own time and memory limit. INPUTs are those of numpred bench.

Prints a row per domain: tasks solved (correct TRUE or FALSE), wrong and
unknown ones, and over the solved tasks the summed times (whole CEGAR
loop, its last iteration, gamma, join, alphaPost, apply), refinements and
the largest final number of predicates and numeric variables. Writes
OUTPUT.json (settings, rows and every run) and OUTPUT.md (the table).

Flags:
%s`, fs.FlagUsages())
	}
	b, status := bf.parse("table4", fs, args, stdout, stderr)
	if b == nil {
		return status
	}
	domains, err := parseDomains(*domainList)
	if err != nil {
		fmt.Fprintf(stderr, "numpred table4: --domain: %v\n", err)
		return exitUsage
	}
	if !contains(interp.NumericNames, *num) {
		fmt.Fprintf(stderr, "numpred table4: unknown --numeric %q (want %s)\n", *num, strings.Join(interp.NumericNames, ", "))
		return exitUsage
	}
	if *format != "text" && *format != "markdown" {
		fmt.Fprintf(stderr, "numpred table4: unknown --format %q (want text or markdown)\n", *format)
		return exitUsage
	}
	// A run per task and domain, task by task, so that the rows fill
	// evenly while the batch runs.
	var runs []campaign.Task
	for _, t := range b.tasks {
		for _, d := range domains {
			t.Args = []string{"--domain", d}
			runs = append(runs, t)
		}
	}
	analyzeArgs := append([]string{"--engine", "cegar", "--numeric", *num,
		"--refiner", string(cegar.RefinerCore), "--precision", string(cegar.InitialNone)}, b.extra...)
	fmt.Fprintf(stdout, "numpred table4: %d tasks x %d domains, %d at a time, --timeout %s, --memory-limit %s each\n",
		len(b.tasks), len(domains), b.jobs, b.timeout, humanBytes(b.perRun))
	done, interrupted := b.run(analyzeArgs, runs, stdout, func(r campaign.Run) string {
		return r.File + " (" + r.Args[1] + ")"
	})

	res := &campaign.TableIVResults{Name: b.name, Version: version, TimeoutS: b.timeout.Seconds(), MemoryLimit: b.perRun,
		Jobs: b.jobs, Domains: domains, Options: analyzeArgs, Runs: []campaign.DomainRun{}}
	for _, r := range done {
		dr, err := campaign.DomainRunOf(r, r.Args[1])
		if err != nil {
			fmt.Fprintf(stderr, "numpred table4: %v\n", err)
			return exitInternal
		}
		res.Runs = append(res.Runs, dr)
	}
	res.Rows = campaign.TableIV(res.Runs, domains)
	fmt.Fprintf(stdout, "%s: %d tasks, numeric %s, --timeout %s, in %s\n", b.name, len(b.tasks), *num, b.timeout, campaign.Clock(time.Since(b.start)))
	if *format == "markdown" {
		err = campaign.WriteTableIVMarkdown(stdout, res.Rows)
	} else {
		err = campaign.WriteTableIV(stdout, res.Rows)
	}
	if err == nil {
		err = writeTable4Files(b.out, res)
	}
	if err != nil {
		fmt.Fprintf(stderr, "numpred table4: %v\n", err)
		return exitInternal
	}
	fmt.Fprintf(stdout, "results: %s.json %s.md\n", b.out, b.out)
	return b.finish("table4", len(done), stderr, interrupted)
}

// writeTable4Files writes base.json and base.md.
func writeTable4Files(base string, res *campaign.TableIVResults) error {
	if err := os.MkdirAll(filepath.Dir(base), 0o755); err != nil {
		return err
	}
	data, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(base+".json", append(data, '\n'), 0o644); err != nil {
		return err
	}
	var md strings.Builder
	fmt.Fprintf(&md, "%s: %d runs, --timeout %gs, `numpred analyze %s`\n\n", res.Name, len(res.Runs), res.TimeoutS, strings.Join(res.Options, " "))
	if err := campaign.WriteTableIVMarkdown(&md, res.Rows); err != nil {
		return err
	}
	return os.WriteFile(base+".md", []byte(md.String()), 0o644)
}
