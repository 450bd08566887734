package interp_test

import (
	"fmt"
	"testing"

	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/interp"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/templates"
)

// The template benchmarks measure whole analyses of generated programs
// (issue 7's performance targets):
//
//	go test ./interp -run '^$' -bench 'Fig8|Eureka' -benchtime 3x
//
// Each reports the verdict as a metric (1 = TRUE) so that a benchmark run
// also shows what was proved.

var allDomains = []string{"nexpoint", "nex", "mtndd", "ndd", "numeric"}

func loadTemplate(b testing.TB, name string, n int) *ir.Program {
	b.Helper()
	src, t, err := templates.Generate(name, n)
	if err != nil {
		b.Fatal(err)
	}
	p, err := frontend.Parse(name+t.Ext, []byte(src))
	if err != nil {
		b.Fatal(err)
	}
	return p
}

func benchAnalyze(b *testing.B, p *ir.Program, domain string) {
	cfg := interp.DefaultConfig()
	cfg.Domain = domain
	proved := 0.0
	c0 := cpuTime()
	for i := 0; i < b.N; i++ {
		res, err := interp.Analyze(p, cfg)
		if err != nil {
			b.Fatal(err)
		}
		if res.Verdict == engine.True {
			proved = 1
		}
	}
	if cpu := cpuTime() - c0; cpu > 0 {
		b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
	}
	b.ReportMetric(proved, "TRUE")
}

func BenchmarkFig8a(b *testing.B) {
	for _, c := range []int{10, 1000, 1000000} {
		p := loadTemplate(b, "fig8a", c)
		for _, d := range allDomains {
			b.Run(fmt.Sprintf("C=%d/%s", c, d), func(b *testing.B) { benchAnalyze(b, p, d) })
		}
	}
}

func BenchmarkFig8b(b *testing.B) {
	for _, c := range []int{5, 10, 20, 40, 200} {
		p := loadTemplate(b, "fig8b", c)
		for _, d := range allDomains {
			b.Run(fmt.Sprintf("C=%d/%s", c, d), func(b *testing.B) { benchAnalyze(b, p, d) })
		}
	}
}

func BenchmarkEureka(b *testing.B) {
	for _, fam := range []string{"swap_seq", "swap_iter", "parity", "delay_iter", "delay_recur", "sum"} {
		for _, n := range []int{10, 100, 1000} {
			p := loadTemplate(b, fam, n)
			for _, d := range allDomains {
				b.Run(fmt.Sprintf("%s/N=%d/%s", fam, n, d), func(b *testing.B) { benchAnalyze(b, p, d) })
			}
		}
	}
}
