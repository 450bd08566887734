package engine_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/numpred/numpred/cex"
	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// replayed returns a program whose error x == 42 reaches and the
// counterexample cex.Replay builds for it.
func replayed(t *testing.T) (*ir.Program, *cex.Counterexample) {
	t.Helper()
	prog, err := frontend.Parse("trust.c", []byte(`extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main() { int x = __VERIFIER_nondet_int(); if (x == 42) reach_error(); return 0; }`))
	require.NoError(t, err)
	cx, err := cex.Replay(context.Background(), prog, []numeric.Int{numeric.I(42)}, cex.ReplayOptions{})
	require.NoError(t, err)
	return prog, cx
}

// TestTrust: only a replayed run that ends at a violation, without
// signed overflow, undetermined values or unmodelled branches, on a
// program without program-wide unsupported constructs, is a FALSE; each
// other case is UNKNOWN with its kind of reason.
func TestTrust(t *testing.T) {
	prog, good := replayed(t)
	require.Equal(t, engine.Reason{}, engine.Trust(prog, good))

	cases := []struct {
		name   string
		change func(p *ir.Program, cx *cex.Counterexample) (*ir.Program, *cex.Counterexample)
		kind   engine.Kind
	}{
		{"no replay", func(p *ir.Program, _ *cex.Counterexample) (*ir.Program, *cex.Counterexample) { return p, nil }, engine.Untrusted},
		{"overflow", func(p *ir.Program, cx *cex.Counterexample) (*ir.Program, *cex.Counterexample) {
			cx.Overflows = 1
			return p, cx
		}, engine.Untrusted},
		{"arbitrary", func(p *ir.Program, cx *cex.Counterexample) (*ir.Program, *cex.Counterexample) {
			cx.Arbitrary = 1
			return p, cx
		}, engine.Untrusted},
		{"ambiguous", func(p *ir.Program, cx *cex.Counterexample) (*ir.Program, *cex.Counterexample) {
			cx.Ambiguous = 2
			return p, cx
		}, engine.Untrusted},
		{"no violation", func(p *ir.Program, cx *cex.Counterexample) (*ir.Program, *cex.Counterexample) {
			cx.Error = nil
			return p, cx
		}, engine.Internal},
		{"unsupported program", func(p *ir.Program, cx *cex.Counterexample) (*ir.Program, *cex.Counterexample) {
			q := *p
			q.Diags = append([]ir.Diagnostic{{Severity: ir.Unsupported, Msg: "asm"}}, p.Diags...)
			return &q, cx
		}, engine.Unsupported},
	}
	for _, c := range cases {
		p, cx := c.change(replayed(t))
		why := engine.Trust(p, cx)
		require.Equal(t, c.kind, why.Kind, c.name)
		require.NotEmpty(t, why.String(), c.name)

		var r engine.Result
		r.Falsify(p, cx)
		require.Equal(t, engine.Unknown, r.Verdict, c.name)
		require.Nil(t, r.Counterexample, c.name)
		require.Equal(t, why, r.Reason, c.name)

		// An engine that answers FALSE with it anyway is corrected.
		if cx != nil {
			r = engine.Result{Verdict: engine.False, Counterexample: cx}
			require.NoError(t, r.Confirm(p), c.name)
			require.Equal(t, engine.Unknown, r.Verdict, c.name)
			require.Nil(t, r.Counterexample, c.name)
		}
	}

	var r engine.Result
	r.Falsify(prog, good)
	require.Equal(t, engine.False, r.Verdict)
	require.Same(t, good, r.Counterexample)
	require.Same(t, good.Error, r.Error)
	require.True(t, r.Reason.IsZero())
	require.NoError(t, r.Confirm(prog))
	require.Equal(t, engine.False, r.Verdict)
}

// TestConfirmNoCounterexample: a FALSE without a counterexample is an
// engine's bug, never printed as FALSE.
func TestConfirmNoCounterexample(t *testing.T) {
	prog, _ := replayed(t)
	r := engine.Result{Verdict: engine.False}
	require.True(t, errors.Is(r.Confirm(prog), engine.ErrNoCounterexample))
	for _, v := range []engine.Verdict{engine.True, engine.Unknown} {
		r := engine.Result{Verdict: v}
		require.NoError(t, r.Confirm(prog))
		require.Equal(t, v, r.Verdict)
	}
}

// TestReasonString: the text users read, and the kind's name when there
// is no text.
func TestReasonString(t *testing.T) {
	require.Equal(t, "", engine.Reason{}.String())
	require.True(t, engine.Reason{}.IsZero())
	require.Equal(t, "timeout", engine.TimedOut.String())
	require.Equal(t, "memory", engine.OutOfMemory.String())
	require.Equal(t, "canceled", engine.WasCanceled.String())
	require.Equal(t, "timeout (k=3)", engine.Because(engine.Timeout, "timeout (k=%d)", 3).String())
	require.Equal(t, "bound reached k=8", engine.Because(engine.Bound, "bound reached k=8").String())
	ie := engine.InternalError(errors.New("boom"))
	require.Equal(t, engine.Internal, ie.Kind)
	require.Equal(t, "internal error: boom", ie.String())
	require.Equal(t, "untrusted", engine.Untrusted.String())
	require.Equal(t, "100%", engine.NewReason(engine.Bound, "100%").String())
}

// TestTagged: the tagged fields of a statistics struct, in order, as
// numbers; untagged ones left out.
func TestTagged(t *testing.T) {
	st := struct {
		K     int           `stat:"k"`
		Name  string        // untagged: left out
		T     time.Duration `stat:"t_s"`
		Found bool          `stat:"found"`
		Q     uint64        `stat:"q"`
		F     float64       `stat:"f"`
	}{K: 3, Name: "x", T: 1500 * time.Millisecond, Found: true, Q: 7, F: 0.25}
	require.Equal(t, []engine.Stat{{Name: "k", Value: 3}, {Name: "t_s", Value: 1.5}, {Name: "found", Value: 1},
		{Name: "q", Value: 7}, {Name: "f", Value: 0.25}}, engine.Tagged(&st))
}
