package interp_test

// A soundness test of the interprocedural analysis on generated recursive
// programs whose contexts widen (so that their limits, limits.go, are
// kept and dropped) or split (split.go): a function walks n to 0 by steps
// of one, moving m by a constant per step, and returns a linear function
// of m at the end; main calls it on every (m, n) of a box and asserts that
// the result is not K. Every run is computed here exactly, so a TRUE where
// some (m, n) returns K is a wrong verdict.

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/interp"
)

var recursionN = flag.Int("recursion.n", 16, "TestRecursionSoundness: the generated programs")

// walkProgram is one generated program and the values its function
// returns on main's box.
type walkProgram struct {
	src     string
	results map[int64]bool
	k       int64
}

func genWalk(r *rand.Rand) walkProgram {
	up, down := r.Int64N(7)-3, r.Int64N(7)-3 // m's step for n > 0 and n < 0
	scale, shift := r.Int64N(5)-2, r.Int64N(11)-5
	// Boxes from 1 point (split) to several hundred (widened contexts).
	mLo, nLo := r.Int64N(21)-10, r.Int64N(21)-10
	mHi, nHi := mLo+r.Int64N(25), nLo+r.Int64N(25)
	results := map[int64]bool{}
	var all []int64
	for m := mLo; m <= mHi; m++ {
		for n := nLo; n <= nHi; n++ {
			mm := m
			if n > 0 {
				mm += up * n
			} else {
				mm += down * -n
			}
			v := scale*mm + shift
			if !results[v] {
				all = append(all, v)
			}
			results[v] = true
		}
	}
	// Half the time a value some run returns (the error is reachable),
	// else one near them.
	k := all[r.IntN(len(all))]
	if r.IntN(2) == 0 {
		k += r.Int64N(5) - 2
	}
	src := fmt.Sprintf(`extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

long long walk(long long m, long long n) {
  if (n == 0) {
    return %d * m + %d;
  }
  if (n > 0) {
    return walk(m + %d, n - 1);
  }
  return walk(m + %d, n + 1);
}

int main(void) {
  int m = __VERIFIER_nondet_int();
  int n = __VERIFIER_nondet_int();
  if (m < %d || m > %d || n < %d || n > %d) {
    return 0;
  }
  if (walk(m, n) == %d) {
    reach_error();
  }
  return 0;
}
`, scale, shift, up, down, mLo, mHi, nLo, nHi, k)
	return walkProgram{src: src, results: results, k: k}
}

// TestRecursionSoundness analyses generated walks under interval, octagon
// and polyhedra and fails on a TRUE for a program whose error a run
// reaches. It also reports how many it proves, so that a change that
// stops proving them shows.
func TestRecursionSoundness(t *testing.T) {
	n := *recursionN
	if testing.Short() {
		n = min(n, 6)
	}
	r := rand.New(rand.NewPCG(7, 11))
	proved, safe := map[string]int{}, 0
	for i := 0; i < n; i++ {
		w := genWalk(r)
		prog, err := frontend.Parse(fmt.Sprintf("walk%d.c", i), []byte(w.src))
		if err != nil {
			t.Fatalf("walk %d: %v\n%s", i, err, w.src)
		}
		reachable := w.results[w.k]
		if !reachable {
			safe++
		}
		for _, num := range []string{"interval", "octagon", "polyhedra"} {
			cfg := interp.DefaultConfig()
			cfg.Numeric = num
			cfg.Deadline = time.Now().Add(10 * time.Second)
			res, err := interp.Analyze(prog, cfg)
			if err != nil {
				t.Fatalf("walk %d, %s: %v", i, num, err)
			}
			if res.Verdict == "TRUE" {
				if reachable {
					t.Errorf("walk %d, %s: WRONG TRUE (walk returns %d on the box)\n%s", i, num, w.k, w.src)
				}
				proved[num]++
			}
		}
	}
	t.Logf("%d walks, %d safe; proved: %v", n, safe, proved)
}
