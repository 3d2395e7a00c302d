package main

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/regress"
	"github.com/evalkit-go/evalkit/task"
)

// regressInput is k outputs of n rows (positive values) with weights
// when weighted.
func regressInput(rng *rand.Rand, n, k int, weighted bool) *Input {
	in := &Input{Labels: map[string][]task.Labels{}, Values: map[string][][]float64{}}
	for range k {
		y, p := make([]float64, n), make([]float64, n)
		for i := range y {
			y[i], p[i] = rng.ExpFloat64()*3, rng.ExpFloat64()*2+0.01
		}
		in.Values["true"] = append(in.Values["true"], y)
		in.Values["pred"] = append(in.Values["pred"], p)
	}
	if weighted {
		w := make([]float64, n)
		for i := range w {
			w[i] = float64(rng.IntN(3)) + 0.5
		}
		in.Values["weight"] = [][]float64{w}
	}
	return in
}

// TestMeasureRegress checks that the lean call "regress" gives every
// measure with the bits of the task's JSON for the same data, one output
// and several (raw, uniform, variance-weighted, output weights).
func TestMeasureRegress(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{1, 5, 300} {
		for _, k := range []int{1, 3} {
			for _, weighted := range []bool{false, true} {
				in := regressInput(rng, n, k, weighted)
				for _, how := range []string{"raw", "uniform", "variance-weighted", "weights"} {
					if k == 1 && how != "uniform" {
						continue
					}
					opts := map[string]any{"mape_epsilon": 2.220446049250313e-16, "alpha": 0.3, "power": 1.5}
					lean := "mape_epsilon=2.220446049250313e-16\x1falpha=0.3\x1fpower=1.5"
					if k > 1 {
						if how == "weights" {
							opts["output_weights"] = []float64{1, 2, 0.5}
							lean += "\x1foutput_weights=1,2,0.5"
						} else {
							opts["multioutput"] = how
							lean += "\x1fmultioutput=" + how
						}
					}
					b, _ := json.Marshal(opts)
					out, err := Evaluate("regress", b, in)
					if err != nil {
						t.Fatal(err)
					}
					var res map[string]any
					if err := json.Unmarshal(out, &res); err != nil {
						t.Fatal(err)
					}
					for _, sp := range regress.Specs {
						got, err := Measure("regress", lean+"\x1fmeasure="+sp.Key, in)
						if err != nil {
							t.Fatalf("%s: %v", sp.Key, err)
						}
						var want []float64
						switch v := res[sp.Key].(type) {
						case []any:
							for _, x := range v {
								want = append(want, number(x))
							}
						default:
							want = []float64{number(v)}
						}
						if len(got) != len(want) {
							t.Fatalf("n=%d k=%d %s %s: %v, the task's %v", n, k, how, sp.Key, got, want)
						}
						for i := range got {
							if math.Float64bits(got[i]) != math.Float64bits(want[i]) && !(math.IsNaN(got[i]) && math.IsNaN(want[i])) {
								t.Errorf("n=%d k=%d w=%v %s %s: %v, the task's %v", n, k, weighted, how, sp.Key, got, want)
							}
						}
					}
				}
			}
		}
	}
}

// number is a JSON number, null as NaN.
func number(v any) float64 {
	if f, ok := v.(float64); ok {
		return f
	}
	return math.NaN()
}

// TestMeasureRegressErrors checks that a bad row is the task's error.
func TestMeasureRegressErrors(t *testing.T) {
	in := regressInput(rand.New(rand.NewPCG(5, 6)), 10, 1, true)
	in.Values["pred"][0][4] = math.Inf(1)
	_, want := Evaluate("regress", nil, in)
	_, err := Measure("regress", "measure=mse", in)
	if err == nil || want == nil || err.Error() != want.Error() {
		t.Errorf("an infinite prediction: %v, the task's %v", err, want)
	}
	in.Values["pred"][0][4] = 1
	in.Values["weight"][0][2] = -1
	_, want = Evaluate("regress", nil, in)
	if _, err := Measure("regress", "measure=r2", in); err == nil || want == nil || err.Error() != want.Error() {
		t.Errorf("a negative weight: %v, the task's %v", err, want)
	}
	if _, err := Measure("regress", "measure=nope", regressInput(rand.New(rand.NewPCG(5, 6)), 10, 1, false)); err == nil || !strings.Contains(err.Error(), "nope") {
		t.Errorf("an unknown measure: %v", err)
	}
}

