package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// sliceRows writes n generated rows for every task, with the slicing
// columns g (five values, one rare) and h (two), to a CSV file in dir.
func sliceRows(t *testing.T, dir string, n int, seed uint64) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 24))
	var b strings.Builder
	b.WriteString("g,h,y_true,y_pred,m2,y_score,s2,p_a,p_b,p_c,y,yhat,y2,w,k_true,k_pred,k2\n")
	groups := []string{"de", "fr", "it", "es", "lu"}
	lab := []string{"a", "b", "c"}
	for range n {
		g := groups[rng.IntN(4)]
		if rng.IntN(40) == 0 {
			g = "lu"
		}
		c := rng.IntN(3)
		pred := c
		if rng.IntN(3) == 0 {
			pred = rng.IntN(3)
		}
		pa, pb, pc := rng.Float64(), rng.Float64(), rng.Float64()
		s := pa + pb + pc
		y := rng.NormFloat64() * 10
		fmt.Fprintf(&b, "%s,%v,%s,%s,%s,%.2f,%.3f,%.6f,%.6f,%.6f,%.5f,%.5f,%.5f,%d,k%d,k%d,k%d\n",
			g, rng.IntN(2) == 0, lab[c], lab[pred], lab[rng.IntN(3)],
			float64(c%2)*0.3+rng.Float64(), rng.Float64(), pa/s, pb/s, 1-pa/s-pb/s,
			y, y+rng.NormFloat64()*3, y+rng.NormFloat64()*5, 1+rng.IntN(3), c, pred, rng.IntN(4))
	}
	path := filepath.Join(dir, "slices.csv")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// --by in evalkit-beam: the overall result, every slice's, the
// disparities and the warnings are the bytes evalkit prints for the
// concatenated input, for every task, one model and several, split into
// 1, 3 and 7 files.
func TestSlices(t *testing.T) {
	file := sliceRows(t, t.TempDir(), 400, 1)
	for _, tc := range [][]string{
		{"classify", "--by", "g"},
		{"classify", "--by", "g,h", "--by", "h", "--weight", "w", "--min-slice-rows", "20"},
		{"classify", "--by", "g", "--pred", "y_pred,m2"},
		{"rank", "--by", "g", "--pos-label", "a", "--bins", "20", "--weight", "w"},
		{"rank", "--by", "g", "--pos-label", "a", "--curve-points", "20", "--ranges", "5"},
		{"rank", "--by", "g,h", "--pos-label", "b", "--weight", "w", "--curves=false", "--ranges", "3"},
		{"rank", "--by", "g,h", "--pos-label", "a", "--bins", "16", "--bin-range", "0,1.3"},
		// several models: each key's tables and paired sums (DeLong's
		// tests); multiclass: each key's cells and log loss sums
		{"rank", "--by", "g", "--score", "y_score,s2", "--pos-label", "a", "--curve-points", "10", "--ranges", "4"},
		{"rank", "--by", "g,h", "--by", "h", "--score", "s2,y_score", "--pos-label", "b", "--curves=false", "--min-slice-rows", "20", "--adjust", "bonferroni"},
		{"rank", "--by", "g", "--score", "y_score,s2", "--pos-label", "c", "--weight", "w", "--curves=false", "--ranges", "3"},
		{"rank", "--by", "g", "--classes", "a,b,c", "--score", "p_a,p_b,p_c", "--ranges", "5"},
		{"rank", "--by", "g,h", "--by", "h", "--classes", "a,b,c", "--score", "p_a,p_b,p_c", "--weight", "w", "--min-slice-rows", "30"},
		{"regress", "--by", "g", "--true", "y", "--pred", "yhat", "--bounded-memory"},
		{"regress", "--by", "h", "--by", "g", "--true", "y", "--pred", "yhat,y2", "--bounded-memory", "--weight", "w"},
		{"regress", "--by", "g", "--true", "y,y2", "--pred", "yhat,y", "--bounded-memory"},
		// exact: each slice's medae and D² scores from its own order
		// statistics; several models compared per slice by the paired
		// bootstrap of the slice's rows
		{"regress", "--by", "g", "--true", "y", "--pred", "yhat"},
		{"regress", "--by", "h", "--by", "g", "--true", "y", "--pred", "yhat,y2", "--weight", "w"},
		{"regress", "--by", "g,h", "--true", "y,y2", "--pred", "yhat,y", "--weight", "w", "--alpha", "0.8", "--min-slice-rows", "30"},
		{"cluster", "--by", "g", "--true", "k_true", "--pred", "k_pred"},
		{"cluster", "--by", "g,h", "--true", "k_true", "--pred", "k_pred,k2", "--min-slice-rows", "30"},
	} {
		for _, parts := range []int{1, 3, 7} {
			t.Run(fmt.Sprintf("%v/%d", tc, parts), func(t *testing.T) {
				sameSliced(t, tc[0], file, parts, uint64(parts), tc[1:]...)
			})
		}
	}
}

