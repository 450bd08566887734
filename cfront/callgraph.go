// This file computes which function definitions are translated: those
// the call graph reaches from main. An edge of the graph goes from a
// function to every defined function its body names: a direct call, or a
// function designator used as a value (its address taken), which a call
// through a function pointer may reach (fptr.go resolves those calls
// among the address-taken functions). Function designators named in
// file-scope initialisers (tables of function pointers) are reachable
// from main too, since main initialises the globals. So library code
// main never calls (CIL's exception handlers in the SV-COMP product-lines
// tasks) is not translated, and its unsupported constructs do not matter.

package cfront

import (
	"reflect"

	"modernc.org/cc/v4"
)

// callGraph is what the walk over the AST finds.
type callGraph struct {
	// refs maps each defined function to the defined functions its body
	// names (called directly or used as values), in source order.
	refs map[string][]string
	// addrTaken maps a defined function to the positions where it is
	// used as a value, not called directly: the candidates of calls
	// through function pointers.
	addrTaken map[string]bool
	// fileRefs are the functions named in file-scope declarations.
	fileRefs []string
}

// buildCallGraph walks the translation unit.
func (t *translator) buildCallGraph(defs []*cc.FunctionDefinition) *callGraph {
	g := &callGraph{refs: map[string][]string{}, addrTaken: map[string]bool{}}
	for l := t.ast.TranslationUnit; l != nil; l = l.TranslationUnit {
		ed := l.ExternalDeclaration
		if ed == nil || ed.Case != cc.ExternalDeclarationDecl {
			continue
		}
		g.fileRefs = append(g.fileRefs, t.funcRefs(ed.Declaration, g)...)
	}
	for _, fd := range defs {
		g.refs[fd.Declarator.Name()] = t.funcRefs(fd.CompoundStatement, g)
	}
	return g
}

// reachable returns the names of the defined functions reachable from
// main.
func (g *callGraph) reachable() map[string]bool {
	seen := map[string]bool{}
	var visit func(string)
	visit = func(name string) {
		if seen[name] {
			return
		}
		seen[name] = true
		for _, r := range g.refs[name] {
			visit(r)
		}
	}
	visit("main")
	for _, r := range g.fileRefs {
		visit(r)
	}
	return seen
}

// funcRefs returns the defined functions that n names, in source order,
// and records in g those used as values.
func (t *translator) funcRefs(n cc.Node, g *callGraph) []string {
	var out []string
	direct := map[*cc.PrimaryExpression]bool{}
	seen := map[string]bool{}
	walkAST(n, func(n cc.Node) {
		switch n := n.(type) {
		case *cc.PostfixExpression:
			if n.Case == cc.PostfixExpressionCall {
				if p, ok := strip(n.PostfixExpression).(*cc.PrimaryExpression); ok {
					direct[p] = true
				}
			}
		case *cc.PrimaryExpression:
			name, ok := t.funcDesignator(n)
			if !ok {
				return
			}
			if !direct[n] {
				g.addrTaken[name] = true
			}
			if !seen[name] {
				seen[name] = true
				out = append(out, name)
			}
		}
	})
	return out
}

// funcDesignator returns the name of the defined function that the
// identifier p designates.
func (t *translator) funcDesignator(p *cc.PrimaryExpression) (string, bool) {
	if p.Case != cc.PrimaryExpressionIdent {
		return "", false
	}
	d, ok := p.ResolvedTo().(*cc.Declarator)
	if !ok || d.Type() == nil || d.Type().Kind() != cc.Function {
		return "", false
	}
	name := p.Token.SrcStr()
	if t.fdefs[name] == nil {
		return "", false
	}
	return name, true
}

var (
	nodeType  = reflect.TypeOf((*cc.Node)(nil)).Elem()
	tokenType = reflect.TypeOf(cc.Token{})
)

// walkAST calls visit on n and, in source order, on every AST node below
// it: the exported fields of the node structs (children), never the
// unexported ones (resolved declarations, types, scopes), so the walk is
// over the tree.
func walkAST(n cc.Node, visit func(cc.Node)) {
	seen := map[uintptr]bool{}
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Interface:
			if !v.IsNil() {
				walk(v.Elem())
			}
		case reflect.Pointer:
			if v.IsNil() || v.Elem().Kind() != reflect.Struct || seen[v.Pointer()] {
				return
			}
			seen[v.Pointer()] = true
			if v.Type().Implements(nodeType) {
				visit(v.Interface().(cc.Node))
			}
			walk(v.Elem())
		case reflect.Struct:
			if v.Type() == tokenType {
				return
			}
			for i := 0; i < v.NumField(); i++ {
				if v.Type().Field(i).IsExported() {
					walk(v.Field(i))
				}
			}
		case reflect.Slice:
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i))
			}
		}
	}
	walk(reflect.ValueOf(n))
}

// recursive returns the defined functions that lie on a cycle of the
// call graph (calls and uses as values alike).
func (g *callGraph) recursive() map[string]bool {
	out := map[string]bool{}
	for f := range g.refs {
		seen := map[string]bool{}
		var visit func(string) bool
		visit = func(n string) bool {
			for _, r := range g.refs[n] {
				if r == f {
					return true
				}
				if !seen[r] {
					seen[r] = true
					if visit(r) {
						return true
					}
				}
			}
			return false
		}
		if visit(f) {
			out[f] = true
		}
	}
	return out
}
