// This file defines the C integer types the generator uses, the two data
// models, and C's integer promotions and usual arithmetic conversions.

package cgen

import "math/big"

// Model is a C data model: the width of long.
type Model uint8

const (
	// LP64 is x86-64 Linux: long is 64 bits.
	LP64 Model = iota
	// ILP32 is i386 Linux: long is 32 bits.
	ILP32
)

func (m Model) String() string {
	if m == ILP32 {
		return "ilp32"
	}
	return "lp64"
}

// Kind is a C integer type.
type Kind uint8

// The integer types, in order of conversion rank (signed before unsigned).
const (
	Bool Kind = iota
	Char
	SChar
	UChar
	Short
	UShort
	Int
	UInt
	Long
	ULong
	LLong
	ULLong
	numKinds
)

var kindNames = [numKinds]string{"_Bool", "char", "signed char", "unsigned char", "short",
	"unsigned short", "int", "unsigned", "long", "unsigned long", "long long", "unsigned long long"}

// kindShort are the suffixes of the __VERIFIER_nondet_ function of each
// type (SV-COMP's names).
var kindShort = [numKinds]string{"bool", "char", "char", "uchar", "short", "ushort", "int", "uint",
	"long", "ulong", "longlong", "ulonglong"}

// String returns k's C spelling.
func (k Kind) String() string { return kindNames[k] }

// Signed reports whether k is a signed type (char is signed, as on x86).
func (k Kind) Signed() bool {
	switch k {
	case Char, SChar, Short, Int, Long, LLong:
		return true
	}
	return false
}

// Bits returns the width of k under m (1 for _Bool).
func (k Kind) Bits(m Model) int {
	switch k {
	case Bool:
		return 1
	case Char, SChar, UChar:
		return 8
	case Short, UShort:
		return 16
	case Int, UInt:
		return 32
	case Long, ULong:
		if m == ILP32 {
			return 32
		}
		return 64
	}
	return 64
}

// rank returns k's integer conversion rank.
func (k Kind) rank() int {
	switch k {
	case Bool:
		return 0
	case Char, SChar, UChar:
		return 1
	case Short, UShort:
		return 2
	case Int, UInt:
		return 3
	case Long, ULong:
		return 4
	}
	return 5
}

// unsigned returns the unsigned type of k's rank (k itself if unsigned).
func (k Kind) unsigned() Kind {
	switch k {
	case Char, SChar:
		return UChar
	case Short:
		return UShort
	case Int:
		return UInt
	case Long:
		return ULong
	case LLong:
		return ULLong
	}
	return k
}

// Min returns the least value of k under m.
func (k Kind) Min(m Model) *big.Int {
	if !k.Signed() {
		return new(big.Int)
	}
	return new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), uint(k.Bits(m)-1)))
}

// Max returns the greatest value of k under m.
func (k Kind) Max(m Model) *big.Int {
	n := k.Bits(m)
	if k.Signed() {
		n--
	}
	return new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(n)), big.NewInt(1))
}

// Wrap converts x to k under m: modulo 2^bits (gcc's meaning for signed
// targets too); _Bool maps non-zero to 1.
func (k Kind) Wrap(x *big.Int, m Model) *big.Int {
	if k == Bool {
		if x.Sign() == 0 {
			return new(big.Int)
		}
		return big.NewInt(1)
	}
	mod := new(big.Int).Lsh(big.NewInt(1), uint(k.Bits(m)))
	r := new(big.Int).Mod(x, mod)
	if k.Signed() && r.Cmp(k.Max(m)) > 0 {
		r.Sub(r, mod)
	}
	return r
}

// promote returns the type of k after the integer promotions: every type
// of rank below int becomes int (all their values fit in int).
func promote(k Kind) Kind {
	if k.rank() < Int.rank() {
		return Int
	}
	return k
}

// arith returns the common type of the usual arithmetic conversions of
// a and b under m.
func arith(a, b Kind, m Model) Kind {
	a, b = promote(a), promote(b)
	switch {
	case a == b:
		return a
	case a.Signed() == b.Signed():
		if a.rank() >= b.rank() {
			return a
		}
		return b
	}
	u, s := a, b
	if a.Signed() {
		u, s = b, a
	}
	switch {
	case u.rank() >= s.rank():
		return u
	case s.Bits(m) > u.Bits(m):
		return s
	}
	return s.unsigned()
}

// gccName returns the spelling of k in the C that gcc compiles for m.
// gcc here cannot build i386 binaries (-m32 lacks its libraries), so an
// ILP32 program is compiled for x86-64 with long spelled int: with equal
// widths, every promotion and usual arithmetic conversion of long under
// ILP32 yields the same width and signedness as the one of int, so the
// values computed are the same. (The generator never writes the L
// suffix nor sizeof, whose meaning the renaming would change.)
func (k Kind) gccName(m Model) string {
	if m == ILP32 {
		switch k {
		case Long:
			return "int"
		case ULong:
			return "unsigned"
		}
	}
	return kindNames[k]
}
