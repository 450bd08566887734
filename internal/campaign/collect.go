// This file collects the tasks of a batch from what a user names on the
// command line: program files, SV-COMP task definitions (.yml),
// directories, glob patterns, manifests (manifest.tsv) and SV-COMP set
// files (.set: one glob pattern per line, relative to the set file).

package campaign

import (
	"bufio"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/numpred/numpred/frontend"
)

// programExts are the files numpred analyses.
var programExts = map[string]bool{".c": true, ".i": true, ".lp": true}

// Collect returns the tasks named by args, in order, each once. A
// directory stands for every task definition under it and every program
// no task definition names; a program with a task definition beside it
// (same base name, .yml) gets that definition's expected verdict and
// category. A task's Category is the manifest's, else the name of its
// directory.
func Collect(args []string) ([]Task, error) {
	var out []Task
	seen := map[string]bool{}
	add := func(ts ...Task) {
		for _, t := range ts {
			key := filepath.Clean(t.File)
			if !seen[key] {
				seen[key] = true
				out = append(out, t)
			}
		}
	}
	for _, arg := range args {
		ts, err := collectArg(arg)
		if err != nil {
			return nil, err
		}
		add(ts...)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no tasks in %s", strings.Join(args, " "))
	}
	return out, nil
}

func collectArg(arg string) ([]Task, error) {
	if strings.ContainsAny(arg, "*?[") {
		matches, err := filepath.Glob(arg)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", arg, err)
		}
		if len(matches) == 0 {
			return nil, fmt.Errorf("%s: no file matches", arg)
		}
		var out []Task
		for _, m := range matches {
			ts, err := collectPath(m, false)
			if err != nil {
				return nil, err
			}
			out = append(out, ts...)
		}
		return out, nil
	}
	return collectPath(arg, true)
}

// collectPath collects the tasks of one existing path; strict says that
// a file of an unknown kind is an error rather than skipped.
func collectPath(path string, strict bool) ([]Task, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return collectDir(path)
	}
	base := filepath.Base(path)
	switch ext := strings.ToLower(filepath.Ext(path)); {
	case base == "manifest.tsv" || ext == ".tsv":
		return ManifestTasks(path)
	case ext == ".set":
		return SetTasks(path)
	case frontend.IsTaskFile(path):
		t, err := ymlTask(path)
		if err != nil {
			return nil, err
		}
		return []Task{t}, nil
	case programExts[ext]:
		return []Task{programTask(path)}, nil
	}
	if strict {
		return nil, fmt.Errorf("%s: unknown file kind (want a program .c .i .lp, a task .yml, a directory, a manifest.tsv or a .set)", path)
	}
	return nil, nil
}

// collectDir collects every task definition under dir and every program
// no task definition names, in lexical order.
func collectDir(dir string) ([]Task, error) {
	var ymls, progs []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		ext := strings.ToLower(filepath.Ext(p))
		switch {
		case frontend.IsTaskFile(p):
			ymls = append(ymls, p)
		case programExts[ext]:
			progs = append(progs, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	var out []Task
	named := map[string]bool{}
	for _, y := range ymls {
		t, err := ymlTask(y)
		if err != nil {
			// Not every .yml in a tree is a task definition.
			continue
		}
		out = append(out, t)
		if task, err := frontend.ReadTask(y); err == nil {
			for _, f := range task.InputFiles {
				named[filepath.Clean(f)] = true
			}
		}
	}
	for _, p := range progs {
		if !named[filepath.Clean(p)] {
			out = append(out, programTask(p))
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].File < out[j].File })
	return out, nil
}

// ymlTask is the task defined by the .yml at path: numpred is given the
// .yml itself (it reads the data model and input file from it).
func ymlTask(path string) (Task, error) {
	t, err := frontend.ReadTask(path)
	if err != nil {
		return Task{}, err
	}
	tk := Task{File: path, Category: filepath.Base(filepath.Dir(path))}
	if p, ok := t.Unreach(); ok {
		tk.Expect, tk.PropertyFile = p.Expected, p.File
	}
	return tk, nil
}

// programTask is the program at path, with the expected verdict of the
// task definition beside it when there is one that names it.
func programTask(path string) Task {
	tk := Task{File: path, Category: filepath.Base(filepath.Dir(path))}
	yml := strings.TrimSuffix(path, filepath.Ext(path)) + ".yml"
	if t, err := frontend.ReadTask(yml); err == nil {
		for _, f := range t.InputFiles {
			if filepath.Clean(f) == filepath.Clean(path) {
				if p, ok := t.Unreach(); ok {
					tk.Expect, tk.PropertyFile = p.Expected, p.File
				}
			}
		}
	}
	return tk
}

// ManifestTasks reads a manifest (file, category, expected verdict;
// tab-separated, a header line) and returns its tasks: the task
// definition beside each file when there is one, else the file.
func ManifestTasks(path string) ([]Task, error) {
	dir := filepath.Dir(path)
	ts, err := Manifest(dir, filepath.Base(dir))
	if err != nil {
		return nil, err
	}
	for i, t := range ts {
		yml := strings.TrimSuffix(t.File, filepath.Ext(t.File)) + ".yml"
		if yt, err := ymlTask(yml); err == nil {
			ts[i].File, ts[i].PropertyFile = yml, yt.PropertyFile
		}
	}
	return ts, nil
}

// SetTasks reads an SV-COMP set file: one glob pattern per line (relative
// to the set file's directory), '#' comments; each pattern matches task
// definitions (or programs).
func SetTasks(path string) ([]Task, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	dir := filepath.Dir(path)
	var out []Task
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		pat := strings.TrimSpace(sc.Text())
		if i := strings.Index(pat, "#"); i >= 0 {
			pat = strings.TrimSpace(pat[:i])
		}
		if pat == "" {
			continue
		}
		matches, err := filepath.Glob(filepath.Join(dir, pat))
		if err != nil {
			return nil, fmt.Errorf("%s:%d:1: %v", path, line, err)
		}
		if len(matches) == 0 {
			return nil, fmt.Errorf("%s:%d:1: %q matches no file", path, line, pat)
		}
		for _, m := range matches {
			ts, err := collectPath(m, false)
			if err != nil {
				return nil, fmt.Errorf("%s:%d:1: %v", path, line, err)
			}
			out = append(out, ts...)
		}
	}
	return out, sc.Err()
}
