package main

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/evalkit-go/evalkit/classify"
	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/cluster"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/regress"
	"github.com/evalkit-go/evalkit/task"
)

// The lean calls of evalkit.metrics (evalkit_measure): one measure's
// numbers, without a task's report or JSON. Each computes only what its
// measure needs, in the measure packages (regress.FoldOnly, …), with
// the bits the task's result has for the same measure; input errors are
// the task's own: on a bad row, a call runs the task, whose error it
// returns.

// measureKinds are the lean calls by name.
var measureKinds = map[string]func(o measureOptions, in *Input) ([]float64, error){
	"regress":  measureRegress,
	"classify": measureClassify,
	"cluster":  measureCluster,
	"score":    measureScore,
}

// errDeclined is the error of a lean call whose input it leaves to the
// task (labels that are not integers, …): the caller calls the task.
// evalkit_measure returns it as status 3.
type errDeclined struct{ why string }

func (e errDeclined) Error() string {
	return "evalkit: the lean call leaves this input to the task: " + e.why
}

// measureRole is the role of the second column of the lean call name:
// "score" for the measures of scores, else "pred".
func measureRole(name string) string {
	if name == "score" {
		return "score"
	}
	return "pred"
}

// measureOptions are the options of a lean call: "key=value" pairs
// separated by the byte 0x1f.
type measureOptions map[string]string

func parseMeasureOptions(s string) measureOptions {
	o := measureOptions{}
	for kv := range strings.SplitSeq(s, "\x1f") {
		if k, v, ok := strings.Cut(kv, "="); ok {
			o[k] = v
		}
	}
	return o
}

// float returns option key as a number (def when absent).
func (o measureOptions) float(key string, def float64) (float64, error) {
	s, ok := o[key]
	if !ok || s == "" {
		return def, nil
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, cli.Usagef("option %s: %q is not a number", key, s)
	}
	return v, nil
}

// floats returns option key as a comma list of numbers (nil when absent).
func (o measureOptions) floats(key string) ([]float64, error) {
	s, ok := o[key]
	if !ok || s == "" {
		return nil, nil
	}
	var out []float64
	for f := range strings.SplitSeq(s, ",") {
		v, err := strconv.ParseFloat(f, 64)
		if err != nil {
			return nil, cli.Usagef("option %s: %q is not a number", key, f)
		}
		out = append(out, v)
	}
	return out, nil
}

// Measure computes the lean call name on in under options (see
// measureOptions) and returns its numbers:
//
//   - "regress": the measure named by the option measure (a JSON key of
//     regress.Specs, or adjusted_r2), of k target columns ("true"), k
//     prediction columns ("pred") and the weights ("weight"); options
//     mape_epsilon, alpha, power, cum_weights (exact, or float:
//     regress.StateOptions.FloatCumWeights), multioutput
//     (raw: k numbers; uniform, variance-weighted: one) or output_weights
//     (a comma list: one number, the outputs' weighted mean). A measure
//     the task's result reports as undefined (null) is NaN.
//   - "classify": of integer labels given as numbers, the true ("true")
//     and the predicted ("pred"), and the weights ("weight"), the
//     confusion matrix over the labels present in either
//     (classify.ConfusionOfValues: the task's matrix) and, by the option
//     measure, accuracy: [accuracy]; confusion: [k, the k×k matrix by
//     rows] (with normalize "true", "pred" or "all" the normalized one);
//     prf: [k, the k per-class values, micro, macro, weighted, binary,
//     found] of the option field (precision, recall, f1, fbeta, jaccard)
//     under beta and zero_division, binary that of the class of value
//     pos_label (found 1 when it is present, else 0 and NaN), as the
//     task's report computes them (classify.Confusion.PerClass, Micro,
//     Averaged); report: [the value] of the option key, a number of the
//     task's report (classify.NewReport of the matrix): balanced_accuracy,
//     balanced_accuracy_adjusted, mcc, cohen_kappa, cohen_kappa_linear,
//     cohen_kappa_quadratic, hamming_loss or zero_one_loss.
//   - "cluster": the adjusted Rand index (option measure ari) of integer
//     labels given as numbers, the reference classes ("true") and the
//     clusters ("pred"): [ARI], from their contingency table
//     (cluster.ContingencyOfValues, Contingency.AdjustedRand).
//   - "score": a measure of binary scores, as the narrow task "score"
//     (evalScore: options measure, pos_label, max_fpr): [value], of the
//     labels ("true": integer labels given as numbers, or a label
//     column), the scores ("score") and the weights ("weight"). With
//     the option binary=1, labels given as numbers must hold exactly two
//     values, one of them pos_label (default the greater), else the call
//     is declined.
//
// A call whose input it leaves to the task is an errDeclined.
func Measure(name, options string, in *Input) ([]float64, error) {
	run, ok := measureKinds[name]
	if !ok {
		names := make([]string, 0, len(measureKinds))
		for n := range measureKinds {
			names = append(names, n)
		}
		slices.Sort(names)
		return nil, cli.Usagef("unknown measure call %q (the library has: %s)", name, strings.Join(names, ", "))
	}
	if err := checkLengths(name, in); err != nil {
		return nil, err
	}
	return run(parseMeasureOptions(options), in)
}

