package main

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runBeamGated runs evalkit-beam like runBeam, for a run whose gates may
// fail: the output is written in full whatever the gates say.
func runBeamGated(t *testing.T, args ...string) (out, msg string, code int) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "out.json")
	args = append(args, "--output", file, "--runner", "prism")
	var stderr bytes.Buffer
	code = exitCode(run(context.Background(), args, &bytes.Buffer{}), &stderr)
	b, err := os.ReadFile(file)
	if (code == 0 || code == 3) && err != nil {
		t.Fatalf("exit %d but no output: %v", code, err)
	}
	return string(b), stderr.String(), code
}

// --gate in evalkit-beam: the same JSON ("gates" included), the same
// message and the same exit status as evalkit, for one model and several,
// with and without intervals; and a gate naming no value is a usage
// error, as on the command line.
func TestGates(t *testing.T) {
	for _, tc := range []struct {
		name, task, file string
		flags            []string
	}{
		{"classify-pass", "classify", "pets.csv", []string{"--gate", "accuracy >= 0.5", "--gate", "per_class.*.recall >= 0.4"}},
		{"classify-ci-fail", "classify", "pets.csv", []string{"--ci", "--bootstrap", "100", "--gate", "accuracy >= 0.5"}},
		{"rank-models", "rank", "scores3.csv", []string{"--score", "m1,m2,m3", "--curves=false", "--gate", "models.m3.roc_auc >= models.m1.roc_auc - 0.1", "--gate", "models.*.roc_auc > 0.75"}},
		{"regress-ci", "regress", "sales.csv", []string{"--bounded-memory", "--ci", "--gate", "mae <= 10", "--gate", "r2 > 0.5"}},
		{"cluster", "cluster", "small.csv", []string{"--gate", "adjusted_rand_index >= 0.5"}},
		{"no-path", "classify", "pets.csv", []string{"--gate", "acuracy >= 0.5"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, wantMsg, wantCode := runEvalkit(t, append(append([]string{tc.task, "--format", "json"}, tc.flags...), golden+tc.file)...)
			glob, _ := split(t, golden+tc.file, 3, rand.New(rand.NewPCG(3, 1)))
			got, msg, code := runBeamGated(t, append(append([]string{tc.task}, tc.flags...), "--input", glob)...)
			if code != wantCode || strings.TrimPrefix(msg, "evalkit-beam: ") != strings.TrimPrefix(wantMsg, "evalkit: ") {
				t.Fatalf("evalkit-beam: exit %d, %q; evalkit: exit %d, %q", code, msg, wantCode, wantMsg)
			}
			if code == 2 {
				return // the pipeline's output stands without gates
			}
			if !strings.Contains(want, `"gates": [`) {
				t.Fatalf("evalkit's output has no gates:\n%s", want)
			}
			if got != want {
				t.Errorf("evalkit-beam differs from evalkit:\n%s", lineDiff(got, want))
			}
		})
	}
}
