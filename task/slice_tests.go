package task

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"runtime"
	"strconv"
	"strings"

	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/internal/parallel"
	"github.com/evalkit-go/evalkit/result"
	"github.com/evalkit-go/evalkit/table"
)

// SliceMeasures are the measures the slices of a result are compared on
// (disparity) and shown by, those of them a result has, in this order.
var SliceMeasures = []string{
	"accuracy", "balanced_accuracy", "macro.f1",
	"roc_auc", "average_precision", "roc_auc_ovr_macro", "top_k_accuracy", "log_loss", "brier",
	"mse", "mae", "r2",
	"adjusted_rand_index", "nmi", "v_measure", "silhouette",
}

// lowerIsBetter are the measures (the last part of a path) of which less
// is better; of the others, more is.
var lowerIsBetter = map[string]bool{
	"error_rate": true, "zero_one_loss": true, "hamming_loss": true, "log_loss": true, "brier": true,
	"rank_loss": true, "ece": true, "mce": true, "mse": true, "rmse": true, "mae": true, "mape": true,
	"smape": true, "wape": true, "medae": true, "max_error": true, "msle": true, "rmsle": true,
	"pinball": true, "poisson_deviance": true, "gamma_deviance": true, "tweedie_deviance": true,
	"davies_bouldin": true, "cost_sensitive_error": true,
}

// LowerIsBetter reports whether less of the measure at path (a flattened
// JSON path of a result) is better.
func LowerIsBetter(path string) bool {
	if i := strings.LastIndexByte(path, '.'); i >= 0 && !strings.HasPrefix(path, "macro.") && !strings.HasPrefix(path, "micro.") {
		if _, err := strconv.Atoi(path[:i][strings.LastIndexByte(path[:i], '.')+1:]); err == nil {
			path = path[i+1:]
		}
	}
	return lowerIsBetter[path]
}

// proportions are the measures that are a share of the rows (unweighted):
// the two-proportion z test compares them.
var proportions = map[string]bool{
	"accuracy": true, "error_rate": true, "zero_one_loss": true, "hamming_loss": true, "top_k_accuracy": true,
}

// SliceCompare is the comparison of each slice with the rest of the rows
// (the other slices of its slicing) on some measures.
type SliceCompare struct {
	// Measures are flattened JSON paths of the task's result
	// ("accuracy", "models.0.roc_auc").
	Measures []string
	Level    float64 // of significance 1 − Level; 0 means 0.95
	Adjust   string  // "holm" (""), "bonferroni" or "none": over every test
	// Losses, when not nil, returns the per-row losses whose mean is the
	// measure at path, for the rows r reads, and ok false for a measure
	// that is no such mean (or rows it cannot take, weighted ones say).
	Losses func(path string, r *table.Reader) (losses []float64, ok bool, err error)
	// RowLosses is Losses for an input held in memory ([Slices.Arrays]):
	// the losses of the rows of the given indexes.
	RowLosses func(path string, rows []int32) (losses []float64, ok bool, err error)
	// SliceLosses is Losses for slices whose rows were read elsewhere
	// ([Slices.Counted]): the losses of slice i's rows, or of the rest of
	// the rows (rest), in any order (their mean and variance are what is
	// compared).
	SliceLosses func(path string, i int, rest bool) (losses []float64, ok bool, err error)
}

// losses returns the per-row losses of measure m of slice i's rows, or of
// the rest of the rows.
func (c *SliceCompare) losses(in *SlicedInput, m string, i int, rest bool) ([]float64, bool, error) {
	switch {
	case c.SliceLosses != nil:
		return c.SliceLosses(m, i, rest)
	case in.rec != nil && c.Losses != nil && rest:
		return c.Losses(m, in.Rest(i))
	case in.rec != nil && c.Losses != nil:
		return c.Losses(m, in.Reopen(i))
	case in.rec == nil && c.RowLosses != nil && rest:
		return c.RowLosses(m, in.RestOf(i))
	case in.rec == nil && c.RowLosses != nil:
		return c.RowLosses(m, in.RowsOf(i))
	}
	return nil, false, nil
}

