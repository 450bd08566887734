// This file translates function calls: calls of defined functions become
// ir.Call edges; the SV-COMP harness functions (error, assume, nondet,
// abort/exit) get their meaning; any other external function is assumed to
// modify no modelled variable except through pointers, and its result is
// havocked within its type.

package cfront

import (
	"strings"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
	"modernc.org/cc/v4"
)

var (
	errorFuncs  = map[string]bool{"reach_error": true, "__VERIFIER_error": true}
	assertFails = map[string]bool{"__assert_fail": true, "__assert": true, "__assert_perror_fail": true, "__assert_rtn": true}
	assumeFuncs = map[string]bool{"__VERIFIER_assume": true, "assume_abort_if_not": true, "__CPROVER_assume": true}
	sinkFuncs   = map[string]bool{
		"abort": true, "exit": true, "_exit": true, "_Exit": true, "quick_exit": true,
		"__builtin_abort": true, "__builtin_exit": true, "__builtin_trap": true,
	}
	// pureFuncs write no memory a program can read back (output,
	// string inspection, arithmetic): their result is havoc.
	pureFuncs = map[string]bool{
		"printf": true, "puts": true, "putchar": true, "fprintf": true, "fputs": true, "fputc": true,
		"strlen": true, "strcmp": true, "strncmp": true, "memcmp": true, "abs": true, "labs": true,
		"llabs": true, "rand": true, "fflush": true, "perror": true, "__builtin_printf": true,
	}
	unsupportedFuncs = map[string]bool{
		"pthread_create": true, "setjmp": true, "_setjmp": true, "__builtin_setjmp": true,
		"sigsetjmp": true, "__sigsetjmp": true, "longjmp": true, "_longjmp": true, "siglongjmp": true,
		"__builtin_longjmp": true, "fork": true, "signal": true, "atexit": true,
	}
)

// calleeName returns the name of a directly called function, or "" for a
// call through a function pointer.
func (b *builder) calleeName(n *cc.PostfixExpression) string {
	p, ok := strip(n.PostfixExpression).(*cc.PrimaryExpression)
	if !ok || p.Case != cc.PrimaryExpressionIdent {
		return ""
	}
	d, ok := p.ResolvedTo().(*cc.Declarator)
	if !ok || d.Type() == nil || d.Type().Kind() != cc.Function {
		return ""
	}
	return p.Token.SrcStr()
}

// isNondet reports whether name is an undefined __VERIFIER_nondet_*.
func (b *builder) isNondet(name string) bool {
	return strings.HasPrefix(name, "__VERIFIER_nondet") && b.fdefs[name] == nil
}

func callArgs(n *cc.PostfixExpression) []cc.ExpressionNode {
	var args []cc.ExpressionNode
	for l := n.ArgumentExpressionList; l != nil; l = l.ArgumentExpressionList {
		args = append(args, l.AssignmentExpression)
	}
	return args
}

// resultOf returns the value of a call whose result is unknown.
func (b *builder) resultOf(n *cc.PostfixExpression, want bool, pos ir.Pos, format string, args ...any) value {
	t, ok := intType(n.Type())
	if !ok || !want {
		return opaque("result of a call")
	}
	return b.havocVal(t, pos, format, args...)
}

func (b *builder) discardAll(args []cc.ExpressionNode) {
	for _, a := range args {
		b.discard(a)
	}
}

