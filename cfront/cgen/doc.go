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
// # Memory
//
// With Config.Memory (MemoryConfig; TaskOptions.Memory for tasks; LP64
// programs only, since the ILP32 renaming cannot change the width of a
// pointer), programs also have (see mem.go): struct types with integer
// fields, small array fields and fields of earlier struct types;
// global and local arrays of 1 to 8 integers, 2-D arrays (int m[3][2]),
// arrays of structs and structs, with full or partial initialiser lists
// (locals always have one, so every cell is initialised); scalars whose
// address is taken; reads, writes, compound assignments, ++ and -- of
// a[i], m[i][j], s.f, s.in.x, s.arr[i], t[i].f, *p, p[i], *(p + k),
// p->f and (*q).f; struct assignment; pointers to scalars, cells,
// fields, structs and array elements (&x, &a[i], &s.f, &t[1], a decayed,
// a + k), assigned to pointer variables (local and global) and passed
// to pointer parameters (void f(int *p) ... f(&x), f(a), f(&s.f));
// functions returning a pointer (a parameter moved within its bounds,
// or a global's address); pointer arithmetic within an array (p + k,
// p - k, q++ in a loop over an array, p - q, p < q and the other
// relations within one array, p == q, p != q, p != 0); loops over an
// array by index (for (int i = 0; i < N; i++) a[i] = e) and by pointer
// (for (int *q = a; q != a + N; q++) *q = e); and, in main, blocks
// from malloc (int *m = malloc(N * sizeof(int)), struct S *h =
// malloc(sizeof(struct S))), filled cell by cell before anything else
// runs and freed before main returns. No address is ever observed: no
// pointer is converted to an integer or printed, and pointers compared
// for equality point into objects.
//
// Every access is in bounds and every pointer dereferenced is live, by
// construction: an index is a constant, a reduced expression ((e & 3),
// (unsigned)e % 5u) or the counter of a loop bounded by the array's
// length; every pointer has a shape (how many cells before and after
// it may be accessed) that every value assigned to it covers; a pointer
// declared in a block only ever points to objects of that block or
// enclosing ones, and pointer parameters are never assigned. Memory is
// one variable for the sequencing check. gcc's sanitizer checks array
// bounds it knows (-fsanitize=undefined includes bounds), and
// TestMemoryASan builds programs with -fsanitize=address to check the
// rest.
//
// The differential test then observes, besides the scalar globals,
// every integer cell of every global array and struct, named by its C
// access path: g[1], s.f, s.in.x, s.arr[1], t[2].f, m[1][0]
// (Program.Cells). The IR must have a global variable of that name; a
// missing one is reported as a mismatch ("global g[0] missing from the
// IR"). TestDifferential generates memory programs with -cgen.memory
// (make fuzz-cfront-mem), TestSoundness with -sound.memory.
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
// operand or 0, an index by the least of its range; never an lvalue, a
// pointer, nor the filling of a malloc'd block).
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
