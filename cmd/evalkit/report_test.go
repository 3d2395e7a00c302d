package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A report of bad data fails with the task's positioned error and leaves
// no file (not even a temporary one) behind; bad usage exits 2.
func TestReportBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.csv")
	os.WriteFile(bad, []byte("y_true,y_score\n1,0.5\n0,abc\n"), 0o644)
	out := filepath.Join(dir, "out.html")
	for _, c := range []struct {
		args []string
		want string
		code int
	}{
		{[]string{"report", "-o", out, "--score", "y_score", bad}, `bad.csv:3: column "y_score"`, 1},
		{[]string{"report", "-o", out, "--task", "regress", "--true", "y_true", "--pred", "y_score", bad}, `bad.csv:3: column "y_score"`, 1},
		{[]string{"report", "-o", out, "--task", "cluster", "--true", "y_true", "--pred", "nope", bad}, `nope`, 1},
		{[]string{"report", "-o", out, filepath.Join(dir, "missing.csv")}, "missing.csv", 1},
		{[]string{"report", "-o", out, "--task", "nope", bad}, `unknown --task "nope"`, 2},
		{[]string{"report", "-o", out, "--nope", bad}, "nope", 2},
		{[]string{"report", "-o", out, "--score", "y_score", "--conf", "2", bad}, "--level", 2},
		{[]string{"report", "-o", out, "--score", "y_score", "--level", "2", bad}, "--level", 2},
		// The page refuses what evalkit rank refuses (one check serves both).
		{[]string{"report", "-o", out, "--task", "rank", "--score", "y_score", "--adjust", "holm", bad}, "rank: --adjust needs several models", 2},
		{[]string{"report", "-o", out, "--task", "rank", "--classes", "a,b,c", "--score", "y_score", "--ci", bad}, "rank: --ci is not offered for one score column with --classes", 2},
		{[]string{"report", "-o", out, "--task", "regress", "--true", "y_true", "--pred", "y_score", "--compare", "mae", bad}, "regress: --compare needs several models", 2},
		{[]string{"report", "-o", out, "--task", "cluster", "--true", "y_true", "--pred", "y_score", "--primary", "v_measure", bad}, "cluster: --primary needs several models", 2},
	} {
		var stdout, stderr bytes.Buffer
		err := run(c.args, strings.NewReader(""), &stdout, &stderr)
		code := exitCode(err, &stderr)
		if code != c.code || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%q: exit %d, stderr %q; want exit %d and %q", c.args, code, stderr.String(), c.code, c.want)
		}
		if stdout.Len() > 0 {
			t.Errorf("%q: wrote to stdout: %q", c.args, stdout.String())
		}
		ents, _ := os.ReadDir(dir)
		for _, e := range ents {
			if e.Name() != "bad.csv" {
				t.Errorf("%q left %s behind", c.args, e.Name())
			}
		}
	}
}

// The task is inferred from the flags: the first task that has them all.
func TestReportTask(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"x.csv"}, "classify"},
		{[]string{"--pred", "p", "x.csv"}, "classify"},
		{[]string{"--score", "s", "x.csv"}, "rank"},
		{[]string{"--max-fpr=0.1", "x.csv"}, "rank"},
		{[]string{"--features", "a,b"}, "cluster"},
		{[]string{"--mape-epsilon", "1e-9"}, "regress"},
		{[]string{"--task", "regress", "--pred", "p"}, "regress"},
		{[]string{"--task=rank"}, "rank"},
	} {
		got, err := reportTask(c.args)
		if err != nil || got != c.want {
			t.Errorf("reportTask(%q) = %q, %v; want %q", c.args, got, err, c.want)
		}
	}
}

// A report charges the same --memory budget as its task: past it, the
// budget's error, exit 1, and no page (nor a temporary file) written. (A
// rank report's score table spills past --memory, as rank's does, tested
// in rank_spill_test.go; its distinct scores must still fit.)
func TestReportMemory(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.html")
	td := func(name string) string { return filepath.Join("testdata", "cli", name) }
	for _, c := range []struct {
		args []string
		want string // "" for success
	}{
		{[]string{"--true", "y_true", "--pred", "y_pred", "--memory", "64B", td("pets.csv")}, "the classify state"},
		{[]string{"--task", "regress", "--memory", "32B", td("sales.csv")}, "--bounded-memory"},
		{[]string{"--task", "cluster", "--memory", "200B", td("small.csv")}, "past the memory budget of 200 B"},
		{[]string{"--task", "bleu", "--hyp", td("hyp.txt"), "--ref", td("ref.txt"), "--memory", "200B"}, "the bleu state"},
		{[]string{"--task", "friedman", "--memory", "64B", td("errors.csv")}, "compare friedman's post-hoc tables"},
		{[]string{"--score", "y_score", "--pos-label", "spam", "--memory", "100B", td("scores.csv")}, "or use --bins"},
		{[]string{"--score", "y_score", "--pos-label", "spam", "--memory", "64KiB", td("scores.csv")}, ""},
	} {
		args := append([]string{"report", "-o", out}, c.args...)
		var stdout, stderr bytes.Buffer
		code := exitCode(run(args, nil, &stdout, &stderr), &stderr)
		_, statErr := os.Stat(out)
		switch {
		case c.want == "" && (code != 0 || statErr != nil):
			t.Errorf("%q: exit %d, %s; want a page", args, code, stderr.String())
		case c.want != "" && (code != 1 || !strings.Contains(stderr.String(), c.want) || !strings.Contains(stderr.String(), "--memory")):
			t.Errorf("%q: exit %d, stderr %q; want exit 1 and %q", args, code, stderr.String(), c.want)
		}
		if c.want != "" {
			ents, _ := os.ReadDir(dir)
			if len(ents) > 0 {
				t.Errorf("%q left %s behind", args, ents[0].Name())
			}
		}
		os.Remove(out)
	}
}

