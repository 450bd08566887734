// shim.h declares the C side of package smt: thin wrappers over Z3's C API
// that each make one Z3 call (or a few), check the error code the error
// handler recorded during it, take a reference on the result, and report
// the result's sort, all in one cgo call.
//
// Z3 reports an error by calling the context's error handler on the
// calling thread and returning (a NULL AST, usually). np_handler stores the
// code in a thread-local variable; every wrapper clears it before its Z3
// call and reads it after, inside the same C call, so the goroutine cannot
// have moved to another thread in between.

#ifndef NUMPRED_SMT_SHIM_H
#define NUMPRED_SMT_SHIM_H

#include <stdbool.h>
#include <stdint.h>
#include <z3.h>

// np_term is the result of a term constructor: a new reference to ast
// (NULL on error), the error code and message (msg is owned by Z3 and
// valid until the next Z3 call), and the sort kind and bit-vector width of
// the result.
typedef struct {
	Z3_ast ast;
	int err;
	const char *msg;
	int kind;
	unsigned width;
} np_term;

// np_status is the result of an operation without a term result.
typedef struct {
	int err;
	const char *msg;
} np_status;

// Unary operations (np_op1).
enum {
	NP_NOT,
	NP_NEG,
	NP_BVNEG,
	NP_BVNOT,
	NP_BVNEG_NO_OVERFLOW,
};

// Binary operations (np_op2).
enum {
	NP_DIV,
	NP_MOD,
	NP_REM,
	NP_LE,
	NP_LT,
	NP_GE,
	NP_GT,
	NP_EQ,
	NP_IMPLIES,
	NP_IFF,
	NP_XOR,
	NP_BVADD,
	NP_BVSUB,
	NP_BVMUL,
	NP_BVSDIV,
	NP_BVSREM,
	NP_BVSMOD,
	NP_BVUDIV,
	NP_BVUREM,
	NP_BVSHL,
	NP_BVLSHR,
	NP_BVASHR,
	NP_BVAND,
	NP_BVOR,
	NP_BVXOR,
	NP_BVSLT,
	NP_BVSLE,
	NP_BVSGT,
	NP_BVSGE,
	NP_BVULT,
	NP_BVULE,
	NP_BVUGT,
	NP_BVUGE,
	NP_CONCAT,
	NP_BVADD_NO_OVERFLOW_S,
	NP_BVADD_NO_OVERFLOW_U,
	NP_BVADD_NO_UNDERFLOW,
	NP_BVSUB_NO_OVERFLOW,
	NP_BVSUB_NO_UNDERFLOW_S,
	NP_BVSUB_NO_UNDERFLOW_U,
	NP_BVMUL_NO_OVERFLOW_U,
	NP_BVSDIV_NO_OVERFLOW,
};

// N-ary operations (np_opn).
enum {
	NP_AND,
	NP_OR,
	NP_ADD,
	NP_SUB,
	NP_MUL,
	NP_DISTINCT,
};

// Operations with integer parameters (np_opi).
enum {
	NP_EXTRACT,  // i = high bit, j = low bit
	NP_SIGN_EXT, // i = bits added
	NP_ZERO_EXT, // i = bits added
	NP_INT2BV,   // i = width
	NP_BV2INT,   // i = 1 for signed
};

// Sort kinds reported in np_term.kind (a subset of Z3_sort_kind).
enum {
	NP_KIND_BOOL = Z3_BOOL_SORT,
	NP_KIND_INT = Z3_INT_SORT,
	NP_KIND_BV = Z3_BV_SORT,
};

Z3_context np_mk_context(int model, int unsat_core, int *err);
void np_del_context(Z3_context c);
void np_interrupt(Z3_context c);
void np_dec_ref_all(Z3_context c, Z3_ast *asts, unsigned n);

Z3_sort np_sort(Z3_context c, int kind, unsigned width, np_status *st);
const char *np_sort_to_string(Z3_context c, Z3_sort s);

np_term np_op1(Z3_context c, int op, Z3_ast a);
np_term np_op2(Z3_context c, int op, Z3_ast a, Z3_ast b);
np_term np_opn(Z3_context c, int op, unsigned n, Z3_ast *args);
np_term np_opi(Z3_context c, int op, unsigned i, unsigned j, Z3_ast a);
np_term np_ite(Z3_context c, Z3_ast cond, Z3_ast a, Z3_ast b);
np_term np_const(Z3_context c, const char *name, Z3_sort s, int fresh);
np_term np_int64(Z3_context c, int64_t v, Z3_sort s);
np_term np_numeral(Z3_context c, const char *decimal, Z3_sort s);
np_term np_bool(Z3_context c, int v);
const char *np_ast_to_string(Z3_context c, Z3_ast a);

// np_value is a term's value read back: kind of the term, whether it is a
// numeral (isnum) or Boolean constant (isbool, b), and a numeral's value
// as an int64 (small, when fits) or as a decimal string (dec, owned by
// Z3). Bit-vector numerals are unsigned.
typedef struct {
	int err;
	const char *msg;
	int kind;
	int isnum;
	int fits;
	int64_t small;
	const char *dec;
	int isbool;
	int b;
} np_value;

np_value np_read(Z3_context c, Z3_ast a);

Z3_solver np_mk_solver(Z3_context c, int simple, unsigned timeout_ms, np_status *st);
Z3_solver np_mk_logic_solver(Z3_context c, const char *logic, unsigned timeout_ms, np_status *st);
Z3_solver np_mk_tactic_solver(Z3_context c, unsigned n, const char **names, unsigned timeout_ms, np_status *st);
void np_solver_dec_ref(Z3_context c, Z3_solver s);
np_status np_solver_set_timeout(Z3_context c, Z3_solver s, unsigned ms);
np_status np_solver_assert(Z3_context c, Z3_solver s, Z3_ast a);
np_status np_solver_push(Z3_context c, Z3_solver s);
np_status np_solver_pop(Z3_context c, Z3_solver s, unsigned n);
unsigned np_solver_num_scopes(Z3_context c, Z3_solver s);
np_status np_solver_reset(Z3_context c, Z3_solver s);
int np_solver_check(Z3_context c, Z3_solver s, unsigned n, Z3_ast *assumptions, int big_stack, np_status *st);
const char *np_solver_reason_unknown(Z3_context c, Z3_solver s);
np_status np_solver_core(Z3_context c, Z3_solver s, Z3_ast *out, unsigned cap, unsigned *n);
Z3_model np_solver_model(Z3_context c, Z3_solver s, np_status *st);
const char *np_solver_to_smtlib(Z3_context c, Z3_solver s);
np_status np_solver_from_string(Z3_context c, Z3_solver s, const char *text);

void np_model_dec_ref(Z3_context c, Z3_model m);
np_term np_model_eval(Z3_context c, Z3_model m, Z3_ast a);
np_value np_model_read(Z3_context c, Z3_model m, Z3_ast a);
const char *np_model_to_string(Z3_context c, Z3_model m);

// np_heap_in_use returns the bytes in use in the C heap, or -1.
int64_t np_heap_in_use(void);

#endif
