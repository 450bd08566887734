// This file implements `numpred report`: the HTML report of one or more
// results files of `numpred bench` (internal/report does the work).

package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"

	"github.com/numpred/numpred/internal/campaign"
	"github.com/numpred/numpred/internal/report"
)

func cmdReport(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("report", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.StringP("output", "o", "", "the HTML file to write (default: the first results file with .html for .json)")
	var labels []string
	fs.StringSliceVar(&labels, "names", nil, "names of the result sets in the report, a comma list (default: each batch's name, or its file's)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, `Usage: numpred report [flags] A.json [B.json...]

Writes a self-contained HTML report (inline CSS and SVG, nothing fetched)
of the results files of numpred bench: a summary per category, the
quantile plot of CPU time over correct results, with two result sets a
scatter plot of CPU time per task (A against B), and the sortable table
of every task.

Flags:
%s`, fs.FlagUsages())
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "numpred report: no results files (see numpred help report)")
		return exitUsage
	}
	if len(labels) > 0 && len(labels) != fs.NArg() {
		fmt.Fprintf(stderr, "numpred report: %d names for %d results files\n", len(labels), fs.NArg())
		return exitUsage
	}
	var sets []report.Set
	seen := map[string]int{}
	for i, path := range fs.Args() {
		res, err := campaign.ReadResults(path)
		if err != nil {
			fmt.Fprintf(stderr, "numpred report: %v\n", err)
			return exitInput
		}
		name := res.Name
		if name == "" {
			name = strings.TrimSuffix(filepath.Base(path), ".json")
		}
		if i < len(labels) {
			name = labels[i]
		}
		// Two sets of one name (one batch run twice) are told apart.
		if seen[name]++; seen[name] > 1 {
			name = fmt.Sprintf("%s (%d)", name, seen[name])
		}
		sets = append(sets, report.Set{Name: name, Results: res})
	}
	if *out == "" {
		*out = strings.TrimSuffix(fs.Arg(0), ".json") + ".html"
	}
	f, err := os.Create(*out)
	if err != nil {
		fmt.Fprintf(stderr, "numpred report: %v\n", err)
		return exitUsage
	}
	err = report.Write(f, sets)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		fmt.Fprintf(stderr, "numpred report: %v\n", err)
		return exitInternal
	}
	fmt.Fprintf(stdout, "report: %s\n", *out)
	return exitOK
}
