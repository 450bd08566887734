// Package cgen generates random C programs over the integer subset that
// cfront translates and tests cfront differentially against gcc: a small
// Csmith (Yang et al., "Finding and Understanding Bugs in C Compilers",
// PLDI 2011) aimed at a front end instead of a compiler.
//
// # Programs
//
// Generate returns a Program, a syntax tree printed as C by
// Program.Source. A program has globals of every integer type (char,
// signed and unsigned char, short, int, long, long long and their
// unsigned forms, _Bool), up to Config.Funcs functions with parameters of
// those types (a function calls only earlier ones, and itself when it has
// a depth parameter: every self-call is guarded by depth > 0 and passes
// depth - 1), and main. Statements are assignments and compound
// assignments, ++ and --, every loop form (for with a declaration, an
// expression or nothing first, an empty condition left by break, an empty
// post-expression, comma expressions in every clause; while; do-while;
// backward goto), switch with fall-through and default anywhere, if/else,
// forward goto, break, continue, early return, reach_error, nested blocks
// whose declarations may shadow, and calls. Expressions use every C
// integer operator, casts, ?:, && and || with side effects on the right,
// nested assignments and calls, and the SV-COMP nondet functions. With
// Config.FuncPtrs (the differential test's default; TaskOptions.FuncPtrs
// for tasks) calls also go through function pointers: (*f)(...), and
// (c ? f : &h)(...) between two functions of one signature (some
// functions copy an earlier one's signature for that); the selector c
// only reads variables and is sequenced like an argument.
//
// Every program is free of undefined behaviour by construction where that
// is cheap: every loop is bounded by a counter only its own clauses
// change (and continue always reaches the counter's increment),
// recursion by its depth parameter, divisors are made non-zero
// ((y | 1), (y == 0 ? 1 : y), (y & 7) + 1, constants), shift amounts are
// masked to the width of the promoted left operand, locals are always
// initialised, every non-void function ends in a return, and no
// expression has two unsequenced accesses to a variable one of them
// writes, nor a result that depends on an unspecified order of
// evaluation (a call that assigns a global read next to it, two nondet
// calls in one operation): see seq.go. What remains (signed overflow,
// shifting a negative value, INT_MIN / -1) is detected at run time by
// gcc's -fsanitize=undefined, and the run is discarded.
//
// # The differential test
//
// Harness.Diff prints many programs into one C file, each with its own
// prefix, with a driver that runs each on its input vectors: the nondet
// functions return the vector's values in order (0 once exhausted,
// converted to the function's type), reach_error and a failed
// __VERIFIER_assume return to the driver, and a sanitizer trap (in trap
// mode, SIGILL) or a timer ends the run. One gcc invocation builds
// hundreds of programs. Meanwhile each program is translated by cfront
// and run on the same vectors by ir/exec. What is compared is how each
// run ends (main returned, or reach_error was called) and the values of
// all globals at that point, exactly; a run gcc found undefined is
// skipped, and so is an IR run that read a value the IR leaves open
// (ir/exec's Arbitrary count), which must not happen for these programs.
// A Mismatch prints the program, the inputs and both observations;
// Harness.Reduce shrinks it first by single edits that keep it
// mismatching (deleting functions, halves of statement lists,
// statements, declarations and globals; replacing expressions by an
// operand or 0).
//
// Fuzz runs a campaign of generated programs in batches; program i of a
// seed depends only on (seed, i) (FuzzOptions.Program), so a reported
// program can be generated again alone.
//
// # Data models
//
// Programs are generated for LP64 or ILP32 and translated by cfront under
// that model. gcc here builds only x86-64 binaries (-m32 lacks its
// libraries), so the harness compiles an ILP32 program for x86-64 with
// long spelled int and unsigned long spelled unsigned: under ILP32 long
// and int have the same width, so every promotion and usual arithmetic
// conversion yields a type of the same width and signedness either way,
// and the values are those of an i386 build. The generator never writes
// the L suffix or sizeof, whose meaning the renaming would change.
//
// # Soundness tasks
//
// With Config.Task, main reads one to three inputs first and assumes each
// within [-InputRange, InputRange] ([0, 2*InputRange] if unsigned), and
// ends with a probe of an observed value (a variable, or the difference
// of two). Tasks runs each such program on every input combination with
// gcc, and turns the probe into the property
//
//	if ((long long)X > K) reach_error();   (or X < K)
//
// with K the extreme value observed, so that the task is TRUE, or that
// value minus one (plus one), so that it is FALSE by exactly one. An
// analyser must never answer TRUE on a FALSE task.
package cgen
