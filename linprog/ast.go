// This file defines the syntax tree the parser builds and the translator
// (build.go) turns into ir.

package linprog

import (
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// file is a whole Linear Program.
type file struct {
	Globals []*varDecl
	Procs   []*proc
	EOF     ir.Pos
}

// varDecl declares one variable (global, formal or local).
type varDecl struct {
	Name string
	Pos  ir.Pos
}

// proc is a procedure definition. Locals collects every local declared in
// the body; their scope is the whole procedure.
type proc struct {
	Name    string
	Pos     ir.Pos
	Formals []*varDecl
	Locals  []*varDecl
	Body    []stmt
}

// stmt is a statement; every statement knows its position.
type stmt interface{ stmtPos() ir.Pos }

type (
	skipStmt struct{ Pos ir.Pos }
	gotoStmt struct {
		Pos   ir.Pos
		Label string
	}
	assignStmt struct {
		Pos  ir.Pos
		Name string
		Rhs  expr // a *nondetExpr assigns an arbitrary value
	}
	ifStmt struct {
		Pos        ir.Pos
		Cond       expr
		Then, Else []stmt
	}
	whileStmt struct {
		Pos  ir.Pos
		Cond expr
		Body []stmt
	}
	assertStmt struct {
		Pos  ir.Pos
		Cond expr
	}
	callStmt struct {
		Pos  ir.Pos
		Name string
		Args []expr
	}
	returnStmt struct{ Pos ir.Pos }
	labelStmt  struct {
		Pos   ir.Pos
		Label string
		Stmt  stmt
	}
	blockStmt struct {
		Pos  ir.Pos
		Body []stmt
	}
)

func (s *skipStmt) stmtPos() ir.Pos   { return s.Pos }
func (s *gotoStmt) stmtPos() ir.Pos   { return s.Pos }
func (s *assignStmt) stmtPos() ir.Pos { return s.Pos }
func (s *ifStmt) stmtPos() ir.Pos     { return s.Pos }
func (s *whileStmt) stmtPos() ir.Pos  { return s.Pos }
func (s *assertStmt) stmtPos() ir.Pos { return s.Pos }
func (s *callStmt) stmtPos() ir.Pos   { return s.Pos }
func (s *returnStmt) stmtPos() ir.Pos { return s.Pos }
func (s *labelStmt) stmtPos() ir.Pos  { return s.Pos }
func (s *blockStmt) stmtPos() ir.Pos  { return s.Pos }

// expr is an untyped expression tree: the parser accepts arithmetic and
// Boolean operators in one precedence grammar and the translator checks
// that each use is linear arithmetic or a condition.
type expr interface{ exprPos() ir.Pos }

type (
	identExpr struct {
		Pos  ir.Pos
		Name string
	}
	intExpr struct {
		Pos ir.Pos
		Val numeric.Int
	}
	nondetExpr struct{ Pos ir.Pos }
	unaryExpr  struct {
		Pos ir.Pos
		Op  tokKind // tMinus, tPlus, tNot
		X   expr
	}
	binaryExpr struct {
		Pos  ir.Pos // the operator's position
		Op   tokKind
		X, Y expr
	}
)

func (e *identExpr) exprPos() ir.Pos  { return e.Pos }
func (e *intExpr) exprPos() ir.Pos    { return e.Pos }
func (e *nondetExpr) exprPos() ir.Pos { return e.Pos }
func (e *unaryExpr) exprPos() ir.Pos  { return e.Pos }
func (e *binaryExpr) exprPos() ir.Pos { return e.X.exprPos() }
