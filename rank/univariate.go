package rank

import (
	"fmt"
	"slices"

	"github.com/evalkit-go/evalkit/result"
)

// PairAUC is the AUC of one pair of classes of a [UnivariateReport]: the
// rows of Control against the rows of Case, by the one score.
type PairAUC struct {
	Control string `json:"control"`
	Case    string `json:"case"`
	// Direction is "<" when the controls' median score is at most the
	// cases' (a higher score says Case), else ">" (a lower score says
	// Case).
	Direction string `json:"direction"`
	// ROCAUC is the AUC in that direction: the share of (case, control)
	// pairs ranked the direction's way, a tie counting one half.
	ROCAUC float64 `json:"roc_auc"`
}

// UnivariateReport is the multiclass AUC of one score for every class
// ([NewUnivariateReport]): what "evalkit rank --classes a,b,c --score s"
// prints.
type UnivariateReport struct {
	N       int64    `json:"n"`
	Classes []string `json:"classes"`
	// Support is the number of rows of each class.
	Support []int64 `json:"support"`
	// Pairs are the classes' pairs (i, j), i < j in the order of
	// Classes, in that order.
	Pairs []PairAUC `json:"pairs"`
	// ROCAUC is the mean of the pairs' AUCs (Hand and Till's M).
	ROCAUC    float64           `json:"roc_auc"`
	Warnings  []string          `json:"warnings,omitempty"`
	Signature *result.Signature `json:"signature,omitempty"`
}

// UnivariateSignature returns the signature of a univariate multiclass
// report (task rank-multiclass-univariate): the classes and the version.
func UnivariateSignature(classes []string) *result.Signature {
	return result.NewSignature("rank-multiclass-univariate").List("classes", classes, "none")
}

// NewUnivariateReport returns the multiclass AUC of the one score s of
// the rows, row i of class class[i] (an index into classes), as pROC's
// multiclass.roc(response, predictor, levels = classes) with one
// predictor: for each pair of classes i < j, the AUC of class j (the
// cases) against class i (the controls), in the direction that pROC's
// roc() picks by the medians,
//
//	direction "<" if median(s of i) ≤ median(s of j), else ">"
//	AUC_< = Σ_{case c, control k} ([s_c > s_k] + ½[s_c = s_k]) / (n_j n_i)
//	AUC_> = 1 − AUC_<
//
// and their mean over the K(K−1)/2 pairs (Hand and Till 2001, M). So a
// pair's AUC is below ½ only when the medians and the ranks disagree. It
// returns ErrOneClass naming a class without rows, an error wrapping
// ErrNotFinite for a score that is not finite and ErrBadClass for a class
// index out of range. It panics if len(class) ≠ len(s) or there are
// fewer than 2 classes.
func NewUnivariateReport(s []float64, class []int, classes []string) (*UnivariateReport, error) {
	if len(s) != len(class) {
		panic(fmt.Sprintf("rank: NewUnivariateReport of %d scores and %d classes", len(s), len(class)))
	}
	k := len(classes)
	if k < 2 {
		panic(fmt.Sprintf("rank: NewUnivariateReport of %d classes", k))
	}
	by := make([][]float64, k)
	for i, c := range class {
		if c < 0 || c >= k {
			return nil, fmt.Errorf("row %d: class %d of %d: %w", i, c, k, ErrBadClass)
		}
		if !isFinite(s[i]) {
			return nil, fmt.Errorf("row %d: score %v: %w", i, s[i], ErrNotFinite)
		}
		by[c] = append(by[c], s[i])
	}
	rep := &UnivariateReport{N: int64(len(s)), Classes: slices.Clone(classes), Support: make([]int64, k)}
	med := make([]float64, k)
	for c := range by {
		if len(by[c]) == 0 {
			return nil, fmt.Errorf("class %q has no samples: %w", classes[c], ErrOneClass)
		}
		rep.Support[c] = int64(len(by[c]))
		slices.Sort(by[c])
		med[c] = sortedMedian(by[c])
	}
	var sum float64
	for i := 0; i < k; i++ {
		for j := i + 1; j < k; j++ {
			p := PairAUC{Control: classes[i], Case: classes[j], Direction: "<", ROCAUC: sortedAUC(by[j], by[i])}
			if med[i] > med[j] {
				p.Direction, p.ROCAUC = ">", sortedAUC(by[i], by[j])
			}
			rep.Pairs = append(rep.Pairs, p)
			sum += p.ROCAUC
		}
	}
	rep.ROCAUC = sum / float64(len(rep.Pairs))
	rep.Signature = UnivariateSignature(classes)
	return rep, nil
}

// isFinite reports whether v is neither NaN nor infinite.
func isFinite(v float64) bool { return v-v == 0 }

// sortedMedian is the median of the sorted x (the mean of the middle two
// for an even count, as R's median).
func sortedMedian(x []float64) float64 {
	n := len(x)
	if n%2 == 1 {
		return x[n/2]
	}
	return (x[n/2-1] + x[n/2]) / 2
}

// sortedAUC is the share of (p, q) pairs, p of the sorted pos and q of the
// sorted neg, with p > q, a tie counting one half: the Mann–Whitney U of
// pos over its maximum, counted exactly in int64 halves.
func sortedAUC(pos, neg []float64) float64 {
	var twice int64 // 2U
	lo, hi := 0, 0  // neg[:lo] < v, neg[:hi] ≤ v
	for _, v := range pos {
		for lo < len(neg) && neg[lo] < v {
			lo++
		}
		if hi < lo {
			hi = lo
		}
		for hi < len(neg) && neg[hi] <= v {
			hi++
		}
		twice += int64(2*lo + (hi - lo))
	}
	return float64(twice) / (2 * float64(len(pos)) * float64(len(neg)))
}
