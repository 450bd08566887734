// shim.c implements the wrappers declared in shim.h.

#include <limits.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "shim.h"

// np_err is the error code Z3 reported during the current wrapper's call.
static __thread Z3_error_code np_err;

// np_handler records an error instead of letting Z3's default handler
// print it and exit the process.
static void np_handler(Z3_context c, Z3_error_code e) {
	(void)c;
	np_err = e;
}

static np_status status(Z3_context c) {
	np_status st = {np_err, NULL};
	if (np_err != Z3_OK) {
		st.msg = Z3_get_error_msg(c, np_err);
	}
	return st;
}

// finish turns the result of a Z3 term constructor into an np_term: on
// success it takes a reference and reads the sort.
static np_term finish(Z3_context c, Z3_ast a) {
	np_term t = {NULL, np_err, NULL, 0, 0};
	if (np_err != Z3_OK || a == NULL) {
		if (t.err == Z3_OK) {
			t.err = Z3_EXCEPTION;
		}
		t.msg = Z3_get_error_msg(c, (Z3_error_code)t.err);
		return t;
	}
	Z3_inc_ref(c, a);
	t.ast = a;
	Z3_sort s = Z3_get_sort(c, a);
	t.kind = Z3_get_sort_kind(c, s);
	if (t.kind == Z3_BV_SORT) {
		t.width = Z3_get_bv_sort_size(c, s);
	}
	return t;
}

Z3_context np_mk_context(int model, int unsat_core, int *err) {
	Z3_config cfg = Z3_mk_config();
	if (cfg == NULL) {
		*err = Z3_MEMOUT_FAIL;
		return NULL;
	}
	Z3_set_param_value(cfg, "model", model ? "true" : "false");
	Z3_set_param_value(cfg, "unsat_core", unsat_core ? "true" : "false");
	Z3_context c = Z3_mk_context_rc(cfg);
	Z3_del_config(cfg);
	if (c == NULL) {
		*err = Z3_MEMOUT_FAIL;
		return NULL;
	}
	Z3_set_error_handler(c, np_handler);
	*err = Z3_OK;
	return c;
}

void np_del_context(Z3_context c) { Z3_del_context(c); }

void np_interrupt(Z3_context c) { Z3_interrupt(c); }

void np_dec_ref_all(Z3_context c, Z3_ast *asts, unsigned n) {
	for (unsigned i = 0; i < n; i++) {
		Z3_dec_ref(c, asts[i]);
	}
}

Z3_sort np_sort(Z3_context c, int kind, unsigned width, np_status *st) {
	np_err = Z3_OK;
	Z3_sort s = NULL;
	switch (kind) {
	case NP_KIND_BOOL:
		s = Z3_mk_bool_sort(c);
		break;
	case NP_KIND_INT:
		s = Z3_mk_int_sort(c);
		break;
	case NP_KIND_BV:
		s = Z3_mk_bv_sort(c, width);
		break;
	default:
		np_err = Z3_INVALID_ARG;
	}
	*st = status(c);
	if (np_err == Z3_OK && s != NULL) {
		Z3_inc_ref(c, Z3_sort_to_ast(c, s));
	}
	return s;
}

const char *np_sort_to_string(Z3_context c, Z3_sort s) { return Z3_sort_to_string(c, s); }

np_term np_op1(Z3_context c, int op, Z3_ast a) {
	np_err = Z3_OK;
	Z3_ast r = NULL;
	switch (op) {
	case NP_NOT:
		r = Z3_mk_not(c, a);
		break;
	case NP_NEG:
		r = Z3_mk_unary_minus(c, a);
		break;
	case NP_BVNEG:
		r = Z3_mk_bvneg(c, a);
		break;
	case NP_BVNOT:
		r = Z3_mk_bvnot(c, a);
		break;
	case NP_BVNEG_NO_OVERFLOW:
		r = Z3_mk_bvneg_no_overflow(c, a);
		break;
	default:
		np_err = Z3_INVALID_ARG;
	}
	return finish(c, r);
}

typedef Z3_ast (*binop)(Z3_context, Z3_ast, Z3_ast);

