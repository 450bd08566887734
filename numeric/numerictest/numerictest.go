// Package numerictest is the conformance suite every numeric abstract
// domain of numpred runs (interval, octagon, polyhedra).
//
// A domain's test calls Run:
//
//	func TestConformance(t *testing.T) {
//		numerictest.Run(t, interval.New(), numerictest.Config{})
//	}
//
// Run checks, on random values built from the domain's own operations
// (Assume of random constraints on Top, Joins and Meets of those, Top and
// Bottom):
//
//   - lattice laws: Leq is reflexive and transitive, Join is an upper
//     bound, Meet a lower bound, Widen is above Join, Narrow lies between
//     Meet and its first argument, Equal agrees with Leq, Bottom and Top
//     are the least and greatest values;
//   - widening termination: increasing chains x_{i+1} = x_i ∇ (x_i ⊔ y_i)
//     stop growing after a bounded number of strict increases (with and
//     without thresholds);
//   - soundness of every operation against concrete integer points: a
//     point p is in gamma(a) iff every constraint of Constraints(a) holds
//     at p (or, for a domain with numeric.Membership, iff Contains(a, p),
//     and then Constraints(a) need only hold on gamma(a)); for each
//     sampled p in gamma(a), the concrete operation applied to p must
//     land in gamma(op(a));
//   - numeric.SanityCheck on every value an operation returns;
//   - with Config.Exact, that Assume(Top, cs) has exactly the integer
//     solutions of cs among the sample points.
//
// Concrete points come from the box [-Range, Range]^Dims: all of it when
// it has at most 4096 points, a fixed random sample of 4096 points
// otherwise.
//
// Every run uses the seed of the -seed flag (default 1) and logs it;
// every failure message names the seed, the check, the case number, the
// inputs and the witness point, so `go test -run 'Conformance/Join'
// -seed=N` replays it. Each check draws its cases from its own generator
// derived from the seed and its name, so a single subtest replays alone.
package numerictest

import (
	"flag"
	"fmt"
	"hash/fnv"
	"math/rand"
	"strings"
	"testing"

	"github.com/numpred/numpred/numeric"
)

var seedFlag = flag.Int64("seed", 1, "numerictest: random seed of the numeric domain conformance suite")

// Config configures Run. Zero fields take their defaults.
type Config struct {
	Dims  int   // number of dimensions of generated values (default 3)
	Cases int   // random cases per operation (default 2000)
	Range int64 // concrete points are sampled in [-Range, Range]^Dims (default 6)
	Exact bool  // domain is exact on constraints it generates: Assume(Top, cs) has exactly the integer solutions of cs
}

func (c Config) withDefaults() Config {
	if c.Dims <= 0 {
		c.Dims = 3
	}
	if c.Cases <= 0 {
		c.Cases = 2000
	}
	if c.Range <= 0 {
		c.Range = 6
	}
	return c
}

// Run runs the whole suite on d as subtests of t.
func Run[V any](t *testing.T, d numeric.Domain[V], cfg Config) {
	t.Helper()
	run[V](tReporter{t}, d, cfg, *seedFlag)
}

// reporter is the part of testing.T the suite uses. It lets the suite's
// own tests run it against a recorder and assert that it fails.
type reporter interface {
	Helper()
	Logf(format string, args ...any)
	Errorf(format string, args ...any)
	Run(name string, f func(reporter)) bool
}

type tReporter struct{ t *testing.T }

func (r tReporter) Helper()                           { r.t.Helper() }
func (r tReporter) Logf(format string, args ...any)   { r.t.Helper(); r.t.Logf(format, args...) }
func (r tReporter) Errorf(format string, args ...any) { r.t.Helper(); r.t.Errorf(format, args...) }
func (r tReporter) Run(name string, f func(reporter)) bool {
	return r.t.Run(name, func(t *testing.T) { f(tReporter{t}) })
}

// maxFailures is the number of failures a check reports before it stops.
const maxFailures = 3

// run is Run on any reporter with an explicit seed.
func run[V any](r reporter, d numeric.Domain[V], cfg Config, seed int64) {
	r.Helper()
	cfg = cfg.withDefaults()
	r.Logf("numerictest: seed %d (replay with -seed=%d), %d dims, %d cases, points in [-%d, %d]^%d",
		seed, seed, cfg.Dims, cfg.Cases, cfg.Range, cfg.Range, cfg.Dims)
	s := newSuite(d, cfg, seed)
	for _, ch := range s.checks() {
		ch := ch
		r.Run(ch.name, func(r reporter) {
			c := &ctx{r: r, name: ch.name, seed: seed, rng: rand.New(rand.NewSource(mix(seed, ch.name)))}
			defer func() {
				if p := recover(); p != nil {
					r.Errorf("numerictest seed=%d check=%s case=%d: panic: %v", seed, ch.name, c.caseNo, p)
				}
			}()
			ch.fn(c)
		})
	}
}

func mix(seed int64, name string) int64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d/%s", seed, name)
	return int64(h.Sum64() & (1<<63 - 1))
}

// ctx is the state of one check: its generator and its failure count.
type ctx struct {
	r      reporter
	rng    *rand.Rand
	name   string
	seed   int64
	caseNo int
	fails  int
}

// stopped reports whether the check has reported enough failures.
func (c *ctx) stopped() bool { return c.fails >= maxFailures }

// failf reports a failure of the current case.
func (c *ctx) failf(format string, args ...any) {
	c.r.Helper()
	if c.stopped() {
		return
	}
	c.fails++
	msg := fmt.Sprintf(format, args...)
	c.r.Errorf("numerictest seed=%d check=%s case=%d: %s", c.seed, c.name, c.caseNo, msg)
	if c.stopped() {
		c.r.Logf("numerictest: check %s stopped after %d failures", c.name, maxFailures)
	}
}

// fmtPoint formats p as "(x0=1, x1=-2)".
func fmtPoint(p []numeric.Int) string {
	parts := make([]string, len(p))
	for i, v := range p {
		parts[i] = fmt.Sprintf("x%d=%s", i, v)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

func fmtDims(ds []numeric.Dim) string {
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = fmt.Sprintf("x%d", d)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// Failures runs the whole suite on d with the given seed and returns its
// failure messages instead of failing a test, each prefixed with the
// path of its check ("Suite/Join: ..."). A domain's tests use it to show
// that the suite catches deliberately broken variants of the domain.
func Failures[V any](d numeric.Domain[V], cfg Config, seed int64) []string {
	var fs []string
	run[V](recorder{path: "Suite", failures: &fs}, d, cfg, seed)
	return fs
}

// recorder is a reporter that records failures instead of failing, so the
// suite can be run on broken domains and expected to complain.
type recorder struct {
	path     string
	failures *[]string
}

func (r recorder) Helper()             {}
func (r recorder) Logf(string, ...any) {}
func (r recorder) Errorf(f string, a ...any) {
	*r.failures = append(*r.failures, r.path+": "+fmt.Sprintf(f, a...))
}
func (r recorder) Run(name string, f func(reporter)) bool {
	f(recorder{path: r.path + "/" + name, failures: r.failures})
	return true
}
