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
// Node returned without error by a Manager is valid. A borrowed node
// (weak, see view.go) is valid only during the apply that hands it out.
type Node struct {
	r    rudd.Node
	weak bool
}

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

// Manager owns a rudd BDD whose variables are reserved by role. Its
// layout (the variable order, which rudd fixes at creation) is a sequence
// of blocks: a predicate block holds the current, primed and shadow copies
// of one predicate, adjacent in that order; a term block holds numeric-term
// variables reserved for one group; last comes a pool of numeric-term
// variables any group may use. By default (no Layout option) predicate i
// has variables 3i, 3i+1, 3i+2 and the pool follows, so every predicate
// variable precedes every term variable.
type Manager struct {
	b     *rudd.BDD
	preds int
	terms int // every term variable: group blocks and pool
	used  int // numeric-term variables handed out
	err   error
	// predVar[r][i] is the variable of predicate i in role r.
	predVar [copiesPerPred][]int
	// role and index give, per variable, its role and its index within
	// the role (predicate index, or term index in variable order).
	role  []Role
	index []int
	// termVars lists the term variables in variable order.
	termVars []int
	// free lists, per group, its reserved term variables not yet handed
	// out (in variable order); pool those of the shared pool.
	free     map[int][]int
	pool     []int
	replacer map[string]rudd.Replacer
	// cof caches the branches of nodes met by traversals (see branches).
	cof map[int]branch
	// steps caches the steps of Cube.
	steps map[cubeStep]Node
	// ites caches IteVar.
	ites map[iteStep]iteEntry
	// live samples rudd's table for PeakLiveNodes (see live.go).
	live liveSampler
	// interrupt is the check of SetInterrupt, which operations poll from
	// a node table of bigAt slots on (interrupt.go).
	interrupt func() bool
	bigAt     int
	// refs keeps rudd's reference counts on this goroutine (refs.go).
	refs *refs
	// view reads rudd's node table without handles (view.go).
	view nodeView
	// memos1 and memos2 recycle the memo tables of the applies.
	memos1 memoPool[int]
	memos2 memoPool[[2]int]
}

// Block is one entry of a Layout: the three variables of predicate Pred,
// or (Pred < 0) Terms numeric-term variables reserved for group Group.
type Block struct {
	Pred  int
	Group int
	Terms int
}

// PredBlock returns the block of predicate i.
func PredBlock(i int) Block { return Block{Pred: i} }

// TermBlock returns a block of k term variables reserved for group g.
func TermBlock(g, k int) Block { return Block{Pred: -1, Group: g, Terms: k} }

// Option configures New.
type Option func(*config)

type config struct {
	nodes, cache int
	layout       []Block
}

// NodeSize sets the initial size of the node table (rudd.Nodesize).
func NodeSize(n int) Option { return func(c *config) { c.nodes = n } }

// CacheSize sets the size of rudd's operation caches (rudd.Cachesize).
func CacheSize(n int) Option { return func(c *config) { c.cache = n } }

// Layout sets the variable order: the blocks in order, then the pool of
// general term variables. Every predicate must have exactly one block.
// Term blocks let a caller keep the numeric terms of a group (say, the
// atoms over one program variable) next to the predicates they relate to,
// where a diagram relating them stays small; NewTermIn hands them out.
func Layout(blocks ...Block) Option {
	return func(c *config) { c.layout = append([]Block(nil), blocks...) }
}