// classifyInput is n rows of integer labels in [lo, lo+k) as numbers,
// and as the label columns the task reads, with weights when weighted.
func classifyInput(rng *rand.Rand, n, lo, k int, weighted bool) (values, labels *Input) {
	values = &Input{Labels: map[string][]task.Labels{}, Values: map[string][][]float64{}}
	labels = &Input{Labels: map[string][]task.Labels{}, Values: map[string][][]float64{}}
	names := make([]string, k)
	for i := range names {
		names[i] = strconv.Itoa(lo + i)
	}
	y, p := make([]float64, n), make([]float64, n)
	yc, pc := make([]int64, n), make([]int64, n)
	for i := range y {
		yc[i] = int64(rng.IntN(k))
		pc[i] = yc[i]
		if rng.IntN(3) == 0 {
			pc[i] = int64(rng.IntN(k))
		}
		y[i], p[i] = float64(lo+int(yc[i])), float64(lo+int(pc[i]))
	}
	values.Values["true"], values.Values["pred"] = [][]float64{y}, [][]float64{p}
	labels.Labels["true"] = []task.Labels{{Names: names, Codes: yc}}
	labels.Labels["pred"] = []task.Labels{{Names: names, Codes: pc}}
	if weighted {
		w := make([]float64, n)
		for i := range w {
			w[i] = rng.Float64() * 2
		}
		values.Values["weight"], labels.Values["weight"] = [][]float64{w}, [][]float64{w}
	}
	return values, labels
}

// TestMeasureClassify checks that the lean call "classify" gives the
// numbers of the task's JSON for the same labels, bit for bit.
func TestMeasureClassify(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, n := range []int{1, 7, 500, 200000} {
		for _, k := range []int{2, 3, 10} {
			for _, weighted := range []bool{false, true} {
				values, labels := classifyInput(rng, n, -1, k, weighted)
				pos := strconv.Itoa(int(values.Values["true"][0][0]))
				for _, z := range []string{"0", "1"} {
					out, err := Evaluate("classify", []byte(`{"zero_division": "`+z+`", "beta": 0.5, "pos_label": "`+pos+`", "normalize": "true", "max_matrix": 0}`), labels)
					if err != nil {
						t.Fatal(err)
					}
					var r map[string]any
					if err := json.Unmarshal(out, &r); err != nil {
						t.Fatal(err)
					}
					same := func(what string, got float64, want any) {
						t.Helper()
						w := number(want)
						if math.Float64bits(got) != math.Float64bits(w) && !(math.IsNaN(got) && math.IsNaN(w)) {
							t.Errorf("n=%d k=%d w=%v z=%s %s: %v, the task's %v", n, k, weighted, z, what, got, w)
						}
					}
					acc, err := Measure("classify", "measure=accuracy", values)
					if err != nil {
						t.Fatal(err)
					}
					same("accuracy", acc[0], r["accuracy"])
					for _, norm := range []string{"", "true"} {
						m, err := Measure("classify", "measure=confusion\x1fnormalize="+norm, values)
						if err != nil {
							t.Fatal(err)
						}
						key := "confusion_matrix"
						if norm != "" {
							key = "confusion_matrix_normalized"
						}
						kk := int(m[0])
						for i, row := range r[key].([]any) {
							for j, v := range row.([]any) {
								same(key, m[1+i*kk+j], v)
							}
						}
					}
					for field := range prfFields {
						v, err := Measure("classify", "measure=prf\x1fbeta=0.5\x1fpos_label="+pos+"\x1fzero_division="+z+"\x1ffield="+field, values)
						if err != nil {
							t.Fatal(err)
						}
						kk := int(v[0])
						for i, c := range r["per_class"].([]any) {
							same("per_class "+field, v[1+i], c.(map[string]any)[field])
						}
						same("micro "+field, v[1+kk], r["micro"].(map[string]any)[field])
						same("macro "+field, v[2+kk], r["macro"].(map[string]any)[field])
						same("weighted "+field, v[3+kk], r["weighted"].(map[string]any)[field])
						if bin, ok := r["binary"].(map[string]any); ok {
							same("binary "+field, v[4+kk], bin[field])
						} else if v[5+kk] != 0 {
							t.Errorf("binary %s: found %v, the task has none", field, v[4+kk])
						}
					}
				}
			}
		}
	}
}