// measureRegress is the lean call "regress": the measure of a state of
// its own sums (regress.FoldOnly), combined over the outputs as the
// task's result combines them.
func measureRegress(o measureOptions, in *Input) ([]float64, error) {
	key := o["measure"]
	y, pred := in.values("true"), in.values("pred")
	if len(y) == 0 || len(y) != len(pred) {
		return nil, cli.Usagef("regress: %d target columns and %d prediction columns, the same number (at least 1) expected", len(y), len(pred))
	}
	w, err := in.value1("regress", "weight")
	if err != nil {
		return nil, err
	}
	var opt regress.StateOptions
	if opt.MAPEEpsilon, err = o.float("mape_epsilon", 0); err != nil {
		return nil, err
	}
	if opt.Alpha, err = o.float("alpha", 0); err != nil {
		return nil, err
	}
	if opt.Power, err = o.float("power", 0); err != nil {
		return nil, err
	}
	switch o["cum_weights"] {
	case "", "exact":
	case "float":
		opt.FloatCumWeights = true
	default:
		return nil, cli.Usagef("regress: cum_weights %q: exact or float expected", o["cum_weights"])
	}
	how, err := regress.ParseMultioutput(o["multioutput"])
	if err != nil {
		return nil, cli.Usagef("regress: %v", err)
	}
	ow, err := o.floats("output_weights")
	if err != nil {
		return nil, err
	}
	if len(y[0]) == 0 || opt.Check() != nil || ow != nil && regress.CheckOutputWeights(ow, len(y)) != nil {
		return nil, regressError(o, in) // the task's error
	}
	m, err := regress.FoldOnly([]string{key}, how == regress.VarianceWeighted && ow == nil, opt, y, pred, w)
	if err != nil {
		return nil, regressError(o, in)
	}
	defer m.Release() // its states serve the next call
	f := regress.SpecOf(key).F
	if key == "adjusted_r2" {
		p, err := o.float("n_features", 0)
		if err != nil {
			return nil, err
		}
		f = func(s *regress.State) (float64, error) { return s.AdjustedR2(int(p)) }
	}
	vals := make([]float64, m.K())
	undefined := false
	for j := range vals {
		if vals[j], err = f(m.Output(j)); err != nil {
			vals[j], undefined = math.NaN(), true
		}
	}
	switch {
	case m.K() == 1 || how == regress.Raw && ow == nil:
		return vals, nil
	case undefined:
		return []float64{math.NaN()}, nil
	case ow != nil:
		return []float64{regress.Average(vals, ow)}, nil
	case how == regress.VarianceWeighted:
		return m.Score(f, how)
	}
	return []float64{regress.Average(vals, nil)}, nil
}

// regressError is the error of "evalkit regress" of in under the lean
// call's options o (a bad row, an option out of range), or a usage error
// when it has none.
func regressError(o measureOptions, in *Input) error {
	opts := map[string]any{}
	for _, k := range []string{"mape_epsilon", "alpha", "power"} {
		if v, ok := o[k]; ok {
			opts[k] = v
		}
	}
	if v, ok := o["output_weights"]; ok {
		opts["output_weights"] = v
	} else if v, ok := o["multioutput"]; ok && len(in.values("true")) > 1 {
		opts["multioutput"] = v
	}
	b, err := json.Marshal(opts)
	if err != nil {
		return err
	}
	if _, err := evalRegress(b, in); err != nil {
		return err
	}
	return cli.Usagef("regress: no measure %q", o["measure"])
}

