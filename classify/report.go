package classify

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/internal/fsum"
	"github.com/evalkit-go/evalkit/label"
	"github.com/evalkit-go/evalkit/result"
)

// Sentinel errors.
var (
	ErrEmpty        = errors.New("no samples")
	ErrZeroWeight   = errors.New("the weights sum to zero")
	ErrWeightRange  = errors.New("the weights sum past the largest float64, 1.8e308 (dividing every weight by one constant changes no measure)")
	ErrWeight       = errors.New("invalid weight")
	ErrUnknownLabel = errors.New("label not in the label list")
	ErrClassWeight  = errors.New("invalid class weights")
	ErrCost         = errors.New("invalid cost matrix")
	ErrPosLabel     = errors.New("positive label not among the labels")
)

// Options configure [Evaluate] and [NewReport]. The zero value is valid: β = 1, zero
// division 0, no positive label, no class weights, no cost matrix.
type Options struct {
	// Labels, when not nil, are the labels the report is over, in that
	// order, as scikit-learn's labels=: they may be absent from the data
	// (zero support), and they may leave out labels of the data. Then the
	// per-class table, the micro, macro, weighted and class-weighted
	// averages, the confusion matrix and Cohen's kappa are over the listed
	// labels only, and every row still counts where scikit-learn counts
	// it: a row of another true label predicted as a listed one is a false
	// positive of that one (micro averages included); accuracy, error rate,
	// balanced accuracy, MCC, the losses and the Binary block are over
	// every row and label (Report.LabelSubset, and a warning, say what
	// was left out). A list of numbers takes a label of the same value
	// spelled otherwise as its own. Cost needs every label of the data.
	Labels []string
	// Beta is β of the FBeta fields; 0 means 1. It must not be negative.
	// +Inf gives F-beta's limit, the recall (the report's JSON beta is then
	// null, its signature beta:inf); [Multilabel] takes only finite β.
	Beta float64
	// ZeroDivision is the value of a ratio with a zero denominator.
	ZeroDivision ZeroDivision
	// PosLabel, when not empty, adds the Binary block for that class
	// against the rest. When the labels are numbers it is the label of
	// its value ("1.0" names the class "1").
	PosLabel string
	// ClassWeights, when not nil, adds the ClassWeighted average with
	// these weights (one per label of the report, in its order).
	ClassWeights []float64
	// InvLog2ClassWeights adds the ClassWeighted average with the seeds'
	// w_c = 1/log2(n_c) (n_c the support). It is ignored if ClassWeights
	// is set.
	InvLog2ClassWeights bool
	// Cost, when not nil, is a K×K cost matrix (cost[i][j]: predicting j
	// for true i) for CostSensitiveError.
	Cost [][]float64
	// Weights names the sample-weights column, "" for none. It is only
	// recorded in the signature.
	Weights string
	// Normalize, when set, adds ConfusionMatrixNormalized, the matrix
	// normalised over its rows, columns or total (scikit-learn's
	// confusion_matrix(normalize=…)).
	Normalize Normalization
	// MaxMatrix is the largest number of classes whose confusion matrix
	// is given in full (ConfusionMatrix); above it the report gives the
	// non-zero cells (ConfusionCells) and a warning. 0 means
	// DefaultMaxMatrix; a negative value means no limit.
	MaxMatrix int
}

// maxIllDefined is how many ill-defined classes are named one by one in
// the warnings of a report over more than max-matrix classes.
const maxIllDefined = 10

// DefaultMaxMatrix is the default of Options.MaxMatrix: a 1000 × 1000
// matrix is about 2 MB of JSON, the most anyone reads.
const DefaultMaxMatrix = 1000

func (o Options) maxMatrix() int {
	switch {
	case o.MaxMatrix == 0:
		return DefaultMaxMatrix
	case o.MaxMatrix < 0:
		return int(^uint(0) >> 1)
	}
	return o.MaxMatrix
}

// MultilabelSignature returns the signature of a multilabel report with
// these options (task classify-multilabel): labels, sep (the separator of
// labels in a cell), beta, zero_division, weights and the version.
func (o Options) MultilabelSignature(sep string) *result.Signature {
	return result.NewSignature("classify-multilabel").List("labels", o.Labels, "auto").Add("sep", sep).
		Float("beta", o.beta()).Add("zero_division", o.ZeroDivision.String()).Column("weights", o.Weights)
}

