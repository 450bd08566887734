package numeric_test

import (
	"errors"
	"math/rand"
	"testing"

	"github.com/numpred/numpred/numeric"
)

func TestParse(t *testing.T) {
	env := numeric.MustEnv("x", "y", "n")
	tests := []struct{ src, want string }{
		{"2x - y <= 3", "2x - y <= 3"},
		{"x = y + 1", "x - y = 1"},
		{"x == y", "x - y = 0"},
		{"0 <= x", "x >= 0"},
		{"x < n", "x - n <= -1"},
		{"x >= 2*y", "-x + 2y <= 0"},
		{"y*3 > x - 1", "x - 3y <= 0"},
		{"-x - y >= -2", "x + y <= 2"},
		{"-x - y <= -2", "x + y >= 2"},
		{"-x - 2 <= -y", "-x + y <= 2"},
		{"2x <= 3", "x <= 1"},
		{"4x + 2y = 6", "2x + y = 3"},
		{"x + 1 <= x", "false"},
		{"99999999999999999999 x <= 1", "x <= 0"},
	}
	for _, tt := range tests {
		c, err := numeric.ParseConstraint(tt.src, env)
		if err != nil {
			t.Errorf("ParseConstraint(%q): %v", tt.src, err)
			continue
		}
		if got := c.String(env); got != tt.want {
			t.Errorf("ParseConstraint(%q) = %q, want %q", tt.src, got, tt.want)
		}
	}
	cs, err := numeric.ParseConstraints("0 <= i, i < n && i' = i + 1; n <= 10", numeric.MustEnv("i", "n", "i'"))
	if err != nil || len(cs) != 4 {
		t.Fatalf("ParseConstraints: %d constraints, %v", len(cs), err)
	}
	if cs, err := numeric.ParseConstraints("  ", env); err != nil || len(cs) != 0 {
		t.Errorf("empty system: %v, %v", cs, err)
	}
	e, err := numeric.ParseLinExpr("3 - 2x + y*4", env)
	if err != nil || e.String(env) != "-2x + 4y + 3" {
		t.Errorf("ParseLinExpr = %q, %v", e.String(env), err)
	}
	senv, scs, err := numeric.ParseSystem("b <= a, c = a + 1")
	if err != nil || len(scs) != 2 || senv.Len() != 3 || senv.Name(0) != "b" || senv.Name(2) != "c" {
		t.Errorf("ParseSystem: %v %v %v", senv.Names(), numeric.ConjString(scs, senv), err)
	}
}

func TestParseErrors(t *testing.T) {
	env := numeric.MustEnv("x", "y")
	tests := []struct {
		src  string
		want string
	}{
		{"x <=", "1:5: expected an integer or a variable, found end of input"},
		{"x + * y <= 1", `1:5: expected an integer or a variable, found "*"`},
		{"x y <= 1", "1:3: expected a comparison (<=, <, >=, >, =), found name y"},
		{"z <= 1", `1:1: unknown variable "z"`},
		{"x*y <= 1", "1:3: expected an integer after '*' (expressions must be linear), found name y"},
		{"x <= 1,\n  y <> 2", `2:6: expected an integer or a variable, found ">"`},
		{"x <= 1 $", `1:8: expected end of input, found unexpected character "$"`},
		{"2* <= 3", `1:4: expected a variable after '*', found "<="`},
		{"x <= 1,", "1:8: expected an integer or a variable, found end of input"},
		{"<= 3", `1:1: expected an integer or a variable, found "<="`},
	}
	for _, tt := range tests {
		_, err := numeric.ParseConstraints(tt.src, env)
		if err == nil {
			t.Errorf("ParseConstraints(%q) succeeded", tt.src)
			continue
		}
		if err.Error() != tt.want {
			t.Errorf("ParseConstraints(%q): %q, want %q", tt.src, err, tt.want)
		}
		var se *numeric.SyntaxError
		if !errors.As(err, &se) || se.Pos.Line < 1 || se.Pos.Col < 1 {
			t.Errorf("ParseConstraints(%q): error %T is not a positioned SyntaxError", tt.src, err)
		}
	}
	if _, err := numeric.ParseConstraint("x <= 1, y <= 2", env); err == nil || err.Error() != `1:7: expected end of input, found ","` {
		t.Errorf("ParseConstraint of a system: %v", err)
	}
	if _, err := numeric.ParseLinExpr("x <= 1", env); err == nil {
		t.Errorf("ParseLinExpr of a constraint succeeded")
	}
	defer func() {
		if recover() == nil {
			t.Errorf("MustParseConstraints did not panic on bad input")
		}
	}()
	numeric.MustParseConstraints("x <=", env)
}

// TestParseRoundTrip checks that String and the parser are inverse on
// random non-constant constraints.
func TestParseRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(6))
	env := numeric.MustEnv("x", "y", "z_1", "w'")
	for i := 0; i < 5000; i++ {
		kind := numeric.LE
		if rng.Intn(3) == 0 {
			kind = numeric.EQ
		}
		c := numeric.NewConstraint(randExpr(rng, 4), kind)
		if c.IsTrue() || c.IsFalse() {
			continue
		}
		src := c.String(env)
		got, err := numeric.ParseConstraint(src, env)
		if err != nil || !got.Equal(c) {
			t.Fatalf("round trip of %q: got %q, %v", src, got.String(env), err)
		}
		if got.String(nil) != c.String(nil) {
			t.Fatalf("String(nil) differs after round trip: %q vs %q", got.String(nil), c.String(nil))
		}
	}
}
