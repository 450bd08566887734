// This file aggregates CEGAR runs over NumPredDom domains into the
// paper's Table IV (Gurfinkel & Chaki): per domain the tasks solved, the
// time of the whole analysis and of its last iteration, the time in
// gamma, join, alphaPost and apply, and the largest final precision
// (predicates, numeric variables) any solved task needed.

package campaign

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// DomainRun is one task's CEGAR run under one domain, read from the run's
// JSON record.
type DomainRun struct {
	Task     string `json:"task"`
	Category string `json:"category,omitempty"`
	Domain   string `json:"domain"`
	Expected string `json:"expected,omitempty"`
	Verdict  string `json:"verdict,omitempty"`
	Status   string `json:"status"` // BenchExec's (Run.Status)
	Result   string `json:"result"` // correct, wrong, unknown, error
	Reason   string `json:"reason,omitempty"`
	Times
	Refinements int     `json:"refinements"`
	Predicates  int     `json:"predicates"`   // of the last round
	NumericVars int     `json:"numeric_vars"` // of the last round
	BDDNodes    int     `json:"bdd_nodes"`
	PeakHeap    uint64  `json:"peak_heap_bytes"`
	WallS       float64 `json:"wall_s"`
	CPUS        float64 `json:"cpu_s"`
	PeakRSS     uint64  `json:"peak_rss_bytes"`
	Stderr      string  `json:"stderr,omitempty"`
}

// Times are Table IV's times in seconds: TotalS the whole CEGAR loop
// (every round), LastS its last round, then the time in the abstract
// operations the paper reports (of every round).
type Times struct {
	TotalS     float64 `json:"total_s"`
	LastS      float64 `json:"last_s"`
	GammaS     float64 `json:"gamma_s"`
	JoinS      float64 `json:"join_s"`
	AlphaPostS float64 `json:"alpha_post_s"`
	ApplyS     float64 `json:"apply_s"`
}

func (t *Times) add(u Times) {
	t.TotalS += u.TotalS
	t.LastS += u.LastS
	t.GammaS += u.GammaS
	t.JoinS += u.JoinS
	t.AlphaPostS += u.AlphaPostS
	t.ApplyS += u.ApplyS
}

// cegarAnswer is the part of analyze's JSON record (DESIGN.md) that
// Table IV reads.
type cegarAnswer struct {
	Domain string  `json:"domain"`
	TimeS  float64 `json:"time_s"`
	Stats  struct {
		GammaS      float64 `json:"gamma_s"`
		JoinS       float64 `json:"join_s"`
		AlphaPostS  float64 `json:"alpha_post_s"`
		ApplyS      float64 `json:"apply_s"`
		BDDNodes    int     `json:"bdd_nodes"`
		PeakHeap    uint64  `json:"peak_heap_bytes"`
		Predicates  int     `json:"predicates"`
		NumericVars int     `json:"numeric_vars"`
	} `json:"stats"`
	EngineStats map[string]float64 `json:"engine_stats"`
	Rounds      []struct {
		Predicates  int     `json:"predicates"`
		NumericVars int     `json:"numeric_vars"`
		TimeS       float64 `json:"time_s"`
	} `json:"rounds"`
}

// DomainRunOf reads r, a run of `analyze --engine cegar --domain domain`,
// into a DomainRun. A run without a JSON record keeps only its status.
func DomainRunOf(r Run, domain string) (DomainRun, error) {
	d := DomainRun{Task: r.File, Category: r.Task.Category, Domain: domain, Expected: r.Expect, Verdict: r.Verdict,
		Status: r.Status(), Result: r.Category(), Reason: r.Reason, WallS: r.Wall.Seconds(), CPUS: r.CPU.Seconds(),
		PeakRSS: r.PeakRSS, Stderr: r.Stderr}
	if len(r.Answer) == 0 {
		return d, nil
	}
	var a cegarAnswer
	if err := json.Unmarshal(r.Answer, &a); err != nil {
		return d, fmt.Errorf("%s: the JSON record of the %s run: %v", r.File, domain, err)
	}
	if a.Domain != "" && a.Domain != domain {
		return d, fmt.Errorf("%s: a run of domain %s answered for %s", r.File, domain, a.Domain)
	}
	d.TotalS, d.GammaS, d.JoinS, d.AlphaPostS, d.ApplyS = a.TimeS, a.Stats.GammaS, a.Stats.JoinS, a.Stats.AlphaPostS, a.Stats.ApplyS
	d.BDDNodes, d.PeakHeap = a.Stats.BDDNodes, a.Stats.PeakHeap
	d.Predicates, d.NumericVars, d.LastS = a.Stats.Predicates, a.Stats.NumericVars, a.TimeS
	if n := len(a.Rounds); n > 0 {
		last := a.Rounds[n-1]
		d.Predicates, d.NumericVars, d.LastS = last.Predicates, last.NumericVars, last.TimeS
	}
	d.Refinements = int(a.EngineStats["refinements"])
	return d, nil
}