// Signature returns the signature of a report with these options (task
// classify): labels (auto: those found, sorted), beta, zero_division,
// class_weights, cost, pos_label, weights, normalize (when set) and the
// version.
func (o Options) Signature() *result.Signature {
	s := result.NewSignature("classify").List("labels", o.Labels, "auto").
		Add("beta", betaSig(o.beta())).Add("zero_division", o.ZeroDivision.String())
	switch {
	case o.ClassWeights != nil:
		w := make([]string, len(o.ClassWeights))
		for i, v := range o.ClassWeights {
			w[i] = result.FormatFloat(v)
		}
		s.List("class_weights", w, "none")
	case o.InvLog2ClassWeights:
		s.Add("class_weights", "inv-log2")
	default:
		s.Add("class_weights", "none")
	}
	var rows []string
	for _, r := range o.Cost {
		v := make([]string, len(r))
		for i, x := range r {
			v[i] = result.FormatFloat(x)
		}
		rows = append(rows, strings.Join(v, ","))
	}
	if rows == nil {
		s.Add("cost", "none")
	} else {
		s.Add("cost", strings.Join(rows, ";"))
	}
	s.Column("pos_label", o.PosLabel).Column("weights", o.Weights)
	if o.Normalize != NoNormalization {
		s.Add("normalize", o.Normalize.String())
	}
	return s
}

// betaSig is β as a signature writes it: inf for +Inf.
func betaSig(b float64) string {
	if math.IsInf(b, 1) {
		return "inf"
	}
	return result.FormatFloat(b)
}

func (o Options) beta() float64 {
	if o.Beta == 0 {
		return 1
	}
	return o.Beta
}

// ClassStats are the scores and counts of one class against the rest.
type ClassStats struct {
	Label string `json:"label"`
	PRF
	Support float64 `json:"support"`
	TP      float64 `json:"tp"`
	FP      float64 `json:"fp"`
	FN      float64 `json:"fn"`
	TN      float64 `json:"tn"`
}

// MacroAverage is the macro average with the seeds' F from macro-P and
// macro-R.
type MacroAverage struct {
	PRF
	F1FromPR    float64 `json:"f1_from_pr"`
	FBetaFromPR float64 `json:"fbeta_from_pr"`
}

// Binary are the scores of the positive class against the rest.
type Binary struct {
	Label string `json:"label"`
	PRF
	Specificity float64 `json:"specificity"`
	TP          float64 `json:"tp"`
	FP          float64 `json:"fp"`
	FN          float64 `json:"fn"`
	TN          float64 `json:"tn"`
	// PositiveLR and NegativeLR are the class likelihood ratios.
	PositiveLR float64 `json:"positive_likelihood_ratio"`
	NegativeLR float64 `json:"negative_likelihood_ratio"`
}

