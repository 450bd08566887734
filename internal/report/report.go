// Package report writes the HTML report of one or more batches of
// `numpred bench` (their results JSON, internal/campaign.Results): one
// self-contained page, nothing fetched from the network (inline CSS, SVG
// and a few lines of JavaScript that sort the task table), with
//
//   - a summary per category and result set (correct TRUE and FALSE,
//     wrong, unknown, timeouts and errors, CPU time of the correct ones);
//   - the quantile plot the verification papers use: for each result set,
//     its correct results sorted by CPU time, the n-th fastest at x = n
//     (log-scale time axis), so that a line further right solves more and
//     a lower one solves faster;
//   - with two result sets, a scatter plot of CPU time per task (log-log,
//     the diagonal drawn), points coloured by which runs were correct;
//   - the per-task table: status, CPU and wall time, peak memory per set.
package report

import (
	"fmt"
	"html/template"
	"io"
	"math"
	"sort"
	"strings"

	"github.com/numpred/numpred/internal/campaign"
)

// Set is one batch's results under a display name.
type Set struct {
	Name    string
	Results *campaign.Results
}

// Write writes the report of sets (at least one) to w.
func Write(w io.Writer, sets []Set) error {
	if len(sets) == 0 {
		return fmt.Errorf("report: no result sets")
	}
	d := pageData{Sets: sets}
	d.Title = "numpred results: " + names(sets)
	d.Summary = summarise(sets)
	d.Quantile = template.HTML(quantilePlot(sets))
	if len(sets) >= 2 {
		d.Scatter = template.HTML(scatterPlot(sets[0], sets[1]))
	}
	d.Rows = taskRows(sets)
	d.Prefix = commonDir(sets)
	return page.Execute(w, d)
}

func names(sets []Set) string {
	var ns []string
	for _, s := range sets {
		ns = append(ns, s.Name)
	}
	return strings.Join(ns, " vs ")
}

type pageData struct {
	Title    string
	Sets     []Set
	Summary  []summaryRow
	Quantile template.HTML
	Scatter  template.HTML
	Rows     []taskRow
	Prefix   string // the tasks' common directory
}

// summaryRow counts one category of one result set ("all" for the total).
type summaryRow struct {
	Set, Category                   string
	Tasks, CorrectTrue, CorrectFals int
	Wrong, Unknown, Errors          int
	CPUCorrect                      float64
}

func summarise(sets []Set) []summaryRow {
	var out []summaryRow
	for _, s := range sets {
		per := map[string]*summaryRow{}
		all := &summaryRow{Set: s.Name, Category: "all"}
		var cats []string
		for _, r := range s.Results.Runs {
			row := per[r.Category]
			if row == nil {
				row = &summaryRow{Set: s.Name, Category: r.Category}
				per[r.Category] = row
				cats = append(cats, r.Category)
			}
			for _, x := range []*summaryRow{row, all} {
				x.Tasks++
				switch r.Result {
				case "correct":
					if r.Verdict == "TRUE" {
						x.CorrectTrue++
					} else {
						x.CorrectFals++
					}
					x.CPUCorrect += r.CPUS
				case "wrong":
					x.Wrong++
				case "unknown":
					x.Unknown++
				case "error":
					x.Errors++
				}
			}
		}
		sort.Strings(cats)
		for _, c := range cats {
			out = append(out, *per[c])
		}
		out = append(out, *all)
	}
	return out
}

// taskRow is one task of the table: its cells per set.
type taskRow struct {
	Task, Category, Expected string
	Cells                    []taskCell
}

type taskCell struct {
	Status, Result string // Result is the CSS class: correct, wrong, unknown, error, missing, absent
	CPU, Wall, Mem string
	Title          string // the reason, shown on hover
}

// commonDir is the directory prefix (ending in a separator) all tasks
// share, left out of the table.
func commonDir(sets []Set) string {
	first := true
	var prefix string
	for _, s := range sets {
		for _, r := range s.Results.Runs {
			dir := r.Task[:strings.LastIndex(r.Task, "/")+1]
			if first {
				prefix, first = dir, false
				continue
			}
			for !strings.HasPrefix(dir, prefix) {
				prefix = prefix[:strings.LastIndex(prefix[:len(prefix)-1], "/")+1]
			}
		}
	}
	return prefix
}