// RegressLosses returns the per-row losses of mse (squared errors) and
// mae (absolute errors) of the predictions pred of y, at rows (all: nil),
// and ok false for any other measure.
func RegressLosses(path string, y, pred []float64, rows []int32) (losses []float64, ok bool) {
	if path != "mse" && path != "mae" {
		return nil, false
	}
	loss := func(i int) float64 {
		d := y[i] - pred[i]
		if path == "mse" {
			return d * d
		}
		return math.Abs(d)
	}
	if rows == nil {
		losses = make([]float64, len(y))
		for i := range y {
			losses[i] = loss(i)
		}
		return losses, true
	}
	losses = make([]float64, len(rows))
	for j, i := range rows {
		losses[j] = loss(int(i))
	}
	return losses, true
}

// SliceTest is one slice's comparison with the rest of the rows on one
// measure. The method is "two-proportion z" for a share of the rows
// (statsmodels' proportions_ztest, pooled), "delong unpaired" for ROC AUC
// (pROC's roc.test(paired = FALSE): a t statistic with Welch–
// Satterthwaite's degrees of freedom, [hyptest.UnpairedAUC]), "welch t" for a mean of per-row
// losses (scipy's ttest_ind(equal_var = False)), and "interval-se z"
// otherwise: a z test whose standard errors are the half-widths of the
// two results' intervals (bootstrap ones, for most measures) over the
// normal quantile.
type SliceTest struct {
	Measure   string     `json:"measure"`
	Method    string     `json:"method"`
	Slice     float64    `json:"slice"`
	Rest      float64    `json:"rest"`
	Diff      float64    `json:"diff"` // slice − rest
	CI        [2]float64 `json:"ci"`   // of Diff
	Statistic float64    `json:"statistic"`
	DF        float64    `json:"df,omitempty"` // of a t statistic (Welch–Satterthwaite's)
	PValue    float64    `json:"p_value"`
	PAdjusted float64    `json:"p_adjusted"`
	// Worse: significantly worse than the rest (PAdjusted < 1 − Level,
	// in the measure's worse direction).
	Worse bool `json:"worse"`
}

// WorseSlice names a slice significantly worse than the rest of the rows.
type WorseSlice struct {
	By        result.Object `json:"by"`
	Measure   string        `json:"measure"`
	Diff      float64       `json:"diff"`
	PAdjusted float64       `json:"p_adjusted"`
}

// Compare compares each slice of out that has a result with the rest of
// the rows, whose result rest[i] gives (nil: not compared), on c.Measures;
// it fills out.Slices[i].VsRest and out.Worse. A measure a result lacks,
// or one no test applies to, is left out with a warning.
func (c *SliceCompare) Compare(in *SlicedInput, out *SlicesResult, rest []any) error {
	level := c.Level
	if level == 0 {
		level = 0.95
	}
	type ref struct{ slice, test int }
	var refs []ref
	var ps []float64
	skipped := map[string]string{}
	for i := range out.Slices {
		s := &out.Slices[i]
		if s.Result == nil || rest[i] == nil {
			continue
		}
		a, err := flatten(s.Result)
		if err != nil {
			return err
		}
		b, err := flatten(rest[i])
		if err != nil {
			return err
		}
		for _, m := range c.Measures {
			t, why, err := c.test(in, i, m, a, b, level)
			if err != nil {
				return err
			}
			if why != "" {
				skipped[m] = why
				continue
			}
			s.VsRest = append(s.VsRest, t)
			if !math.IsNaN(t.PValue) {
				refs = append(refs, ref{i, len(s.VsRest) - 1})
				ps = append(ps, math.Min(t.PValue, 1))
			}
		}
	}
	adj := ps
	if c.Adjust != "none" && len(ps) > 0 {
		method := hyptest.Holm
		if c.Adjust == "bonferroni" {
			method = hyptest.Bonferroni
		}
		var err error
		if adj, err = hyptest.AdjustPValues(ps, method); err != nil {
			return err
		}
	}
	for _, s := range out.Slices {
		for k := range s.VsRest {
			s.VsRest[k].PAdjusted = math.NaN()
		}
	}
	for k, r := range refs {
		t := &out.Slices[r.slice].VsRest[r.test]
		t.PAdjusted = adj[k]
		worse := t.Diff < 0
		if LowerIsBetter(t.Measure) {
			worse = t.Diff > 0
		}
		t.Worse = worse && t.PAdjusted < 1-level
		if t.Worse {
			out.Worse = append(out.Worse, WorseSlice{By: out.Slices[r.slice].By, Measure: t.Measure, Diff: t.Diff, PAdjusted: t.PAdjusted})
		}
	}
	if out.Worse == nil {
		out.Worse = []WorseSlice{}
	}
	for _, m := range c.Measures {
		if why, ok := skipped[m]; ok {
			out.Warnings = append(out.Warnings, fmt.Sprintf("%s: some slices are not compared with the rest of the rows: %s", m, why))
		}
	}
	return nil
}

