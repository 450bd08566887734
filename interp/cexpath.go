// This file extracts an abstract counterexample as a whole
// interprocedural path, the input of a CEGAR loop's path formula
// (package encode): the trace of verdict (a chain of calls from main and
// a path of reachable locations) with every call that returns expanded
// into a path through the callee, from its entry to its exit, over the
// locations some context of the callee reaches.

package interp

import "github.com/numpred/numpred/ir"

// maxCexDepth and maxCexEdges bound the expansion of calls: a path
// through a recursive function may call it again.
const (
	maxCexDepth = 64
	maxCexEdges = 1 << 16
)

// cexPath returns the abstract counterexample to l in context c as a path
// of edges from main's entry, calls expanded; nil when none could be
// built within the bounds.
func (en *engine[A]) cexPath(c *context[A], l *ir.Loc) []*ir.Edge {
	steps := en.trace(c, l)
	var out []*ir.Edge
	for i, st := range steps {
		out = append(out, st.Edge)
		call, ok := st.Edge.Op.(*ir.Call)
		if !ok {
			continue
		}
		// A call of the chain descends: the next step leaves the
		// callee's entry, not the call's target.
		if i+1 < len(steps) && steps[i+1].Edge.From != st.Edge.To {
			continue
		}
		if !en.expandCall(call.Callee, &out, 1) {
			return nil
		}
	}
	if !connected(en.prog, out, l) {
		return nil
	}
	return out
}

// expandCall appends to out a path through f from its entry to its exit
// over the locations of a context of f that reaches the exit, its own
// calls expanded; false when there is none within the bounds.
func (en *engine[A]) expandCall(f *ir.Func, out *[]*ir.Edge, depth int) bool {
	if depth > maxCexDepth || len(*out) > maxCexEdges {
		return false
	}
	for _, c := range en.contextsOf(f) {
		if c.vals == nil || en.d.IsBottom(c.vals[f.Exit.ID]) {
			continue
		}
		steps := en.pathTo(c, f.Exit)
		if len(steps) == 0 && f.Entry != f.Exit {
			continue
		}
		for _, st := range steps {
			*out = append(*out, st.Edge)
			if call, ok := st.Edge.Op.(*ir.Call); ok {
				if !en.expandCall(call.Callee, out, depth+1) {
					return false
				}
			}
		}
		return true
	}
	return false
}

// connected reports whether path is a run of edges from main's entry to
// l: each edge leaves where the previous one arrived, calls enter their
// callee's entry and exits return after the call.
func connected(p *ir.Program, path []*ir.Edge, l *ir.Loc) bool {
	at := p.Main.Entry
	var stack []*ir.Edge // calls whose callee is running
	for _, e := range path {
		if e.From != at {
			return false
		}
		if call, ok := e.Op.(*ir.Call); ok {
			stack = append(stack, e)
			at = call.Callee.Entry
			continue
		}
		at = e.To
		if at.Kind == ir.Exit && len(stack) > 0 {
			at = stack[len(stack)-1].To
			stack = stack[:len(stack)-1]
		}
	}
	return at == l || (len(path) > 0 && path[len(path)-1].To == l)
}