// --by with --ci: each slice's result with its intervals, and its
// comparison with the rest of the rows ("vs_rest", "slices_worse"), the
// rest's state the merge of the other slices' states: the bytes evalkit
// prints, which runs the task on the rest's rows.
func TestSlicesCI(t *testing.T) {
	file := sliceRows(t, t.TempDir(), 400, 4)
	for _, tc := range [][]string{
		{"classify", "--by", "g", "--ci", "--bootstrap", "200"},
		// weighted: the interval-se z test; Bonferroni; a small slice
		{"classify", "--by", "g,h", "--by", "h", "--weight", "w", "--ci", "--bootstrap", "200", "--min-slice-rows", "20", "--adjust", "bonferroni", "--level", "0.9"},
		{"classify", "--by", "g", "--ci", "--bootstrap", "200", "--primary", "macro.f1"},
		{"classify", "--by", "g", "--ci", "--bootstrap", "200", "--primary", "nope"}, // a warning: not compared
		{"classify", "--by", "g", "--pred", "y_pred,m2", "--ci", "--bootstrap", "200"},
		// rank: DeLong's unpaired test; each rest's table in a range the
		// other slices' tables there, merged
		{"rank", "--by", "g", "--pos-label", "a", "--ci", "--bootstrap", "200", "--curve-points", "20", "--ranges", "5"},
		{"rank", "--by", "g,h", "--by", "h", "--pos-label", "b", "--weight", "w", "--curves=false", "--ci", "--bootstrap", "100", "--ranges", "3", "--min-slice-rows", "20"},
		// --bins: a rest's bins from its rows in input order
		{"rank", "--by", "g", "--pos-label", "a", "--bins", "20", "--ci", "--bootstrap", "100", "--curve-points", "10"},
		{"rank", "--by", "g,h", "--by", "h", "--pos-label", "b", "--bins", "16", "--bin-range", "0,1.3", "--weight", "w", "--ci", "--bootstrap", "100", "--curves=false", "--min-slice-rows", "20"},
		// several models: each model's roc_auc by DeLong's unpaired
		// test; a rest's paired sums from its rows, read again
		{"rank", "--by", "g", "--score", "y_score,s2", "--pos-label", "a", "--ci", "--bootstrap", "100", "--curves=false", "--ranges", "4"},
		{"rank", "--by", "g,h", "--by", "h", "--score", "s2,y_score", "--pos-label", "b", "--weight", "w", "--curves=false", "--ci", "--bootstrap", "100", "--min-slice-rows", "20", "--adjust", "bonferroni"},
		{"rank", "--by", "g", "--score", "y_score,s2", "--pos-label", "a", "--ci", "--bootstrap", "100", "--curves=false", "--primary", "average_precision"},
		// multiclass: a rest's log loss sums and rank masses from its
		// rows in input order, its tables the other slices' merged
		{"rank", "--by", "g", "--classes", "a,b,c", "--score", "p_a,p_b,p_c", "--ci", "--bootstrap", "100", "--ranges", "5"},
		{"rank", "--by", "g,h", "--by", "h", "--classes", "a,b,c", "--score", "p_a,p_b,p_c", "--weight", "w", "--ci", "--bootstrap", "100", "--min-slice-rows", "30", "--primary", "log_loss"},
		// regress --bounded-memory: the intervals from the states' sums;
		// compared by the interval-se z test
		{"regress", "--by", "g", "--true", "y", "--pred", "yhat", "--bounded-memory", "--ci", "--weight", "w"},
		// Welch's test of the mean losses: the slices' losses read again
		{"regress", "--by", "g", "--by", "g,h", "--true", "y", "--pred", "yhat", "--bounded-memory", "--ci"},
		{"regress", "--by", "h", "--true", "y", "--pred", "yhat", "--bounded-memory", "--ci", "--primary", "mae", "--adjust", "none"},
		{"regress", "--by", "g", "--true", "y", "--pred", "yhat", "--bounded-memory", "--ci", "--primary", "r2"},
		{"regress", "--by", "h", "--by", "g", "--true", "y", "--pred", "yhat,y2", "--bounded-memory", "--ci"},
		{"regress", "--by", "g", "--true", "y,y2", "--pred", "yhat,y", "--bounded-memory", "--ci", "--min-slice-rows", "30"},
		// cluster: the rest's labels and joint cells numbered in order
		// of first appearance among its rows, as its bootstrap draws them
		{"cluster", "--by", "g", "--true", "k_true", "--pred", "k_pred", "--ci", "--bootstrap", "200"},
		{"cluster", "--by", "h", "--true", "k_true", "--pred", "k_pred", "--weight", "w", "--ci", "--bootstrap", "100"},
		{"cluster", "--by", "g,h", "--true", "k_true", "--pred", "k_pred,k2", "--ci", "--bootstrap", "100", "--min-slice-rows", "30"},
	} {
		out, stderr, _ := runEvalkit(t, append(append([]string{tc[0], "--format", "json"}, cliFlags(tc[1:])...), file)...)
		if !strings.Contains(out, `"slices_worse"`) || !strings.Contains(out, `"vs_rest"`) && tc[len(tc)-1] != "nope" {
			t.Fatalf("evalkit %v compares no slice: %s", tc, stderr)
		}
		for _, parts := range []int{1, 3, 7} {
			t.Run(fmt.Sprintf("%v/%d", tc, parts), func(t *testing.T) {
				sameSliced(t, tc[0], file, parts, uint64(parts), tc[1:]...)
			})
		}
	}
}