// Report holds every measure of a confusion matrix, in the shape of the
// CLI's JSON output (README.md). Undefined values are NaN (JSON null) and
// Warnings says why. The confusion matrix is either ConfusionMatrix (K×K,
// rows = true class) or, above Options.MaxMatrix classes, ConfusionCells:
// the cells with rows as [true index, predicted index, mass], indices into
// Labels, in row-major order.
type Report struct {
	// Summary is the headline numbers with their intervals in one
	// sentence (task.Summarize), set for one model with intervals.
	Summary   string   `json:"summary,omitempty"`
	N         int64    `json:"n"`
	WeightSum float64  `json:"weight_sum"`
	Labels    []string `json:"labels"`
	// LabelComparison is how the labels compared: "numeric" (every label
	// a number: "1" and "1.0" one class, named "1") or "string"
	// ([label.Comparison]). Empty inside a several-model result, which
	// says it once for its models.
	LabelComparison string `json:"label_comparison,omitempty"`
	// LabelSubset is set when Options.Labels leave out labels of the
	// data: which, and the rows and mass outside the listed labels.
	LabelSubset     *LabelSubset `json:"label_subset,omitempty"`
	ConfusionMatrix [][]float64  `json:"confusion_matrix,omitempty"`
	ConfusionCells  [][3]float64 `json:"confusion_cells,omitempty"`
	// ConfusionMatrixNormalized is set by Options.Normalize (with the
	// full matrix only, not with ConfusionCells).
	ConfusionMatrixNormalized [][]float64 `json:"confusion_matrix_normalized,omitempty"`
	// Normalize says how ConfusionMatrixNormalized is normalised: true,
	// pred or all ("" when it is not given).
	Normalize                string       `json:"normalize,omitempty"`
	Accuracy                 float64      `json:"accuracy"`
	ErrorRate                float64      `json:"error_rate"`
	BalancedAccuracy         float64      `json:"balanced_accuracy"`
	BalancedAccuracyAdjusted float64      `json:"balanced_accuracy_adjusted"`
	CohenKappa               float64      `json:"cohen_kappa"`
	CohenKappaLinear         float64      `json:"cohen_kappa_linear"`
	CohenKappaQuadratic      float64      `json:"cohen_kappa_quadratic"`
	MCC                      float64      `json:"mcc"`
	HammingLoss              float64      `json:"hamming_loss"`
	ZeroOneLoss              float64      `json:"zero_one_loss"`
	CostSensitiveError       *float64     `json:"cost_sensitive_error,omitempty"`
	Beta                     float64      `json:"beta"`
	ZeroDivision             string       `json:"zero_division"`
	PerClass                 []ClassStats `json:"per_class"`
	Micro                    PRF          `json:"micro"`
	Macro                    MacroAverage `json:"macro"`
	Weighted                 PRF          `json:"weighted"`
	ClassWeighted            *PRF         `json:"class_weighted,omitempty"`
	ClassWeights             []float64    `json:"class_weights,omitempty"`
	Binary                   *Binary      `json:"binary,omitempty"`
	// Level and Intervals are set by [Report.AddIntervals]: the
	// confidence level and an interval for each headline number, keyed by
	// its flattened JSON path ("accuracy", "per_class.0.recall", …).
	Level     float64                     `json:"level,omitempty"`
	Intervals map[string]hyptest.Interval `json:"intervals,omitempty"`
	Warnings  []string                    `json:"warnings"`
	// Signature says how the report was computed (nil inside a
	// several-model result, whose own signature covers its models).
	Signature *result.Signature `json:"signature,omitempty"`

	// classes are the labels of the confusion matrix the report was
	// computed from (Labels, unless Options.Labels chose others): the
	// intervals recompute the report from resamples of that matrix.
	classes []string
}

// totalErr is ErrZeroWeight for a total weight of zero, ErrWeightRange
// for one that overflowed (+Inf, or NaN from a compensated sum of
// infinities).
func totalErr(total float64) error {
	switch {
	case total == 0:
		return ErrZeroWeight
	case !(total > 0 && total <= math.MaxFloat64):
		return ErrWeightRange
	}
	return nil
}