static binop binops[] = {
	[NP_DIV] = Z3_mk_div,
	[NP_MOD] = Z3_mk_mod,
	[NP_REM] = Z3_mk_rem,
	[NP_LE] = Z3_mk_le,
	[NP_LT] = Z3_mk_lt,
	[NP_GE] = Z3_mk_ge,
	[NP_GT] = Z3_mk_gt,
	[NP_EQ] = Z3_mk_eq,
	[NP_IMPLIES] = Z3_mk_implies,
	[NP_IFF] = Z3_mk_iff,
	[NP_XOR] = Z3_mk_xor,
	[NP_BVADD] = Z3_mk_bvadd,
	[NP_BVSUB] = Z3_mk_bvsub,
	[NP_BVMUL] = Z3_mk_bvmul,
	[NP_BVSDIV] = Z3_mk_bvsdiv,
	[NP_BVSREM] = Z3_mk_bvsrem,
	[NP_BVSMOD] = Z3_mk_bvsmod,
	[NP_BVUDIV] = Z3_mk_bvudiv,
	[NP_BVUREM] = Z3_mk_bvurem,
	[NP_BVSHL] = Z3_mk_bvshl,
	[NP_BVLSHR] = Z3_mk_bvlshr,
	[NP_BVASHR] = Z3_mk_bvashr,
	[NP_BVAND] = Z3_mk_bvand,
	[NP_BVOR] = Z3_mk_bvor,
	[NP_BVXOR] = Z3_mk_bvxor,
	[NP_BVSLT] = Z3_mk_bvslt,
	[NP_BVSLE] = Z3_mk_bvsle,
	[NP_BVSGT] = Z3_mk_bvsgt,
	[NP_BVSGE] = Z3_mk_bvsge,
	[NP_BVULT] = Z3_mk_bvult,
	[NP_BVULE] = Z3_mk_bvule,
	[NP_BVUGT] = Z3_mk_bvugt,
	[NP_BVUGE] = Z3_mk_bvuge,
	[NP_CONCAT] = Z3_mk_concat,
	[NP_BVADD_NO_UNDERFLOW] = Z3_mk_bvadd_no_underflow,
	[NP_BVSUB_NO_OVERFLOW] = Z3_mk_bvsub_no_overflow,
	[NP_BVSDIV_NO_OVERFLOW] = Z3_mk_bvsdiv_no_overflow,
};

np_term np_op2(Z3_context c, int op, Z3_ast a, Z3_ast b) {
	np_err = Z3_OK;
	Z3_ast r = NULL;
	switch (op) {
	case NP_BVADD_NO_OVERFLOW_S:
	case NP_BVADD_NO_OVERFLOW_U:
		r = Z3_mk_bvadd_no_overflow(c, a, b, op == NP_BVADD_NO_OVERFLOW_S);
		break;
	case NP_BVSUB_NO_UNDERFLOW_S:
	case NP_BVSUB_NO_UNDERFLOW_U:
		r = Z3_mk_bvsub_no_underflow(c, a, b, op == NP_BVSUB_NO_UNDERFLOW_S);
		break;
	case NP_BVMUL_NO_OVERFLOW_U:
		// Not for signed operands: Z3 4.8.12's signed version is wrong
		// (it says 3 * 5 overflows); overflow.go builds that one.
		r = Z3_mk_bvmul_no_overflow(c, a, b, false);
		break;
	default:
		if (op >= 0 && op < (int)(sizeof binops / sizeof binops[0]) && binops[op] != NULL) {
			r = binops[op](c, a, b);
		} else {
			np_err = Z3_INVALID_ARG;
		}
	}
	return finish(c, r);
}

np_term np_opn(Z3_context c, int op, unsigned n, Z3_ast *args) {
	np_err = Z3_OK;
	Z3_ast r = NULL;
	switch (op) {
	case NP_AND:
		r = Z3_mk_and(c, n, args);
		break;
	case NP_OR:
		r = Z3_mk_or(c, n, args);
		break;
	case NP_ADD:
		r = Z3_mk_add(c, n, args);
		break;
	case NP_SUB:
		r = Z3_mk_sub(c, n, args);
		break;
	case NP_MUL:
		r = Z3_mk_mul(c, n, args);
		break;
	case NP_DISTINCT:
		r = Z3_mk_distinct(c, n, args);
		break;
	default:
		np_err = Z3_INVALID_ARG;
	}
	return finish(c, r);
}