// Exact regress with --by and --ci, one model or several: every result
// is evalkit's but for its intervals, those of the sums
// (--bounded-memory's), the bootstrap intervals left out with a
// warning, as without --by; each slice is
// compared with its rest, whose result is --bounded-memory's, as
// evalkit regress --bounded-memory --by … --ci compares it: "vs_rest"
// and "slices_worse" are that command's, and, for Welch's test of one
// unweighted model's losses, evalkit regress --by … --ci's too. With
// several models and --compare (which --bounded-memory refuses), each
// slice's models are compared by the paired bootstraps of its rows, as
// evalkit compares them, and the slices with their rests as evalkit
// regress --bounded-memory compares them without --compare: the paired
// comparisons change no slice's comparison with its rest (evalkit's
// comparisons with --compare are its comparisons without).
func TestSlicesExactRegressCI(t *testing.T) {
	file := sliceRows(t, t.TempDir(), 400, 5)
	for _, tc := range []struct {
		welch bool
		flags []string
	}{
		{true, []string{"--by", "g", "--by", "g,h", "--true", "y", "--pred", "yhat", "--ci", "--bootstrap", "50"}},
		{true, []string{"--by", "h", "--true", "y", "--pred", "yhat", "--ci", "--bootstrap", "50", "--primary", "mae", "--adjust", "none"}},
		{false, []string{"--by", "g,h", "--by", "h", "--true", "y", "--pred", "yhat", "--weight", "w", "--ci", "--bootstrap", "50", "--min-slice-rows", "20"}},
		{false, []string{"--by", "g", "--true", "y,y2", "--pred", "yhat,y", "--ci", "--bootstrap", "50", "--alpha", "0.8"}},
		{false, []string{"--by", "g", "--true", "y", "--pred", "yhat", "--ci", "--bootstrap", "50", "--primary", "medae"}},
		// several models: each slice's paired bootstraps of its rows
		{false, []string{"--by", "g", "--true", "y", "--pred", "yhat,y2", "--ci", "--bootstrap", "50"}},
		{false, []string{"--by", "h", "--by", "g", "--true", "y", "--pred", "y2,yhat", "--weight", "w", "--ci", "--bootstrap", "50", "--primary", "mae"}},
		// --compare: each slice's paired bootstraps of its rows; a rest's
		// models not compared
		{false, []string{"--by", "g", "--true", "y", "--pred", "yhat,y2", "--compare", "mae,mse", "--ci", "--bootstrap", "50"}},
		{false, []string{"--by", "g", "--true", "y", "--pred", "yhat,y2", "--compare", "mae,mse", "--weight", "w", "--ci", "--bootstrap", "50"}},
		{false, []string{"--by", "h", "--by", "g,h", "--true", "y", "--pred", "y2,yhat,y_score", "--compare", "mae,r2", "--ci", "--bootstrap", "50", "--primary", "mae", "--min-slice-rows", "20", "--baseline", "yhat"}},
	} {
		exact := evalkitJSON(t, append(append([]string{"regress", "--format", "json"}, tc.flags...), file)...)
		// --bounded-memory compares no models by a paired bootstrap: its
		// flags are those without --compare, which changes no comparison
		// of the slices with their rests.
		plain := withoutFlag(tc.flags, "compare")
		bounded := evalkitJSON(t, append(append([]string{"regress", "--format", "json", "--bounded-memory"}, plain...), file)...)
		if len(plain) < len(tc.flags) {
			if !strings.Contains(comparisons(bounded), `"method"`) {
				t.Fatalf("evalkit --bounded-memory %v compares no slice", plain)
			}
			if e, p := comparisons(exact), comparisons(evalkitJSON(t, append(append([]string{"regress", "--format", "json"}, plain...), file)...)); e != p {
				t.Fatalf("%v: evalkit's comparisons with the rests change with --compare:\n%s", tc.flags, lineDiff(e, p))
			}
		}
		for _, parts := range []int{1, 3, 7} {
			t.Run(fmt.Sprintf("%v/%d", tc.flags, parts), func(t *testing.T) {
				glob, positions := split(t, file, parts, rand.New(rand.NewPCG(uint64(parts), 1)))
				out, msg, code := runBeam(t, append(append([]string{"regress"}, tc.flags...), "--input", glob)...)
				if code != 0 {
					t.Fatalf("evalkit-beam failed (%d): %s", code, msg)
				}
				got := decodeJSON(t, strings.ReplaceAll(positions(out), glob+": ", file+": "))
				if g, b := comparisons(got), comparisons(bounded); !reflect.DeepEqual(g, b) {
					t.Errorf("comparisons differ from evalkit --bounded-memory's:\n%s\n%s", g, b)
				}
				if g, e := comparisons(got), comparisons(exact); tc.welch && !reflect.DeepEqual(g, e) {
					t.Errorf("Welch's comparisons differ from evalkit's:\n%s\n%s", g, e)
				}
				if g, e := withoutIntervals(got), withoutIntervals(exact); !reflect.DeepEqual(g, e) {
					t.Errorf("the results differ from evalkit's but for the intervals:\n%s", lineDiff(g, e))
				}
			})
		}
	}
}

