package cfront

// SetSwapForClauses turns the fault injected by swapForClauses on or off.
func SetSwapForClauses(on bool) { swapForClauses = on }

// SetPanicInTranslate makes translation panic (an injected front-end bug).
func SetPanicInTranslate(on bool) { panicInTranslate = on }

// SetSummariseLocals makes every array of more than one element that is
// not at file scope a summary.
func SetSummariseLocals(on bool) { summariseLocals = on }

// SetBreakKCell injects a fault into the ghost cells: "write" (a write
// at the ghost index leaves the cell unchanged), "gate" (a read there
// closes the error gate), "" none.
func SetBreakKCell(fault string) { breakKCell = fault }

// SetBreakMemStores makes exact stores to summaries write their value
// plus one (an injected front-end bug).
func SetBreakMemStores(on bool) { breakMemStores = on }