// intLabels are the lean calls that read int64 labels as they are.
var intLabels = map[string]bool{"classify": true, "cluster": true, "score": true}

// labelValues returns the label columns "true" and "pred" of in given as
// numbers: both as int64 (yi, pi) when both are held so, else both as
// float64 (y, p).
func labelValues(taskName string, in *Input) (y, p []float64, yi, pi []int64, err error) {
	yi, pi = in.ints["true"], in.ints["pred"]
	if yi != nil && pi != nil {
		return nil, nil, yi, pi, nil
	}
	if y, err = in.value1(taskName, "true"); err != nil {
		return
	}
	if p, err = in.value1(taskName, "pred"); err != nil {
		return
	}
	asFloats := func(v []int64) []float64 {
		out := make([]float64, len(v))
		for i, x := range v {
			out[i] = float64(x)
		}
		return out
	}
	if yi != nil {
		y = asFloats(yi)
	}
	if pi != nil {
		p = asFloats(pi)
	}
	return y, p, nil, nil, nil
}

// measureClassify is the lean call "classify".
func measureClassify(o measureOptions, in *Input) ([]float64, error) {
	y, p, yi, pi, err := labelValues("classify", in)
	if err != nil {
		return nil, err
	}
	w, err := in.value1("classify", "weight")
	if err != nil {
		return nil, err
	}
	var values []float64
	var c *classify.Confusion
	ok := false
	switch {
	case yi != nil && len(yi) > 0:
		values, c, ok = classify.ConfusionOfValues(yi, pi, w)
	case y != nil && p != nil && len(y) > 0:
		values, c, ok = classify.ConfusionOfValues(y, p, w)
	}
	if !ok {
		return nil, errDeclined{"labels that are not integers, or a bad weight"}
	}
	if t := c.Total(); !(t > 0 && t <= math.MaxFloat64) {
		return nil, errDeclined{"weights summing to zero"}
	}
	k := len(values)
	switch o["measure"] {
	case "accuracy":
		return []float64{c.Accuracy()}, nil
	case "confusion":
		var m [][]float64
		if s := o["normalize"]; s != "" {
			n, err := classify.ParseNormalization(s)
			if err != nil {
				return nil, cli.Usagef("classify: %v", err)
			}
			m = c.Normalized(n)
		} else {
			m = c.Matrix()
		}
		out := make([]float64, 1, 1+k*k)
		out[0] = float64(k)
		for _, row := range m {
			out = append(out, row...)
		}
		return out, nil
	case "prf":
		beta, err := o.float("beta", 1)
		if err != nil {
			return nil, err
		}
		if beta == 0 {
			beta = 1 // classify.Options.Beta's default
		}
		z, err := classify.ParseZeroDivision(o["zero_division"])
		if err != nil {
			return nil, cli.Usagef("classify: %v", err)
		}
		field, ok := prfFields[o["field"]]
		if !ok {
			return nil, cli.Usagef("classify: field %q is not precision, recall, f1, fbeta or jaccard", o["field"])
		}
		per := c.PerClass(beta, z)
		counts := c.Counts()
		sup := make([]float64, k) // the report's supports: TP + FN
		for i, n := range counts {
			sup[i] = n.Support()
		}
		out := make([]float64, 1, k+6)
		out[0] = float64(k)
		for i := range per {
			out = append(out, field(per[i]))
		}
		out = append(out, field(c.Micro(beta, z)), field(classify.Averaged(per, nil)), field(classify.Averaged(per, sup)))
		binary, found := math.NaN(), 0.0
		if s, ok := o["pos_label"]; ok {
			pos, err := strconv.ParseFloat(s, 64)
			if err != nil {
				return nil, cli.Usagef("classify: pos_label %q is not a number", s)
			}
			if i, ok := slices.BinarySearch(values, pos); ok {
				binary, found = field(per[i]), 1
			}
		}
		return append(out, binary, found), nil
	case "report":
		names := make([]string, k)
		for i, v := range values {
			names[i] = strconv.FormatFloat(v, 'g', -1, 64)
		}
		rep, err := classify.NewReport(names, c, classify.Options{})
		if err != nil {
			return nil, errDeclined{err.Error()} // the task's error
		}
		v, ok := map[string]float64{
			"balanced_accuracy": rep.BalancedAccuracy, "balanced_accuracy_adjusted": rep.BalancedAccuracyAdjusted,
			"mcc": rep.MCC, "cohen_kappa": rep.CohenKappa, "cohen_kappa_linear": rep.CohenKappaLinear,
			"cohen_kappa_quadratic": rep.CohenKappaQuadratic, "hamming_loss": rep.HammingLoss, "zero_one_loss": rep.ZeroOneLoss,
		}[o["key"]]
		if !ok {
			return nil, cli.Usagef("classify: no report key %q", o["key"])
		}
		return []float64{v}, nil
	}
	return nil, cli.Usagef("classify: measure %q is not accuracy, confusion, prf or report", o["measure"])
}

