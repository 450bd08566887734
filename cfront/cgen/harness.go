// This file implements the gcc side of the differential test: many
// programs printed into one C file (each with its own prefix), compiled
// once with the undefined-behaviour sanitizer in trap mode, and run by a
// driver on each program's input vectors. A sanitizer trap (SIGILL), an
// arithmetic fault, or a CPU-time timer that expires (so that a loaded
// machine does not make runs time out) ends one run and is reported for
// it; the driver goes on with the next.

package cgen

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Outcome says how a gcc run ended.
type Outcome byte

const (
	Returned     Outcome = 'R' // main returned
	ErrorReached Outcome = 'E' // reach_error was called
	Undefined    Outcome = 'U' // the sanitizer trapped (or SIGFPE): the run has no C meaning
	Timeout      Outcome = 'T' // the run took longer than the harness allows
	Blocked      Outcome = 'A' // an assumption failed
	Crashed      Outcome = 'S' // SIGSEGV (a stack overflow)
)

// Observed is what one run shows: how it ended, the final values of the
// program's globals (for Returned and ErrorReached, in Program.Cells
// order, in decimal: scalars, and each cell of an array or struct), and
// the value a task's probe saw, if reached.
type Observed struct {
	Outcome Outcome
	Globals []string
	Probe   string
}

// Harness builds and runs programs with gcc.
type Harness struct {
	GCC string // the compiler (default "gcc")
	Dir string // where to write files (default: a temporary directory)
	// RunTimeout bounds the CPU time of one run of one program (default
	// 500ms).
	RunTimeout time.Duration
	// Flags are extra compiler flags.
	Flags []string
}

// Available reports whether gcc can be found.
func (h *Harness) Available() bool {
	_, err := exec.LookPath(h.gcc())
	return err == nil
}

func (h *Harness) gcc() string {
	if h.GCC == "" {
		return "gcc"
	}
	return h.GCC
}

const harnessPrelude = `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <signal.h>
#include <sys/time.h>

static sigjmp_buf cg_jb;
static const long long *cg_in;
static int cg_nin, cg_pos, cg_probed;
static long long cg_probe_val;
static long long cg_next(void) { return cg_pos < cg_nin ? cg_in[cg_pos++] : 0; }
static void cg_reach_error(void) { siglongjmp(cg_jb, 1); }
static void cg_assume(int c) { if (!c) siglongjmp(cg_jb, 4); }
static void cg_probe(long long v) { cg_probed = 1; cg_probe_val = v; }
static void cg_signal(int sig) { siglongjmp(cg_jb, sig == SIGVTALRM ? 3 : sig == SIGSEGV ? 5 : 2); }
static void cg_timer(long usec) {
  struct itimerval t;
  memset(&t, 0, sizeof t);
  t.it_value.tv_sec = usec / 1000000;
  t.it_value.tv_usec = usec % 1000000;
  setitimer(ITIMER_VIRTUAL, &t, 0);
}
struct cg_prog {
  void (*init)(void);
  int (*main)(void);
  void (*print)(void);
  int nvec, nin;
  const long long *in;
};
`

const harnessMain = `
int main(void) {
  static char stack[1 << 16];
  stack_t ss;
  ss.ss_sp = stack; ss.ss_size = sizeof stack; ss.ss_flags = 0;
  sigaltstack(&ss, 0);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = cg_signal;
  sa.sa_flags = SA_NODEFER | SA_ONSTACK;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGILL, &sa, 0);
  sigaction(SIGFPE, &sa, 0);
  sigaction(SIGVTALRM, &sa, 0);
  sigaction(SIGSEGV, &sa, 0);
  sigaction(SIGABRT, &sa, 0);
  setvbuf(stdout, 0, _IOFBF, 1 << 20);
  for (int k = 0; k < (int)(sizeof cg_progs / sizeof cg_progs[0]); k++) {
    const struct cg_prog *p = &cg_progs[k];
    for (int j = 0; j < p->nvec; j++) {
      p->init();
      cg_in = p->in + j * p->nin; cg_nin = p->nin; cg_pos = 0; cg_probed = 0;
      int r = sigsetjmp(cg_jb, 1);
      if (r == 0) {
        cg_timer(CG_TIMEOUT);
        p->main();
      }
      cg_timer(0);
      printf("%d %d %c", k, j, "REUTAS"[r]);
      if (r <= 1) p->print();
      if (cg_probed) printf(" P%lld", cg_probe_val);
      printf("\n");
    }
  }
  return 0;
}
`

