// Package linprog reads the Linear Programs of Armando, Castellini and
// Mantovani ("Introducing Full Linear Arithmetic to Symbolic Software
// Model Checking", the eureka toolkit) into numpred's ir, and generates
// the six benchmark families of their eureka library. ("Linear Programs"
// are programs over linear arithmetic, not linear programming.)
//
// # Language
//
// The grammar is Table 1 of the paper, accepted liberally where C habits
// differ and precisely otherwise:
//
//	prog   ::= (decl | proc)*
//	decl   ::= 'int' id (','? id)* ';'
//	proc   ::= ['void' | 'int'] id '(' ['void' | formal (','? formal)*] ')' body
//	formal ::= ['int'] id
//	body   ::= '{' (decl | lstmt)* '}'         C-like, as in the paper's figures
//	         | decl* lstmt*                    bare, as in Table 1
//	lstmt  ::= id ':' lstmt | stmt
//	stmt   ::= ';'                             skip
//	         | 'goto' id ';'
//	         | id '=' expr ';'
//	         | id '=' '?' ';'                  (extension) x gets an arbitrary value
//	         | 'if' '(' pred ')' branch ['else' branch]
//	         | 'while' '(' pred ')' branch
//	         | 'assert' '(' pred ')' ';'
//	         | id '(' [expr (','? expr)*] ')' ';'   call
//	         | 'return' ';'                    (extension) leave the procedure
//	         | '{' lstmt* '}'
//	branch ::= '{' lstmt* '}' | lstmt
//	pred   ::= expr relop expr | '?' | '!' pred | pred '&&' pred
//	         | pred '||' pred | '(' pred ')'
//	relop  ::= '<' | '>' | '=<' | '>=' | '=' | '!='  (also '<=' and '==')
//	expr   ::= linear arithmetic over + - * with constants and parentheses;
//	           every product must have a constant factor (2*x, x*2, -(x-y)*3)
//
// Comments are // to end of line and /* ... */. Keywords (int, void, if,
// else, while, goto, assert, return) are reserved. A bare procedure body
// ends where the next procedure header (id '(' ... ')' not followed by
// ';') or a top-level 'int' begins. Arguments and names may be separated
// by blanks, as in Table 1, or by commas; an argument is the longest
// expression, so f(a -b) passes a - b. Comparisons do not chain.
//
// # Semantics and translation
//
// Each procedure becomes an ir.Func (no return value); main is the entry
// point and must exist. Variables are mathematical integers
// (ir.Unbounded). Globals start with arbitrary values, as do main's
// formals and every procedure's locals on each call: a program that wants
// an initial value assigns it. Locals and formals are qualified by their
// procedure (f::x) and shadow a global of the same name; a local's scope is
// its whole procedure. Labels are per procedure: goto cannot leave its
// procedure. Calls pass values (ir.Call binds the callee's formals to the
// argument expressions evaluated in the caller); a procedure may be called
// before its definition, and recursion is allowed.
//
// The control flow follows Table 2: an if or while yields the two Assume
// edges [c] and [!c] (for '?' both are [?], ir.Nondet); a while loop's
// head is the location before it, which receives the back edge; assert(c)
// yields [c] to the next statement and [!c] to a fresh ir.Error location
// (one per assert, positioned at it); goto l yields a Skip edge to l's
// location. Every edge carries the position of its statement, locations
// carry their label, Func.MarkLoopHeads marks loop heads, and an entry
// location never has predecessors.
//
// Errors are *Error values formatted file:line:col: message, mostly
// "expected X, found Y"; undeclared variables, redeclarations, unknown or
// redefined labels and procedures, arity mismatches and non-linear
// products are reported at their position. Parsing stops at the first
// error.
//
// # Benchmark families
//
// Generate(name, N) returns the program of a family; the eureka library is
// not public, so the six families are reconstructed from the paper's
// Section 4.2 and Table 4 (which gives per family the number of Globals /
// Locals incl. formals, and of Conditions / Iteration blocks). Every
// generated program is safe: its assertions hold. Choices:
//
//   - swap_seq(N), "defines two global variables and calls 2N times a
//     procedure swap() which swaps their values" (G/L 2/1, C/I 1/0): globals
//     a, b; swap() swaps them through its local t; main sets a = 1, b = 2,
//     calls swap() 2N times and asserts a < b.
//   - swap_iter(N), "does the same, but swap() is called N times from
//     within a while() statement" (2/2, 2/1): main's counter i runs the loop
//     N times; the assertion is a < b for even N and a > b for odd N.
//   - parity(N), "evaluates the parity of a natural number N using a
//     recursive procedure" and flips the global even (Figure 1) (2/2, 2/0):
//     globals x, even; parity(n) flips even and recurs on m = n - 1 until
//     n = 0 (arguments are identifiers in Table 1, hence the local m); main
//     sets x = N, even = 1, calls parity(x) and asserts even = 1 for even N,
//     even = 0 for odd N.
//   - delay_iter(N), "a procedure delay() which implements a delay via an
//     empty, fixed-length loop ... called upon N times from within a
//     while()" (0/2, 3/2): delay() counts its local j from 0 to DelayLength
//     (10); main's loop calls it N times and then asserts i = N (the call
//     leaves the caller's local alone).
//   - delay_recur(N), "a recursive procedure delay(n) which implements a
//     delay by recurring n times ... called upon N times from within a
//     while()" (0/3, 3/1): delay(n) recurs on m = n - 1 while n > 0 and
//     asserts n = 0 otherwise; main calls delay(i) for i = 0, ..., N-1 (the
//     paper: delay is first called with n = 0, then 1, ..., N). The
//     assertion holds because every call has n >= 0, an interprocedural
//     fact.
//   - sum(N), "evaluates the sum of the first N natural numbers using a
//     while() statement" whose condition and body involve three variables
//     (Figure 3) (2/1, 4/2): globals n, s and main's local i; the first loop
//     (while i < n: i = i + 1; s = s + i) computes the sum and
//     s = N(N+1)/2 is asserted; a second loop subtracts it back and s = 0
//     is asserted, which accounts for the second iteration block and the
//     fourth condition.
package linprog
