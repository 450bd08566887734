package report

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/numpred/numpred/internal/campaign"
)

func results(name string, recs ...campaign.Record) *campaign.Results {
	return &campaign.Results{Name: name, Tool: "numpred", Version: "t", Start: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), TimeoutS: 60, Jobs: 2, Runs: recs}
}

func rec(task, cat, expect, verdict, result string, cpu float64) campaign.Record {
	status := map[string]string{"TRUE": "true", "FALSE": "false(unreach-call)", "UNKNOWN": "unknown", "": "TIMEOUT"}[verdict]
	return campaign.Record{Task: task, Category: cat, Expected: expect, Verdict: verdict, Status: status, Result: result, CPUS: cpu, WallS: cpu + 0.1, PeakRSS: 30 << 20}
}

func TestWrite(t *testing.T) {
	a := results("A",
		rec("loops/a.yml", "loops", "TRUE", "TRUE", "correct", 0.5),
		rec("loops/b.yml", "loops", "FALSE", "FALSE", "correct", 2),
		rec("locks/c.yml", "locks", "TRUE", "UNKNOWN", "unknown", 1),
		rec("locks/<d>.yml", "locks", "TRUE", "", "error", 60),
	)
	b := results("B",
		rec("loops/a.yml", "loops", "TRUE", "TRUE", "correct", 5),
		rec("loops/b.yml", "loops", "FALSE", "TRUE", "wrong", 1),
		rec("locks/c.yml", "locks", "TRUE", "TRUE", "correct", 0.001),
	)
	var buf bytes.Buffer
	require.NoError(t, Write(&buf, []Set{{"A", a}, {"B", b}}))
	html := buf.String()

	// Self-contained: no external resource of any kind.
	require.NotRegexp(t, `(src|href)=`, html)
	require.NotContains(t, html, "@import")
	require.NotContains(t, html, "url(")

	// The summary: one line per category and set, and the totals.
	require.Regexp(t, `<td class="task">A</td><td class="cat">loops</td><td>2</td><td>1</td><td>1</td><td>0</td><td>0</td><td>0</td><td>2.5</td>`, html)
	require.Regexp(t, `<tr class="all"><td class="task">A</td><td class="cat">all</td><td>4</td><td>1</td><td>1</td><td>0</td><td>1</td><td>1</td><td>2.5</td>`, html)
	require.Regexp(t, `<tr class="all"><td class="task">B</td><td class="cat">all</td><td>3</td><td>2</td><td>0</td><td class="wrong">1</td>`, html)

	// The quantile plot: one line per set through its correct results,
	// sorted by CPU time (A: 0.5 s then 2 s, rising; B: 0.01 then 5 s).
	q := regexp.MustCompile(`<svg class="plot" id="quantile".*?</svg>`).FindString(html)
	require.NotEmpty(t, q)
	lines := regexp.MustCompile(`<polyline class="series" fill="none" stroke="([^"]+)" stroke-width="2" points="([^"]+)"/>`).FindAllStringSubmatch(q, -1)
	require.Len(t, lines, 2)
	require.NotEqual(t, lines[0][1], lines[1][1], "each set its own colour")
	for _, l := range lines {
		pts := strings.Fields(l[2])
		require.Len(t, pts, 2, "two correct results per set")
		var x0, y0, x1, y1 float64
		parse(t, pts[0], &x0, &y0)
		parse(t, pts[1], &x1, &y1)
		require.Less(t, x0, x1)
		require.Greater(t, y0, y1, "the slower result is higher (smaller y)")
	}
	require.Contains(t, q, "A (2 correct)")
	// The SVG is well-formed XML.
	require.NoError(t, xml.Unmarshal([]byte(q), new(struct{})))

	// The scatter plot: the three tasks both ran, classed by correctness.
	s := regexp.MustCompile(`<svg class="plot" id="scatter".*?</svg>`).FindString(html)
	require.NotEmpty(t, s)
	require.NoError(t, xml.Unmarshal([]byte(s), new(struct{})))
	require.Equal(t, 1, strings.Count(s, `<circle class="pt both" cx`)-1, "a.yml (one more circle is the legend's)")
	require.Contains(t, s, `<circle class="pt wrong"`)
	require.Contains(t, s, `<title>locks/c.yml: 1.00 s / 0.01 s</title>`)
	require.Contains(t, s, "only B correct (1)")
	require.NotContains(t, s, "&lt;d&gt;", "a task only A ran is not in the scatter plot")

	// The task table: one row per task, a task B did not run marked absent,
	// names escaped, and the sorting script.
	tasks := regexp.MustCompile(`(?s)<table id="tasks".*?</table>`).FindString(html)
	require.Equal(t, 4, strings.Count(tasks, `<tr><td class="task">`))
	require.Contains(t, html, `<td class="task">locks/&lt;d&gt;.yml</td>`)
	require.Regexp(t, `locks/&lt;d&gt;.yml</td>.*<td class="error" title="">TIMEOUT</td>.*<td class="absent" title="">-</td>`, html)
	require.Contains(t, html, `<td class="wrong" title="">true</td>`)
	require.Contains(t, html, `querySelectorAll("table.sortable th")`)
}

func parse(t *testing.T, p string, x, y *float64) {
	t.Helper()
	_, err := fmtSscanf(p, x, y)
	require.NoError(t, err)
}

func TestWriteOneSet(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, Write(&buf, []Set{{"A", results("A", rec("a.c", "x", "", "TRUE", "missing", 1))}}))
	require.Contains(t, buf.String(), `id="quantile"`)
	require.NotContains(t, buf.String(), `id="scatter"`)
	require.Contains(t, buf.String(), "A (0 correct)")
	require.Error(t, Write(&buf, nil))
}

func fmtSscanf(p string, x, y *float64) (int, error) { return fmt.Sscanf(p, "%g,%g", x, y) }

func TestCommonDir(t *testing.T) {
	set := func(tasks ...string) []Set {
		var recs []campaign.Record
		for _, x := range tasks {
			recs = append(recs, campaign.Record{Task: x})
		}
		return []Set{{"A", results("A", recs...)}}
	}
	require.Equal(t, "/w/s/", commonDir(set("/w/s/a/x.yml", "/w/s/b/y.yml", "/w/s/a/z.yml")))
	require.Equal(t, "/w/s/a/", commonDir(set("/w/s/a/x.yml", "/w/s/a/y.yml")))
	require.Equal(t, "", commonDir(set("a/x.yml", "b/y.yml")))
	require.Equal(t, "", commonDir(set("x.yml", "/w/y.yml")))
	require.Equal(t, "/", commonDir(set("/x/a.c", "/y/b.c")))
}
