package polylift_test

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/interp"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/polylift"
)

var (
	oracleN       = flag.Int("oracle.n", 60, "programs TestLiftedAgainstGCC generates")
	oracleSeed    = flag.Uint64("oracle.seed", 1, "seed of TestLiftedAgainstGCC")
	oracleConfigs = flag.String("oracle.configs", "affine+interval", "comma-separated numeric domains (nexpoint) TestLiftedAgainstGCC analyses the lifting with (polyhedra too: make fuzz-polylift)")
)

// The oracle's programs run a loop n times (n an input in [0, maxN]) over
// "twins": the same sequence computed in two variables of different C
// types (x += 3; y += x*x in unsigned char and in long long), and assert
// that a polynomial of one copy equals the same polynomial of the other,
// each evaluated in long long. Over the integers both copies agree; in C
// a narrow copy wraps, so the assertion holds exactly for the inputs
// where no narrow value wrapped in a way the polynomial sees. gcc
// (-fwrapv: numpred's semantics of signed overflow) runs every n.
const maxN = 300

var oracleTypes = []string{"unsigned char", "signed char", "unsigned short", "short", "int", "unsigned int", "long long", "unsigned long long"}

// oracleProgram is one generated task: its C text (a main reading n with
// __VERIFIER_nondet_int) and the body for the gcc driver.
type oracleProgram struct {
	src string
}

func genOracle(rng *rand.Rand) oracleProgram {
	k := 2 + rng.IntN(2) // sequences
	type upd struct {
		kind    int
		c, j, l int
	}
	inits := make([]int, k)
	quartic := make([]bool, k) // starts at c + n^4, a product that wraps in int
	ups := make([]upd, k)
	for i := 0; i < k; i++ {
		inits[i] = rng.IntN(7) - 2
		quartic[i] = rng.IntN(4) == 0
		u := upd{kind: rng.IntN(4), c: 1 + rng.IntN(9)} // kind 3: unchanged by the loop
		if i == 0 {
			u.kind = 0
		}
		u.j, u.l = rng.IntN(max(i, 1)), rng.IntN(max(i, 1))
		ups[i] = u
	}
	types := [2][]string{}
	for c := 0; c < 2; c++ {
		for i := 0; i < k; i++ {
			t := "long long"
			if c == 1 || rng.IntN(3) == 0 {
				t = oracleTypes[rng.IntN(len(oracleTypes))]
			}
			types[c] = append(types[c], t)
		}
	}
	name := func(c, i int) string { return fmt.Sprintf("%c%d", 'a'+c, i) }
	var sb strings.Builder
	sb.WriteString("int main(void) {\n  int n = __VERIFIER_nondet_int();\n")
	fmt.Fprintf(&sb, "  if (n < 0 || n > %d) return 0;\n", maxN)
	for c := 0; c < 2; c++ {
		for i := 0; i < k; i++ {
			if quartic[i] {
				t := types[c][i]
				fmt.Fprintf(&sb, "  %s %s = (%s) n * (%s) n * (%s) n * (%s) n;\n", t, name(c, i), t, t, t, t)
				continue
			}
			fmt.Fprintf(&sb, "  %s %s = %d;\n", types[c][i], name(c, i), inits[i])
		}
	}
	// The polynomial: a sum of up to three terms, each a coefficient
	// times a product of up to two variables.
	poly := func(c int) string { // c's copy
		var ts []string
		for t := 0; t < 1+rng.IntN(3); t++ {
			f := fmt.Sprintf("%d", 1+rng.IntN(5))
			for d := 0; d < 1+rng.IntN(2); d++ {
				f += fmt.Sprintf(" * (long long) %s", name(c, rng.IntN(k)))
			}
			ts = append(ts, f)
		}
		return strings.Join(ts, " + ")
	}
	assertTwins := func() {
		p0 := poly(0)
		p1 := strings.NewReplacer("a0", "b0", "a1", "b1", "a2", "b2").Replace(p0) // the twin's
		fmt.Fprintf(&sb, "  if (!(%s == %s)) reach_error();\n", p0, p1)
	}
	early := rng.IntN(3) == 0
	if early {
		assertTwins() // before the loop, where the initial products are seen
	}
	sb.WriteString("  int i = 0;\n  while (i < n) {\n")
	for c := 0; c < 2; c++ {
		for i := 0; i < k; i++ {
			u := ups[i]
			switch u.kind {
			case 0:
				fmt.Fprintf(&sb, "    %s = %s + %d;\n", name(c, i), name(c, i), u.c)
			case 1:
				fmt.Fprintf(&sb, "    %s = %s + %d * %s;\n", name(c, i), name(c, i), u.c, name(c, u.j))
			case 2:
				fmt.Fprintf(&sb, "    %s = %s + %s * %s;\n", name(c, i), name(c, i), name(c, u.j), name(c, u.l))
			}
		}
	}
	sb.WriteString("    i = i + 1;\n  }\n")
	if !early {
		assertTwins()
	}
	sb.WriteString("  return 0;\n}\n")
	return oracleProgram{src: sb.String()}
}

