// This file computes the locations reachable from a function's entry
// (the depth-first search and loops are in cfg.go).

package ir

// Reachable returns, per location ID, whether it is reachable from Entry.
func (f *Func) Reachable() []bool {
	seen := make([]bool, len(f.Locs))
	work := []*Loc{f.Entry}
	seen[f.Entry.ID] = true
	for len(work) > 0 {
		l := work[len(work)-1]
		work = work[:len(work)-1]
		for _, e := range l.Out {
			if !seen[e.To.ID] {
				seen[e.To.ID] = true
				work = append(work, e.To)
			}
		}
	}
	return seen
}
