// This file prints a Program as C: stand-alone, as cfront reads it, or as
// one part of a gcc harness (see harness.go), where its globals and
// functions carry a prefix, its inputs come from the harness and
// reach_error and __VERIFIER_assume return to the harness.

package cgen

import (
	"fmt"
	"math/big"
	"strings"
)

// printer writes one program.
type printer struct {
	sb     strings.Builder
	model  Model
	gcc    bool   // harness mode
	prefix string // of globals and functions in harness mode
	indent int
}

// Source returns p as a stand-alone C file: the SV-COMP harness functions
// it uses are declared extern.
func (p *Program) Source() string {
	pr := &printer{model: p.Model}
	pr.program(p)
	return pr.sb.String()
}

// harnessSource returns p as part of a harness file: globals and
// functions are static and prefixed, and main is named prefix+"main".
func (p *Program) harnessSource(prefix string) string {
	pr := &printer{model: p.Model, gcc: true, prefix: prefix}
	pr.program(p)
	return pr.sb.String()
}

func (pr *printer) printf(format string, args ...any) { fmt.Fprintf(&pr.sb, format, args...) }

func (pr *printer) line(format string, args ...any) {
	pr.sb.WriteString(strings.Repeat("  ", pr.indent))
	pr.printf(format, args...)
	pr.sb.WriteByte('\n')
}

func (pr *printer) typ(k Kind) string {
	if pr.gcc {
		return k.gccName(pr.model)
	}
	return k.String()
}

func (pr *printer) name(v *Var) string {
	if v.Global && pr.gcc {
		return pr.prefix + v.Name
	}
	return v.Name
}

func (pr *printer) fname(f *Func) string {
	if pr.gcc {
		return pr.prefix + f.Name
	}
	return f.Name
}

func nondetName(k Kind) string {
	if k == SChar {
		return "__VERIFIER_nondet_schar"
	}
	return "__VERIFIER_nondet_" + kindShort[k]
}

func (pr *printer) program(p *Program) {
	if !pr.gcc {
		pr.line("extern void reach_error(void);")
		pr.line("extern void __VERIFIER_assume(int);")
		for _, k := range p.nondetKinds() {
			pr.line("extern %s %s(void);", k, nondetName(k))
		}
		if p.usesMalloc() {
			pr.line("extern void *malloc(unsigned long);")
			pr.line("extern void free(void *);")
		}
	}
	for _, st := range p.Structs {
		pr.line("%s {", pr.structName(st))
		for _, f := range st.Fields {
			pr.line("  %s;", pr.declarator(f.T, f.Name))
		}
		pr.line("};")
	}
	static := ""
	if pr.gcc {
		static = "static "
	}
	for _, g := range p.Globals {
		init := ""
		switch {
		case g.Init != nil:
			init = " = " + pr.constLit(g.Type, g.Init)
		case g.AInit != nil:
			init = " = " + pr.expr(g.AInit)
		case g.PInit != nil:
			init = " = " + pr.expr(g.PInit)
		}
		pr.line("%s%s%s;", static, pr.varDecl(g), init)
	}
	for _, f := range p.Funcs {
		pr.sb.WriteByte('\n')
		pr.function(f, static)
	}
}

// usesMalloc reports whether p allocates.
func (p *Program) usesMalloc() bool {
	found := false
	for _, f := range p.Funcs {
		walkExprs(f.Body, func(e Expr) {
			walkExpr(e, func(e Expr) {
				if _, ok := e.(*Malloc); ok {
					found = true
				}
			})
		})
	}
	return found
}

// structName returns "struct S" (prefixed in harness mode).
func (pr *printer) structName(s *Struct) string {
	if pr.gcc {
		return "struct " + pr.prefix + s.Name
	}
	return "struct " + s.Name
}

// mtype returns the C name of an integer or struct type.
func (pr *printer) mtype(t *MType) string {
	if t.S != nil {
		return pr.structName(t.S)
	}
	return pr.typ(t.K)
}

// declarator returns "T name[2][3]" for an object of type t.
func (pr *printer) declarator(t *MType, name string) string {
	dims := ""
	for t.isArray() {
		dims += fmt.Sprintf("[%d]", t.Len)
		t = t.Elem
	}
	return pr.mtype(t) + " " + name + dims
}