// withoutFlag returns flags without the flag name and its value.
func withoutFlag(flags []string, name string) []string {
	var out []string
	for i := 0; i < len(flags); i++ {
		if flags[i] == "--"+name {
			i++
			continue
		}
		out = append(out, flags[i])
	}
	return out
}

// evalkitJSON runs evalkit and returns its output, decoded.
func evalkitJSON(t *testing.T, args ...string) any {
	t.Helper()
	out, stderr, code := runEvalkit(t, args...)
	if code != 0 {
		t.Fatalf("evalkit failed (%d): %s", code, stderr)
	}
	return decodeJSON(t, out)
}

func decodeJSON(t *testing.T, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// comparisons returns the JSON of the comparisons of the slices of a
// sliced result v: each slice's "vs_rest" and the "slices_worse".
func comparisons(v any) string {
	m := v.(map[string]any)
	var out []any
	for _, s := range m["slices"].([]any) {
		out = append(out, s.(map[string]any)["vs_rest"])
	}
	b, _ := json.MarshalIndent(map[string]any{"vs_rest": out, "slices_worse": m["slices_worse"], "slice_warnings": m["slice_warnings"]}, "", "  ")
	return string(b)
}

// withoutIntervals returns the JSON of v without its comparisons and
// intervals: every "intervals", "vs_rest" and "slices_worse", the
// warnings that name the bootstrap, the interval summary of each result
// (task.Summarize), and the best model's interval in the verdict of
// several models ("ci", quoted by its "sentence").
func withoutIntervals(v any) string {
	var strip func(any) any
	strip = func(x any) any {
		switch x := x.(type) {
		case map[string]any:
			out := map[string]any{}
			for k, y := range x {
				switch k {
				case "verdict":
					z := strip(y).(map[string]any)
					delete(z, "ci")
					delete(z, "sentence")
					out[k] = z
					continue
				case "intervals", "vs_rest", "slices_worse", "slice_warnings", "summary":
					continue
				case "warnings":
					var ws []any
					for _, w := range y.([]any) {
						if !strings.Contains(w.(string), "bootstrap") {
							ws = append(ws, w)
						}
					}
					out[k] = ws
					continue
				}
				out[k] = strip(y)
			}
			return out
		case []any:
			out := make([]any, len(x))
			for i, y := range x {
				out[i] = strip(y)
			}
			return out
		}
		return x
	}
	b, _ := json.MarshalIndent(strip(v), "", "  ")
	return string(b)
}

// sameSliced is same, but for the name of the input in a slice's
// "error" about all its rows, which evalkit-beam names by its --input
// patterns (as its errors about the whole input do) and evalkit by the
// file's path.
func sameSliced(t *testing.T, task, file string, parts int, seed uint64, flags ...string) {
	t.Helper()
	want, stderr, code := runEvalkit(t, append(append([]string{task, "--format", "json"}, cliFlags(flags)...), file)...)
	if code != 0 {
		t.Fatalf("evalkit failed (%d): %s", code, stderr)
	}
	glob, positions := split(t, file, parts, rand.New(rand.NewPCG(seed, 1)))
	got, msg, code := runBeam(t, append(append([]string{task}, flags...), "--input", glob)...)
	if code != 0 {
		t.Fatalf("evalkit-beam failed (%d): %s", code, msg)
	}
	got = strings.ReplaceAll(positions(got), `"error": "`+glob+`: `, `"error": "`+file+`: `)
	if got != want {
		t.Errorf("evalkit-beam %s %v over %d parts differs from evalkit:\n%s", task, flags, parts, lineDiff(got, want))
	}
}

type pqSliceRow struct {
	G     string  `parquet:"g,dict"`
	True  string  `parquet:"y_true,dict"`
	Pred  string  `parquet:"y_pred,dict"`
	Score float64 `parquet:"y_score"`
	Y     int64   `parquet:"y"`
	T     float64 `parquet:"t"`
	P     float64 `parquet:"p"`
	P0    float64 `parquet:"p0"`
	P1    float64 `parquet:"p1"`
}

// --by over Parquet files (several row groups each, a unit a row group):
// evalkit's bytes on one Parquet file of all the rows.
func TestSlicesParquet(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 10))
	dir := t.TempDir()
	var all []pqSliceRow
	for i := range 4 {
		var rows []pqSliceRow
		for range 50 + rng.IntN(150) {
			y := rng.IntN(2)
			p := y
			if rng.IntN(4) == 0 {
				p = 1 - y
			}
			tv := 1 + float64(rng.IntN(400))/16
			p0 := float64(rng.IntN(9)+8*(1-y)) / 16 // a probability of class c0
			rows = append(rows, pqSliceRow{G: []string{"de", "fr", "it"}[rng.IntN(3)], True: fmt.Sprint("c", y), Pred: fmt.Sprint("c", p),
				Score: float64(rng.IntN(50)+20*y) / 16, Y: int64(y), T: tv, P: tv * (0.8 + 0.4*rng.Float64()), P0: p0, P1: 1 - p0})
		}
		writeParquet(t, filepath.Join(dir, fmt.Sprintf("p%d.parquet", i)), rows, 37)
		all = append(all, rows...)
	}
	whole := filepath.Join(t.TempDir(), "all.parquet")
	writeParquet(t, whole, all, 100)
	for _, args := range [][]string{
		{"classify", "--by", "g"},
		{"classify", "--by", "g", "--ci", "--bootstrap", "100"},
		{"rank", "--true", "y", "--by", "g", "--curve-points", "10"},
		{"rank", "--true", "y", "--score", "y_score,p0", "--by", "g", "--curve-points", "10"},
		{"rank", "--true", "y_true", "--classes", "c0,c1", "--score", "p0,p1", "--by", "g"},
		{"rank", "--true", "y", "--score", "y_score,p0", "--by", "g", "--ci", "--bootstrap", "50", "--curves=false"},
		{"rank", "--true", "y_true", "--classes", "c0,c1", "--score", "p0,p1", "--by", "g", "--ci", "--bootstrap", "50"},
		{"cluster", "--true", "y_true", "--pred", "y_pred", "--by", "g"},
		{"regress", "--true", "t", "--pred", "p", "--by", "g"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			want, stderr, code := runEvalkit(t, append(append(args[:1:1], "--format", "json"), append(args[1:], whole)...)...)
			if code != 0 {
				t.Fatal(stderr)
			}
			got, msg, code := runBeam(t, append(args, "--input", filepath.Join(dir, "*.parquet"))...)
			if code != 0 {
				t.Fatal(msg)
			}
			if got != want {
				t.Errorf("evalkit-beam differs from evalkit:\n%s", lineDiff(got, want))
			}
		})
	}
}

