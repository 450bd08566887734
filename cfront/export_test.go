package cfront

// SetSwapForClauses turns the fault injected by swapForClauses on or off.
func SetSwapForClauses(on bool) { swapForClauses = on }

// SetPanicInTranslate makes translation panic (an injected front-end bug).
func SetPanicInTranslate(on bool) { panicInTranslate = on }
