package bmc

// SetBreakage breaks the encoding on purpose (see breakage); "" repairs it.
func SetBreakage(b string) { breakage = b }