np_term np_opi(Z3_context c, int op, unsigned i, unsigned j, Z3_ast a) {
	np_err = Z3_OK;
	Z3_ast r = NULL;
	switch (op) {
	case NP_EXTRACT:
		r = Z3_mk_extract(c, i, j, a);
		break;
	case NP_SIGN_EXT:
		r = Z3_mk_sign_ext(c, i, a);
		break;
	case NP_ZERO_EXT:
		r = Z3_mk_zero_ext(c, i, a);
		break;
	case NP_INT2BV:
		r = Z3_mk_int2bv(c, i, a);
		break;
	case NP_BV2INT:
		r = Z3_mk_bv2int(c, a, i != 0);
		break;
	default:
		np_err = Z3_INVALID_ARG;
	}
	return finish(c, r);
}

np_term np_ite(Z3_context c, Z3_ast cond, Z3_ast a, Z3_ast b) {
	np_err = Z3_OK;
	Z3_ast r = Z3_mk_ite(c, cond, a, b);
	return finish(c, r);
}

np_term np_const(Z3_context c, const char *name, Z3_sort s, int fresh) {
	np_err = Z3_OK;
	Z3_ast r;
	if (fresh) {
		r = Z3_mk_fresh_const(c, name, s);
	} else {
		r = Z3_mk_const(c, Z3_mk_string_symbol(c, name), s);
	}
	return finish(c, r);
}

np_term np_int64(Z3_context c, int64_t v, Z3_sort s) {
	np_err = Z3_OK;
	Z3_ast r = Z3_mk_int64(c, v, s);
	return finish(c, r);
}

np_term np_numeral(Z3_context c, const char *decimal, Z3_sort s) {
	np_err = Z3_OK;
	Z3_ast r = Z3_mk_numeral(c, decimal, s);
	return finish(c, r);
}

np_term np_bool(Z3_context c, int v) {
	np_err = Z3_OK;
	Z3_ast r = v ? Z3_mk_true(c) : Z3_mk_false(c);
	return finish(c, r);
}

const char *np_ast_to_string(Z3_context c, Z3_ast a) { return Z3_ast_to_string(c, a); }

// read fills v from the AST a, a value as a model evaluation returns it.
static void read(Z3_context c, Z3_ast a, np_value *v) {
	Z3_sort s = Z3_get_sort(c, a);
	v->kind = Z3_get_sort_kind(c, s);
	if (v->kind == Z3_BOOL_SORT) {
		Z3_lbool b = Z3_get_bool_value(c, a);
		if (b != Z3_L_UNDEF) {
			v->isbool = 1;
			v->b = b == Z3_L_TRUE;
		}
		return;
	}
	if (!Z3_is_numeral_ast(c, a)) {
		return;
	}
	v->isnum = 1;
	int64_t i;
	if (Z3_get_numeral_int64(c, a, &i)) {
		v->fits = 1;
		v->small = i;
		return;
	}
	// Z3_get_numeral_int64 fails on values out of range, which is not an
	// error of the caller's.
	np_err = Z3_OK;
	v->dec = Z3_get_numeral_string(c, a);
}

np_value np_read(Z3_context c, Z3_ast a) {
	np_value v = {0};
	np_err = Z3_OK;
	read(c, a, &v);
	np_status st = status(c);
	v.err = st.err;
	v.msg = st.msg;
	return v;
}

Z3_solver np_mk_solver(Z3_context c, int simple, unsigned timeout_ms, np_status *st) {
	np_err = Z3_OK;
	Z3_solver s = simple ? Z3_mk_simple_solver(c) : Z3_mk_solver(c);
	if (np_err == Z3_OK && s != NULL) {
		Z3_solver_inc_ref(c, s);
	}
	*st = status(c);
	if (st->err == Z3_OK && timeout_ms != 0) {
		*st = np_solver_set_timeout(c, s, timeout_ms);
	}
	return s;
}

Z3_solver np_mk_logic_solver(Z3_context c, const char *logic, unsigned timeout_ms, np_status *st) {
	np_err = Z3_OK;
	Z3_solver s = Z3_mk_solver_for_logic(c, Z3_mk_string_symbol(c, logic));
	if (np_err == Z3_OK && s != NULL) {
		Z3_solver_inc_ref(c, s);
	}
	*st = status(c);
	if (st->err == Z3_OK && timeout_ms != 0) {
		*st = np_solver_set_timeout(c, s, timeout_ms);
	}
	return s;
}