func taskRows(sets []Set) []taskRow {
	prefix := commonDir(sets)
	index := map[string]int{}
	var rows []taskRow
	for si, s := range sets {
		for _, r := range s.Results.Runs {
			i, ok := index[r.Task]
			if !ok {
				i = len(rows)
				index[r.Task] = i
				rows = append(rows, taskRow{Task: strings.TrimPrefix(r.Task, prefix), Category: r.Category, Expected: r.Expected, Cells: make([]taskCell, len(sets))})
				for j := range sets {
					rows[i].Cells[j] = taskCell{Status: "-", Result: "absent"}
				}
			}
			rows[i].Cells[si] = taskCell{
				Status: r.Status, Result: r.Result,
				CPU: fmt.Sprintf("%.2f", r.CPUS), Wall: fmt.Sprintf("%.2f", r.WallS),
				Mem:   fmt.Sprintf("%.1f", float64(r.PeakRSS)/(1<<20)),
				Title: strings.TrimSpace(r.Engine + " " + r.Reason + " " + r.Stderr),
			}
		}
	}
	return rows
}

// Plot geometry: the SVG's size and the plotting area inside it.
const (
	plotW, plotH          = 640, 400
	left, right, top, bot = 70, 20, 20, 50
)

// colours for result sets (distinguishable, colour-blind safe).
var colours = []string{"#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9"}

// logAxis maps [lo, hi] (seconds, lo > 0) to pixels on a log scale.
type logAxis struct{ lo, hi, p0, p1 float64 }

func newLogAxis(lo, hi, p0, p1 float64) logAxis {
	lo = math.Pow(10, math.Floor(math.Log10(lo)))
	hi = math.Pow(10, math.Ceil(math.Log10(hi)))
	if hi <= lo {
		hi = lo * 10
	}
	return logAxis{lo, hi, p0, p1}
}

func (a logAxis) at(v float64) float64 {
	v = math.Max(a.lo, math.Min(a.hi, v))
	t := (math.Log10(v) - math.Log10(a.lo)) / (math.Log10(a.hi) - math.Log10(a.lo))
	return a.p0 + t*(a.p1-a.p0)
}

// decades are the powers of ten from lo to hi.
func (a logAxis) decades() []float64 {
	var out []float64
	for v := a.lo; v <= a.hi*1.0001; v *= 10 {
		out = append(out, v)
	}
	return out
}

func secs(v float64) string {
	if v >= 1 {
		return fmt.Sprintf("%g s", v)
	}
	return fmt.Sprintf("%g s", math.Round(v*1000)/1000)
}

// minTime is the smallest time plotted: CPU times below it sit on the
// axis's lowest line.
const minTime = 0.01

// quantilePlot is the SVG of the quantile plot of the sets' correct
// results.
func quantilePlot(sets []Set) string {
	series := make([][]float64, len(sets))
	most, hi := 1, minTime
	for i, s := range sets {
		for _, r := range s.Results.Runs {
			if r.Result == "correct" {
				series[i] = append(series[i], math.Max(r.CPUS, minTime))
				hi = math.Max(hi, r.CPUS)
			}
		}
		sort.Float64s(series[i])
		most = max(most, len(series[i]))
	}
	y := newLogAxis(minTime, hi, plotH-bot, top)
	xAt := func(n int) float64 { return left + float64(n)/float64(most)*(plotW-left-right) }
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="plot" id="quantile" xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-label="quantile plot">`, plotW, plotH, plotW, plotH)
	frame(&b)
	for _, v := range y.decades() {
		fmt.Fprintf(&b, `<line class="grid" x1="%d" x2="%d" y1="%.1f" y2="%.1f"/><text class="tick" x="%d" y="%.1f" text-anchor="end">%s</text>`, left, plotW-right, y.at(v), y.at(v), left-6, y.at(v)+4, secs(v))
	}
	step := niceStep(most)
	for n := 0; n <= most; n += step {
		fmt.Fprintf(&b, `<line class="grid" x1="%.1f" x2="%.1f" y1="%d" y2="%d"/><text class="tick" x="%.1f" y="%d" text-anchor="middle">%d</text>`, xAt(n), xAt(n), top, plotH-bot, xAt(n), plotH-bot+16, n)
	}
	fmt.Fprintf(&b, `<text class="label" x="%d" y="%d" text-anchor="middle">n-th fastest correct result</text>`, (left+plotW-right)/2, plotH-12)
	fmt.Fprintf(&b, `<text class="label" transform="translate(16 %d) rotate(-90)" text-anchor="middle">CPU time</text>`, (top+plotH-bot)/2)
	for i, ts := range series {
		c := colours[i%len(colours)]
		var pts []string
		for n, t := range ts {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", xAt(n+1), y.at(t)))
		}
		if len(pts) > 0 {
			fmt.Fprintf(&b, `<polyline class="series" fill="none" stroke="%s" stroke-width="2" points="%s"/>`, c, strings.Join(pts, " "))
			for _, p := range pts {
				xy := strings.Split(p, ",")
				fmt.Fprintf(&b, `<circle cx="%s" cy="%s" r="2.5" fill="%s"/>`, xy[0], xy[1], c)
			}
		}
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="12" height="12" fill="%s"/><text class="legend" x="%d" y="%d">%s (%d correct)</text>`,
			left+10, top+8+18*i, c, left+28, top+18+18*i, template.HTMLEscapeString(sets[i].Name), len(ts))
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// niceStep is a tick step for 0..n with at most about 10 ticks.
func niceStep(n int) int {
	for _, s := range []int{1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000} {
		if n/s <= 10 {
			return s
		}
	}
	return n / 10
}