// TestMeasureClassifyDeclines checks that labels the lean call does not
// take are left to the task.
func TestMeasureClassifyDeclines(t *testing.T) {
	in := &Input{Labels: map[string][]task.Labels{}, Values: map[string][][]float64{"true": {{0.5, 1}}, "pred": {{1, 1}}}}
	if _, err := Measure("classify", "measure=accuracy", in); !errors.As(err, new(errDeclined)) {
		t.Errorf("fractional labels: %v", err)
	}
}

// TestMeasureCluster checks that the lean call "cluster" gives the
// adjusted Rand index of the task's JSON, bit for bit.
func TestMeasureCluster(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, n := range []int{1, 2, 50, 3000} {
		for _, k := range []int{1, 4, 12} {
			values, labels := classifyInput(rng, n, -2, k, false)
			out, err := Evaluate("cluster", nil, labels)
			if err != nil {
				t.Fatal(err)
			}
			var r map[string]any
			if err := json.Unmarshal(out, &r); err != nil {
				t.Fatal(err)
			}
			got, err := Measure("cluster", "measure=ari", values)
			if err != nil {
				t.Fatal(err)
			}
			if want := number(r["adjusted_rand_index"]); math.Float64bits(got[0]) != math.Float64bits(want) {
				t.Errorf("n=%d k=%d: %v, the task's %v", n, k, got[0], want)
			}
		}
	}
}

// TestMeasureIntLabels checks that int64 labels read as they are give
// the numbers of the same labels as float64.
func TestMeasureIntLabels(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, n := range []int{3, 400, 100000} {
		for _, weighted := range []bool{false, true} {
			values, _ := classifyInput(rng, n, -3, 6, weighted)
			ints := &Input{Labels: values.Labels, Values: map[string][][]float64{}, ints: map[string][]int64{}}
			for _, role := range []string{"true", "pred"} {
				v := values.Values[role][0]
				iv := make([]int64, len(v))
				for i, x := range v {
					iv[i] = int64(x)
				}
				ints.ints[role] = iv
			}
			if weighted {
				ints.Values["weight"] = values.Values["weight"]
			}
			calls := [][2]string{{"classify", "measure=accuracy"}, {"classify", "measure=confusion"}, {"classify", "measure=prf\x1ffield=f1\x1fpos_label=0"},
				{"classify", "measure=report\x1fkey=mcc"}}
			if !weighted {
				calls = append(calls, [2]string{"cluster", "measure=ari"})
			}
			for _, call := range calls {
				want, err := Measure(call[0], call[1], values)
				if err != nil {
					t.Fatal(err)
				}
				got, err := Measure(call[0], call[1], ints)
				if err != nil {
					t.Fatal(err)
				}
				if !slices.EqualFunc(got, want, func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }) {
					t.Errorf("n=%d %s %q: %v, of float64 labels %v", n, call[0], call[1], got, want)
				}
			}
		}
	}
}