// varDecl returns the declarator of v: a scalar, an array or struct, or
// a pointer.
func (pr *printer) varDecl(v *Var) string {
	switch {
	case v.Mem != nil:
		return pr.declarator(v.Mem, pr.name(v))
	case v.Ptr != nil:
		return pr.mtype(v.Ptr) + " *" + pr.name(v)
	}
	return pr.typ(v.Type) + " " + pr.name(v)
}

// nondetKinds returns the types of the nondet functions p calls.
func (p *Program) nondetKinds() []Kind {
	var used [numKinds]bool
	for _, f := range p.Funcs {
		walkExprs(f.Body, func(e Expr) {
			walkExpr(e, func(e Expr) {
				if n, ok := e.(*Nondet); ok {
					used[n.T] = true
				}
			})
		})
	}
	var ks []Kind
	for k, u := range used {
		if u {
			ks = append(ks, Kind(k))
		}
	}
	return ks
}

// walkExpr calls fn on e and each of its subexpressions.
func walkExpr(e Expr, fn func(Expr)) {
	if e == nil {
		return
	}
	fn(e)
	switch e := e.(type) {
	case *Unary:
		walkExpr(e.X, fn)
	case *Cast:
		walkExpr(e.X, fn)
	case *Binary:
		walkExpr(e.X, fn)
		walkExpr(e.Y, fn)
	case *Cond:
		walkExpr(e.C, fn)
		walkExpr(e.X, fn)
		walkExpr(e.Y, fn)
	case *Assign:
		walkExpr(e.X, fn)
	case *Call:
		if e.Sel != nil {
			walkExpr(e.Sel, fn)
		}
		for _, a := range e.Args {
			walkExpr(a, fn)
		}
	case *Comma:
		walkExpr(e.X, fn)
		walkExpr(e.Y, fn)
	case *Index:
		walkExpr(e.X, fn)
		walkExpr(e.I, fn)
	case *Member:
		walkExpr(e.X, fn)
	case *Deref:
		walkExpr(e.P, fn)
	case *AddrOf:
		walkExpr(e.L, fn)
	case *PtrAdd:
		walkExpr(e.P, fn)
	case *PtrDiff:
		walkExpr(e.P, fn)
		walkExpr(e.Q, fn)
	case *PtrCmp:
		walkExpr(e.P, fn)
		walkExpr(e.Q, fn)
	case *Sub:
		walkExpr(e.X, fn)
	case *Store:
		walkExpr(e.L, fn)
		walkExpr(e.X, fn)
	case *StoreIncDec:
		walkExpr(e.L, fn)
	case *InitList:
		for _, x := range e.Elems {
			walkExpr(x, fn)
		}
	}
}

func (pr *printer) function(f *Func, static string) {
	ret := "void "
	switch {
	case f.RetPtr != nil:
		ret = pr.mtype(f.RetPtr) + " *"
	case !f.Void:
		ret = pr.typ(f.Ret) + " "
	}
	var ps []string
	for _, v := range f.Params {
		ps = append(ps, pr.varDecl(v))
	}
	params := strings.Join(ps, ", ")
	if params == "" {
		params = "void"
	}
	if f.Name == "main" && !pr.gcc {
		static = ""
	}
	pr.line("%s%s%s(%s) {", static, ret, pr.fname(f), params)
	pr.indent++
	pr.blockBody(f.Body)
	pr.indent--
	pr.line("}")
}

func (pr *printer) blockBody(b *Block) {
	for _, d := range b.Decls {
		pr.line("%s;", pr.decl(d))
	}
	for _, s := range b.Stmts {
		pr.stmt(s)
	}
}

func (pr *printer) decl(d *Decl) string {
	return fmt.Sprintf("%s = %s", pr.varDecl(d.V), pr.expr(d.Init))
}

// block prints b's statements between braces after head.
func (pr *printer) block(head string, b *Block, tail string) {
	pr.line("%s{", head)
	pr.indent++
	pr.blockBody(b)
	pr.indent--
	pr.line("}%s", tail)
}

