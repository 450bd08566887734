package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/numpred/numpred/internal/campaign"
)

func TestReportCommand(t *testing.T) {
	dir := t.TempDir()
	res := &campaign.Results{Name: "base", Tool: "numpred", Start: time.Now(), TimeoutS: 10, Runs: []campaign.Record{
		{Task: "a.yml", Category: "c", Expected: "TRUE", Verdict: "TRUE", Status: "true", Result: "correct", CPUS: 0.4},
	}}
	if _, err := res.WriteFiles(filepath.Join(dir, "a")); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if status := run([]string{"report", filepath.Join(dir, "a.json"), filepath.Join(dir, "a.json")}, &stdout, &stderr); status != exitOK {
		t.Fatalf("exit %d: %s", status, stderr.String())
	}
	html, err := os.ReadFile(filepath.Join(dir, "a.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`id="quantile"`, `id="scatter"`, "base (2) status", "CPU time, base"} {
		if !strings.Contains(string(html), want) {
			t.Errorf("report lacks %q", want)
		}
	}
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte("{\n  \"runs\": [1,\n"), 0o644)
	for _, c := range []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{"report"}, exitUsage, "no results files"},
		{[]string{"report", "--names", "x,y", filepath.Join(dir, "a.json")}, exitUsage, "2 names for 1 results files"},
		{[]string{"report", bad}, exitInput, "bad.json:"},
		{[]string{"report", filepath.Join(dir, "none.json")}, exitInput, "none.json"},
	} {
		stderr.Reset()
		if status := run(c.args, &stdout, &stderr); status != c.status || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%v: exit %d, %q; want %d, %q", c.args, status, stderr.String(), c.status, c.want)
		}
	}
}