// test compares slice i (flattened result a) with the rest (b) on the
// measure at path m; why says why not, when not.
func (c *SliceCompare) test(in *SlicedInput, i int, m string, a, b map[string]string, level float64) (SliceTest, string, error) {
	t := SliceTest{Measure: m, DF: 0}
	x, okA := number(a, m)
	y, okB := number(b, m)
	if !okA || !okB {
		return t, "the measure is missing or undefined in a slice or its rest", nil
	}
	t.Slice, t.Rest = x, y
	prefix, name := "", m
	if strings.HasPrefix(m, "models.") {
		parts := strings.SplitN(m, ".", 3)
		if len(parts) == 3 {
			prefix, name = parts[0]+"."+parts[1]+".", parts[2]
		}
	}
	var r hyptest.ABResult
	var err error
	switch {
	case proportions[name] && unweighted(a, prefix) && unweighted(b, prefix):
		na, _ := number(a, prefix+"n")
		nb, _ := number(b, prefix+"n")
		t.Method = "two-proportion z"
		r, err = hyptest.TwoProportions(int64(math.Round(y*nb)), int64(nb), int64(math.Round(x*na)), int64(na), hyptest.TwoSided, level)
	case name == "roc_auc" && has(a, prefix+"auc_variance_delong") && has(b, prefix+"auc_variance_delong"):
		va, _ := number(a, prefix+"auc_variance_delong")
		vb, _ := number(b, prefix+"auc_variance_delong")
		na, _ := number(a, prefix+"n")
		nb, _ := number(b, prefix+"n")
		t.Method = "delong unpaired"
		r, err = hyptest.UnpairedAUC(y, vb, int64(nb), x, va, int64(na), hyptest.TwoSided, level)
	default:
		done := false
		if c.Losses != nil || c.RowLosses != nil || c.SliceLosses != nil {
			la, ok, lerr := c.losses(in, m, i, false)
			if lerr != nil {
				return t, "", lerr
			}
			if ok {
				lb, _, lerr := c.losses(in, m, i, true)
				if lerr != nil {
					return t, "", lerr
				}
				t.Method = "welch t"
				r, err = hyptest.TwoMeans(hyptest.SummaryOf(lb), hyptest.SummaryOf(la), false, hyptest.TwoSided, level)
				done = true
			}
		}
		if !done {
			sa, okA := intervalSE(a, prefix, name, level)
			sb, okB := intervalSE(b, prefix, name, level)
			if !okA || !okB {
				return t, "no test applies and the results have no interval for it (hyptest.CIOptions)", nil
			}
			t.Method = "interval-se z"
			r, err = hyptest.WaldDiff(y, sb, x, sa, hyptest.TwoSided, level)
		}
	}
	t.Diff, t.CI, t.Statistic, t.PValue = x-y, r.CI, r.Statistic, r.PValue
	if !math.IsInf(r.DF, 1) {
		t.DF = r.DF
	}
	if err != nil {
		// A test undefined on these rows (no variance, one row): no
		// p-value, and so not worse.
		t.Statistic, t.PValue, t.CI = math.NaN(), math.NaN(), [2]float64{math.NaN(), math.NaN()}
	}
	return t, "", nil
}