// DomainRow is one row of Table IV: a domain over a set of tasks. The
// times and the largest precision are over the solved tasks, as in the
// paper (its "Num" column is Solved).
type DomainRow struct {
	Domain string `json:"domain"`
	Tasks  int    `json:"tasks"`
	// Solved: TRUE or FALSE verdicts that are not wrong, Unchecked of
	// them on tasks without an expected verdict.
	Solved    int `json:"solved"`
	Unchecked int `json:"unchecked"`
	True      int `json:"true"`  // solved TRUE
	False     int `json:"false"` // solved FALSE
	Wrong     int `json:"wrong"`
	Unknown   int `json:"unknown"` // UNKNOWN, timeouts and errors
	Times
	Refinements int `json:"refinements"`
	MaxPreds    int `json:"max_predicates"`
	MaxNumVars  int `json:"max_numeric_vars"`
}

// TableIV aggregates runs into one row per domain, in the order of
// domains.
func TableIV(runs []DomainRun, domains []string) []DomainRow {
	rows := make([]DomainRow, len(domains))
	at := map[string]int{}
	for i, d := range domains {
		rows[i].Domain = d
		at[d] = i
	}
	for _, r := range runs {
		i, ok := at[r.Domain]
		if !ok {
			continue
		}
		row := &rows[i]
		row.Tasks++
		answered := r.Verdict == "TRUE" || r.Verdict == "FALSE"
		switch {
		case r.Result == "wrong":
			row.Wrong++
			continue
		case !answered:
			row.Unknown++
			continue
		case r.Expected == "":
			row.Unchecked++
		}
		row.Solved++
		if r.Verdict == "TRUE" {
			row.True++
		} else {
			row.False++
		}
		row.Times.add(r.Times)
		row.Refinements += r.Refinements
		row.MaxPreds = max(row.MaxPreds, r.Predicates)
		row.MaxNumVars = max(row.MaxNumVars, r.NumericVars)
	}
	return rows
}

// tableIVHeader names Table IV's columns: the paper's (Num is Solved),
// then ours.
var tableIVHeader = []string{"domain", "solved", "unchecked", "TRUE", "FALSE", "wrong", "unknown", "total s", "last s", "gamma s", "join s", "alphaPost s", "apply s", "refinements", "max preds", "max num vars"}

func (row DomainRow) cells() []string {
	return []string{row.Domain, fmt.Sprintf("%d/%d", row.Solved, row.Tasks), fmt.Sprint(row.Unchecked), fmt.Sprint(row.True), fmt.Sprint(row.False),
		fmt.Sprint(row.Wrong), fmt.Sprint(row.Unknown), fmt.Sprintf("%.2f", row.TotalS), fmt.Sprintf("%.2f", row.LastS),
		fmt.Sprintf("%.2f", row.GammaS), fmt.Sprintf("%.2f", row.JoinS), fmt.Sprintf("%.2f", row.AlphaPostS),
		fmt.Sprintf("%.2f", row.ApplyS), fmt.Sprint(row.Refinements), fmt.Sprint(row.MaxPreds), fmt.Sprint(row.MaxNumVars)}
}

// WriteTableIV prints rows as an aligned text table.
func WriteTableIV(w io.Writer, rows []DomainRow) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, strings.Join(tableIVHeader, "\t")+"\t")
	for _, row := range rows {
		fmt.Fprintln(tw, strings.Join(row.cells(), "\t")+"\t")
	}
	return tw.Flush()
}

// WriteTableIVMarkdown prints rows as a Markdown table.
func WriteTableIVMarkdown(w io.Writer, rows []DomainRow) error {
	fmt.Fprintf(w, "| %s |\n", strings.Join(tableIVHeader, " | "))
	fmt.Fprintf(w, "|%s\n", strings.Repeat("---|", len(tableIVHeader)))
	for _, row := range rows {
		if _, err := fmt.Fprintf(w, "| %s |\n", strings.Join(row.cells(), " | ")); err != nil {
			return err
		}
	}
	return nil
}

// TableIVResults is the JSON file of a Table IV batch: its settings, the
// rows and every run.
type TableIVResults struct {
	Name        string      `json:"name"`
	Version     string      `json:"version"`
	TimeoutS    float64     `json:"timeout_s"`
	MemoryLimit uint64      `json:"memory_limit_bytes"`
	Jobs        int         `json:"jobs"`
	Domains     []string    `json:"domains"`
	Options     []string    `json:"options,omitempty"`
	Rows        []DomainRow `json:"rows"`
	Runs        []DomainRun `json:"runs"`
}
