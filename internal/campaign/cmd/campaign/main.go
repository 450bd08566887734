// Command campaign is the resource campaign (`make resources`): numpred
// with default flags on every task of the shared SV-COMP sets and of
// generated template programs, one at a time, with wall time, CPU time
// and peak RSS per run from the operating system; it prints the worst
// five of each and fails when a run answered wrongly, printed no result,
// or ended more than --slack past its time limit.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/numpred/numpred/internal/campaign"
	"github.com/numpred/numpred/templates"
)

func main() {
	numpred := flag.String("numpred", "bin/numpred", "the numpred binary")
	timeout := flag.Duration("timeout", 60*time.Second, "numpred's --timeout")
	slack := flag.Duration("slack", 2*time.Second, "how long past the limit a run may end")
	sets := flag.String("sets", "../shared/benchmarks/svcomp,../shared/benchmarks/svcomp-2", "SV-COMP sets (directories with a manifest.tsv), comma-separated; missing ones are skipped")
	gen := flag.Bool("gen", true, "also run the generated template programs (numpred gen)")
	filter := flag.String("only", "", "run only the tasks whose path contains this text")
	tsv := flag.String("tsv", "", "write one line per run to this file")
	extra := flag.String("args", "", "more flags for numpred analyze, space-separated")
	flag.Parse()

	var tasks []campaign.Task
	for _, dir := range strings.Split(*sets, ",") {
		if dir == "" {
			continue
		}
		ts, err := campaign.Manifest(dir, filepath.Base(dir))
		if err != nil {
			fmt.Fprintf(os.Stderr, "campaign: skipping %s: %v\n", dir, err)
			continue
		}
		tasks = append(tasks, ts...)
	}
	if *gen {
		tmp, err := os.MkdirTemp("", "numpred-campaign-")
		if err != nil {
			fmt.Fprintln(os.Stderr, "campaign:", err)
			os.Exit(2)
		}
		defer os.RemoveAll(tmp)
		ts, err := generated(tmp)
		if err != nil {
			fmt.Fprintln(os.Stderr, "campaign:", err)
			os.Exit(2)
		}
		tasks = append(tasks, ts...)
	}
	var kept []campaign.Task
	for _, t := range tasks {
		if strings.Contains(t.File, *filter) {
			kept = append(kept, t)
		}
	}
	cfg := campaign.Config{Numpred: *numpred, Timeout: *timeout, Args: strings.Fields(*extra)}
	var runs []campaign.Run
	start := time.Now()
	for i, t := range kept {
		r := campaign.RunTask(cfg, t)
		runs = append(runs, r)
		mark := ""
		switch {
		case r.Wrong():
			mark = " WRONG"
		case r.Verdict == "":
			mark = " NO RESULT"
		case r.Wall > *timeout+*slack:
			mark = " OVERRAN"
		}
		fmt.Printf("[%d/%d %s] %-60s %-8s %-8s %6.1f s wall %6.1f s CPU %7.0f MB%s\n", i+1, len(kept), time.Since(start).Round(time.Second),
			t.File, t.Expect, r.Verdict, r.Wall.Seconds(), r.CPU.Seconds(), float64(r.PeakRSS)/(1<<20), mark)
	}
	if *tsv != "" {
		f, err := os.Create(*tsv)
		if err == nil {
			campaign.WriteTSV(f, runs)
			f.Close()
		}
	}
	s := campaign.Summarise(runs, *timeout, *slack)
	s.WriteReport(os.Stdout)
	if !s.OK() {
		os.Exit(1)
	}
}

// generatedSizes are the template programs of the campaign: every
// template at a small and a large size (all are safe by construction).
var generatedSizes = []int{10, 1000}

// generated writes the template programs into dir.
func generated(dir string) ([]campaign.Task, error) {
	var out []campaign.Task
	for _, name := range templates.Names() {
		for _, n := range generatedSizes {
			src, t, err := templates.Generate(name, n)
			if err != nil {
				return nil, err
			}
			file := filepath.Join(dir, fmt.Sprintf("%s_%d%s", name, n, t.Ext))
			if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
				return nil, err
			}
			out = append(out, campaign.Task{Set: "generated", File: file, Expect: "TRUE"})
		}
	}
	return out, nil
}