func (pr *printer) stmt(s Stmt) {
	switch s := s.(type) {
	case *ExprStmt:
		pr.line("%s;", pr.expr(s.X))
	case *If:
		if s.Else == nil {
			pr.block("if ("+pr.expr(s.C)+") ", s.Then, "")
			return
		}
		pr.block("if ("+pr.expr(s.C)+") ", s.Then, " else {")
		pr.indent++
		pr.blockBody(s.Else)
		pr.indent--
		pr.line("}")
	case *For:
		init := ""
		switch {
		case s.Decl != nil:
			init = pr.decl(s.Decl)
		case s.InitX != nil:
			init = pr.expr(s.InitX)
		}
		cond, post := "", ""
		if s.Cond != nil {
			cond = " " + pr.expr(s.Cond)
		}
		if s.Post != nil {
			post = " " + pr.expr(s.Post)
		}
		pr.block(fmt.Sprintf("for (%s;%s;%s) ", init, cond, post), s.Body, "")
	case *While:
		pr.block("while ("+pr.expr(s.C)+") ", s.Body, "")
	case *Do:
		pr.block("do ", s.Body, " while ("+pr.expr(s.C)+");")
	case *Switch:
		pr.line("switch (%s) {", pr.expr(s.X))
		for _, c := range s.Cases {
			if c.Default {
				pr.line("default:")
			}
			for _, v := range c.Vals {
				pr.line("case %d:", v)
			}
			pr.indent++
			pr.line(";")
			for _, t := range c.Body {
				pr.stmt(t)
			}
			pr.indent--
		}
		pr.line("}")
	case *Break:
		pr.line("break;")
	case *Continue:
		pr.line("continue;")
	case *Goto:
		pr.line("goto %s;", s.Label)
	case *Label:
		pr.line("%s: ;", s.Name)
	case *Return:
		if s.X == nil {
			pr.line("return;")
		} else {
			pr.line("return %s;", pr.expr(s.X))
		}
	case *ReachError:
		if pr.gcc {
			pr.line("cg_reach_error();")
		} else {
			pr.line("reach_error();")
		}
	case *Assume:
		if pr.gcc {
			pr.line("cg_assume(%s);", pr.expr(s.C))
		} else {
			pr.line("__VERIFIER_assume(%s);", pr.expr(s.C))
		}
	case *Nested:
		pr.block("", s.B, "")
	case *Fill:
		for _, t := range s.Stmts {
			pr.stmt(t)
		}
	case *Free:
		pr.line("free(%s);", pr.name(s.V))
	case *Check:
		x := "((long long)" + pr.expr(s.X) + ")"
		switch {
		case s.Probe && pr.gcc:
			pr.line("cg_probe(%s);", x)
		case s.Probe:
			pr.line("/* probe %s */", x)
		default:
			call := "reach_error();"
			if pr.gcc {
				call = "cg_reach_error();"
			}
			pr.line("if (%s %s %s) %s", x, s.Op, pr.constLit(LLong, s.K), call)
		}
	default:
		panic(fmt.Sprintf("cgen: unknown statement %T", s))
	}
}