// HarnessSource returns the C file that runs each program on each of its
// input vectors (inputs[i] lists program i's; vectors of one program
// have the same length).
func HarnessSource(progs []*Program, inputs [][][]int64, timeout time.Duration) string {
	var sb strings.Builder
	sb.WriteString(harnessPrelude)
	fmt.Fprintf(&sb, "#define CG_TIMEOUT %dL\n", timeout.Microseconds())
	for i, p := range progs {
		pre := fmt.Sprintf("p%d_", i)
		fmt.Fprintf(&sb, "\n/* program %d */\n", i)
		sb.WriteString(p.harnessSource(pre))
		pr := &printer{model: p.Model, gcc: true, prefix: pre}
		fmt.Fprintf(&sb, "static void %sinit(void) {", pre)
		for _, g := range p.Globals {
			switch {
			case g.Mem != nil && g.AInit != nil:
				// Copy the initial value from a constant of the same type.
				fmt.Fprintf(&sb, " { static const %s = %s; memcpy(&%s%s, &cg_z, sizeof cg_z); }",
					pr.declarator(g.Mem, "cg_z"), pr.expr(g.AInit), pre, g.Name)
			case g.Mem != nil:
				fmt.Fprintf(&sb, " memset(&%s%s, 0, sizeof %s%s);", pre, g.Name, pre, g.Name)
			case g.Ptr != nil && g.PInit != nil:
				fmt.Fprintf(&sb, " %s%s = %s;", pre, g.Name, pr.expr(g.PInit))
			default:
				v := "0"
				if g.Init != nil {
					v = pr.constLit(g.Type, g.Init)
				}
				fmt.Fprintf(&sb, " %s%s = %s;", pre, g.Name, v)
			}
		}
		sb.WriteString(" }\n")
		fmt.Fprintf(&sb, "static void %sprint(void) {", pre)
		for _, c := range p.Cells() {
			if c.K.Signed() {
				fmt.Fprintf(&sb, " printf(\" %%lld\", (long long)%s%s);", pre, c.Path)
			} else {
				fmt.Fprintf(&sb, " printf(\" %%llu\", (unsigned long long)%s%s);", pre, c.Path)
			}
		}
		sb.WriteString(" }\n")
		vecs := inputs[i]
		nin := 1
		if len(vecs) > 0 {
			nin = max(len(vecs[0]), 1)
		}
		fmt.Fprintf(&sb, "static const long long %sin[] = {", pre)
		for _, vec := range vecs {
			for j := 0; j < nin; j++ {
				v := int64(0)
				if j < len(vec) {
					v = vec[j]
				}
				if v == -1<<63 {
					sb.WriteString("(-9223372036854775807LL-1),")
				} else {
					fmt.Fprintf(&sb, "%dLL,", v)
				}
			}
		}
		sb.WriteString("0 };\n")
	}
	sb.WriteString("\nstatic const struct cg_prog cg_progs[] = {\n")
	for i, vecs := range inputs {
		nin := 1
		if len(vecs) > 0 {
			nin = max(len(vecs[0]), 1)
		}
		pre := fmt.Sprintf("p%d_", i)
		fmt.Fprintf(&sb, "  {%sinit, %smain, %sprint, %d, %d, %sin},\n", pre, pre, pre, len(vecs), nin, pre)
	}
	sb.WriteString("};\n")
	sb.WriteString(harnessMain)
	return sb.String()
}

