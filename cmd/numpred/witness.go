// This file writes the correctness witness of a TRUE verdict (--witness):
// loop invariants at the loop heads of every function from the abstract
// interpreter, projected onto C expressions and re-checked (bmc.Certify)
// before they are written as an SV-COMP 2.0 invariant_set.

package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/numpred/numpred/abe"
	"github.com/numpred/numpred/bmc"
	"github.com/numpred/numpred/cex"
	"github.com/numpred/numpred/encode"
	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/interp"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/verify"
)

// witnessNumerics are the numeric domains tried in turn for invariants
// that the re-check accepts: the cheapest first.
var witnessNumerics = []string{"interval", "octagon", "polyhedra"}

// maxInvariantAtoms is the most atoms an invariant a witness tries may
// have (after ir.SimplifyDNF).
const maxInvariantAtoms = 1 << 19

// certifiedInvariants looks for invariants that the re-check accepts,
// before deadline, in turn: the abstract interpreter's over intervals;
// those on the unwound program, where runs are short; the interpreter's
// over octagons and polyhedra; the predicate abstraction's reached set.
// It returns the accepted certificate, or nil and why none was. The
// engine that proved the program (by) goes first: after bmc the
// unwinding, with two thirds of the time; after the fixpoint over a
// numeric domain, that domain's invariants.
//
// (CEGAR from no predicates proves the ssh state machines with 7
// predicates where the interpreter uses a hundred, but through its
// search of the abstraction without joins: the fixpoint's invariants of
// its last round do not pass, so it is not tried.)
func certifiedInvariants(prog *ir.Program, deadline time.Time, by provedBy) (*bmc.Certificate, string) {
	ctx, cancel := context.WithDeadline(context.Background(), deadline)
	defer cancel()
	var whys []string
	// The check reads the callers' invariants at their calls too
	// (bmc.Certify's call-site facts).
	callsAt := map[*ir.Loc]bool{}
	for _, f := range prog.Funcs {
		for _, e := range f.Edges {
			if _, ok := e.Op.(*ir.Call); ok {
				callsAt[e.From] = true
			}
		}
	}
	config := func(dom, num string) interp.Config {
		cfg := interp.DefaultConfig()
		if dom != "" {
			cfg.Domain = dom
		}
		cfg.Numeric = num
		cfg.Invariants = true
		cfg.InvariantsAt = func(l *ir.Loc) bool { return l.LoopHead || callsAt[l] }
		cfg.Deadline = deadline
		return cfg
	}
	// check re-checks invs; shape reports that the program's shape, not
	// the invariants, failed it.
	check := func(what string, invs map[*ir.Loc]ir.Cond) (cert *bmc.Certificate, shape bool) {
		cert, err := bmc.Certify(ctx, prog, invs)
		switch {
		case err != nil:
			whys = append(whys, fmt.Sprintf("the re-check of the %s invariants failed: %v", what, err))
			return nil, false
		case cert.OK:
			return cert, false
		}
		whys = append(whys, fmt.Sprintf("the %s invariants do not prove the program: %s", what, cert.Why))
		return nil, cert.Shape
	}
	// fixpoint returns the invariants of the analysis with the domain
	// dom ("" for the default) over the numeric domain num.
	fixpoints := map[string]map[*ir.Loc]ir.Cond{}
	fixpoint := func(dom, num string) map[*ir.Loc]ir.Cond {
		key := dom + "/" + num
		if invs, ok := fixpoints[key]; ok {
			return invs
		}
		var invs map[*ir.Loc]ir.Cond
		if res, err := interp.AnalyzeContext(ctx, prog, config(dom, num)); err == nil && res != nil {
			invs = fixpointInvariants(res)
		}
		fixpoints[key] = invs
		return invs
	}
	// analysis tries the fixpoint of dom over num; stop is set when no
	// other invariants can do better (the program's shape failed the
	// check).
	tried := map[string]bool{}
	analysis := func(dom, num string) (cert *bmc.Certificate, stop bool) {
		key := dom + "/" + num
		if tried[key] || ctx.Err() != nil {
			return nil, false
		}
		tried[key] = true
		invs := fixpoint(dom, num)
		if invs == nil {
			return nil, false
		}
		what := num
		if dom != "" {
			what = key
		}
		return check(what, invs)
	}
	numeric := func(num string) (cert *bmc.Certificate, stop bool) { return analysis("", num) }
	// Invariants too weak to be inductive still hold, and prove the
	// program, where every run is short: the unwinding checks both,
	// bit-precisely (with a share of the time left: it succeeds at once
	// where the loops are short).
	unwound := func(share time.Duration) *bmc.Certificate {
		intervals := fixpoint("", "interval")
		if intervals == nil || ctx.Err() != nil {
			return nil
		}
		if cert := boundedCertificate(ctx, prog, intervals, share); cert != nil {
			return cert
		}
		whys = append(whys, fmt.Sprintf("unwinding the program (up to %d times) does not hold every run", maxWitnessUnwind))
		return nil
	}

	switch {
	case by.unwinding:
		if cert := unwound(time.Until(deadline) * 2 / 3); cert != nil {
			return cert, ""
		}
	case slices.Contains(interp.NumericNames, by.numeric):
		if cert, stop := analysis(by.domain, by.numeric); cert != nil || stop {
			return cert, strings.Join(whys, "; ")
		}
	}
	if cert, stop := numeric("interval"); cert != nil || stop {
		return cert, strings.Join(whys, "; ")
	}
	if !by.unwinding {
		if cert := unwound(time.Until(deadline) / 3); cert != nil {
			return cert, ""
		}
	}
	for _, num := range witnessNumerics[1:] {
		if cert, _ := numeric(num); cert != nil {
			return cert, ""
		}
	}
	// The predicate abstraction's reached set gives loop invariants the
	// numeric domains cannot: disjunctions over the predicates its
	// refinement found.
	if ctx.Err() == nil {
		res, err := abe.Run(ctx, prog, abe.Options{Invariants: true})
		if err == nil && res.Verdict == engine.True {
			invs := map[*ir.Loc]ir.Cond{}
			for _, inv := range res.Invariants {
				invs[inv.Loc] = inv.Formula
			}
			if cert, _ := check("predicate abstraction's", invs); cert != nil {
				return cert, ""
			}
		}
	}
	if ctx.Err() != nil {
		whys = append(whys, "then the time for the witness ran out")
	}
	if len(whys) == 0 {
		whys = append(whys, "no invariants were computed")
	}
	return nil, strings.Join(whys, "; ")
}

