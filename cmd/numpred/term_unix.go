//go:build unix

// This file finds a terminal's width (for bench's progress line) with the
// TIOCGWINSZ ioctl.

package main

import (
	"io"
	"os"
	"syscall"
	"unsafe"
)

// terminalWidth returns the width in columns of the terminal w is, or 0.
func terminalWidth(w io.Writer) int {
	f, ok := w.(*os.File)
	if !ok {
		return 0
	}
	var ws struct{ row, col, x, y uint16 }
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), uintptr(syscall.TIOCGWINSZ), uintptr(unsafe.Pointer(&ws))); errno != 0 {
		return 0
	}
	return int(ws.col)
}
