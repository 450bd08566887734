// This file implements Manager: the rudd BDD with variables reserved by
// role, and the conversion of rudd's sticky error into Go errors.

package bdd

import (
	"errors"
	"fmt"

	"github.com/dalzilio/rudd"
)

// Role is the purpose of a BDD variable.
type Role uint8

const (
	// Pred is the current-state copy of a predicate.
	Pred Role = iota
	// Primed is the next-state copy p' of a predicate.
	Primed
	// Shadow is a second copy p'' of a predicate, for implementations that
	// stage a result while the primed copy is in use.
	Shadow
	// Term is a numeric-term variable (a linear atom), allocated on demand.
	Term
)

func (r Role) String() string {
	switch r {
	case Pred:
		return "pred"
	case Primed:
		return "primed"
	case Shadow:
		return "shadow"
	case Term:
		return "term"
	}
	return fmt.Sprintf("Role(%d)", uint8(r))
}

// copiesPerPred is the number of adjacent variables reserved per predicate.
const copiesPerPred = 3

// Node is a BDD node owned by a Manager. The zero Node is invalid; every
// Node returned without error by a Manager is valid.
type Node struct{ r rudd.Node }

// ID returns the node's identifier: two valid nodes of one Manager denote
// the same function iff their IDs are equal. 0 is false and 1 is true.
func (n Node) ID() int {
	if n.r == nil {
		return -1
	}
	return *n.r
}

// Valid reports whether n is a node (not the zero Node).
func (n Node) Valid() bool { return n.r != nil }

// CapacityError reports that a role's reserved variable range is exhausted.
type CapacityError struct {
	Role     Role
	Capacity int
}

func (e *CapacityError) Error() string {
	return fmt.Sprintf("bdd: all %d %s variables in use; rebuild the manager with a larger capacity", e.Capacity, e.Role)
}

// ErrInvalidNode is returned when an operation receives the zero Node.
var ErrInvalidNode = errors.New("bdd: invalid (zero) node")

// Manager owns a rudd BDD whose variables are reserved by role: predicate
// i has variables 3i (current), 3i+1 (primed) and 3i+2 (shadow); numeric
// term j has variable 3P+j where P is the number of predicates.
type Manager struct {
	b        *rudd.BDD
	preds    int
	terms    int
	used     int // numeric-term variables handed out by NewTerm
	err      error
	replacer map[string]rudd.Replacer
}

// Option configures New.
type Option func(*config)

type config struct {
	nodes, cache int
}

// NodeSize sets the initial size of the node table (rudd.Nodesize).
func NodeSize(n int) Option { return func(c *config) { c.nodes = n } }

// CacheSize sets the size of rudd's operation caches (rudd.Cachesize).
func CacheSize(n int) Option { return func(c *config) { c.cache = n } }

// New returns a Manager with preds predicates (each with primed and shadow
// copies) and room for terms numeric-term variables.
func New(preds, terms int, opts ...Option) (*Manager, error) {
	if preds < 0 || terms < 0 {
		return nil, fmt.Errorf("bdd: negative variable count (preds %d, terms %d)", preds, terms)
	}
	c := config{nodes: 1 << 14, cache: 1 << 14}
	for _, o := range opts {
		o(&c)
	}
	n := copiesPerPred*preds + terms
	if n == 0 {
		n = 1 // rudd needs at least one variable
	}
	b, err := rudd.New(n, rudd.Nodesize(c.nodes), rudd.Cachesize(c.cache))
	// rudd.Maxnodesize is not offered: the pinned rudd never applies it.
	if err != nil {
		return nil, fmt.Errorf("bdd: %w", err)
	}
	return &Manager{b: b, preds: preds, terms: terms, replacer: map[string]rudd.Replacer{}}, nil
}

// NumPreds returns the number of predicates the manager reserves.
func (m *Manager) NumPreds() int { return m.preds }

// TermCapacity returns the number of numeric-term variables reserved.
func (m *Manager) TermCapacity() int { return m.terms }

// TermsUsed returns the number of numeric-term variables handed out.
func (m *Manager) TermsUsed() int { return m.used }

// Varnum returns the total number of BDD variables.
func (m *Manager) Varnum() int { return m.b.Varnum() }

// VarOf returns the variable of predicate i in role r (Pred, Primed or
// Shadow). It panics when i is out of range or r is Term: both are
// programming errors.
func (m *Manager) VarOf(r Role, i int) int {
	if i < 0 || i >= m.preds || r == Term {
		panic(fmt.Sprintf("bdd: VarOf(%v, %d) with %d predicates", r, i, m.preds))
	}
	return copiesPerPred*i + int(r)
}

// TermVar returns the variable of numeric term j (0 <= j < TermCapacity).
func (m *Manager) TermVar(j int) int {
	if j < 0 || j >= m.terms {
		panic(fmt.Sprintf("bdd: TermVar(%d) with capacity %d", j, m.terms))
	}
	return copiesPerPred*m.preds + j
}

// NewTerm allocates the next numeric-term variable. It returns a
// *CapacityError when all reserved term variables are in use.
func (m *Manager) NewTerm() (int, error) {
	if m.used >= m.terms {
		return 0, &CapacityError{Role: Term, Capacity: m.terms}
	}
	m.used++
	return m.TermVar(m.used - 1), nil
}

// RoleOf returns the role of variable v and its index within the role
// (the predicate index, or the term index).
func (m *Manager) RoleOf(v int) (Role, int) {
	if v < copiesPerPred*m.preds {
		return Role(v % copiesPerPred), v / copiesPerPred
	}
	return Term, v - copiesPerPred*m.preds
}

// IsTermVar reports whether v is a numeric-term variable.
func (m *Manager) IsTermVar(v int) bool { return v >= copiesPerPred*m.preds }

// Err returns the manager's sticky error, nil while it is healthy.
func (m *Manager) Err() error {
	if m.err == nil && m.b.Errored() {
		m.err = fmt.Errorf("bdd: rudd: %s", m.b.Error())
	}
	return m.err
}

// wrap converts a rudd result into a Node or an error.
func (m *Manager) wrap(r rudd.Node) (Node, error) {
	if err := m.Err(); err != nil {
		return Node{}, err
	}
	if r == nil {
		m.err = errors.New("bdd: rudd returned a nil node without an error")
		return Node{}, m.err
	}
	return Node{r}, nil
}

// check validates operands before calling rudd.
func (m *Manager) check(ns ...Node) error {
	if err := m.Err(); err != nil {
		return err
	}
	for _, n := range ns {
		if n.r == nil {
			return ErrInvalidNode
		}
	}
	return nil
}
