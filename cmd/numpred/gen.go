// This file implements `numpred gen`.

package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/pflag"

	"github.com/numpred/numpred/templates"
)

func cmdGen(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("gen", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	n := fs.IntP("n", "n", 0, "size parameter N of the template (required)")
	out := fs.StringP("output", "o", "", "write the program to this file instead of standard output")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: numpred gen TEMPLATE -n N [-o FILE]\n\nTemplates:\n")
		for _, name := range templates.Names() {
			t, _ := templates.Lookup(name)
			fmt.Fprintf(stderr, "  %-12s %s (%s)\n", name, t.Doc, t.Ext)
		}
		fmt.Fprintf(stderr, "\nFlags:\n%s", fs.FlagUsages())
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if fs.NArg() != 1 {
		fmt.Fprintf(stderr, "numpred gen: want exactly one TEMPLATE, got %d (known: %s)\n", fs.NArg(), strings.Join(templates.Names(), ", "))
		return exitUsage
	}
	if !fs.Changed("n") {
		fmt.Fprintf(stderr, "numpred gen: -n N is required\n")
		return exitUsage
	}
	src, _, err := templates.Generate(fs.Arg(0), *n)
	if err != nil {
		fmt.Fprintf(stderr, "numpred gen: %v\n", err)
		return exitUsage
	}
	if *out == "" {
		io.WriteString(stdout, src)
		return exitOK
	}
	if err := os.WriteFile(*out, []byte(src), 0o644); err != nil {
		fmt.Fprintf(stderr, "numpred gen: %v\n", err)
		return exitInput
	}
	return exitOK
}