// A page's warnings name flags, as the task's own output does, not the
// library's option names: each task's page, and several models'.
func TestReportWarningsInFlagTerms(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "zero.csv")
	os.WriteFile(data, []byte("y_true,y_pred,p2,k,c\n0,0.5,0.1,a,x\n1,1.5,1.1,a,x\n2,2.5,1.9,b,y\n3,2.5,3.2,b,y\n"), 0o644)
	for _, args := range [][]string{
		{"--task", "regress", "--true", "y_true", "--pred", "y_pred", data},
		{"--task", "regress", "--true", "y_true", "--pred", "y_pred,p2", data},
	} {
		out := filepath.Join(dir, "page.html")
		var stdout, stderr bytes.Buffer
		if err := run(append([]string{"report", "-o", out}, args...), strings.NewReader(""), &stdout, &stderr); err != nil {
			t.Fatalf("%q: %v: %s", args, err, stderr.String())
		}
		page, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(page, []byte("--mape-epsilon on the command line")) || bytes.Contains(page, []byte("StateOptions")) {
			t.Errorf("%q: the page's MAPE warning is not in flag terms", args)
		}
	}
}

// The options from scikit-learn reach the HTML page: the normalised
// confusion matrix and the outputs' own weights.
func TestReportPeerOptions(t *testing.T) {
	dir := t.TempDir()
	td := func(name string) string { return filepath.Join("testdata", "cli", name) }
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"--normalize", "true", td("pets.csv")}, []string{"Confusion matrix normalized over each true row", "confusion_matrix_normalized.0.0"}},
		{[]string{"--task", "regress", "--true", "a,b", "--pred", "pa,pb", "--output-weights", "0.4,0.6", td("multi.csv")}, []string{"output-weighted"}},
		// --labels naming a subset: the averages' support is the listed
		// labels', and the warning says what was left out.
		{[]string{"--labels", "dog,cat", "--ci=false", td("pets.csv")}, []string{"label_subset.support", "--labels leaves out a label of the data"}},
		{[]string{"--labels", "cat,dog", "--pred", "m1,m2", td("models3.csv")}, []string{"--labels leaves out a label of the data"}},
	} {
		out := filepath.Join(dir, "page.html")
		var stdout, stderr bytes.Buffer
		if err := run(append([]string{"report", "-o", out}, c.args...), strings.NewReader(""), &stdout, &stderr); err != nil {
			t.Fatalf("%q: %v: %s", c.args, err, stderr.String())
		}
		page, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range c.want {
			if !bytes.Contains(page, []byte(w)) {
				t.Errorf("%q: the page lacks %q", c.args, w)
			}
		}
	}
}

// TestReportHelp: report --help says how to see every task's flags and
// shows the flags of the task its arguments give (classify by default),
// beside report's own.
func TestReportHelp(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"report", "--help"}, []string{"flags of report with --task classify", "-allow-float-labels", "-pos-label", "-o string", "-title string"}},
		{[]string{"report", "--score", "s", "--help"}, []string{"flags of report with --task rank", "-max-fpr", "-level"}},
		{[]string{"report", "--task", "regress", "-h"}, []string{"flags of report with --task regress", "-mape-epsilon"}},
		{[]string{"report", "--task", "bleu", "--help"}, []string{"flags of report:", "-title string", "and those of evalkit bleu:", "-hyp"}},
		{[]string{"report", "--task", "friedman", "--help"}, []string{"and those of evalkit compare friedman:", "-control"}},
	} {
		stdout, stderr, code := runCLI(c.args, "")
		if code != 0 || stderr != "" {
			t.Errorf("%q: exit %d, stderr %q", c.args, code, stderr)
		}
		for _, w := range append(c.want, "evalkit report --task cluster --help", "evalkit report --task ter --help") {
			if !strings.Contains(stdout, w) {
				t.Errorf("%q: the help lacks %q", c.args, w)
			}
		}
	}
}
