// This file replays a counterexample on the compiled C program: the check
// anyone can make without numpred.

package cex

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// gccHarness defines every __VERIFIER_nondet_* function to return the
// counterexample's inputs in order, makes malloc zero-fill its blocks and
// write the counterexample's heap inputs into them (linked with
// --wrap=malloc; block k gets the cells of heap inputs of Block k), and,
// through gcc's
// -finstrument-functions hook, reports a call of reach_error (or
// __VERIFIER_error) whatever the task's own definition of it does.
const gccHarness = `
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
static const char *np_inputs[] = { %s };
static unsigned long np_next;
static long long np_take(void) {
	if (np_next >= sizeof np_inputs / sizeof np_inputs[0]) { fputs("NUMPRED_INPUTS_EXHAUSTED\n", stdout); fflush(stdout); _exit(3); }
	return (long long)strtoull(np_inputs[np_next++], 0, 0) ;
}
#define NP_NONDET(name, type) type name(void) __attribute__((no_instrument_function)); type name(void) { return (type)np_take(); }
NP_NONDET(__VERIFIER_nondet_int, int)
NP_NONDET(__VERIFIER_nondet_uint, unsigned int)
NP_NONDET(__VERIFIER_nondet_unsigned, unsigned int)
NP_NONDET(__VERIFIER_nondet_long, long)
NP_NONDET(__VERIFIER_nondet_ulong, unsigned long)
NP_NONDET(__VERIFIER_nondet_longlong, long long)
NP_NONDET(__VERIFIER_nondet_ulonglong, unsigned long long)
NP_NONDET(__VERIFIER_nondet_short, short)
NP_NONDET(__VERIFIER_nondet_ushort, unsigned short)
NP_NONDET(__VERIFIER_nondet_char, char)
NP_NONDET(__VERIFIER_nondet_schar, signed char)
NP_NONDET(__VERIFIER_nondet_uchar, unsigned char)
NP_NONDET(__VERIFIER_nondet_bool, _Bool)
void __VERIFIER_assume(int cond) __attribute__((weak, no_instrument_function));
void __VERIFIER_assume(int cond) { if (!cond) { fputs("NUMPRED_ASSUME_FAILED\n", stdout); fflush(stdout); _exit(4); } }
void __VERIFIER_error(void) __attribute__((weak, no_instrument_function));
void __VERIFIER_error(void) { fputs("NUMPRED_REACH_ERROR\n", stdout); fflush(stdout); _exit(99); }
void reach_error(void) __attribute__((weak, no_instrument_function));
void reach_error(void) { fputs("NUMPRED_REACH_ERROR\n", stdout); fflush(stdout); _exit(99); }
void __cyg_profile_func_enter(void *fn, void *site) __attribute__((no_instrument_function));
void __cyg_profile_func_enter(void *fn, void *site) {
	(void)site;
	if (fn == (void *)reach_error || fn == (void *)__VERIFIER_error) { fputs("NUMPRED_REACH_ERROR\n", stdout); fflush(stdout); _exit(99); }
}
void __cyg_profile_func_exit(void *fn, void *site) __attribute__((no_instrument_function));
void __cyg_profile_func_exit(void *fn, void *site) { (void)fn; (void)site; }
struct np_cell { unsigned long block, off, size; const char *value; };
static const struct np_cell np_heap[] = { %h };
static unsigned long np_heap_next, np_blocks;
void *__wrap_malloc(size_t n) __attribute__((no_instrument_function));
void *__wrap_malloc(size_t n) {
	unsigned char *p = calloc(1, n ? n : 1);
	np_blocks++;
	while (np_heap_next < sizeof np_heap / sizeof np_heap[0] && np_heap[np_heap_next].block <= np_blocks) {
		const struct np_cell *c = &np_heap[np_heap_next++];
		if (c->block == 0) continue;
		if (c->block != np_blocks || c->off + c->size > n) { fputs("NUMPRED_HEAP_MISMATCH\n", stdout); fflush(stdout); _exit(5); }
		unsigned long long v = strtoull(c->value, 0, 0);
		for (unsigned long i = 0; i < c->size; i++) { p[c->off + i] = (unsigned char)v; v >>= 8; }
	}
	return p;
}
`