// prfFields are the fields of a classify.PRF by name.
var prfFields = map[string]func(classify.PRF) float64{
	"precision": func(p classify.PRF) float64 { return p.Precision },
	"recall":    func(p classify.PRF) float64 { return p.Recall },
	"f1":        func(p classify.PRF) float64 { return p.F1 },
	"fbeta":     func(p classify.PRF) float64 { return p.FBeta },
	"jaccard":   func(p classify.PRF) float64 { return p.Jaccard },
}

// measureCluster is the lean call "cluster".
func measureCluster(o measureOptions, in *Input) ([]float64, error) {
	if o["measure"] != "ari" {
		return nil, cli.Usagef("cluster: measure %q is not ari", o["measure"])
	}
	y, p, yi, pi, err := labelValues("cluster", in)
	if err != nil {
		return nil, err
	}
	if len(in.Values["weight"]) > 0 {
		return nil, errDeclined{"weights"}
	}
	var t *cluster.Contingency
	ok := false
	switch {
	case yi != nil:
		t, ok = cluster.ContingencyOfValues(yi, pi)
	case y != nil && p != nil:
		t, ok = cluster.ContingencyOfValues(y, p)
	}
	if !ok {
		return nil, errDeclined{"labels that are not integers, or no rows"}
	}
	ari, err := t.AdjustedRand()
	if err != nil {
		return nil, errDeclined{err.Error()} // the task's error
	}
	return []float64{ari}, nil
}

// measureScore is the lean call "score".
func measureScore(o measureOptions, in *Input) ([]float64, error) {
	pos := o["pos_label"]
	if pos != "" {
		if v, err := strconv.ParseFloat(pos, 64); err == nil {
			pos = strconv.FormatFloat(v, 'g', -1, 64) // as valueLabels spells it
		}
	}
	maxFPR, err := o.float("max_fpr", 1)
	if err != nil {
		return nil, err
	}
	y, err := in.value1("score", "true")
	if err != nil {
		return nil, err
	}
	if yi := in.ints["true"]; y != nil || yi != nil {
		var l task.Labels
		ok := false
		switch {
		case o["binary"] == "1":
			if yi != nil {
				l, ok = binaryLabels(yi)
			} else {
				l, ok = binaryLabels(y)
			}
			if !ok || pos != "" && pos != l.Names[0] && pos != l.Names[1] {
				return nil, errDeclined{"labels of other than two values, one of them the positive label"}
			}
			if pos == "" {
				pos = l.Names[1]
			}
			if v, ok, err := binaryScore(o["measure"], maxFPR, l, pos, in); ok {
				return v, err
			}
		case yi != nil:
			y = make([]float64, len(yi))
			for i, v := range yi {
				y[i] = float64(v)
			}
			fallthrough
		default:
			if l, ok = valueLabels(y); !ok {
				return nil, errDeclined{"labels that are not integers"}
			}
		}
		in.Labels["true"] = append(in.Labels["true"], l)
		delete(in.Values, "true")
		delete(in.ints, "true")
	}
	v, err := scoreMeasure(in, pos, o["measure"], maxFPR)
	if err != nil {
		return nil, err
	}
	return []float64{v}, nil
}