// provedBy is what proved a program, as far as the witness cares: an
// unwinding (bmc), or the fixpoint of a domain over a numeric domain.
type provedBy struct {
	unwinding bool
	domain    string // the interpreter's domain (nexpoint, nex, ...); "" for the default
	numeric   string // interval, octagon, polyhedra, ...; "" for another engine
}

// provedByRecord reads what proved a TRUE run from its record: the
// engine (for the default strategy, the stage that answered, e.g.
// "absint nexpoint/polyhedra") and its numeric domain.
func provedByRecord(r runRecord) provedBy {
	switch {
	case r.Engine == verify.BMC:
		return provedBy{unwinding: true}
	case r.Engine == verify.Absint:
		return provedBy{domain: r.Domain, numeric: r.Numeric}
	case strings.HasPrefix(r.Engine, verify.Absint+" "):
		if dom, num, ok := strings.Cut(strings.TrimPrefix(r.Engine, verify.Absint+" "), "/"); ok {
			return provedBy{domain: dom, numeric: num}
		}
	}
	return provedBy{}
}

// fixpointInvariants returns the invariants of an analysis by location,
// simplified (a predicate domain's value is a disjunction of one cube per
// path of its decision diagram, which ir.SimplifyDNF shrinks many times).
// A huge one would make a formula the solver cannot check in time: it is
// left out (true), often enough where loop bodies reset their state.
func fixpointInvariants(res *interp.Result) map[*ir.Loc]ir.Cond {
	invs := map[*ir.Loc]ir.Cond{}
	for _, li := range res.Invariants {
		if li.Loc == nil {
			continue
		}
		if f := ir.SimplifyDNF(li.Formula); len(ir.Atoms(f)) <= maxInvariantAtoms {
			invs[li.Loc] = f
		}
	}
	return invs
}

// maxWitnessUnwind bounds the unwinding that certifies invariants of a
// program whose runs are all short (bmc.CertifyBounded).
const maxWitnessUnwind = 1024

// boundedCertificate tries bmc.CertifyBounded with invs at unwindings 1,
// 2, 4, ... maxWitnessUnwind, within budget; nil when none is accepted.
func boundedCertificate(ctx context.Context, prog *ir.Program, invs map[*ir.Loc]ir.Cond, budget time.Duration) *bmc.Certificate {
	ctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	for k := 1; k <= maxWitnessUnwind && ctx.Err() == nil; k *= 2 {
		cert, err := bmc.CertifyBounded(ctx, prog, invs, k, encode.BV)
		if err != nil || cert.Shape {
			return nil
		}
		if cert.OK {
			return cert
		}
	}
	return nil
}

// witnessDeadline is when the search for a correctness witness stops: at
// the time limit of the process that began at began (timeout, 0 for
// none), less a margin to write it, but not before minWitnessTime from
// now; maxWitnessTime from now without a time limit.
func witnessDeadline(timeout time.Duration, began, now time.Time) time.Time {
	if timeout <= 0 {
		return now.Add(maxWitnessTime)
	}
	end := began.Add(timeout - witnessMargin)
	if end.Sub(now) < minWitnessTime {
		return now.Add(minWitnessTime)
	}
	return end
}

// The witness's time: what the time limit leaves (less witnessMargin),
// at least minWitnessTime; maxWitnessTime without a limit.
const (
	minWitnessTime = 2 * time.Second
	maxWitnessTime = 60 * time.Second
	witnessMargin  = time.Second
)

// writeCorrectnessWitness writes the correctness witness of a TRUE run of
// prog (rec, the run's record, says which engine answered) to f.witness; when no invariants pass the re-check it writes
// nothing and says why (the verdict stands: the witness is a
// certificate, not the proof).
func writeCorrectnessWitness(file string, f analyzeFlags, prog *ir.Program, rec runRecord, began time.Time, stderr io.Writer) int {
	if prog.Lang != "c" {
		fmt.Fprintf(stderr, "numpred analyze: %s: witnesses are for C programs only\n", file)
		return exitUsage
	}
	cert, why := certifiedInvariants(prog, witnessDeadline(f.timeout, began, time.Now()), provedByRecord(rec))
	if cert == nil {
		fmt.Fprintf(stderr, "numpred analyze: %s: no correctness witness written: %s\n", file, why)
		return exitOK
	}
	var invs []cex.LoopInvariant
	for _, hi := range cert.Invariants {
		invs = append(invs, cex.LoopInvariant{Line: hi.Loc.Pos.Line, Col: hi.Loc.Pos.Col, Func: hi.Loc.Func.Name, Value: hi.C})
	}
	return writeWitnessFile(file, f, stderr, func(w io.Writer, task cex.WitnessTask) error {
		return cex.WriteCorrectnessWitness(w, invs, task)
	})
}