// New returns a Manager with preds predicates (each with primed and shadow
// copies) and a pool of terms numeric-term variables, laid out by the
// Layout option if given (otherwise predicates first, then the pool).
func New(preds, terms int, opts ...Option) (*Manager, error) {
	if preds < 0 || terms < 0 {
		return nil, fmt.Errorf("bdd: negative variable count (preds %d, terms %d)", preds, terms)
	}
	c := config{nodes: 1 << 14, cache: 1 << 14}
	for _, o := range opts {
		o(&c)
	}
	if c.layout == nil {
		for i := 0; i < preds; i++ {
			c.layout = append(c.layout, PredBlock(i))
		}
	}
	m := &Manager{preds: preds, free: map[int][]int{}, replacer: map[string]rudd.Replacer{}, cof: map[int]branch{}, steps: map[cubeStep]Node{}, ites: map[iteStep]iteEntry{}, bigAt: bigTable}
	for r := range m.predVar {
		m.predVar[r] = make([]int, preds)
		for i := range m.predVar[r] {
			m.predVar[r][i] = -1
		}
	}
	addTerm := func() int {
		v := len(m.role)
		m.role = append(m.role, Term)
		m.index = append(m.index, len(m.termVars))
		m.termVars = append(m.termVars, v)
		return v
	}
	for _, bl := range c.layout {
		if bl.Pred < 0 {
			if bl.Terms < 0 {
				return nil, fmt.Errorf("bdd: term block of %d variables", bl.Terms)
			}
			for k := 0; k < bl.Terms; k++ {
				m.free[bl.Group] = append(m.free[bl.Group], addTerm())
			}
			continue
		}
		if bl.Pred >= preds || m.predVar[Pred][bl.Pred] >= 0 {
			return nil, fmt.Errorf("bdd: layout places predicate %d twice or out of range [0,%d)", bl.Pred, preds)
		}
		for r := Pred; r <= Shadow; r++ {
			m.predVar[r][bl.Pred] = len(m.role)
			m.role = append(m.role, r)
			m.index = append(m.index, bl.Pred)
		}
	}
	for i := 0; i < preds; i++ {
		if m.predVar[Pred][i] < 0 {
			return nil, fmt.Errorf("bdd: layout misses predicate %d", i)
		}
	}
	for k := 0; k < terms; k++ {
		m.pool = append(m.pool, addTerm())
	}
	m.terms = len(m.termVars)
	n := len(m.role)
	if n == 0 {
		n = 1 // rudd needs at least one variable
	}
	b, err := rudd.New(n, rudd.Nodesize(c.nodes), rudd.Cachesize(c.cache))
	// rudd.Maxnodesize is not offered: the pinned rudd never applies it.
	if err != nil {
		return nil, fmt.Errorf("bdd: %w", err)
	}
	m.b = b
	if m.refs, err = newRefs(b); err != nil {
		return nil, err
	}
	if m.view, err = newNodeView(b); err != nil {
		return nil, err
	}
	return m, nil
}

// NumPreds returns the number of predicates the manager reserves.
func (m *Manager) NumPreds() int { return m.preds }

// TermCapacity returns the number of numeric-term variables reserved, in
// term blocks and in the pool.
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
	return m.predVar[r][i]
}

// TermVar returns numeric-term variable j (0 <= j < TermCapacity), term
// variables being numbered in variable order.
func (m *Manager) TermVar(j int) int {
	if j < 0 || j >= m.terms {
		panic(fmt.Sprintf("bdd: TermVar(%d) with capacity %d", j, m.terms))
	}
	return m.termVars[j]
}

// NewTerm allocates the next numeric-term variable of the pool. It
// returns a *CapacityError when the pool is used up.
func (m *Manager) NewTerm() (int, error) {
	if len(m.pool) == 0 {
		return 0, &CapacityError{Role: Term, Capacity: m.terms}
	}
	v := m.pool[0]
	m.pool = m.pool[1:]
	m.used++
	return v, nil
}

// NewTermIn allocates a numeric-term variable for group g: the next one
// reserved for g, or when those are used up (or g has none) the next one
// of the pool. It returns a *CapacityError when neither is left.
func (m *Manager) NewTermIn(g int) (int, error) {
	if vs := m.free[g]; len(vs) > 0 {
		m.free[g] = vs[1:]
		m.used++
		return vs[0], nil
	}
	return m.NewTerm()
}

// RoleOf returns the role of variable v and its index within the role
// (the predicate index, or the term index).
func (m *Manager) RoleOf(v int) (Role, int) {
	if v < 0 || v >= len(m.role) {
		return Term, v
	}
	return m.role[v], m.index[v]
}

// IsTermVar reports whether v is a numeric-term variable. Levels past the
// last variable (constants) count as terms: a diagram rooted there is
// purely numeric.
func (m *Manager) IsTermVar(v int) bool { return v >= len(m.role) || v >= 0 && m.role[v] == Term }

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
	m.settle()
	m.live.tick(m)
	return Node{r: r}, nil
}

// check validates operands before calling rudd.
func (m *Manager) check(ns ...Node) error {
	if err := m.Err(); err != nil {
		return err
	}
	m.settle()
	for _, n := range ns {
		if n.r == nil {
			return ErrInvalidNode
		}
		if n.weak && *n.r < 0 {
			m.err = errBorrowed
			return m.err
		}
	}
	return nil
}