// Run compiles the programs into one binary and runs each on its input
// vectors: the result's [i][j] is program i on inputs[i][j].
//
// The sanitizer checks array bounds too, strictly (bounds-strict: also
// the bounds of an array that ends a struct, which plain bounds takes
// for a flexible array), so that an index out of range, which the
// generator never makes but a reduction may (a loop's bound replaced),
// ends a run as undefined instead of reading a neighbour.
//
// The binary is built with -ftrapv besides the sanitizer: gcc's front
// end folds some expressions using the fact that signed overflow is
// undefined before the sanitizer instruments them ((2147483646 + p) >= 0
// becomes p >= -2147483646, and the overflow goes unseen); -ftrapv turns
// those folds off, so the sanitizer sees every signed overflow. (Found
// by this tester: cfront wrapped, gcc had folded.)
func (h *Harness) Run(ctx context.Context, progs []*Program, inputs [][][]int64) ([][]Observed, error) {
	dir := h.Dir
	if dir == "" {
		d, err := os.MkdirTemp("", "cgen")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(d)
		dir = d
	}
	timeout := h.RunTimeout
	if timeout == 0 {
		timeout = 500 * time.Millisecond
	}
	f, err := os.CreateTemp(dir, "batch*.c")
	if err != nil {
		return nil, err
	}
	src := f.Name()
	bin := strings.TrimSuffix(src, ".c")
	defer os.Remove(src)
	defer os.Remove(bin)
	if _, err := f.WriteString(HarnessSource(progs, inputs, timeout)); err != nil {
		f.Close()
		return nil, err
	}
	if err := f.Close(); err != nil {
		return nil, err
	}
	args := append([]string{"-O0", "-w", "-fsanitize=undefined,bounds-strict", "-fsanitize-undefined-trap-on-error",
		"-ftrapv", "-o", bin, src}, h.Flags...)
	if out, err := exec.CommandContext(ctx, h.gcc(), args...).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("cgen: gcc failed: %v\n%s", err, firstLines(string(out), 30))
	}
	cmd := exec.CommandContext(ctx, bin)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("cgen: harness %s failed: %v\n%s", filepath.Base(bin), err, firstLines(stderr.String(), 30))
	}
	return parseRuns(out, progs, inputs)
}

// parseRuns reads the driver's output: a line "k j O g1 g2 ... [Pv]" per
// run.
func parseRuns(out []byte, progs []*Program, inputs [][][]int64) ([][]Observed, error) {
	res := make([][]Observed, len(progs))
	for i := range res {
		res[i] = make([]Observed, len(inputs[i]))
	}
	seen := 0
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) < 3 || len(fs[2]) != 1 {
			return nil, fmt.Errorf("cgen: bad harness line %q", sc.Text())
		}
		k, err1 := strconv.Atoi(fs[0])
		j, err2 := strconv.Atoi(fs[1])
		if err1 != nil || err2 != nil || k < 0 || k >= len(progs) || j < 0 || j >= len(inputs[k]) {
			return nil, fmt.Errorf("cgen: bad harness line %q", sc.Text())
		}
		o := Observed{Outcome: Outcome(fs[2][0])}
		for _, f := range fs[3:] {
			if p, ok := strings.CutPrefix(f, "P"); ok {
				o.Probe = p
			} else {
				o.Globals = append(o.Globals, f)
			}
		}
		if n := len(progs[k].Cells()); (o.Outcome == Returned || o.Outcome == ErrorReached) && len(o.Globals) != n {
			return nil, fmt.Errorf("cgen: harness line %q: want %d globals", sc.Text(), n)
		}
		res[k][j] = o
		seen++
	}
	total := 0
	for _, v := range inputs {
		total += len(v)
	}
	if seen != total {
		return nil, fmt.Errorf("cgen: harness printed %d runs, want %d", seen, total)
	}
	return res, nil
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}
