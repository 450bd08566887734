package bmc_test

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/numpred/numpred/bmc"
	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/internal/gcccheck"
)

var (
	svcomp        = flag.Bool("bmc.svcomp", false, "run TestSVCOMP: every task of ../shared/benchmarks/svcomp under both engines")
	svcompTimeout = flag.Duration("bmc.svcomp.timeout", 60*time.Second, "per-task time limit of TestSVCOMP")
	svcompEngines = flag.String("bmc.svcomp.engines", "bmc,kind", "engines of TestSVCOMP")
	svcompFilter  = flag.String("bmc.svcomp.filter", "", "only tasks whose file contains this")
)

// TestSVCOMP runs the SV-COMP subset under BMC and k-induction: no wrong
// verdict is allowed; it logs the counts per category. Behind
// -bmc.svcomp (up to a minute per task); skipped when the benchmarks are
// absent.
func TestSVCOMP(t *testing.T) {
	if !*svcomp {
		t.Skip("use -bmc.svcomp")
	}
	dir := filepath.Join("..", "..", "shared", "benchmarks", "svcomp")
	f, err := os.Open(filepath.Join(dir, "manifest.tsv"))
	if err != nil {
		t.Skipf("no SV-COMP benchmarks: %v", err)
	}
	defer f.Close()
	type row struct{ file, cat, want string }
	var rows []row
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Split(sc.Text(), "\t")
		if len(fs) < 3 || fs[0] == "file" || !strings.Contains(fs[0], *svcompFilter) {
			continue
		}
		rows = append(rows, row{fs[0], fs[1], strings.ToUpper(fs[2])})
	}
	type tally struct{ proved, refuted, unknown, wrong, total int }
	counts := map[string]map[string]*tally{}
	// The runs that end more than a second past the time limit.
	worstOver, worstFile, late := map[string]time.Duration{}, map[string]string{}, map[string]int{}
	for _, eng := range strings.Split(*svcompEngines, ",") {
		counts[eng] = map[string]*tally{}
		for _, r := range rows {
			prog, err := frontend.Load(filepath.Join(dir, r.file))
			if err != nil {
				t.Logf("%s: %v", r.file, err)
				continue
			}
			opt := bmc.DefaultOptions()
			opt.Z3BV = *z3BV
			opt.SeparateQueries = *separate
			opt.Induction = eng == "kind"
			ctx, cancel := context.WithTimeout(context.Background(), *svcompTimeout)
			t0 := time.Now()
			res, err := bmc.Run(ctx, prog, opt)
			d := time.Since(t0)
			cancel()
			over := d - *svcompTimeout
			if over > worstOver[eng] {
				worstOver[eng], worstFile[eng] = over, r.file
			}
			if over > time.Second {
				late[eng]++
			}
			c := counts[eng][r.cat]
			if c == nil {
				c = &tally{}
				counts[eng][r.cat] = c
			}
			c.total++
			if err != nil {
				t.Errorf("%s %s: %v", eng, r.file, err)
				continue
			}
			switch {
			case res.Verdict != engine.Unknown && string(res.Verdict) != r.want:
				c.wrong++
				t.Errorf("WRONG %s on %s under %s (expected %s)", res.Verdict, r.file, eng, r.want)
			case res.Verdict == engine.True:
				c.proved++
			case res.Verdict == engine.False:
				c.refuted++
				gcccheck.CheckFalse(t, filepath.Join(dir, r.file), fmt.Sprintf("%s (probe run: %v)", eng, engine.StatsOf[*bmc.Stats](res).ProbeFound), res.Counterexample)
			default:
				c.unknown++
			}
			t.Logf("%-5s %-50s %-7s %-7s %6.1fs k=%d nodes=%d %s", eng, r.file, r.want, res.Verdict,
				d.Seconds(), engine.StatsOf[*bmc.Stats](res).K, engine.StatsOf[*bmc.Stats](res).Nodes, res.Reason)
		}
	}
	var sb strings.Builder
	for eng, m := range counts {
		var cats []string
		for c := range m {
			cats = append(cats, c)
		}
		sort.Strings(cats)
		for _, cat := range cats {
			c := m[cat]
			fmt.Fprintf(&sb, "\n  %-5s %-22s %2d tasks: %2d TRUE, %2d FALSE, %2d UNKNOWN, %d wrong", eng, cat, c.total, c.proved, c.refuted, c.unknown, c.wrong)
		}
	}
	for eng := range counts {
		fmt.Fprintf(&sb, "\n  %-5s %d runs more than 1 s past the %v limit; the latest %v past it (%s)", eng, late[eng], *svcompTimeout, worstOver[eng].Round(time.Millisecond), worstFile[eng])
	}
	t.Log(sb.String())
}