func frame(b *strings.Builder) {
	fmt.Fprintf(b, `<rect class="area" x="%d" y="%d" width="%d" height="%d"/>`, left, top, plotW-left-right, plotH-top-bot)
}

// scatterPlot is the SVG of a's CPU time (x) against b's (y) per task
// both ran; points are coloured by which runs were correct.
func scatterPlot(a, b Set) string {
	byTask := map[string]campaign.Record{}
	for _, r := range a.Results.Runs {
		byTask[r.Task] = r
	}
	type point struct {
		x, y  float64
		class string
		task  string
	}
	var pts []point
	hi := minTime
	for _, rb := range b.Results.Runs {
		ra, ok := byTask[rb.Task]
		if !ok {
			continue
		}
		class := "neither"
		switch {
		case ra.Result == "correct" && rb.Result == "correct":
			class = "both"
		case ra.Result == "correct":
			class = "onlyx"
		case rb.Result == "correct":
			class = "onlyy"
		}
		if ra.Result == "wrong" || rb.Result == "wrong" {
			class = "wrong"
		}
		pts = append(pts, point{math.Max(ra.CPUS, minTime), math.Max(rb.CPUS, minTime), class, rb.Task})
		hi = math.Max(hi, math.Max(ra.CPUS, rb.CPUS))
	}
	side := plotH - top - bot
	x := newLogAxis(minTime, hi, left, float64(left+side))
	y := newLogAxis(minTime, hi, plotH-bot, top)
	var s strings.Builder
	w := left + side + 200
	fmt.Fprintf(&s, `<svg class="plot" id="scatter" xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-label="scatter plot">`, w, plotH, w, plotH)
	fmt.Fprintf(&s, `<rect class="area" x="%d" y="%d" width="%d" height="%d"/>`, left, top, side, side)
	for _, v := range x.decades() {
		fmt.Fprintf(&s, `<line class="grid" x1="%.1f" x2="%.1f" y1="%d" y2="%d"/><text class="tick" x="%.1f" y="%d" text-anchor="middle">%s</text>`, x.at(v), x.at(v), top, plotH-bot, x.at(v), plotH-bot+16, secs(v))
		fmt.Fprintf(&s, `<line class="grid" x1="%d" x2="%d" y1="%.1f" y2="%.1f"/><text class="tick" x="%d" y="%.1f" text-anchor="end">%s</text>`, left, left+side, y.at(v), y.at(v), left-6, y.at(v)+4, secs(v))
	}
	fmt.Fprintf(&s, `<line class="diag" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f"/>`, x.at(x.lo), y.at(y.lo), x.at(x.hi), y.at(y.hi))
	fmt.Fprintf(&s, `<text class="label" x="%d" y="%d" text-anchor="middle">CPU time, %s</text>`, left+side/2, plotH-12, template.HTMLEscapeString(a.Name))
	fmt.Fprintf(&s, `<text class="label" transform="translate(16 %d) rotate(-90)" text-anchor="middle">CPU time, %s</text>`, (top+plotH-bot)/2, template.HTMLEscapeString(b.Name))
	counts := map[string]int{}
	for _, p := range pts {
		counts[p.class]++
		fmt.Fprintf(&s, `<circle class="pt %s" cx="%.1f" cy="%.1f" r="3.5"><title>%s: %.2f s / %.2f s</title></circle>`, p.class, x.at(p.x), y.at(p.y), template.HTMLEscapeString(p.task), p.x, p.y)
	}
	for i, l := range []struct{ class, text string }{
		{"both", "both correct"}, {"onlyx", "only " + a.Name + " correct"}, {"onlyy", "only " + b.Name + " correct"},
		{"neither", "neither correct"}, {"wrong", "a wrong result"},
	} {
		fmt.Fprintf(&s, `<circle class="pt %s" cx="%d" cy="%d" r="5"/><text class="legend" x="%d" y="%d">%s (%d)</text>`,
			l.class, left+side+20, top+10+20*i, left+side+30, top+14+20*i, template.HTMLEscapeString(l.text), counts[l.class])
	}
	s.WriteString(`</svg>`)
	return s.String()
}