// Bad slicing flags and columns fail as with evalkit.
func TestSlicesErrors(t *testing.T) {
	file := sliceRows(t, t.TempDir(), 100, 2)
	sameError(t, "classify", file, "--by", "g", "--multilabel")
	sameError(t, "classify", file, "--by", "nope")
	sameError(t, "classify", file, "--by", "g,g")
	sameError(t, "classify", file, "--min-slice-rows", "3")
	sameError(t, "classify", file, "--by", "g", "--min-slice-rows", "0")
	sameError(t, "classify", file, "--by", "g", "--ci", "--adjust", "sidak")
	sameError(t, "classify", file, "--by", "y", "--max-slices", "5")
}

// --gate on a sliced result: the same verdicts, output and exit status
// as evalkit.
func TestSlicesGates(t *testing.T) {
	file := sliceRows(t, t.TempDir(), 300, 3)
	flags := []string{"--by", "g", "--gate", "accuracy >= 0.5", "--gate", "balanced_accuracy > 0.99", "--gate", "slices.*.accuracy >= 0.5"}
	want, wantMsg, wantCode := runEvalkit(t, append(append([]string{"classify", "--format", "json"}, flags...), file)...)
	glob, _ := split(t, file, 3, rand.New(rand.NewPCG(3, 1)))
	got, msg, code := runBeamGated(t, append(append([]string{"classify"}, flags...), "--input", glob)...)
	if code != 3 || code != wantCode || strings.TrimPrefix(msg, "evalkit-beam: ") != strings.TrimPrefix(wantMsg, "evalkit: ") {
		t.Fatalf("evalkit-beam: exit %d, %q; evalkit: exit %d, %q", code, msg, wantCode, wantMsg)
	}
	if got != want {
		t.Errorf("evalkit-beam differs from evalkit:\n%s", lineDiff(got, want))
	}
}
