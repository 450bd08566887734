package numpred

import (
	"runtime"
	"testing"

	"github.com/numpred/numpred/interval"
	"github.com/numpred/numpred/numeric"
)

// TestLeafTableRecycles makes MTNDD build many more distinct leaves than
// it keeps: the leaf table must recycle the indices no diagram names any
// more (its live count stays far below the leaves made), and the values
// still held must keep their meaning while their neighbours' indices are
// reused.
func TestLeafTableRecycles(t *testing.T) {
	sp := MustSpace(numeric.MustEnv("x"), Opaque("p"))
	d, err := NewMTNDD[interval.Box](interval.New(), sp, NodeSize(1<<10))
	if err != nil {
		t.Fatal(err)
	}
	x := numeric.Var(0)
	point := func(i int64) Expr { return Atom(numeric.Eq(x, numeric.Const(i))) }
	kept := map[int64]DDVal{}
	const n = 5 * minLeafScan
	for i := int64(0); i < n; i++ {
		v := d.Alpha(And(P(0), point(i)))
		if i%1000 == 0 {
			kept[i] = v
			runtime.GC()
		}
	}
	if err := d.Err(); err != nil {
		t.Fatal(err)
	}
	// Recycling needs rudd's collections to free nodes the table can see
	// go; only the buddy backend (what make test and the binary use) does.
	if tab := d.c.tab; buddyBackend && d.c.m.Collections() > 0 && (tab.live >= 3*n/4 || len(tab.vals) >= n) {
		t.Errorf("leaf table: %d live leaves in %d slots after %d distinct ones, want recycling", tab.live, len(tab.vals), n)
	}
	for i, v := range kept {
		want := d.Alpha(And(P(0), point(i)))
		if !d.Leq(v, want) || !d.Leq(want, v) {
			t.Errorf("x = %d: kept value became %s", i, d.String(v))
		}
		if d.Leq(v, d.Alpha(And(P(0), point(i+1)))) {
			t.Errorf("x = %d: kept value is below x = %d", i, i+1)
		}
	}
}
