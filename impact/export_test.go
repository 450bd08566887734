package impact

// SetBreakage breaks the algorithm on purpose (see breakage).
func SetBreakage(b string) { breakage = b }