// ReplayGCC compiles the C task at file with gcc (-m32 for ILP32) and a
// harness whose __VERIFIER_nondet_* functions return c's inputs in order,
// runs it, and reports whether reach_error was called. Signed inputs are
// passed as their two's complement, which each stub converts back to its
// type.
func ReplayGCC(ctx context.Context, gcc, file, dataModel string, c *Counterexample) (bool, error) {
	dir, err := os.MkdirTemp("", "numpred-replay")
	if err != nil {
		return false, err
	}
	defer os.RemoveAll(dir)
	var vals []string
	heap := []string{`{0, 0, 0, "0"}`} // block 0: none
	for _, in := range c.Inputs {
		if in.Heap != nil {
			heap = append(heap, fmt.Sprintf("{%d, %d, %d, %q}", in.Block, in.Heap.Off, in.Heap.Size, in.Content().String()))
			continue
		}
		vals = append(vals, fmt.Sprintf("%q", in.Value.String()))
	}
	if len(vals) == 0 {
		vals = []string{`"0"`}
	}
	harness := filepath.Join(dir, "harness.c")
	src := strings.Replace(gccHarness, "%s", strings.Join(vals, ", "), 1)
	src = strings.Replace(src, "%h", strings.Join(heap, ", "), 1)
	if err := os.WriteFile(harness, []byte(src), 0o644); err != nil {
		return false, err
	}
	bin := filepath.Join(dir, "task")
	args := []string{"-w", "-O0", "-fno-builtin", "-o", bin}
	if strings.EqualFold(dataModel, "ilp32") {
		args = append(args, "-m32")
	}
	// The task's malloc zero-fills its blocks and fills in the heap
	// inputs, as numpred's concrete runs do (ir.HeapInput).
	args = append(args, "-finstrument-functions", "-Wl,--wrap=malloc", file, harness)
	if c.Patterned > 0 {
		// Uninitialised locals as numpred's concrete runs give them
		// (ir.Havoc.Uninit; gcc 12 or later).
		args = append(args, "-ftrivial-auto-var-init=pattern")
	}
	if out, err := exec.CommandContext(ctx, gcc, args...).CombinedOutput(); err != nil {
		return false, fmt.Errorf("gcc: %v\n%s", err, out)
	}
	var stdout bytes.Buffer
	cmd := exec.CommandContext(ctx, bin)
	cmd.Stdout = &stdout
	// The exit status says little (the task may abort), but a binary
	// that could not start at all (a 32-bit one on a kernel without
	// 32-bit support: "exec format error") replays nothing.
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			return false, fmt.Errorf("%w: %v", ErrCannotRun, err)
		}
	}
	return strings.Contains(stdout.String(), "NUMPRED_REACH_ERROR"), nil
}

// ErrCannotRun is ReplayGCC's error when the compiled task cannot be
// executed on this machine.
var ErrCannotRun = errors.New("the compiled task cannot run here")

// GCCRuns32 reports whether gcc builds 32-bit programs (-m32,
// gcc-multilib) that this machine can also run (the kernel may lack
// 32-bit support).
func GCCRuns32(gcc string) bool {
	dir, err := os.MkdirTemp("", "numpred-m32")
	if err != nil {
		return false
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, "a")
	probe := exec.Command(gcc, "-m32", "-x", "c", "-o", bin, "-")
	probe.Stdin = strings.NewReader("#include <stdio.h>\nint main(void) { return 0; }\n")
	if probe.Run() != nil {
		return false
	}
	return exec.Command(bin).Run() == nil
}
