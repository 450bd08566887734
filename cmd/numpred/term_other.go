//go:build !unix

package main

import "io"

// terminalWidth returns 0: the width is not known here.
func terminalWidth(w io.Writer) int { return 0 }