func (b *builder) call(n *cc.PostfixExpression, want bool) value {
	pos := b.pos(n)
	name := b.calleeName(n)
	args := callArgs(n)
	switch {
	case name == "":
		return b.callIndirect(n, args, want, pos)
	case errorFuncs[name]:
		b.discardAll(args)
		b.toError(pos)
		return b.resultOf(n, want, pos, "")
	case b.funcs[name] != nil:
		return b.callDefined(n, b.funcs[name], args, want, pos)
	case assertFails[name]:
		b.discardAll(args)
		b.toError(pos)
		return opaque("void value")
	case name == "assert" && len(args) == 1:
		cont, e := b.newLoc(pos), b.f.NewLoc(ir.Error, pos)
		b.cond(args[0], cont, e)
		b.cur = cont
		return opaque("void value")
	case assumeFuncs[name] && len(args) == 1:
		cont, s := b.newLoc(pos), b.f.NewLoc(ir.Sink, pos)
		b.cond(args[0], cont, s)
		b.cur = cont
		return opaque("void value")
	case sinkFuncs[name]:
		b.discardAll(args)
		b.toSink(pos)
		return b.resultOf(n, want, pos, "")
	case name == "__builtin_unreachable":
		b.diag(pos, ir.Warning, "__builtin_unreachable assumed unreachable (sink)")
		b.toSink(pos)
		return opaque("void value")
	case b.isNondet(name):
		b.discardAll(args)
		t, ok := intType(n.Type())
		if !ok {
			return opaque("nondeterministic " + typeStr(n.Type()))
		}
		// A discarded call still consumes an input: counterexamples list
		// inputs in the order the program calls the nondet functions.
		if !t.IsBounded() {
			t = tInt
		}
		tmp := b.temp(t, pos)
		b.emit(&ir.Havoc{Var: tmp, Range: t.Range(), Input: name}, pos)
		return varVal(tmp)
	case name == "__builtin_expect" && len(args) >= 1:
		v := b.eval(args[0])
		if len(args) > 1 {
			v = b.snapshot(v, pos)
			b.discardAll(args[1:])
		}
		return v
	case allocFuncs[name]:
		return b.allocate(name, args, pos)
	case name == "free" || name == "__builtin_free":
		b.discardAll(args)
		return opaque("void value")
	case name == "realloc" || name == "__builtin_realloc":
		b.discardAll(args)
		b.unsupported(pos, "call of %s", name)
		return b.resultOf(n, want, pos, "")
	case pureFuncs[name]:
		b.discardAll(args)
		return b.resultOf(n, want, pos, "result of %s: havoc", name)
	case unsupportedFuncs[name]:
		b.discardAll(args)
		b.unsupported(pos, "call of %s", name)
		return b.resultOf(n, want, pos, "")
	}
	// An external function without a definition.
	var fnArg cc.ExpressionNode
	var ptrs []numeric.LinExpr
	var known []bool // per argument: an integer or pointer, ptrs holds it
	for _, a := range args {
		if t := a.Type(); t != nil && t.Kind() == cc.Ptr {
			if pt, ok := t.(*cc.PointerType); ok && pt.Elem() != nil && pt.Elem().Kind() == cc.Function && fnArg == nil {
				fnArg = a
			}
		}
		// Every argument counts: an integer may hold an address too.
		v := b.eval(a)
		if v.ptr || v.isInt {
			ptrs = append(ptrs, b.snapshot(asInteger(v), pos).e)
			known = append(known, true)
		} else {
			ptrs = append(ptrs, numeric.LinExpr{})
			known = append(known, false)
		}
	}
	if fnArg != nil {
		b.unsupported(b.pos(fnArg), "function pointer passed to external function %s", name)
		return b.resultOf(n, want, pos, "")
	}
	if k, ok := blockWriters[name]; ok && k < len(ptrs) {
		// It writes only the block its k-th argument points to.
		b.diag(pos, ir.Warning, "%s not modelled: the cells its destination may address are havocked", name)
		exact := blockWriteOp(name, ptrs, known)
		b.defer_(&access{havocAll: true, reach: ptrs[k : k+1], closed: true, keepRegions: exact != nil, fill: constFillOf(name, ptrs, known)}, pos)
		if exact != nil {
			b.emit(exact, pos)
		}
		// It may copy addresses (memcpy) where points-to does not follow.
		b.lostVals = append(b.lostVals, ptrs...)
		return b.resultOf(n, want, pos, "")
	}
	b.diag(pos, ir.Warning, "call of undefined function %s: the memory reachable from its arguments and globals is havocked; result havoc", name)
	b.defer_(&access{havocAll: true, reach: ptrs}, pos)
	return b.resultOf(n, want, pos, "")
}

// blockWriters are the library functions that write memory only in the
// block their argument at the index points to.
var blockWriters = map[string]int{
	"memset": 0, "memcpy": 0, "memmove": 0, "bzero": 0, "strcpy": 0, "strncpy": 0,
	"strcat": 0, "strncat": 0, "sprintf": 0, "snprintf": 0, "__builtin_memset": 0,
	"__builtin_memcpy": 0, "__builtin_memmove": 0,
}

// callDefined emits a Call edge to f.
func (b *builder) callDefined(n *cc.PostfixExpression, f *ir.Func, args []cc.ExpressionNode, want bool, pos ir.Pos) value {
	if f == b.prog.Main {
		b.discardAll(args)
		b.unsupported(pos, "call of main")
		return b.resultOf(n, want, pos, "")
	}
	params := b.params[f]
	var actuals []numeric.LinExpr
	for i, a := range args {
		var formal *ir.Var
		if i < len(params) {
			formal = params[i]
		}
		if formal == nil {
			b.discard(a)
			continue
		}
		v := b.argValue(formal, b.eval(a), pos)
		for _, later := range args[i+1:] {
			if !later.Pure() {
				v = b.protect(v, pos)
				break
			}
		}
		actuals = append(actuals, v.e)
	}
	for i := len(args); i < len(params); i++ {
		if formal := params[i]; formal != nil {
			v := b.havocVal(formal.Type, pos, "missing argument %s of %s: havoc", formal.Name, f.Name)
			actuals = append(actuals, v.e)
		}
	}
	op := &ir.Call{Callee: f, Args: actuals}
	var res value
	if f.Ret != nil && want {
		tmp := b.temp(f.Ret.Type, pos)
		op.Result = tmp
		res = varVal(tmp)
		if b.ptrVars[f.Ret] {
			res = ptrVal(res)
		}
	} else {
		res = opaque("result of " + f.Name)
	}
	b.emit(op, pos)
	return res
}