// unweighted reports whether the rows of a flattened result weigh 1 each
// (its weight_sum, if any, is its n).
func unweighted(f map[string]string, prefix string) bool {
	n, ok := number(f, prefix+"n")
	if !ok {
		return false
	}
	w, ok := number(f, prefix+"weight_sum")
	return !ok || w == n
}

// intervalSE is the standard error of measure name that its interval
// (intervals.NAME.low/high) gives: its width over 2 z_{(1+level)/2}.
func intervalSE(f map[string]string, prefix, name string, level float64) (float64, bool) {
	lo, ok1 := number(f, prefix+"intervals."+name+".low")
	hi, ok2 := number(f, prefix+"intervals."+name+".high")
	if !ok1 || !ok2 {
		return 0, false
	}
	return (hi - lo) / (2 * hyptest.NormalQuantile((1+level)/2)), true
}

func has(f map[string]string, k string) bool {
	_, ok := number(f, k)
	return ok
}

// number is the finite number at key k of a flattened result.
func number(f map[string]string, k string) (float64, bool) {
	v, ok := f[k]
	if !ok || v == "" {
		return 0, false
	}
	x, err := strconv.ParseFloat(v, 64)
	if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
		return 0, false
	}
	return x, true
}

// pickPaths returns the values at paths (flattened JSON paths) of the JSON
// object doc (valid: the task's own encoding), as [result.Flatten] writes
// them (a string unquoted, null ""), without decoding or copying the rest
// of doc (a result's curves, say): each path's value is found by skipping
// the members and elements before it.
func pickPaths(doc []byte, paths []string) (map[string]string, error) {
	out := make(map[string]string, len(paths))
	for _, p := range paths {
		raw, ok := []byte(doc), true
		for _, k := range strings.Split(p, ".") {
			if raw, ok = member(raw, k); !ok {
				break
			}
		}
		if !ok {
			continue
		}
		switch {
		case string(raw) == "null":
			out[p] = ""
		case raw[0] == '"':
			var s string
			if err := json.Unmarshal(raw, &s); err != nil {
				return nil, err
			}
			out[p] = s
		case raw[0] == '{' || raw[0] == '[':
		default:
			out[p] = string(raw)
		}
	}
	return out, nil
}

// member returns the member k of the JSON object raw, or element k of the
// array raw (valid JSON), as a slice of raw without spaces around it.
func member(raw []byte, k string) ([]byte, bool) {
	raw = bytes.TrimSpace(raw)
	if len(raw) < 2 {
		return nil, false
	}
	index := -1
	switch raw[0] {
	case '{':
	case '[':
		i, err := strconv.Atoi(k)
		if err != nil || i < 0 {
			return nil, false
		}
		index = i
	default:
		return nil, false
	}
	i := 1
	for n := 0; ; n++ {
		i = skipSpace(raw, i)
		if i >= len(raw) || raw[i] == '}' || raw[i] == ']' {
			return nil, false
		}
		match := index == n
		if index < 0 { // a member: "key": value
			j := skipJSON(raw, i)
			var key string
			if json.Unmarshal(raw[i:j], &key) != nil {
				return nil, false
			}
			match = key == k
			i = skipSpace(raw, j) + 1 // the colon
			i = skipSpace(raw, i)
		}
		j := skipJSON(raw, i)
		if match {
			return raw[i:j], true
		}
		i = skipSpace(raw, j) + 1 // the comma
	}
}