Z3_solver np_mk_tactic_solver(Z3_context c, unsigned n, const char **names, unsigned timeout_ms, np_status *st) {
	np_err = Z3_OK;
	Z3_tactic t = NULL;
	for (unsigned i = 0; i < n && np_err == Z3_OK; i++) {
		Z3_tactic next = Z3_mk_tactic(c, names[i]);
		if (np_err != Z3_OK || next == NULL) {
			break;
		}
		Z3_tactic_inc_ref(c, next);
		if (t == NULL) {
			t = next;
			continue;
		}
		Z3_tactic both = Z3_tactic_and_then(c, t, next);
		if (np_err == Z3_OK && both != NULL) {
			Z3_tactic_inc_ref(c, both);
		}
		Z3_tactic_dec_ref(c, t);
		Z3_tactic_dec_ref(c, next);
		t = np_err == Z3_OK ? both : NULL;
	}
	Z3_solver s = NULL;
	if (np_err == Z3_OK && t != NULL) {
		s = Z3_mk_solver_from_tactic(c, t);
		if (np_err == Z3_OK && s != NULL) {
			Z3_solver_inc_ref(c, s);
		}
	}
	if (t != NULL) {
		Z3_tactic_dec_ref(c, t);
	}
	*st = status(c);
	if (st->err == Z3_OK && s != NULL && timeout_ms != 0) {
		*st = np_solver_set_timeout(c, s, timeout_ms);
	}
	return s;
}

void np_solver_dec_ref(Z3_context c, Z3_solver s) { Z3_solver_dec_ref(c, s); }

np_status np_solver_set_timeout(Z3_context c, Z3_solver s, unsigned ms) {
	np_err = Z3_OK;
	Z3_params p = Z3_mk_params(c);
	Z3_params_inc_ref(c, p);
	Z3_params_set_uint(c, p, Z3_mk_string_symbol(c, "timeout"), ms == 0 ? UINT_MAX : ms);
	Z3_solver_set_params(c, s, p);
	Z3_params_dec_ref(c, p);
	return status(c);
}

np_status np_solver_assert(Z3_context c, Z3_solver s, Z3_ast a) {
	np_err = Z3_OK;
	Z3_solver_assert(c, s, a);
	return status(c);
}

np_status np_solver_push(Z3_context c, Z3_solver s) {
	np_err = Z3_OK;
	Z3_solver_push(c, s);
	return status(c);
}

np_status np_solver_pop(Z3_context c, Z3_solver s, unsigned n) {
	np_err = Z3_OK;
	Z3_solver_pop(c, s, n);
	return status(c);
}

unsigned np_solver_num_scopes(Z3_context c, Z3_solver s) { return Z3_solver_get_num_scopes(c, s); }

np_status np_solver_reset(Z3_context c, Z3_solver s) {
	np_err = Z3_OK;
	Z3_solver_reset(c, s);
	return status(c);
}

// np_check_job is one check run by np_check_worker.
typedef struct {
	Z3_context c;
	Z3_solver s;
	unsigned n;
	Z3_ast *assumptions;
	Z3_lbool r;
	Z3_error_code err;
} np_check_job;

static void *np_check_worker(void *p) {
	np_check_job *j = p;
	np_err = Z3_OK;
	if (j->n == 0) {
		j->r = Z3_solver_check(j->c, j->s);
	} else {
		j->r = Z3_solver_check_assumptions(j->c, j->s, j->n, j->assumptions);
	}
	j->err = np_err;
	return NULL;
}

// NP_CHECK_STACK is the stack of the thread a big-stack check runs on.
// Z3's tactics recurse over the formula: a bounded model checking formula
// unwound 256 times overflowed the 8 MB of an ordinary thread (SIGSEGV
// inside Z3_solver_check). The stack is reserved, not committed: only
// what the recursion touches costs memory.
#define NP_CHECK_STACK ((size_t)1 << 30)

int np_solver_check(Z3_context c, Z3_solver s, unsigned n, Z3_ast *assumptions, int big_stack, np_status *st) {
	np_check_job j = {c, s, n, assumptions, Z3_L_UNDEF, Z3_OK};
	pthread_attr_t attr;
	pthread_t t;
	int ran = 0;
	if (big_stack && pthread_attr_init(&attr) == 0) {
		if (pthread_attr_setstacksize(&attr, NP_CHECK_STACK) == 0 && pthread_create(&t, &attr, np_check_worker, &j) == 0) {
			pthread_join(t, NULL);
			ran = 1;
		}
		pthread_attr_destroy(&attr);
	}
	if (!ran) { // no thread to be had: check on this one
		np_check_worker(&j);
	}
	np_err = j.err;
	*st = status(c);
	return j.r;
}

