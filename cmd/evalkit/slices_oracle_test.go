package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSlicesOracle compares each slice's test against the rest of the
// rows, and the disparity, with the references of
// testdata/slices/oracle.json (statsmodels proportions_ztest, scipy
// ttest_ind(equal_var=False), Holm by statsmodels multipletests,
// scikit-learn per group; tools/oracle/slices.py) and
// testdata/slices/oracle_auc.json (pROC roc.test(paired = FALSE),
// tools/oracle/slices.R).
func TestSlicesOracle(t *testing.T) {
	var golden struct {
		Accuracy, MSE map[string]struct {
			Slice, Statistic, DF float64
			PValue               float64 `json:"p_value"`
			PAdjusted            float64 `json:"p_adjusted"`
		}
		Disparity map[string]struct {
			Best, Worst       string
			Difference, Ratio float64
		}
	}
	readJSON(t, "testdata/slices/oracle.json", &golden)
	var auc map[string]json.RawMessage
	readJSON(t, "testdata/slices/oracle_auc.json", &auc)
	close := func(what string, got, want, tol float64) {
		t.Helper()
		if !(math.Abs(got-want) <= tol*math.Max(1, math.Abs(want))) {
			t.Errorf("%s = %.17g, want %.17g", what, got, want)
		}
	}
	type sliced struct {
		Slices []struct {
			By     map[string]string
			VsRest []struct {
				Measure, Method            string
				Slice, Rest, Statistic, DF float64
				PValue                     float64 `json:"p_value"`
				PAdjusted                  float64 `json:"p_adjusted"`
			} `json:"vs_rest"`
		}
		Disparity []struct {
			Measures map[string]struct {
				Best, Worst struct {
					By map[string]string
				}
				Difference, Ratio float64
			}
		}
	}
	run1 := func(args ...string) sliced {
		var out, errb bytes.Buffer
		args = append(args, "--by", "g", "--ci", "--bootstrap", "20", "--format", "json", "testdata/slices/oracle.csv")
		if err := run(args, nil, &out, &errb); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		var s sliced
		if err := json.Unmarshal(out.Bytes(), &s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	for _, c := range []struct {
		args   []string
		method string
	}{
		{[]string{"classify"}, "two-proportion z"},
		{[]string{"regress", "--true", "y", "--pred", "yhat"}, "welch t"},
		{[]string{"rank", "--pos-label", "1"}, "delong unpaired"},
	} {
		s := run1(c.args...)
		if len(s.Slices) != 4 {
			t.Fatalf("%v: %d slices", c.args, len(s.Slices))
		}
		for _, sl := range s.Slices {
			g := sl.By["g"]
			if len(sl.VsRest) != 1 || sl.VsRest[0].Method != c.method {
				t.Fatalf("%v %s: vs_rest %+v", c.args, g, sl.VsRest)
			}
			v := sl.VsRest[0]
			switch c.method {
			case "two-proportion z":
				w := golden.Accuracy[g]
				close(g+" accuracy", v.Slice, w.Slice, 1e-15)
				close(g+" z", v.Statistic, w.Statistic, 1e-12)
				close(g+" p", v.PValue, w.PValue, 1e-12)
				close(g+" p adjusted", v.PAdjusted, w.PAdjusted, 1e-12)
			case "welch t":
				w := golden.MSE[g]
				close(g+" mse", v.Slice, w.Slice, 1e-13)
				close(g+" t", v.Statistic, w.Statistic, 1e-10)
				close(g+" df", v.DF, w.DF, 1e-10)
				close(g+" p", v.PValue, w.PValue, 1e-10)
				close(g+" p adjusted", v.PAdjusted, w.PAdjusted, 1e-10)
			case "delong unpaired":
				var w struct {
					Slice, Rest, Statistic float64
					PValue                 float64 `json:"p_value"`
					PAdjusted              float64 `json:"p_adjusted"`
				}
				if err := json.Unmarshal(auc[g], &w); err != nil {
					t.Fatal(err)
				}
				close(g+" auc", v.Slice, w.Slice, 1e-13)
				close(g+" rest auc", v.Rest, w.Rest, 1e-13)
				close(g+" z", v.Statistic, w.Statistic, 1e-10)
				close(g+" p", v.PValue, w.PValue, 1e-10)
				close(g+" p adjusted", v.PAdjusted, w.PAdjusted, 1e-10)
			}
		}
		if c.method == "two-proportion z" || c.method == "welch t" {
			m := "accuracy"
			if c.method == "welch t" {
				m = "mse"
			}
			got := s.Disparity[0].Measures[m]
			want := golden.Disparity[m]
			if got.Best.By["g"] != want.Best || got.Worst.By["g"] != want.Worst {
				t.Errorf("%s disparity: best %v worst %v, want %s %s", m, got.Best.By, got.Worst.By, want.Best, want.Worst)
			}
			close(m+" difference", got.Difference, want.Difference, 1e-13)
			close(m+" ratio", got.Ratio, want.Ratio, 1e-13)
		}
	}
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// TestSlicesVsRestSize checks the size of each slice's test against the
// rest under the null hypothesis: two slices of 120 rows drawn from the
// same distribution, 300 times; the share of two-sided p-values below
// 0.05 must be near 0.05 (within 3 standard errors, 0.0126 each), for
// the two-proportion z test (classify accuracy), DeLong's unpaired test
// (rank ROC AUC) and Welch's t test (regress MSE).
func TestSlicesVsRestSize(t *testing.T) {
	if testing.Short() {
		t.Skip("300 simulated data sets per test")
	}
	rng := rand.New(rand.NewPCG(24, 5))
	dir := t.TempDir()
	const reps, n = 300, 240
	rejected := map[string]int{}
	for r := range reps {
		var b strings.Builder
		b.WriteString("g,y_true,y_pred,y_score,y,yhat\n")
		for i := range n {
			y := rng.IntN(2)
			p := y
			if rng.Float64() < 0.2 {
				p = 1 - y
			}
			v := rng.NormFloat64() * 3
			fmt.Fprintf(&b, "%c,%d,%d,%.4f,%.4f,%.4f\n", 'a'+i%2, y, p, float64(y)*0.8+rng.NormFloat64(), v, v+rng.NormFloat64())
		}
		path := filepath.Join(dir, fmt.Sprintf("null%d.csv", r))
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{
			{"classify"},
			{"rank", "--pos-label", "1", "--curves=false"},
			{"regress", "--true", "y", "--pred", "yhat"},
		} {
			var out, errb bytes.Buffer
			full := append(append([]string{}, args...), "--by", "g", "--ci", "--bootstrap", "20", "--format", "json", path)
			if err := run(full, nil, &out, &errb); err != nil {
				t.Fatalf("%v: %v", full, err)
			}
			var got struct {
				Slices []struct {
					VsRest []struct {
						Method string
						P      float64 `json:"p_value"`
					} `json:"vs_rest"`
				}
			}
			if err := json.Unmarshal(out.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			v := got.Slices[0].VsRest[0]
			if v.P < 0.05 {
				rejected[v.Method]++
			}
			if _, ok := rejected[v.Method]; !ok {
				rejected[v.Method] = 0
			}
		}
	}
	if len(rejected) != 3 {
		t.Fatalf("methods %v", rejected)
	}
	for m, k := range rejected {
		rate := float64(k) / reps
		if math.Abs(rate-0.05) > 3*math.Sqrt(0.05*0.95/reps) {
			t.Errorf("%s: %d of %d rejected at 0.05 under the null (%.3f)", m, k, reps, rate)
		}
	}
}
