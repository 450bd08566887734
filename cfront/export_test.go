package cfront

// SetSwapForClauses turns the fault injected by swapForClauses on or off.
func SetSwapForClauses(on bool) { swapForClauses = on }