// binaryScore is the measure of the lean call "score" with binary=1 of
// the labels l (binaryLabels) of which pos is the positive one, from the
// score table of rank.NewTableOf: the table the task builds of the same
// rows (task.Rank.ReadArrays feeds its rows to a rank.Builder in input
// order too), without the task's label rule, which two numbers need
// none of. It returns ok = false when a score or a weight is bad, for the
// task to name the first bad row, or when the input is not one score
// column (and weights) as long as the labels.
func binaryScore(measure string, maxFPR float64, l task.Labels, pos string, in *Input) (v []float64, ok bool, err error) {
	score, w := in.Values["score"], in.Values["weight"]
	if len(score) != 1 || len(score[0]) != l.Len() || len(w) > 1 || len(w) == 1 && len(w[0]) != l.Len() {
		return nil, false, nil
	}
	var weight []float64
	if len(w) == 1 {
		weight = w[0]
		for _, x := range weight {
			if !(x >= 0 && x <= math.MaxFloat64) {
				return nil, false, nil
			}
		}
	}
	posCode := int64(0)
	if pos == l.Names[1] {
		posCode = 1
	}
	if err := checkScoreMeasure(measure); err != nil {
		return nil, true, err
	}
	tb, err := rank.NewTableOf(score[0], l.Codes, posCode, weight)
	if err != nil {
		return nil, false, nil // a score that is not finite
	}
	x, err := tableMeasure(tb, measure, maxFPR)
	if err != nil {
		return nil, true, fmt.Errorf("%s: %w", in.name(), err)
	}
	return []float64{x}, true, nil
}

// binaryLabels is the label column of labels of exactly two integer
// values given as numbers, as valueLabels codes them but with the names
// of these two only (a zero spelt "0"); ok = false for labels of other
// than two values, or values that valueLabels declines. Labels 0 and 1
// held as int64 are their own codes: y itself, not a copy.
func binaryLabels[T float64 | int64](y []T) (task.Labels, bool) {
	if len(y) == 0 {
		return task.Labels{}, false
	}
	a, b := y[0], y[0]
	for _, v := range y {
		if v != a {
			b = v
			break
		}
	}
	lo, hi := float64(min(a, b))+0, float64(max(a, b))+0 // +0: −0 is 0
	if !(lo < hi) || lo != math.Trunc(lo) || hi != math.Trunc(hi) || !(math.Abs(lo) <= 1<<53 && math.Abs(hi) <= 1<<53) {
		return task.Labels{}, false
	}
	names := []string{strconv.FormatFloat(lo, 'g', -1, 64), strconv.FormatFloat(hi, 'g', -1, 64)}
	tlo, thi := min(a, b), max(a, b)
	if codes, ok := any(y).([]int64); ok && lo == 0 && hi == 1 {
		for _, v := range codes {
			if uint64(v) > 1 {
				return task.Labels{}, false
			}
		}
		return task.Labels{Names: names, Codes: codes}, true
	}
	codes := make([]int64, len(y))
	for i, v := range y {
		switch v {
		case tlo:
		case thi:
			codes[i] = 1
		default:
			return task.Labels{}, false
		}
	}
	return task.Labels{Names: names, Codes: codes}, true
}

// valueLabels is the label column of integer labels given as numbers:
// names the decimal texts of the values from the least to the greatest,
// codes their offsets from the least; ok = false for labels that are not
// integers of magnitude at most 2⁵³, or span more than 2²⁰ values.
func valueLabels(y []float64) (task.Labels, bool) {
	lo, hi := math.Inf(1), math.Inf(-1)
	integral := true
	for _, v := range y {
		lo, hi = min(lo, v), max(hi, v)
		integral = integral && v == math.Trunc(v)
	}
	if len(y) == 0 {
		return task.Labels{}, true
	}
	if !integral || !(hi-lo < 1<<20) || !(math.Abs(lo) <= 1<<53 && math.Abs(hi) <= 1<<53) {
		return task.Labels{}, false
	}
	names := make([]string, int(hi-lo)+1)
	for i := range names {
		names[i] = strconv.FormatFloat(lo+float64(i), 'g', -1, 64)
	}
	codes := make([]int64, len(y))
	for i, v := range y {
		codes[i] = int64(v - lo)
	}
	return task.Labels{Names: names, Codes: codes}, true
}
