// Package numbench is the numeric-domain benchmark harness of issue 15: it
// reads and writes workload files, generates random workloads, and times
// the operations of a numeric.Domain on them with every result forced to
// minimal form, the same way the PPL driver (ppl/driver.cc) times PPL on
// the same files, so that the two can be compared on one machine.
//
// A workload file holds one value per line:
//
//	n; a0 a1 .. a(n-1) b; a0 .. b; ...
//
// meaning the conjunction of the constraints sum_i ai*xi <= b over
// x0..x(n-1). Blank lines and lines starting with # are ignored.
//
// The operations are applied to consecutive pairs of values (v0, v1),
// (v2, v3), ..., each value taken as given (constraints added to top and
// minimised before timing):
//
//	join:   a ⊔ b
//	leq:    a ⊑ a ⊔ b (a ⊔ b computed and minimised before timing)
//	widen:  a ∇ (a ⊔ b)
//	assign: x0 := x1 + x(n-1) + 1 in a
//	forget: ∃x0. a
//	meet:   a ⊓ b
//
// and every result is forced minimal (numpred: IsBottom, then
// Constraints; PPL: minimized constraints and generators).
package numbench

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// Value is one line of a workload: Cons[k] = a0..a(n-1) b, for
// sum ai*xi <= b.
type Value struct {
	N    int
	Cons [][]int64
}

// Workload is a named sequence of values.
type Workload struct {
	Name   string
	Values []Value
}

// Read parses a workload file.
func Read(r io.Reader) ([]Value, error) {
	var vs []Value
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		if s == "" || s[0] == '#' {
			continue
		}
		parts := strings.Split(s, ";")
		n, err := strconv.Atoi(strings.TrimSpace(parts[0]))
		if err != nil || n <= 0 {
			return nil, fmt.Errorf("line %d: bad dimension %q", line, parts[0])
		}
		v := Value{N: n}
		for _, p := range parts[1:] {
			f := strings.Fields(p)
			if len(f) == 0 {
				continue
			}
			if len(f) != n+1 {
				return nil, fmt.Errorf("line %d: constraint %q has %d numbers, want %d", line, p, len(f), n+1)
			}
			row := make([]int64, n+1)
			for i, t := range f {
				if row[i], err = strconv.ParseInt(t, 10, 64); err != nil {
					return nil, fmt.Errorf("line %d: %v", line, err)
				}
			}
			v.Cons = append(v.Cons, row)
		}
		vs = append(vs, v)
	}
	return vs, sc.Err()
}

// ReadFile reads the workload file at path, named by its path.
func ReadFile(path string) (*Workload, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	vs, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &Workload{Name: path, Values: vs}, nil
}

// Write writes w's values in the workload format, after a comment line.
func (w *Workload) Write(out io.Writer) error {
	bw := bufio.NewWriter(out)
	fmt.Fprintf(bw, "# %s: %d values\n", w.Name, len(w.Values))
	for _, v := range w.Values {
		fmt.Fprintf(bw, "%d", v.N)
		for _, c := range v.Cons {
			bw.WriteString(";")
			for _, x := range c {
				fmt.Fprintf(bw, " %d", x)
			}
		}
		bw.WriteString("\n")
	}
	return bw.Flush()
}