func (pr *printer) expr(e Expr) string {
	switch e := e.(type) {
	case *VarRef:
		return pr.name(e.V)
	case *Const:
		return pr.constLit(e.T, e.V)
	case *Unary:
		return "(" + e.Op + pr.expr(e.X) + ")"
	case *Cast:
		return "((" + pr.typ(e.T) + ")" + pr.expr(e.X) + ")"
	case *Binary:
		return "(" + pr.expr(e.X) + " " + e.Op + " " + pr.expr(e.Y) + ")"
	case *Cond:
		return "(" + pr.expr(e.C) + " ? " + pr.expr(e.X) + " : " + pr.expr(e.Y) + ")"
	case *Assign:
		return "(" + pr.name(e.V) + " " + e.Op + " " + pr.expr(e.X) + ")"
	case *IncDec:
		if e.Pre {
			return "(" + e.Op + pr.name(e.V) + ")"
		}
		return "(" + pr.name(e.V) + e.Op + ")"
	case *Call:
		args := make([]string, len(e.Args))
		for i, a := range e.Args {
			args[i] = pr.expr(a)
		}
		callee := pr.fname(e.F)
		switch {
		case e.Alt != nil:
			callee = "(" + pr.expr(e.Sel) + " ? " + callee + " : &" + pr.fname(e.Alt) + ")"
		case e.Deref:
			callee = "(*" + callee + ")"
		}
		return callee + "(" + strings.Join(args, ", ") + ")"
	case *Nondet:
		if pr.gcc {
			return "((" + pr.typ(e.T) + ")cg_next())"
		}
		return nondetName(e.T) + "()"
	case *Comma:
		return "(" + pr.expr(e.X) + ", " + pr.expr(e.Y) + ")"
	case *Index:
		return pr.expr(e.X) + "[" + pr.expr(e.I) + "]"
	case *Member:
		if e.Arrow {
			return pr.expr(e.X) + "->" + e.F.Name
		}
		return pr.expr(e.X) + "." + e.F.Name
	case *Deref:
		return "(*" + pr.expr(e.P) + ")"
	case *AddrOf:
		return "(&" + pr.expr(e.L) + ")"
	case *PtrAdd:
		if e.K < 0 {
			return fmt.Sprintf("(%s - %d)", pr.expr(e.P), -e.K)
		}
		return fmt.Sprintf("(%s + %d)", pr.expr(e.P), e.K)
	case *PtrDiff:
		return "(" + pr.expr(e.P) + " - " + pr.expr(e.Q) + ")"
	case *PtrCmp:
		return "(" + pr.expr(e.P) + " " + e.Op + " " + pr.expr(e.Q) + ")"
	case *Null:
		return "0"
	case *Sub:
		switch {
		case e.X == nil:
			return fmt.Sprint(e.K)
		case e.Raw:
			return pr.expr(e.X)
		case e.Lo == 0 && e.N&(e.N-1) == 0:
			return fmt.Sprintf("(%s & %d)", pr.expr(e.X), e.N-1)
		case e.Lo == 0:
			return fmt.Sprintf("((unsigned)%s %% %du)", pr.expr(e.X), e.N)
		}
		return fmt.Sprintf("((int)((unsigned)%s %% %du) - %d)", pr.expr(e.X), e.N, -e.Lo)
	case *Store:
		return "(" + pr.expr(e.L) + " " + e.Op + " " + pr.expr(e.X) + ")"
	case *StoreIncDec:
		if e.Pre {
			return "(" + e.Op + pr.expr(e.L) + ")"
		}
		return "(" + pr.expr(e.L) + e.Op + ")"
	case *Malloc:
		t := pr.mtype(e.T)
		if e.N == 1 {
			return fmt.Sprintf("((%s *)malloc(sizeof(%s)))", t, t)
		}
		return fmt.Sprintf("((%s *)malloc(%d * sizeof(%s)))", t, e.N, t)
	case *InitList:
		var es []string
		for _, x := range e.Elems {
			es = append(es, pr.expr(x))
		}
		return "{" + strings.Join(es, ", ") + "}"
	}
	panic(fmt.Sprintf("cgen: unknown expression %T", e))
}

var (
	intMin   = big.NewInt(-1 << 31)
	intMax   = big.NewInt(1<<31 - 1)
	uintMax  = big.NewInt(1<<32 - 1)
	llongMin = big.NewInt(-1 << 63)
	llongMax = big.NewInt(1<<63 - 1)
)

// constLit prints v as a constant of type k: a literal of type int,
// unsigned (suffix u), long long (LL) or unsigned long long (ULL) of the
// same value, cast to k when k is another type. The L suffix, whose
// meaning depends on the data model, is never used.
func (pr *printer) constLit(k Kind, v *big.Int) string {
	var lit string
	var lk Kind
	switch {
	case k == UInt && v.Sign() >= 0 && v.Cmp(uintMax) <= 0:
		lit, lk = v.String()+"u", UInt
	case k == LLong && v.Cmp(llongMin) >= 0:
		lit, lk = v.String()+"LL", LLong
		if v.Cmp(llongMin) == 0 {
			lit = "(-9223372036854775807LL - 1)"
		}
	case k == ULLong && v.Sign() >= 0:
		lit, lk = v.String()+"ULL", ULLong
	case v.Cmp(intMin) >= 0 && v.Cmp(intMax) <= 0:
		lit, lk = v.String(), Int
		if v.Cmp(intMin) == 0 {
			lit = "(-2147483647 - 1)"
		}
	case v.Sign() >= 0 && v.Cmp(uintMax) <= 0:
		lit, lk = v.String()+"u", UInt
	case v.Cmp(llongMin) >= 0 && v.Cmp(llongMax) <= 0:
		lit, lk = v.String()+"LL", LLong
		if v.Cmp(llongMin) == 0 {
			lit = "(-9223372036854775807LL - 1)"
		}
	default:
		lit, lk = v.String()+"ULL", ULLong
	}
	if v.Sign() < 0 && lit[0] != '(' {
		lit = "(" + lit + ")"
	}
	if lk == k {
		return lit
	}
	return "((" + pr.typ(k) + ")" + lit + ")"
}