const char *np_solver_reason_unknown(Z3_context c, Z3_solver s) {
	np_err = Z3_OK;
	const char *r = Z3_solver_get_reason_unknown(c, s);
	return np_err == Z3_OK ? r : "";
}

np_status np_solver_core(Z3_context c, Z3_solver s, Z3_ast *out, unsigned cap, unsigned *n) {
	np_err = Z3_OK;
	*n = 0;
	Z3_ast_vector v = Z3_solver_get_unsat_core(c, s);
	if (np_err != Z3_OK || v == NULL) {
		return status(c);
	}
	Z3_ast_vector_inc_ref(c, v);
	unsigned size = Z3_ast_vector_size(c, v);
	for (unsigned i = 0; i < size && i < cap; i++) {
		out[i] = Z3_ast_vector_get(c, v, i);
	}
	*n = size;
	Z3_ast_vector_dec_ref(c, v);
	return status(c);
}

Z3_model np_solver_model(Z3_context c, Z3_solver s, np_status *st) {
	np_err = Z3_OK;
	Z3_model m = Z3_solver_get_model(c, s);
	if (np_err == Z3_OK && m != NULL) {
		Z3_model_inc_ref(c, m);
	}
	*st = status(c);
	if (st->err == Z3_OK && m == NULL) {
		st->err = Z3_INVALID_USAGE;
		st->msg = Z3_get_error_msg(c, Z3_INVALID_USAGE);
	}
	return m;
}

const char *np_solver_to_smtlib(Z3_context c, Z3_solver s) {
	np_err = Z3_OK;
	Z3_ast_vector v = Z3_solver_get_assertions(c, s);
	if (np_err != Z3_OK || v == NULL) {
		return "";
	}
	Z3_ast_vector_inc_ref(c, v);
	unsigned n = Z3_ast_vector_size(c, v);
	// The benchmark printer takes the last assertion as "the formula"
	// and the others as assumptions; all become asserts.
	Z3_ast *as = n > 1 ? malloc((n - 1) * sizeof(Z3_ast)) : NULL;
	for (unsigned i = 0; i + 1 < n; i++) {
		as[i] = Z3_ast_vector_get(c, v, i);
	}
	Z3_ast f = n > 0 ? Z3_ast_vector_get(c, v, n - 1) : Z3_mk_true(c);
	const char *r = Z3_benchmark_to_smtlib_string(c, "", "", "unknown", "", n > 0 ? n - 1 : 0, as, f);
	free(as);
	Z3_ast_vector_dec_ref(c, v);
	return np_err == Z3_OK && r != NULL ? r : "";
}

np_status np_solver_from_string(Z3_context c, Z3_solver s, const char *text) {
	np_err = Z3_OK;
	Z3_solver_from_string(c, s, text);
	return status(c);
}

void np_model_dec_ref(Z3_context c, Z3_model m) { Z3_model_dec_ref(c, m); }

np_term np_model_eval(Z3_context c, Z3_model m, Z3_ast a) {
	np_err = Z3_OK;
	Z3_ast r = NULL;
	if (!Z3_model_eval(c, m, a, true, &r) && np_err == Z3_OK) {
		np_err = Z3_INVALID_ARG;
	}
	return finish(c, r);
}

np_value np_model_read(Z3_context c, Z3_model m, Z3_ast a) {
	np_value v = {0};
	np_err = Z3_OK;
	Z3_ast r = NULL;
	if (!Z3_model_eval(c, m, a, true, &r) || r == NULL) {
		if (np_err == Z3_OK) {
			np_err = Z3_INVALID_ARG;
		}
	} else {
		Z3_inc_ref(c, r);
		read(c, r, &v);
		// The numeral's string lives in the context's buffer, not in r.
		Z3_dec_ref(c, r);
	}
	np_status st = status(c);
	v.err = st.err;
	v.msg = st.msg;
	return v;
}

const char *np_model_to_string(Z3_context c, Z3_model m) { return Z3_model_to_string(c, m); }

int64_t np_heap_in_use(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
	struct mallinfo2 mi = mallinfo2();
	return (int64_t)(mi.uordblks + mi.hblkhd);
#else
	return -1;
#endif
}
