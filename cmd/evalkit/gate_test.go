package main

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/cli"
)

// The exit statuses of --gate: 0 when every gate holds, 3 when one fails
// (the output written in full first), 2 for a gate that is not an
// expression or names no value (nothing written), and 1 for bad data
// whatever the gates.
func TestGateExitStatus(t *testing.T) {
	d := filepath.Join("testdata", "cli") + string(filepath.Separator)
	for _, tc := range []struct {
		name   string
		args   []string
		code   int
		output bool // something is written to stdout
	}{
		{"hold", []string{"classify", "--format", "json", "--gate", "accuracy >= 0.5", d + "pets.csv"}, 0, true},
		{"fail", []string{"classify", "--format", "json", "--gate", "accuracy >= 0.5", "--gate", "accuracy > 0.9", d + "pets.csv"}, 3, true},
		{"fail-text", []string{"classify", "--format", "text", "--gate", "accuracy > 0.9", d + "pets.csv"}, 3, true},
		{"syntax", []string{"classify", "--format", "json", "--gate", "accuracy = 0.5", d + "pets.csv"}, 2, false},
		{"no-path", []string{"classify", "--format", "json", "--gate", "acc >= 0.5", d + "pets.csv"}, 2, false},
		{"bad-data", []string{"classify", "--format", "json", "--gate", "accuracy > 0.9", d + "bad_empty.csv"}, 1, false},
		{"regress", []string{"regress", "--format", "json", "--gate", "mae <= 1", d + "sales.csv"}, 3, true},
		{"cluster", []string{"cluster", "--format", "json", "--gate", "purity >= 0.5", d + "small.csv"}, 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := exitCode(run(tc.args, strings.NewReader(""), &out, &errb), &errb)
			if code != tc.code {
				t.Fatalf("exit %d, want %d: %s", code, tc.code, errb.String())
			}
			if (out.Len() > 0) != tc.output {
				t.Errorf("stdout %q, want output %v", out.String(), tc.output)
			}
			if tc.code == 3 && !strings.HasPrefix(errb.String(), "evalkit: ") {
				t.Errorf("stderr %q names no failed gate", errb.String())
			}
		})
	}
	t.Run("report", func(t *testing.T) {
		file := filepath.Join(t.TempDir(), "r.html")
		var out, errb bytes.Buffer
		err := run([]string{"report", "-o", file, "--gate", "accuracy > 0.99", d + "pets.csv"}, strings.NewReader(""), &out, &errb)
		var ge *cli.GateError
		if !errors.As(err, &ge) || exitCode(err, &errb) != 3 {
			t.Fatalf("got %v, want a failed gate", err)
		}
		page, rerr := os.ReadFile(file)
		if rerr != nil || !bytes.Contains(page, []byte("✗ failed")) {
			t.Fatalf("the page is not written with its failed gate: %v", rerr)
		}
		err = run([]string{"report", "-o", file + "2", "--gate", "acuracy > 0.99", d + "pets.csv"}, strings.NewReader(""), &out, &errb)
		if exitCode(err, &errb) != 2 {
			t.Fatalf("a gate naming no value: %v, want a usage error", err)
		}
		if _, err := os.Stat(file + "2"); err == nil {
			t.Error("a page was written for a gate naming no value")
		}
	})
}

// A non-inferiority gate decided by --ci is a test of H0: AUC(new) −
// AUC(old) ≤ −margin at one-sided level (1 − 0.95)/2 = 2.5 %: at the
// boundary of H0 it must hold (declare the new model non-inferior) in
// about 2.5 % of data sets, and the gate on the two point estimates in
// about half of them. The data are binormal, scores N(d·y, 1) with noise
// correlated 0.5 between the models, so AUC = Φ(d/√2) (Pepe 2003, §4.4.2):
// d = √2·Φ⁻¹(0.80) for the old model and √2·Φ⁻¹(0.77) for the new, a true
// difference of −0.03 exactly, the margin.
func TestGateNonInferioritySize(t *testing.T) {
	const reps, n, margin = 400, 600, 0.03
	probit := func(p float64) float64 { return math.Sqrt2 * math.Erfinv(2*p-1) } // Φ⁻¹
	dOld, dNew := math.Sqrt2*probit(0.80), math.Sqrt2*probit(0.77)
	rng := rand.New(rand.NewPCG(24, 2))
	dir := t.TempDir()
	gateExpr := fmt.Sprintf("models.new.roc_auc >= models.old.roc_auc - %g", margin)
	heldCI, heldPoint := 0, 0
	for r := range reps {
		var b strings.Builder
		b.WriteString("y,old,new\n")
		for i := range n {
			y := float64(i % 2)
			z, u := rng.NormFloat64(), rng.NormFloat64()
			e1, e2 := z, 0.5*z+math.Sqrt(0.75)*u
			fmt.Fprintf(&b, "%d,%.6f,%.6f\n", i%2, dOld*y+e1, dNew*y+e2)
		}
		path := filepath.Join(dir, fmt.Sprintf("d%d.csv", r))
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, ci := range []bool{true, false} {
			args := []string{"rank", "--true", "y", "--score", "old,new", "--curves=false", "--format", "json", "--gate", gateExpr, path}
			if ci {
				args = append(args[:1], append([]string{"--ci", "--bootstrap", "2"}, args[1:]...)...)
			}
			var out, errb bytes.Buffer
			switch code := exitCode(run(args, strings.NewReader(""), &out, &errb), &errb); code {
			case 0:
				if ci {
					heldCI++
				} else {
					heldPoint++
				}
			case 3:
			default:
				t.Fatalf("exit %d: %s", code, errb.String())
			}
		}
	}
	// Binomial(400, 0.025): mean 10, P(X < 2) = 0.00045 and P(X > 21) =
	// 0.00058 (the binomial sums, math.comb in Python).
	if heldCI < 2 || heldCI > 21 {
		t.Errorf("the --ci gate held in %d of %d data sets at the boundary of H0, want about 2.5 %% (2 to 21)", heldCI, reps)
	}
	// Binomial(400, 0.5): P(X < 167) = P(X > 233) = 0.00039.
	if heldPoint < 167 || heldPoint > 233 {
		t.Errorf("the point-estimate gate held in %d of %d data sets, want about half (167 to 233)", heldPoint, reps)
	}
	t.Logf("at the boundary: the --ci gate held in %d/%d (%.1f %%), the point-estimate gate in %d/%d", heldCI, reps, 100*float64(heldCI)/reps, heldPoint, reps)
}
