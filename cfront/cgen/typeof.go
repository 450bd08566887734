// This file computes the C type of a generated expression.

package cgen

// typeOf returns the type of e under m.
func typeOf(e Expr, m Model) Kind {
	switch e := e.(type) {
	case *VarRef:
		return e.V.Type
	case *Const:
		return e.T
	case *Unary:
		if e.Op == "!" {
			return Int
		}
		return promote(typeOf(e.X, m))
	case *Cast:
		return e.T
	case *Binary:
		switch e.Op {
		case "<<", ">>":
			return promote(typeOf(e.X, m))
		case "<", "<=", ">", ">=", "==", "!=", "&&", "||":
			return Int
		}
		return arith(typeOf(e.X, m), typeOf(e.Y, m), m)
	case *Cond:
		return arith(typeOf(e.X, m), typeOf(e.Y, m), m)
	case *Assign:
		return e.V.Type
	case *IncDec:
		return e.V.Type
	case *Call:
		return e.F.Ret
	case *Nondet:
		return e.T
	case *Comma:
		return typeOf(e.Y, m)
	case *Index, *Member, *Deref:
		return ltype(e).K
	case *Store:
		return ltype(e.L).K
	case *StoreIncDec:
		return ltype(e.L).K
	case *PtrCmp:
		return Int
	case *PtrDiff:
		return Long // ptrdiff_t under LP64
	}
	panic("cgen: unknown expression")
}
