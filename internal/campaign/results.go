// This file turns runs into results the way BenchExec scores them (a
// status such as "true", "false(unreach-call)", "TIMEOUT", and a category
// correct / wrong / unknown / error / missing) and writes a batch's
// results as JSON (the input of `numpred report`), CSV and BenchExec's
// result XML (the input of BenchExec's table-generator).

package campaign

import (
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Status is the run's result as BenchExec names it: "true",
// "false(unreach-call)", "unknown", "TIMEOUT", "OUT OF MEMORY", or
// "ERROR (what)" when the run printed no verdict.
func (r Run) Status() string {
	switch r.Verdict {
	case "TRUE":
		return "true"
	case "FALSE":
		return "false(unreach-call)"
	case "UNKNOWN":
		switch {
		case strings.HasPrefix(r.Reason, "timeout"):
			return "TIMEOUT"
		case strings.HasPrefix(r.Reason, "memory"):
			return "OUT OF MEMORY"
		}
		return "unknown"
	}
	switch {
	case r.Killed:
		return "TIMEOUT"
	case r.ExitStatus == 1:
		return "ERROR (usage)"
	case r.ExitStatus == 2:
		return "ERROR (input)"
	case r.ExitStatus == 3:
		return "ERROR (internal)"
	case r.ExitStatus < 0:
		return "ERROR (killed)"
	}
	return fmt.Sprintf("ERROR (exit %d)", r.ExitStatus)
}

// Category is BenchExec's category of the run: "correct" or "wrong" for a
// TRUE or FALSE against the expected verdict, "unknown" for UNKNOWN,
// "error" for a timeout, memory-out or error, "missing" when the task
// expects nothing.
func (r Run) Category() string {
	switch st := r.Status(); {
	case r.Expect == "":
		return "missing"
	case st == "true" || st == "false(unreach-call)":
		if r.Correct() {
			return "correct"
		}
		return "wrong"
	case st == "unknown":
		return "unknown"
	}
	return "error"
}

// Results is a batch: how it was run and its runs, in task order.
type Results struct {
	Name        string    `json:"name"` // the batch's name (BenchExec's benchmark name)
	Tool        string    `json:"tool"`
	Version     string    `json:"version"`
	Start       time.Time `json:"start"`
	End         time.Time `json:"end"`
	TimeoutS    float64   `json:"timeout_s"`
	MemoryLimit uint64    `json:"memory_limit_bytes"` // per run
	Jobs        int       `json:"jobs"`
	Options     []string  `json:"options,omitempty"` // more flags of analyze
	Runs        []Record  `json:"runs"`
}

// Record is one run in the results file.
type Record struct {
	Task         string  `json:"task"` // what numpred was given
	PropertyFile string  `json:"property_file,omitempty"`
	Category     string  `json:"category"`
	Expected     string  `json:"expected,omitempty"`
	Verdict      string  `json:"verdict,omitempty"`
	Status       string  `json:"status"` // BenchExec's (Run.Status)
	Result       string  `json:"result"` // BenchExec's category (Run.Category)
	Reason       string  `json:"reason,omitempty"`
	Engine       string  `json:"engine,omitempty"`
	WallS        float64 `json:"wall_s"`
	CPUS         float64 `json:"cpu_s"`
	PeakRSS      uint64  `json:"peak_rss_bytes"`
	ExitStatus   int     `json:"exit_status"`
	Stderr       string  `json:"stderr,omitempty"`
	// Witness is the witness file the run wrote (bench --witness-dir).
	Witness string `json:"witness,omitempty"`
}

// Record is the run as stored in the results file.
func (r Run) Record() Record {
	return Record{
		Task: r.File, PropertyFile: r.PropertyFile, Category: r.Task.Category, Expected: r.Expect, Verdict: r.Verdict,
		Status: r.Status(), Result: r.Category(), Reason: r.Reason, Engine: r.Engine,
		WallS: r.Wall.Seconds(), CPUS: r.CPU.Seconds(), PeakRSS: r.PeakRSS, ExitStatus: r.ExitStatus, Stderr: r.Stderr,
		Witness: r.writtenWitness(),
	}
}

func (r Run) writtenWitness() string {
	if r.WitnessWritten {
		return r.Witness
	}
	return ""
}

// WriteJSON writes the results as one indented JSON document.
func (res *Results) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	enc.SetEscapeHTML(false)
	return enc.Encode(res)
}

// ReadResults reads a results file written by WriteJSON.
func ReadResults(path string) (*Results, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var res Results
	if err := json.Unmarshal(data, &res); err != nil {
		if se, ok := err.(*json.SyntaxError); ok {
			line, col := lineCol(data, se.Offset)
			return nil, fmt.Errorf("%s:%d:%d: %v", path, line, col, err)
		}
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if res.Runs == nil {
		return nil, fmt.Errorf("%s: no runs (not a results file of numpred bench?)", path)
	}
	return &res, nil
}

func lineCol(data []byte, off int64) (int, int) {
	line, col := 1, 1
	for i := int64(0); i < off && i < int64(len(data)); i++ {
		if data[i] == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}

// WriteCSV writes one line per run, with a header.
func (res *Results) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"task", "category", "expected", "verdict", "status", "result", "wall_s", "cpu_s", "peak_rss_bytes", "engine", "exit_status", "reason"})
	for _, r := range res.Runs {
		cw.Write([]string{r.Task, r.Category, r.Expected, r.Verdict, r.Status, r.Result,
			strconv.FormatFloat(r.WallS, 'f', 3, 64), strconv.FormatFloat(r.CPUS, 'f', 3, 64),
			strconv.FormatUint(r.PeakRSS, 10), r.Engine, strconv.Itoa(r.ExitStatus), oneLine(r.Reason+r.Stderr, 500)})
	}
	cw.Flush()
	return cw.Error()
}

