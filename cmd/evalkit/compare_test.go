package main

import (
	"bytes"
	"encoding/json"
	"github.com/evalkit-go/evalkit/internal/golden"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCompareOracleCLI runs every testdata/cli/compare_NAME.args that has a
// compare_NAME.expected.json beside it (written by
// tools/oracle/hyptest_cli.py from scipy 1.10.1 and statsmodels 0.13.5) and
// compares those keys with the JSON output: 1e-9 relative on statistics,
// 1e-7 on p-values. (TestCLIGolden checks the whole output byte for byte.)
func TestCompareOracleCLI(t *testing.T) {
	dir := filepath.Join("testdata", "cli")
	expFiles, err := filepath.Glob(filepath.Join(dir, "compare_*.expected.json"))
	if err != nil || len(expFiles) == 0 {
		t.Fatalf("no oracle cases: %v", err)
	}
	for _, ef := range expFiles {
		name := strings.TrimSuffix(filepath.Base(ef), ".expected.json")
		t.Run(name, func(t *testing.T) {
			raw, err := os.ReadFile(filepath.Join(dir, name+".args"))
			if err != nil {
				t.Fatal(err)
			}
			var args []string
			for _, a := range strings.Split(strings.TrimRight(string(raw), "\n"), "\n") {
				if strings.HasSuffix(a, ".csv") {
					a = filepath.Join(dir, a)
				}
				args = append(args, a)
			}
			var stdout, stderr bytes.Buffer
			if err := run(args, strings.NewReader(""), &stdout, &stderr); err != nil {
				t.Fatalf("run: %v", err)
			}
			exp, err := os.ReadFile(ef)
			if err != nil {
				t.Fatal(err)
			}
			var want, have map[string]any
			if err := json.Unmarshal(exp, &want); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(stdout.Bytes(), &have); err != nil {
				t.Fatalf("output is not JSON: %v", err)
			}
			delete(want, "reference")
			for k, w := range want {
				tol := 1e-9
				if strings.Contains(k, "p_value") || k == "power" || k == "nemenyi_p" || k == "posthoc" {
					tol = 1e-7
				}
				if k == "required_n_a" {
					tol = 1e-6 // statsmodels' brentq stops early
				}
				// Nemenyi p-values of scipy are 1 − CDF with the CDF
				// integrated to an absolute 1e-11: allow 1e-10 absolute.
				gb, _ := json.Marshal(map[string]any{k: have[k]})
				wb, _ := json.Marshal(map[string]any{k: w})
				diffs, err := golden.Diff(gb, wb, tol, 1e-10)
				if err != nil {
					t.Fatal(err)
				}
				for _, d := range diffs {
					t.Error(d)
				}
			}
		})
	}
}

func TestCompareRegistryHelp(t *testing.T) {
	var out, errb bytes.Buffer
	if err := run([]string{"compare", "--help"}, strings.NewReader(""), &out, &errb); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"mcnemar", "ttest", "wilcoxon", "cv5x2", "friedman", "binomial", "abtest", "corrttest", "signedrank", "abmeans"} {
		if !strings.Contains(out.String(), n) {
			t.Errorf("help lacks %s", n)
		}
	}
}

func TestSignedRankPlot(t *testing.T) {
	p := filepath.Join(t.TempDir(), "simplex.svg")
	var out, errb bytes.Buffer
	err := run([]string{"compare", "signedrank", "--a", "svm", "--b", "tree", "--rope", "0.01", "--samples", "3000", "--plot", p, "--format", "json",
		filepath.Join("testdata", "cli", "datasets.csv")}, strings.NewReader(""), &out, &errb)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(p)
	if err != nil || !bytes.Contains(b, []byte("<svg")) || !bytes.Contains(b, []byte("equivalent")) {
		t.Fatalf("no simplex written: %v", err)
	}
	if !bytes.Contains(out.Bytes(), []byte(`"plot"`)) {
		t.Errorf("JSON lacks the plot: %s", out.String())
	}
}

func TestComparePlot(t *testing.T) {
	p := filepath.Join(t.TempDir(), "cd.svg")
	var out, errb bytes.Buffer
	err := run([]string{"compare", "friedman", "--plot", p, filepath.Join("testdata", "cli", "errors.csv")}, strings.NewReader(""), &out, &errb)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(p)
	if err != nil || !bytes.Contains(b, []byte("<svg")) {
		t.Fatalf("no SVG written: %v", err)
	}
	// A procedure without one critical difference: cliques, no CD bar.
	err = run([]string{"compare", "friedman", "--posthoc", "holm", "--lower-is-better", "--plot", p, filepath.Join("testdata", "cli", "errors.csv")}, strings.NewReader(""), &out, &errb)
	if err != nil {
		t.Fatal(err)
	}
	if b, err = os.ReadFile(p); err != nil || !bytes.Contains(b, []byte("Holm")) || bytes.Contains(b, []byte("CD = ")) {
		t.Fatalf("Holm diagram: %v", err)
	}
}

// FuzzCompare feeds arbitrary tables to the file-reading tests: no panic,
// and a failure leaves standard output empty.
func FuzzCompare(f *testing.F) {
	f.Add([]byte("dataset,a,b,c\nd1,1,2,3\nd2,3,2,1\n"), uint8(0))
	f.Add([]byte("a,b\n0.9,0.8\n0.7,0.75\n0.8,0.8\n"), uint8(1))
	f.Add([]byte("y_true,a,b\nx,x,y\ny,x,y\n"), uint8(3))
	f.Fuzz(func(t *testing.T, data []byte, which uint8) {
		var args []string
		switch which % 8 {
		case 5:
			args = []string{"compare", "corrttest", "--a", "a", "--b", "b", "--n-train", "9", "--n-test", "1", "--rope", "0.01", "--format", "json", "-"}
		case 6:
			args = []string{"compare", "signedrank", "--a", "a", "--b", "b", "--samples", "50", "--format", "json", "-"}
		case 7:
			args = []string{"compare", "abmeans", "--group", "a", "--value", "b", "--format", "json", "-"}
		case 0:
			args = []string{"compare", "friedman", "--format", "json", "-"}
		case 1:
			args = []string{"compare", "ttest", "--a", "a", "--b", "b", "--format", "json", "-"}
		case 2:
			args = []string{"compare", "wilcoxon", "--a", "a", "--b", "b", "--format", "json", "-"}
		case 3:
			args = []string{"compare", "mcnemar", "--true", "y_true", "--pred-a", "a", "--pred-b", "b", "--format", "json", "-"}
		default:
			args = []string{"compare", "cv5x2", "--a", "a", "--b", "b", "--format", "json", "-"}
		}
		var out, errb bytes.Buffer
		if err := run(args, bytes.NewReader(data), &out, &errb); err != nil && out.Len() > 0 {
			t.Fatalf("error %v after writing %q", err, out.String())
		}
	})
}
