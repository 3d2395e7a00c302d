package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden .stdout/.stderr files of the compare tests")

// TestCompareGolden runs every testdata/compare/NAME.args (one argument a
// line; *.csv arguments are files in that folder) and compares standard
// output, standard error and exit status with NAME.stdout, NAME.stderr and
// NAME.exit. When NAME.expected.json exists (written by
// tools/oracle/hyptest_cli.py from scipy 1.10.1 and statsmodels 0.13.5),
// its keys are compared with the JSON output: 1e-9 relative on statistics,
// 1e-7 on p-values.
func TestCompareGolden(t *testing.T) {
	dir := filepath.Join("testdata", "compare")
	argFiles, err := filepath.Glob(filepath.Join(dir, "*.args"))
	if err != nil || len(argFiles) == 0 {
		t.Fatalf("no golden cases: %v", err)
	}
	for _, af := range argFiles {
		name := strings.TrimSuffix(filepath.Base(af), ".args")
		t.Run(name, func(t *testing.T) {
			raw, err := os.ReadFile(af)
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
			err = run(args, strings.NewReader(""), &stdout, &stderr)
			code := exitCode(err, &stderr)
			base := filepath.Join(dir, name)
			got := map[string][]byte{".stdout": stdout.Bytes(), ".stderr": stderr.Bytes(), ".exit": []byte(strconv.Itoa(code) + "\n")}
			for ext, b := range got {
				if *update {
					if err := os.WriteFile(base+ext, b, 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				want, err := os.ReadFile(base + ext)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(b, want) {
					t.Errorf("%s differs:\n--- got\n%s\n--- want\n%s", ext, b, want)
				}
			}
			exp, err := os.ReadFile(base + ".expected.json")
			if os.IsNotExist(err) {
				return
			}
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
				if strings.Contains(k, "p_value") || k == "power" || k == "nemenyi_p" {
					tol = 1e-7
				}
				if k == "required_n_a" {
					tol = 1e-6 // statsmodels' brentq stops early
				}
				compareJSON(t, k, have[k], w, tol)
			}
		})
	}
}

func compareJSON(t *testing.T, key string, got, want any, tol float64) {
	t.Helper()
	switch w := want.(type) {
	case float64:
		g, ok := got.(float64)
		if !ok {
			t.Errorf("%s = %v, want %v", key, got, w)
			return
		}
		// The Nemenyi p-values of scipy are 1 − CDF with the CDF integrated
		// to an absolute 1e-11.
		if math.Abs(g-w) > math.Max(tol*math.Abs(w), 1e-10) {
			t.Errorf("%s = %.17g, want %.17g", key, g, w)
		}
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			t.Errorf("%s = %v, want %v", key, got, w)
			return
		}
		for i := range w {
			compareJSON(t, key, g[i], w[i], tol)
		}
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			t.Errorf("%s = %v, want %v", key, got, w)
			return
		}
		for k := range w {
			compareJSON(t, key+"."+k, g[k], w[k], tol)
		}
	default:
		t.Errorf("%s: unexpected expected value %v", key, want)
	}
}

func TestCompareRegistryHelp(t *testing.T) {
	var out, errb bytes.Buffer
	if err := run([]string{"compare", "--help"}, strings.NewReader(""), &out, &errb); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"mcnemar", "ttest", "wilcoxon", "cv5x2", "friedman", "binomial", "abtest"} {
		if !strings.Contains(out.String(), n) {
			t.Errorf("help lacks %s", n)
		}
	}
}

func TestComparePlot(t *testing.T) {
	p := filepath.Join(t.TempDir(), "cd.svg")
	var out, errb bytes.Buffer
	err := run([]string{"compare", "friedman", "--plot", p, filepath.Join("testdata", "compare", "errors.csv")}, strings.NewReader(""), &out, &errb)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(p)
	if err != nil || !bytes.Contains(b, []byte("<svg")) {
		t.Fatalf("no SVG written: %v", err)
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
		switch which % 5 {
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
