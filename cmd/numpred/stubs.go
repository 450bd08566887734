// This file holds the commands whose back ends are still being built.

package main

import (
	"fmt"
	"io"
)

func cmdAnalyze(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "numpred analyze: not available in this build yet")
	return exitInternal
}

func cmdIR(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "numpred ir: not available in this build yet")
	return exitInternal
}
