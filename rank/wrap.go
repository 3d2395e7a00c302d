package rank

import "math"

// The one-call functions below build a [Table] from slices and return one
// measure: positive[i] tells whether sample i is positive, score[i] is its
// score and weight[i] its weight (nil: all 1). They return the errors of
// [NewTable] and of the measure, and panic if the slices differ in length.

// AUC returns the area under the ROC curve ([Table.AUC]), scikit-learn's
// roc_auc_score.
func AUC(positive []bool, score, weight []float64) (float64, error) {
	if weight == nil {
		// Exact pair count on the sorted keys, without a Table.
		if len(positive) != len(score) {
			panic("rank: AUC: slices of different lengths")
		}
		var b Builder
		np := 0
		for _, p := range positive {
			if p {
				np++
			}
		}
		b.Grow(np, len(positive)-np)
		for i, s := range score {
			if math.IsNaN(s) || math.IsInf(s, 0) {
				return math.NaN(), errorf(ErrNotFinite, "row %d: score %v", i, s)
			}
			if positive[i] {
				b.AddPositive(s)
			} else {
				b.AddNegative(s)
			}
		}
		return b.AUC()
	}
	t, err := NewTable(score, positive, weight)
	if err != nil {
		return 0, err
	}
	return t.AUC()
}

// AveragePrecision returns scikit-learn's average_precision_score
// ([Table.AveragePrecision]).
func AveragePrecision(positive []bool, score, weight []float64) (float64, error) {
	t, err := NewTable(score, positive, weight)
	if err != nil {
		return 0, err
	}
	return t.AveragePrecision()
}

// ROC returns the ROC curve with collinear points dropped, scikit-learn's
// roc_curve ([Table.ROC]).
func ROC(positive []bool, score, weight []float64) (ROCCurve, error) {
	t, err := NewTable(score, positive, weight)
	if err != nil {
		return ROCCurve{}, err
	}
	return t.ROC(true)
}

// PR returns the precision–recall curve, scikit-learn's
// precision_recall_curve ([Table.PR]).
func PR(positive []bool, score, weight []float64) (PRCurve, error) {
	t, err := NewTable(score, positive, weight)
	if err != nil {
		return PRCurve{}, err
	}
	return t.PR()
}
