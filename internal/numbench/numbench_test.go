package numbench

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/numpred/numpred/octagon"
	"github.com/numpred/numpred/polyhedra"
)

func TestWorkloadRoundTrip(t *testing.T) {
	for _, s := range Standard {
		w := Generate(s)
		var buf bytes.Buffer
		if err := w.Write(&buf); err != nil {
			t.Fatal(err)
		}
		vs, err := Read(&buf)
		if err != nil {
			t.Fatalf("%s: %v", s.Name(), err)
		}
		if !reflect.DeepEqual(vs, w.Values) {
			t.Fatalf("%s: values differ after a round trip", s.Name())
		}
	}
}

func TestReadErrors(t *testing.T) {
	for _, src := range []string{"x; 1 2", "2; 1 2", "0;", "2; 1 2 a"} {
		if _, err := Read(strings.NewReader(src)); err == nil {
			t.Errorf("Read(%q): no error", src)
		}
	}
	vs, err := Read(strings.NewReader("# c\n\n2; 1 0 3; 0 -1 4\n"))
	if err != nil || len(vs) != 1 || len(vs[0].Cons) != 2 || vs[0].Cons[1][2] != 4 {
		t.Fatalf("Read: %v %v", vs, err)
	}
}

// TestOpsRun runs every op once per pair of the small workloads, under
// the domains they are compared in: the values are non-empty and leq
// holds (Do panics otherwise).
func TestOpsRun(t *testing.T) {
	for _, s := range Standard {
		if s.N > 4 {
			continue // joins of seconds (n = 6, 8: PPL too): benchmarks only
		}
		w := Generate(s)
		pd, err := Prepare(polyhedra.New(), w)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < pd.Pairs(); i++ {
			if pd.D.IsBottom(pd.A[i]) || pd.D.IsBottom(pd.B[i]) {
				t.Fatalf("%s: pair %d has an empty value", s.Name(), i)
			}
			for _, op := range OpNames {
				pd.Do(op, i)
			}
		}
		if s.Shape == "oct" {
			od, err := Prepare(octagon.New(), w)
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < od.Pairs(); i++ {
				for _, op := range OpNames {
					od.Do(op, i)
				}
				// Octagonal constraints: both domains are exact on them.
				if got, want := od.D.String(od.J[i], nil) != "", true; got != want {
					t.Fatal("empty join")
				}
			}
		}
	}
}

// TestPPLDriver builds ppl/driver.cc and runs it on a small workload: it
// skips when g++ or PPL is not installed (the product never needs PPL).
func TestPPLDriver(t *testing.T) {
	bin := buildDriver(t)
	dir := t.TempDir()
	for _, s := range []Spec{specNamed(t, "poly-n4-c8-box"), specNamed(t, "oct-n4-c8-box")} {
		path := writeWorkload(t, dir, s)
		out, err := exec.Command(bin, pplDomain(s), path, "1").Output()
		if err != nil {
			t.Fatalf("driver %s: %v", s.Name(), err)
		}
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		if len(lines) != len(OpNames) {
			t.Fatalf("driver %s: %d lines, want %d:\n%s", s.Name(), len(lines), len(OpNames), out)
		}
		for i, l := range lines {
			if f := strings.Fields(l); len(f) != 2 || f[0] != OpNames[i] {
				t.Fatalf("driver %s: line %q, want op %s and a time", s.Name(), l, OpNames[i])
			}
		}
	}
}

func firstLine(b []byte) string {
	s, _, _ := strings.Cut(string(b), "\n")
	return s
}

// buildDriver builds ppl/driver.cc into a temporary directory and
// returns the binary; it skips the test when g++ or PPL is not installed
// (the product never needs PPL), or in short mode.
func buildDriver(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds C++")
	}
	gxx, err := exec.LookPath("g++")
	if err != nil {
		t.Skip("no g++")
	}
	bin := filepath.Join(t.TempDir(), "driver")
	out, err := exec.Command(gxx, "-O2", "-o", bin, filepath.Join("ppl", "driver.cc"), "-lppl", "-lgmpxx", "-lgmp").CombinedOutput()
	if err != nil {
		if strings.Contains(string(out), "ppl.hh") || strings.Contains(string(out), "-lppl") {
			t.Skipf("PPL not installed: %s", firstLine(out))
		}
		t.Fatalf("g++: %v\n%s", err, out)
	}
	return bin
}

// writeWorkload writes s's workload into dir and returns its path.
func writeWorkload(t *testing.T, dir string, s Spec) string {
	t.Helper()
	path := filepath.Join(dir, s.Name()+".wl")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := Generate(s).Write(f); err != nil {
		t.Fatal(err)
	}
	return path
}

// pplDomain returns the PPL domain of the driver for s.
func pplDomain(s Spec) string {
	if s.Shape == "oct" {
		return "oct"
	}
	return "poly"
}

// TestAgreesWithPPL: on the standard workloads of polyhedra in 4
// dimensions, octagons in at most 8 and the blocks (polyhedra at n = 6, 8
// and octagons at n = 100 take PPL minutes: `make bench-numeric` checks
// them), every result of every operation of the polyhedra domain
// (poly and blocks workloads) and of the octagon domain (oct workloads)
// is PPL's: the same set after minimisation, or one strictly inside it
// whose extra constraints are proved to hold on the integer points of
// the exact result (Check's Tighter). Octagon widenings, another operator
// than PPL's, are only checked to be upper bounds (see Check).
func TestAgreesWithPPL(t *testing.T) {
	bin := buildDriver(t)
	dir := t.TempDir()
	for _, s := range Standard {
		if s.Shape == "poly" && s.N > 4 || s.Shape == "oct" && s.N > 8 {
			continue // make bench-numeric checks them
		}
		w := Generate(s)
		_, ppl, err := RunPPL(bin, pplDomain(s), writeWorkload(t, dir, s), time.Millisecond, s.N, true)
		if err != nil {
			t.Fatalf("%s: %v", s.Name(), err)
		}
		var tally map[string]*Tally
		var bad []Mismatch
		if s.Shape == "oct" {
			p, err := Prepare(octagon.New(), w)
			if err != nil {
				t.Fatal(err)
			}
			tally, bad, err = Check(p, w, ppl, true)
		} else {
			p, err := Prepare(polyhedra.New(), w)
			if err != nil {
				t.Fatal(err)
			}
			tally, bad, err = Check(p, w, ppl, false)
		}
		if err != nil {
			t.Fatalf("%s: %v", s.Name(), err)
		}
		for _, op := range OpNames {
			if c := tally[op]; c.Equal+c.Tighter+c.Upper+c.Differ == 0 {
				t.Errorf("%s: no results of %s from PPL", s.Name(), op)
			}
		}
		for _, m := range bad {
			t.Errorf("%s: %v", s.Name(), m)
		}
	}
}

// specNamed returns the standard workload of that name.
func specNamed(t *testing.T, name string) Spec {
	t.Helper()
	for _, s := range Standard {
		if s.Name() == name {
			return s
		}
	}
	t.Fatalf("no standard workload %s", name)
	return Spec{}
}