const oraclePrelude = "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n"

// TestLiftedAgainstGCC is the lifting's soundness oracle: the lifted
// program analysed with affine equalities and intervals, and with
// polyhedra, never answers TRUE where gcc reaches reach_error for some n.
// It also counts the TRUE verdicts, so a change that loses the lifting's
// precision shows.
func TestLiftedAgainstGCC(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc")
	}
	rng := rand.New(rand.NewPCG(*oracleSeed, 7))
	var progs []oracleProgram
	for i := 0; i < *oracleN; i++ {
		progs = append(progs, genOracle(rng))
	}
	reached := runWithGCC(t, gcc, progs)
	configs := strings.Split(*oracleConfigs, ",")
	proved := map[string]int{}
	truths, lifted := 0, 0
	for i, p := range progs {
		if !reached[i] {
			truths++
		}
		prog, err := frontend.Parse(fmt.Sprintf("oracle%d.c", i), []byte(oraclePrelude+p.src))
		if err != nil {
			t.Fatalf("oracle %d: %v\n%s", i, err, p.src)
		}
		l, ok := polylift.Lift(prog, polylift.Options{})
		if !ok {
			continue
		}
		lifted++
		if err := ir.SanityCheck(l.Program); err != nil {
			t.Fatalf("oracle %d: lifted program: %v", i, err)
		}
		for _, num := range configs {
			cfg := interp.DefaultConfig()
			cfg.Domain, cfg.Numeric = "nexpoint", num
			cfg.Deadline = time.Now().Add(time.Second)
			res, err := interp.Analyze(l.Program, cfg)
			if err != nil {
				t.Fatalf("oracle %d under %s: %v", i, num, err)
			}
			if res.Verdict != engine.True {
				continue
			}
			if reached[i] {
				t.Errorf("WRONG TRUE under lifted %s: gcc reaches reach_error:\n%s", num, p.src)
				continue
			}
			proved[num]++
		}
	}
	t.Logf("%d programs, %d TRUE by gcc, %d lifted; proved TRUE on the lifting: %v", len(progs), truths, lifted, proved)
	if proved["affine+interval"] == 0 {
		t.Errorf("the lifting proved none of the %d TRUE programs", truths)
	}
}

// runWithGCC compiles every program as a function of one driver and
// reports, per program, whether some n in [0, maxN] reaches reach_error.
func runWithGCC(t *testing.T, gcc string, progs []oracleProgram) []bool {
	t.Helper()
	var sb strings.Builder
	sb.WriteString("#include <stdio.h>\nstatic int hit, input;\nvoid reach_error(void) { hit = 1; }\nint __VERIFIER_nondet_int(void) { return input; }\n")
	for i, p := range progs {
		sb.WriteString(strings.Replace(p.src, "int main(void)", fmt.Sprintf("static int task%d(void)", i), 1))
	}
	sb.WriteString("int main(void) {\n")
	for i := range progs {
		fmt.Fprintf(&sb, "  hit = 0; for (input = 0; input <= %d && !hit; input++) task%d(); printf(\"%%d\\n\", hit);\n", maxN, i)
	}
	sb.WriteString("  return 0;\n}\n")
	dir := t.TempDir()
	src, bin := filepath.Join(dir, "oracle.c"), filepath.Join(dir, "oracle")
	if err := os.WriteFile(src, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(gcc, "-O0", "-fwrapv", "-w", "-o", bin, src).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	out, err := exec.Command(bin).Output()
	if err != nil {
		t.Fatalf("oracle run: %v", err)
	}
	lines := strings.Fields(string(out))
	if len(lines) != len(progs) {
		t.Fatalf("oracle run printed %d results for %d programs", len(lines), len(progs))
	}
	res := make([]bool, len(progs))
	for i, s := range lines {
		v, _ := strconv.Atoi(s)
		res[i] = v == 1
	}
	return res
}
