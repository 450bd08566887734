// Command numpred is a software model checker that combines predicate and
// numeric abstraction (Gurfinkel & Chaki). See `numpred help`.
package main

import (
	"fmt"
	"io"
	"os"
)

// Exit statuses (the JSON contract of DESIGN.md).
const (
	exitOK       = 0
	exitUsage    = 1
	exitInput    = 2
	exitInternal = 3
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "0.1.0-dev"

const usage = `numpred: prove error locations unreachable with combined predicate and
numeric abstraction.

Usage:
  numpred analyze FILE... [flags]   analyse C (.c, .i) or Linear Programs (.lp)
  numpred bench INPUT... [-j N]     run a batch of tasks N at a time (JSON, CSV, BenchExec XML)
  numpred report A.json [B.json]    the HTML report of bench results (plots, sortable table)
  numpred table4 INPUT... [-j N]    the NumPredDom paper's Table IV: cegar per domain over a batch
  numpred ir FILE [--dot]           print the control-flow automata of a program
  numpred gen TEMPLATE -n N [-o F]  generate a synthetic benchmark program
  numpred version                   print the version
  numpred help [COMMAND]            show help

Run 'numpred help COMMAND' for a command's flags.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes the command line args and returns the exit status.
func run(args []string, stdout, stderr io.Writer) (status int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "numpred: internal error: %v\n", r)
			status = exitInternal
		}
	}()
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "analyze", "analyse":
		return cmdAnalyze(rest, stdout, stderr)
	case "bench":
		return cmdBench(rest, stdout, stderr)
	case "report":
		return cmdReport(rest, stdout, stderr)
	case "table4", "tableiv":
		return cmdTable4(rest, stdout, stderr)
	case "ir":
		return cmdIR(rest, stdout, stderr)
	case "gen":
		return cmdGen(rest, stdout, stderr)
	case "version", "--version":
		fmt.Fprintf(stdout, "numpred %s\n", version)
		return exitOK
	case "help", "-h", "--help":
		if len(rest) > 0 {
			// Help that was asked for goes to standard output.
			return run([]string{rest[0], "--help"}, stdout, stdout)
		}
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	fmt.Fprintf(stderr, "numpred: unknown command %q\n\n%s", cmd, usage)
	return exitUsage
}