// TestMeasureScoreBinary checks the lean call "score" with binary=1 (the
// table of rank.NewTableOf, labels as int64 or float64) against the same
// call through the task (the labels as a label column, the positive label
// named): the same bits, the same errors, and declined inputs.
func TestMeasureScoreBinary(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for _, n := range []int{2, 7, 300, 70000} {
		for _, labels := range [][2]int64{{0, 1}, {-1, 1}, {3, 8}} {
			for _, weighted := range []bool{false, true} {
				y, yf, s, w := make([]int64, n), make([]float64, n), make([]float64, n), make([]float64, n)
				for i := range y {
					c := i % 2 // both classes
					if i >= 2 {
						c = rng.IntN(2)
					}
					y[i], yf[i] = labels[c], float64(labels[c])
					s[i] = math.Round((rng.NormFloat64()+0.5*float64(c))*20) / 20 // ties, negative scores
					w[i] = float64(rng.IntN(5)) / 4
				}
				names := []string{strconv.FormatInt(labels[0], 10), strconv.FormatInt(labels[1], 10)}
				codes := make([]int64, n)
				for i, v := range y {
					if v == labels[1] {
						codes[i] = 1
					}
				}
				for _, m := range []string{"roc_auc", "average_precision", "partial_auc\x1fmax_fpr=0.3"} {
					for _, pos := range []string{"", names[0]} {
						opts := "binary=1\x1fmeasure=" + m
						if pos != "" {
							opts += "\x1fpos_label=" + pos
						}
						byTask := &Input{Labels: map[string][]task.Labels{"true": {{Names: names, Codes: codes}}}, Values: map[string][][]float64{"score": {s}}}
						taskPos := pos
						if taskPos == "" {
							taskPos = names[1]
						}
						inInts := &Input{Labels: map[string][]task.Labels{}, Values: map[string][][]float64{"score": {s}}, ints: map[string][]int64{"true": y}}
						inFloats := &Input{Labels: map[string][]task.Labels{}, Values: map[string][][]float64{"true": {yf}, "score": {s}}}
						if weighted {
							for _, in := range []*Input{byTask, inInts, inFloats} {
								in.Values["weight"] = [][]float64{w}
							}
						}
						want, wantErr := Measure("score", "measure="+m+"\x1fpos_label="+taskPos, byTask)
						for _, in := range []*Input{inInts, inFloats} {
							got, err := Measure("score", opts, in)
							if (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() {
								t.Fatalf("n=%d %v %q: error %v, the task's %v", n, labels, opts, err, wantErr)
							}
							if err == nil && math.Float64bits(got[0]) != math.Float64bits(want[0]) {
								t.Fatalf("n=%d %v weighted %v %q: %v, the task's %v", n, labels, weighted, opts, got, want)
							}
						}
					}
				}
			}
		}
	}
	// Bad rows: the task's errors.
	y := []int64{0, 1, 1, 0, 1}
	for _, c := range []struct {
		s, w []float64
		want string
	}{
		{[]float64{0.1, 0.2, math.NaN(), 0.4, 0.5}, nil, "row 2"},
		{[]float64{0.1, 0.2, 0.3, 0.4, 0.5}, []float64{1, 1, 1, -1, 1}, "row 3"},
		{[]float64{0.1, 0.2, 0.3, math.Inf(1), 0.5}, []float64{1, math.NaN(), 1, 1, 1}, "row 1"},
	} {
		in := &Input{Labels: map[string][]task.Labels{}, Values: map[string][][]float64{"score": {c.s}}, ints: map[string][]int64{"true": y}}
		if c.w != nil {
			in.Values["weight"] = [][]float64{c.w}
		}
		if _, err := Measure("score", "binary=1\x1fmeasure=roc_auc", in); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v %v: error %v, want one naming %s", c.s, c.w, err, c.want)
		}
	}
	// Declined: one value, three values, a positive label neither value.
	for _, c := range []struct {
		y    []int64
		opts string
	}{{[]int64{1, 1, 1}, ""}, {[]int64{0, 1, 2}, ""}, {[]int64{0, 2, 2}, "\x1fpos_label=1"}} {
		in := &Input{Labels: map[string][]task.Labels{}, Values: map[string][][]float64{"score": {{0.1, 0.2, 0.3}}}, ints: map[string][]int64{"true": c.y}}
		if _, err := Measure("score", "binary=1\x1fmeasure=roc_auc"+c.opts, in); !errors.As(err, new(errDeclined)) {
			t.Errorf("%v%q: %v, want declined", c.y, c.opts, err)
		}
	}
}