var page = template.Must(template.New("report").Funcs(template.FuncMap{
	"mb": func(b uint64) string { return fmt.Sprintf("%.0f", float64(b)/(1<<20)) },
}).Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>{{.Title}}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 1.5em; color: #222; }
h1 { font-size: 1.4em; } h2 { font-size: 1.15em; margin-top: 1.6em; }
table { border-collapse: collapse; font-size: 0.85em; }
th, td { border: 1px solid #ccc; padding: 2px 6px; text-align: right; }
td.task, td.cat, th.task { text-align: left; }
th { background: #eee; }
table.sortable th { cursor: pointer; user-select: none; }
table.sortable th:hover { background: #ddd; }
tr.all td { font-weight: bold; }
td.correct { background: #d8f0d8; } td.wrong { background: #f4b4b4; font-weight: bold; }
td.unknown { background: #f7f0c8; } td.error { background: #f2d9c4; } td.absent { color: #999; }
svg.plot { font-size: 11px; margin: 0.5em 1em 0.5em 0; vertical-align: top; }
svg .area { fill: #fafafa; stroke: #888; } svg .grid { stroke: #ddd; }
svg .tick { fill: #444; } svg .label { fill: #222; font-size: 12px; } svg .legend { fill: #222; font-size: 12px; }
svg .diag { stroke: #888; stroke-dasharray: 4 3; }
svg .pt.both { fill: #009e73; } svg .pt.onlyx { fill: #0072b2; } svg .pt.onlyy { fill: #d55e00; }
svg .pt.neither { fill: #aaa; } svg .pt.wrong { fill: #e00; stroke: #000; }
.meta { color: #555; font-size: 0.9em; }
</style></head><body>
<h1>{{.Title}}</h1>
{{range .Sets}}<p class="meta"><b>{{.Name}}</b>: {{.Results.Tool}} {{.Results.Version}}, {{len .Results.Runs}} tasks, --timeout {{.Results.TimeoutS}} s, --memory-limit {{mb .Results.MemoryLimit}} MB, -j {{.Results.Jobs}}, started {{.Results.Start.Format "2006-01-02 15:04:05"}}{{if .Results.Options}}, options {{range .Results.Options}}{{.}} {{end}}{{end}}</p>
{{end}}
<h2>Summary</h2>
<table id="summary"><tr><th>result set</th><th class="task">category</th><th>tasks</th><th>correct TRUE</th><th>correct FALSE</th><th>wrong</th><th>unknown</th><th>timeout / error</th><th>CPU s (correct)</th></tr>
{{range .Summary}}<tr{{if eq .Category "all"}} class="all"{{end}}><td class="task">{{.Set}}</td><td class="cat">{{.Category}}</td><td>{{.Tasks}}</td><td>{{.CorrectTrue}}</td><td>{{.CorrectFals}}</td><td{{if .Wrong}} class="wrong"{{end}}>{{.Wrong}}</td><td>{{.Unknown}}</td><td>{{.Errors}}</td><td>{{printf "%.1f" .CPUCorrect}}</td></tr>
{{end}}</table>
<h2>Plots</h2>
<div>{{.Quantile}}{{.Scatter}}</div>
<h2>Tasks</h2>
<p class="meta">Click a column's header to sort by it. Times in seconds, memory in MB (peak resident).{{if .Prefix}} Tasks are under {{.Prefix}}.{{end}}</p>
<table id="tasks" class="sortable"><thead><tr><th class="task">task</th><th class="task">category</th><th>expected</th>{{range .Sets}}<th>{{.Name}} status</th><th>CPU s</th><th>wall s</th><th>memory MB</th>{{end}}</tr></thead><tbody>
{{range .Rows}}<tr><td class="task">{{.Task}}</td><td class="cat">{{.Category}}</td><td>{{.Expected}}</td>{{range .Cells}}<td class="{{.Result}}" title="{{.Title}}">{{.Status}}</td><td>{{.CPU}}</td><td>{{.Wall}}</td><td>{{.Mem}}</td>{{end}}</tr>
{{end}}</tbody></table>
<script>
// Sort the task table by the clicked column: numbers numerically, the
// rest as text; a second click reverses.
document.querySelectorAll("table.sortable th").forEach(function (th, col) {
  th.addEventListener("click", function () {
    var body = th.closest("table").tBodies[0], rows = Array.from(body.rows);
    var dir = th.dataset.dir === "asc" ? -1 : 1;
    th.closest("tr").querySelectorAll("th").forEach(function (h) { delete h.dataset.dir; });
    th.dataset.dir = dir === 1 ? "asc" : "desc";
    rows.sort(function (a, b) {
      var x = a.cells[col].textContent, y = b.cells[col].textContent, nx = parseFloat(x), ny = parseFloat(y);
      if (!isNaN(nx) && !isNaN(ny)) return dir * (nx - ny);
      return dir * x.localeCompare(y);
    });
    rows.forEach(function (r) { body.appendChild(r); });
  });
});
</script>
</body></html>
`))