// The elements of BenchExec's result XML (result-4.0.dtd) that
// table-generator reads.
type xmlResult struct {
	XMLName       xml.Name    `xml:"result"`
	BenchmarkName string      `xml:"benchmarkname,attr"`
	Name          string      `xml:"name,attr"`
	Date          string      `xml:"date,attr"`
	StartTime     string      `xml:"starttime,attr"`
	EndTime       string      `xml:"endtime,attr"`
	Generator     string      `xml:"generator,attr"`
	Tool          string      `xml:"tool,attr"`
	ToolModule    string      `xml:"toolmodule,attr"`
	Version       string      `xml:"version,attr"`
	Options       string      `xml:"options,attr"`
	TimeLimit     string      `xml:"timelimit,attr"`
	MemLimit      string      `xml:"memlimit,attr"`
	CPUCores      string      `xml:"cpuCores,attr,omitempty"`
	Columns       []xmlColumn `xml:"columns>column"`
	Runs          []xmlRun    `xml:"run"`
}

type xmlRun struct {
	Name            string      `xml:"name,attr"`
	Files           string      `xml:"files,attr"`
	Properties      string      `xml:"properties,attr"`
	PropertyFile    string      `xml:"propertyFile,attr,omitempty"`
	ExpectedVerdict string      `xml:"expectedVerdict,attr,omitempty"`
	Columns         []xmlColumn `xml:"column"`
}

type xmlColumn struct {
	Title  string `xml:"title,attr"`
	Value  string `xml:"value,attr,omitempty"`
	Hidden string `xml:"hidden,attr,omitempty"`
}

// WriteXML writes the results as BenchExec's result XML, so that
// BenchExec's table-generator makes its HTML tables and plots of them.
// Paths (tasks, property files) are written relative to dir, the XML
// file's directory, as table-generator reads them.
func (res *Results) WriteXML(w io.Writer, dir string) error {
	rel := func(path string) string {
		abs, err := filepath.Abs(path)
		if err != nil {
			return path
		}
		absDir, err := filepath.Abs(dir)
		if err != nil {
			return abs
		}
		if r, err := filepath.Rel(absDir, abs); err == nil {
			return filepath.ToSlash(r)
		}
		return abs
	}
	x := xmlResult{
		BenchmarkName: res.Name, Name: res.Name,
		Date:      res.Start.Format("2006-01-02 15:04:05 MST"),
		StartTime: res.Start.Format(time.RFC3339Nano), EndTime: res.End.Format(time.RFC3339Nano),
		Generator: "numpred bench", Tool: "numpred", ToolModule: "benchexec.tools.numpred", Version: res.Version,
		Options:   strings.Join(res.Options, " "),
		TimeLimit: strconv.FormatFloat(res.TimeoutS, 'f', -1, 64) + "s",
		MemLimit:  strconv.FormatUint(res.MemoryLimit, 10) + "B",
		Columns:   []xmlColumn{{Title: "status"}, {Title: "cputime"}, {Title: "walltime"}, {Title: "memory"}},
	}
	if res.Jobs > 0 {
		x.CPUCores = strconv.Itoa(res.Jobs)
	}
	for _, r := range res.Runs {
		name := rel(r.Task)
		run := xmlRun{Name: name, Files: "[" + name + "]", Properties: "unreach-call"}
		if r.PropertyFile != "" {
			run.PropertyFile = rel(r.PropertyFile)
		}
		if r.Expected != "" {
			run.ExpectedVerdict = strings.ToLower(r.Expected)
		}
		run.Columns = []xmlColumn{
			{Title: "status", Value: r.Status},
			{Title: "category", Value: r.Result, Hidden: "true"},
			{Title: "cputime", Value: strconv.FormatFloat(r.CPUS, 'f', 6, 64) + "s"},
			{Title: "walltime", Value: strconv.FormatFloat(r.WallS, 'f', 6, 64) + "s"},
			{Title: "memory", Value: strconv.FormatUint(r.PeakRSS, 10) + "B"},
			{Title: "returnvalue", Value: strconv.Itoa(r.ExitStatus), Hidden: "true"},
		}
		x.Runs = append(x.Runs, run)
	}
	if _, err := io.WriteString(w, xml.Header+`<!DOCTYPE result PUBLIC "+//IDN sosy-lab.org//DTD BenchExec result 4.0//EN" "https://www.sosy-lab.org/benchexec/result-4.0.dtd">`+"\n"); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(x); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// WriteFiles writes the results to base.json, base.csv and
// base.results.xml (creating base's directory) and returns the three
// paths. (table-generator writes its tables beside the XML, as
// base.results.html and base.results.csv.)
func (res *Results) WriteFiles(base string) ([]string, error) {
	if err := os.MkdirAll(filepath.Dir(base), 0o755); err != nil {
		return nil, err
	}
	var paths []string
	for _, w := range []struct {
		ext   string
		write func(io.Writer) error
	}{
		{".json", res.WriteJSON},
		{".csv", res.WriteCSV},
		{".results.xml", func(w io.Writer) error { return res.WriteXML(w, filepath.Dir(base)) }},
	} {
		path := base + w.ext
		f, err := os.Create(path)
		if err != nil {
			return paths, err
		}
		err = w.write(f)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return paths, fmt.Errorf("%s: %v", path, err)
		}
		paths = append(paths, path)
	}
	return paths, nil
}
