// This file implements dimensions and environments: the mapping between
// variable names and dimension indices.

package numeric

import (
	"fmt"
	"strconv"
)

// Dim is a dimension index, 0-based.
type Dim int

// Env names dimensions: dimension i is Names()[i]. An Env is immutable;
// Add returns a new one. The zero Env and a nil *Env are empty.
type Env struct {
	names []string
	index map[string]Dim
}

// NewEnv returns the environment naming dimensions 0..len(names)-1. It
// returns an error when a name repeats or is empty.
func NewEnv(names ...string) (*Env, error) {
	e := &Env{names: append([]string(nil), names...), index: make(map[string]Dim, len(names))}
	for i, n := range names {
		if n == "" {
			return nil, fmt.Errorf("numeric: empty variable name at dimension %d", i)
		}
		if _, dup := e.index[n]; dup {
			return nil, fmt.Errorf("numeric: variable %q declared twice", n)
		}
		e.index[n] = Dim(i)
	}
	return e, nil
}

// MustEnv is NewEnv for names known to be valid; it panics on error.
func MustEnv(names ...string) *Env {
	e, err := NewEnv(names...)
	if err != nil {
		panic(err)
	}
	return e
}

// Len returns the number of dimensions.
func (e *Env) Len() int {
	if e == nil {
		return 0
	}
	return len(e.names)
}

// Lookup returns the dimension of name.
func (e *Env) Lookup(name string) (Dim, bool) {
	if e == nil {
		return 0, false
	}
	d, ok := e.index[name]
	return d, ok
}

// Name returns the name of d; dimensions outside e are named "x<d>".
func (e *Env) Name(d Dim) string {
	if e != nil && int(d) >= 0 && int(d) < len(e.names) {
		return e.names[d]
	}
	return "x" + strconv.Itoa(int(d))
}

// Names returns a copy of the names in dimension order.
func (e *Env) Names() []string {
	if e == nil {
		return nil
	}
	return append([]string(nil), e.names...)
}

// Add returns e extended with the given new names (appended dimensions).
func (e *Env) Add(names ...string) (*Env, error) {
	return NewEnv(append(e.Names(), names...)...)
}