// NewReport computes the report of confusion matrix c over labels (one per
// class, in order). When opt.Labels is not nil the report is over those
// labels, in that order (see [Options].Labels): each is the class of
// labels of its name (a list of numbers: of its value), or a class with
// no rows. It returns ErrEmpty for an empty
// matrix, ErrZeroWeight when the total weight is zero, ErrWeightRange when it
// overflowed, and an error for a
// bad option. It panics if len(labels) ≠ c.K().
func NewReport(labels []string, c *Confusion, opt Options) (*Report, error) {
	if len(labels) != c.K() {
		panic(fmt.Sprintf("classify: %d labels for %d classes", len(labels), c.K()))
	}
	if c.N() == 0 {
		return nil, ErrEmpty
	}
	total := c.Total()
	if err := totalErr(total); err != nil {
		return nil, err
	}
	if !(opt.Beta >= 0) {
		return nil, fmt.Errorf("classify: beta must be a number ≥ 0 or +Inf, got %v", opt.Beta)
	}
	beta, z := opt.beta(), opt.ZeroDivision
	sel, subset := selection(labels, opt.Labels)
	// m is the matrix over the report's labels: c, or its rows within
	// the listed labels.
	m, repLabels := c, labels
	if subset {
		m, repLabels = c.sub(sel), opt.Labels
	}
	r := &Report{
		N:            c.N(),
		WeightSum:    total,
		Labels:       repLabels,
		classes:      labels,
		Accuracy:     c.Accuracy(),
		ErrorRate:    c.ErrorRate(),
		Beta:         beta,
		ZeroDivision: z.String(),
		Warnings:     []string{},
		Signature:    opt.Signature(),
	}
	warn := func(format string, args ...any) { r.Warnings = append(r.Warnings, fmt.Sprintf(format, args...)) }
	if subset {
		if opt.Cost != nil {
			return nil, fmt.Errorf("%w: classify.Options.Labels leaves out labels of the data, and a cost matrix needs every label", ErrCost)
		}
		in := make([]bool, len(labels))
		for _, i := range sel {
			if i >= 0 {
				in[i] = true
			}
		}
		ls := &LabelSubset{Others: []string{}}
		for i, l := range labels {
			if !in[i] {
				ls.Others = append(ls.Others, l)
			}
		}
		if len(ls.Others) > 0 {
			ls.Rows, ls.Weight = c.outside(in)
			r.LabelSubset = ls
			warn("%s", subsetWarning(ls, c.Weighted()))
		}
	}
	if m.K() <= opt.maxMatrix() {
		r.ConfusionMatrix = m.Matrix()
		if r.ConfusionMatrixNormalized = m.Normalized(opt.Normalize); r.ConfusionMatrixNormalized != nil {
			r.Normalize = opt.Normalize.String()
		}
	} else {
		cells := m.NonZero()
		r.ConfusionCells = make([][3]float64, len(cells))
		for i, x := range cells {
			r.ConfusionCells[i] = [3]float64{float64(x.True), float64(x.Pred), x.Mass}
		}
		warn("%d classes are more than max-matrix %d: the confusion matrix is given as confusion_cells, its %d cells with rows as [true, predicted, count], indices into labels", m.K(), opt.maxMatrix(), len(cells))
		if opt.Normalize != NoNormalization {
			warn("confusion_matrix_normalized: omitted, the confusion matrix is given as confusion_cells (classify.Options.MaxMatrix)")
		}
	}
	r.HammingLoss, r.ZeroOneLoss = r.ErrorRate, r.ErrorRate
	r.BalancedAccuracy = c.BalancedAccuracy(false)
	r.BalancedAccuracyAdjusted = c.BalancedAccuracy(true)
	if math.IsNaN(r.BalancedAccuracyAdjusted) {
		warn("balanced_accuracy_adjusted is undefined: only one class has true samples")
	}
	if m.N() == 0 {
		// Over listed labels that no row has on both sides.
		r.CohenKappa, r.CohenKappaLinear, r.CohenKappaQuadratic = math.NaN(), math.NaN(), math.NaN()
		warn("cohen_kappa is undefined: no row has both its true and its predicted label in classify.Options.Labels")
	} else {
		r.CohenKappa = m.CohenKappa(KappaUnweighted)
		r.CohenKappaLinear = m.CohenKappa(KappaLinear)
		r.CohenKappaQuadratic = m.CohenKappa(KappaQuadratic)
		if math.IsNaN(r.CohenKappa) {
			warn("cohen_kappa is undefined: the expected disagreement is zero (one class on both sides)")
		}
	}
	if math.IsNaN(r.CohenKappaLinear) && !math.IsNaN(r.CohenKappa) {
		warn("weighted cohen_kappa is undefined: the expected weighted disagreement is zero")
	}
	var undef bool
	r.MCC, undef = c.MCC()
	if undef {
		warn("mcc is undefined (all true or all predicted labels are one class); reported as 0, as scikit-learn does")
	}

	all := c.Counts()
	allPer := c.PerClass(beta, z)
	counts, per := all, allPer
	if subset {
		counts = selectedCounts(all, sel, total)
		per = make([]PRF, len(counts))
		for i, k := range counts {
			per[i] = prfOf(k.TP, k.FP, k.FN, beta, z)
		}
	}
	var illDefined []string
	sup := make([]float64, len(counts))
	r.PerClass = make([]ClassStats, len(counts))
	for i, k := range counts {
		sup[i] = k.Support()
		r.PerClass[i] = ClassStats{Label: repLabels[i], PRF: per[i], Support: sup[i], TP: k.TP, FP: k.FP, FN: k.FN, TN: k.TN}
		var what []string
		if k.Predicted() == 0 {
			what = append(what, "precision (no predicted samples)")
		}
		if k.Support() == 0 {
			what = append(what, "recall (no true samples)")
		}
		if len(what) > 0 {
			illDefined = append(illDefined, fmt.Sprintf("class %q: %s ill-defined, set to %s (zero division policy)", repLabels[i], strings.Join(what, " and "), z))
		}
	}
	// Above max-matrix classes, one warning stands for many.
	if len(illDefined) > maxIllDefined && m.K() > opt.maxMatrix() {
		warn("%d classes have ill-defined precision or recall (no predicted or no true samples), set to %s (zero division policy); the first: %s", len(illDefined), z, strings.Join(illDefined[:maxIllDefined], "; "))
	} else {
		r.Warnings = append(r.Warnings, illDefined...)
	}
	if subset {
		r.Micro = microOf(counts, beta, z)
		if r.LabelSubset != nil {
			var s fsum.Sum
			for _, v := range sup {
				s.Add(v)
			}
			r.LabelSubset.Support = s.Value()
		}
	} else {
		r.Micro = c.Micro(beta, z)
	}
	r.Macro.PRF = Averaged(per, nil)
	r.Macro.F1FromPR = FFromPR(r.Macro.Precision, r.Macro.Recall, 1)
	r.Macro.FBetaFromPR = FFromPR(r.Macro.Precision, r.Macro.Recall, beta)
	r.Weighted = Averaged(per, sup)
	if subset && z != ZeroDivNaN {
		r.Weighted = zeroSupportWeighted(r.Weighted, counts, z)
	}

	cw := opt.ClassWeights
	if cw == nil && opt.InvLog2ClassWeights {
		var err error
		if cw, err = InvLog2Weights(sup, repLabels); err != nil {
			return nil, err
		}
	}
	if cw != nil {
		if len(cw) != len(repLabels) {
			return nil, fmt.Errorf("%w: %d weights for %d classes", ErrClassWeight, len(cw), len(repLabels))
		}
		for i, w := range cw {
			if !(w >= 0) || math.IsInf(w, 0) {
				return nil, fmt.Errorf("%w: class %q has weight %v", ErrClassWeight, repLabels[i], w)
			}
		}
		a := Averaged(per, cw)
		r.ClassWeighted, r.ClassWeights = &a, cw
	}
	if opt.Cost != nil {
		if len(opt.Cost) != c.K() {
			return nil, fmt.Errorf("%w: %d rows for %d classes", ErrCost, len(opt.Cost), c.K())
		}
		for i, row := range opt.Cost {
			if len(row) != c.K() {
				return nil, fmt.Errorf("%w: row %d has %d entries for %d classes", ErrCost, i+1, len(row), c.K())
			}
			for _, v := range row {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					return nil, fmt.Errorf("%w: row %d has a non-finite entry", ErrCost, i+1)
				}
			}
		}
		e := c.CostError(opt.Cost)
		r.CostSensitiveError = &e
	}
	if opt.PosLabel != "" {
		// Labels that are all numbers compare as numbers: "1.0" is "1".
		cmp := label.ComparisonOfNames(labels)
		pos := -1
		for i, l := range labels {
			if label.Equal(l, opt.PosLabel, cmp) {
				pos = i
			}
		}
		if pos < 0 {
			return nil, fmt.Errorf("%w: %q (labels: %s)", ErrPosLabel, opt.PosLabel, strings.Join(labels, ", "))
		}
		// scikit-learn's average="binary" ignores labels=: the positive
		// class against every other row.
		k := all[pos]
		b := &Binary{Label: labels[pos], PRF: allPer[pos], TP: k.TP, FP: k.FP, FN: k.FN, TN: k.TN,
			Specificity: z.div(k.TN, k.TN+k.FP)}
		b.PositiveLR, b.NegativeLR = c.LikelihoodRatios(pos)
		if math.IsNaN(b.PositiveLR) {
			warn("positive_likelihood_ratio is undefined (no positive samples, or no false positives)")
		}
		if math.IsNaN(b.NegativeLR) {
			warn("negative_likelihood_ratio is undefined (no positive samples, or no true negatives)")
		}
		r.Binary = b
	}
	if z == ZeroDivNaN {
		r.nanWarnings()
	}
	return r, nil
}

// nanWarnings notes averages that came out undefined under the NaN policy.
func (r *Report) nanWarnings() {
	check := func(name string, p PRF) {
		if math.IsNaN(p.Precision) || math.IsNaN(p.Recall) || math.IsNaN(p.F1) || math.IsNaN(p.Jaccard) {
			r.Warnings = append(r.Warnings, name+" average has undefined values: every class was ill-defined for them")
		}
	}
	check("micro", r.Micro)
	check("macro", r.Macro.PRF)
	check("weighted", r.Weighted)
}