// skipSpace returns the index of the first byte from i on that is not
// JSON white space.
func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\n' || b[i] == '\t' || b[i] == '\r') {
		i++
	}
	return i
}

// skipJSON returns the index just past the JSON value (valid) that
// starts at b[i].
func skipJSON(b []byte, i int) int {
	depth := 0
	for ; i < len(b); i++ {
		switch c := b[i]; c {
		case '"':
			for i++; i < len(b) && b[i] != '"'; i++ {
				if b[i] == '\\' {
					i++
				}
			}
			if depth == 0 {
				return i + 1
			}
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				return i + 1
			}
			if depth < 0 {
				return i
			}
		case ',', ' ', '\n', '\t', '\r', ':':
			if depth == 0 {
				return i
			}
		}
	}
	return i
}

// flatten is v's JSON flattened ([result.Flatten]) into a map.
func flatten(v any) (map[string]string, error) {
	b, err := result.JSON(v, "")
	if err != nil {
		return nil, err
	}
	kv, err := result.Flatten(b)
	if err != nil {
		return nil, err
	}
	m := make(map[string]string, len(kv))
	for _, p := range kv {
		m[p[0]] = p[1]
	}
	return m, nil
}

// Disparity is, for one slicing and one measure, its best and worst slice
// and how far apart they are: Difference = max − min and Ratio = min/max
// over the slices (Fairlearn's MetricFrame difference() and ratio(),
// method "between_groups"); Ratio is null when max is 0.
type Disparity struct {
	Best       SliceValue `json:"best"`
	Worst      SliceValue `json:"worst"`
	Difference float64    `json:"difference"`
	Ratio      float64    `json:"ratio"`
}

// SliceValue is a slice and a measure's value on it.
type SliceValue struct {
	By    result.Object `json:"by"`
	Value float64       `json:"value"`
}

// SlicingDisparity is the disparity of one slicing's slices per measure.
type SlicingDisparity struct {
	By       []string      `json:"by"`
	Measures result.Object `json:"measures"` // measure: Disparity
}

// Disparities fills out.Disparity: for each slicing of s, each measure
// of measures (flattened paths) that two or more of its slices have.
func (out *SlicesResult) Disparities(in *SlicedInput, by [][]string, measures []string) error {
	// Each slice's result is encoded here, once, on every core.
	flats := make([]map[string]string, len(out.Slices))
	errs := make([]error, len(out.Slices))
	parallel.For(len(out.Slices), runtime.GOMAXPROCS(0), func(i int) {
		s := &out.Slices[i]
		if s.Result == nil {
			return
		}
		doc, err := s.encoded()
		if err == nil {
			flats[i], err = pickPaths(doc, measures)
		}
		errs[i] = err
	})
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	out.Disparity = []SlicingDisparity{}
	for k, cols := range by {
		d := SlicingDisparity{By: cols, Measures: result.Object{}}
		for _, m := range measures {
			var vals []SliceValue
			for i, s := range in.Slices {
				if s.Slicing != k || flats[i] == nil {
					continue
				}
				if x, ok := number(flats[i], m); ok {
					vals = append(vals, SliceValue{By: s.By, Value: x})
				}
			}
			if len(vals) < 2 {
				continue
			}
			lo, hi := 0, 0
			for j, v := range vals {
				if v.Value < vals[lo].Value {
					lo = j
				}
				if v.Value > vals[hi].Value {
					hi = j
				}
			}
			best, worst := vals[hi], vals[lo]
			if LowerIsBetter(m) {
				best, worst = worst, best
			}
			ratio := math.NaN()
			if vals[hi].Value != 0 {
				ratio = vals[lo].Value / vals[hi].Value
			}
			d.Measures = append(d.Measures, result.KV(m, Disparity{Best: best, Worst: worst,
				Difference: vals[hi].Value - vals[lo].Value, Ratio: ratio}))
		}
		out.Disparity = append(out.Disparity, d)
	}
	return nil
}
