// Package enginetest is the engine test kit: one corpus of C programs
// whose comments say what each engine must answer, and one harness that
// runs an engine on them and reports both unmet and unexpected verdicts.
// It is a test helper, imported only from _test.go files.
//
// The corpus is the directory testdata/engines at the repository root
// (Corpus). A program carries its expectations in comment lines:
//
//	// want ENGINE...: VERDICT
//	// want ENGINE...: VERDICT slow
//	// slow
//
// ENGINE is an engine of package verify's registry (absint, cegar, bmc,
// kind, abe, impact, auto), a configuration of one (NAME/CONFIG, e.g.
// abe/sbe, abe/cartesian, impact/fc: the names the engine packages' own
// tests give the configurations they run), or all; several are separated
// by spaces or commas. VERDICT is TRUE, FALSE or UNKNOWN. A run called
// abe/sbe takes the line naming abe/sbe, else the one naming abe, else
// the one naming all; a run called abe never takes a line for abe/sbe.
// `slow` on a want line lets that line's engines time out on the program;
// a `// slow` line lets every engine.
//
// Check runs an engine.Engine, whose Name is the run's name, on every
// program that has an expectation for it, each under a time limit
// (Options.Limit, 10 s; Options.ShortLimit, 3 s, for a run that must
// answer UNKNOWN or may time out: a wrong verdict comes early, and a
// bound is never reached), and returns the mismatches:
//
//   - an error from the engine;
//   - a verdict that is not the expected one: TRUE where FALSE is
//     expected or the reverse, any verdict where UNKNOWN is expected,
//     UNKNOWN for another reason than the time limit where TRUE or FALSE
//     is;
//   - a timeout where TRUE or FALSE is expected, unless the program is
//     marked slow for the engine;
//   - a FALSE whose counterexample is not trusted (engine.Trust) or, when
//     gcc is installed, does not reach reach_error in the compiled
//     program.
//
// Load also checks the corpus itself: every program has a want line,
// every name is well formed, and a program's TRUE and FALSE lines do not
// contradict each other (a program is safe or not, whatever the engine).
package enginetest
