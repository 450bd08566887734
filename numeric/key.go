// This file defines Key, the typed identity of a constraint for maps and
// sets: a compact binary encoding, not text for people (String is).

package numeric

import "encoding/binary"

// Key is a comparable value naming a constraint: c.Key() == d.Key()
// exactly when c.Equal(d). Keys are for maps; they are no text to read
// or parse.
type Key string

// Key returns c's key: its kind, constant and terms, each self-delimiting.
func (c Constraint) Key() Key {
	b := make([]byte, 0, 4+6*len(c.e.terms))
	b = append(b, byte(c.kind))
	b = appendInt(b, c.e.c)
	for _, t := range c.e.terms {
		b = binary.AppendUvarint(b, uint64(t.Dim))
		b = appendInt(b, t.Coef)
	}
	return Key(b)
}

// appendInt appends x: a tag byte, then an int64 as a varint or the
// sign, length and magnitude bytes of a larger value.
func appendInt(b []byte, x Int) []byte {
	if v, ok := x.Int64(); ok {
		return binary.AppendVarint(append(b, 0), v)
	}
	tag := byte(1)
	if x.Sign() < 0 {
		tag = 2
	}
	m := x.Big().Bytes()
	b = binary.AppendUvarint(append(b, tag), uint64(len(m)))
	return append(b, m...)
}
