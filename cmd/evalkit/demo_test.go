package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDemo runs a small demo (3 folds, 5 rounds) and checks its sections,
// and that the JSON is the same for one and two workers.
func TestDemo(t *testing.T) {
	var outs []string
	for _, w := range []string{"1", "2"} {
		var stdout, stderr bytes.Buffer
		if err := run([]string{"demo", "--format", "json", "--folds", "3", "--rounds", "5", "--workers", w}, nil, &stdout, &stderr); err != nil {
			t.Fatalf("%v\n%s", err, stderr.String())
		}
		if stderr.Len() != 0 {
			t.Errorf("stderr (not a terminal) should be quiet: %q", stderr.String())
		}
		outs = append(outs, stdout.String())
	}
	if outs[0] != outs[1] {
		t.Error("demo output differs between 1 and 2 workers")
	}
	var doc map[string]any
	if err := json.Unmarshal([]byte(outs[0]), &doc); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"datasets", "classification", "regression", "scores", "tests", "learning_curves", "bias_variance", "bootstrap"} {
		if _, ok := doc[key]; !ok {
			t.Errorf("no %q in the demo's JSON", key)
		}
	}
	var text, stderr bytes.Buffer
	if err := run([]string{"demo", "--format", "text", "--folds", "3", "--rounds", "5"}, nil, &text, &stderr); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"breast_cancer", "Bias–variance", "Learning curves", ".632+", "McNemar", "5×2cv", "Friedman", "DeLong"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("text report lacks %q", want)
		}
	}
	dir := t.TempDir()
	if err := run([]string{"demo", "--format", "json", "--folds", "2", "--rounds", "2", "--plot", dir}, nil, &text, &stderr); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"learning_curves.svg", "cd_diagram.svg"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	if err := run([]string{"demo", "extra"}, nil, &text, &stderr); err == nil {
		t.Error("demo accepted a file argument")
	}
}
