package rank

import (
	"fmt"
	"math"
)

// Eps is the clipping bound of [Table.LogLoss]: probabilities are clipped
// to [Eps, 1 − Eps] (scikit-learn's eps="auto" for float64, the machine
// epsilon 2⁻⁵²), so that a confident mistake costs −log(2⁻⁵²) ≈ 36.04
// instead of +∞.
const Eps = 0x1p-52

// checkProb returns ErrNotProbability unless every score is in [0, 1].
func (t *Table) checkProb() error {
	if len(t.Score) == 0 {
		return nil
	}
	a := probAcc{skipLoss: true}
	t.feedAll(a.feed)
	return a.err()
}

// probs returns the accumulated log loss and Brier score of the table.
func (t *Table) probs() *probAcc {
	var a probAcc
	t.feedAll(a.feed)
	return &a
}

// Probabilities reports whether every score is in [0, 1], the condition
// for [Table.LogLoss], [Table.Brier] and [Table.Calibration].
func (t *Table) Probabilities() bool { return t.checkProb() == nil }

// LogLoss returns the (weighted mean) binary cross-entropy of scores read
// as P(positive):
//
//	L = −Σ_i w_i [y_i log p_i + (1 − y_i) log(1 − p_i)] / Σ_i w_i
//
// computed as scikit-learn's log_loss does: p is first clipped to
// [Eps, 1 − Eps], then the pair (1 − p, p) is renormalised to sum to 1.
// It returns ErrNotProbability for a score outside [0, 1] and ErrEmpty for
// no samples; one class is allowed.
func (t *Table) LogLoss() (float64, error) {
	return t.probs().logLoss()
}

func (a *probAcc) logLoss() (float64, error) {
	if err := a.err(); err != nil {
		return math.NaN(), err
	}
	return a.ll.Value() / a.weight(), nil
}

func (a *probAcc) brier() (float64, error) {
	if err := a.err(); err != nil {
		return math.NaN(), err
	}
	return a.br.Value() / a.weight(), nil
}

// LogLossSum returns the summed (not averaged) log loss Σ_i w_i ℓ_i of
// [Table.LogLoss], as scikit-learn's log_loss(normalize=False), with
// probabilities clipped to [eps, 1 − eps] (eps = 0 means [Eps], 0 < eps <
// ½ otherwise), and the mean with the same clipping. It returns
// ErrNotProbability for a score outside [0, 1] and ErrEmpty for no
// samples. It panics if eps is not in [0, ½).
func (t *Table) LogLossSum(eps float64) (sum, mean float64, err error) {
	if !(eps >= 0 && eps < 0.5) {
		panic(fmt.Sprintf("rank: LogLossSum: eps %v is not in [0, 0.5)", eps))
	}
	a := probAcc{eps: eps}
	t.feedAll(a.feed)
	if mean, err = a.logLoss(); err != nil {
		return math.NaN(), math.NaN(), err
	}
	return a.ll.Value(), mean, nil
}

// HingeLoss returns the (weighted mean) binary hinge loss of the scores
// read as decision values, the positives labelled +1 and the negatives −1:
//
//	H = Σ_i w_i max(0, 1 − y_i s_i) / Σ_i w_i
//
// as scikit-learn's hinge_loss with the positive class as the greater
// label. Any finite score is allowed. It returns ErrEmpty for no samples.
func (t *Table) HingeLoss() (float64, error) {
	var a hingeAcc
	t.feedAll(a.feed)
	w := t.Positives() + t.Negatives()
	if !(w > 0) {
		return math.NaN(), ErrEmpty
	}
	return a.s.Value() / w, nil
}

// Brier returns the Brier score, the (weighted) mean squared difference
// between the probability of the positive class and the outcome:
//
//	BS = Σ_i w_i (y_i − p_i)² / Σ_i w_i
//
// as scikit-learn's brier_score_loss. It returns ErrNotProbability for a
// score outside [0, 1] and ErrEmpty for no samples.
func (t *Table) Brier() (float64, error) {
	return t.probs().brier()
}

// Binning is the strategy of [Table.Calibration].
type Binning int

const (
	// Uniform bins split [0, 1] into equal widths.
	Uniform Binning = iota
	// Quantile bins hold (about) equal numbers of samples; their edges are
	// the sample quantiles of the scores (numpy's linear interpolation).
	Quantile
)

// CalibrationCurve is a reliability diagram: per non-empty bin, the
// observed fraction of positives, the mean predicted probability and the
// mass in the bin, in increasing order of probability.
type CalibrationCurve struct {
	ProbTrue, ProbPred, Mass []float64
	// ECE is the expected calibration error Σ_b (W_b/W) |ProbTrue_b −
	// ProbPred_b| over these bins; MCE the maximum calibration error
	// max_b |ProbTrue_b − ProbPred_b|.
	ECE, MCE float64
}

// Calibration returns the calibration curve with nBins bins, with the bin
// edges and assignment of scikit-learn's calibration_curve: uniform edges
// linspace(0, 1 + 1e-8, nBins + 1), quantile edges the numpy percentiles
// of the scores (the last raised by 1e-8), and a score equal to an inner
// edge falling in the lower bin. Empty bins are left out. Masses are
// weighted (scikit-learn's calibration_curve takes no weights); quantile
// bins are defined for unweighted data only (ErrWeighted). It returns
// ErrNotProbability for a score outside [0, 1] and ErrEmpty for no
// samples. It panics if nBins < 1.
func (t *Table) Calibration(nBins int, strategy Binning) (CalibrationCurve, error) {
	if nBins < 1 {
		panic("rank: Calibration: nBins < 1")
	}
	var c CalibrationCurve
	if len(t.Score) == 0 {
		return c, ErrEmpty
	}
	if err := t.checkProb(); err != nil {
		return c, err
	}
	var inner []float64 // the nBins−1 inner edges, increasing
	switch strategy {
	case Uniform:
		inner = uniformEdges(nBins)
	case Quantile:
		if t.Weighted {
			return c, errorf(ErrWeighted, "quantile calibration bins")
		}
		inner = t.quantileEdges(nBins)
	default:
		panic(fmt.Sprintf("rank: Calibration: unknown strategy %d", strategy))
	}
	a := newCal(inner)
	t.feedAll(a.feed)
	return a.curve(), nil
}

// uniformEdges returns the inner edges of nBins uniform calibration bins.
func uniformEdges(nBins int) []float64 {
	var inner []float64
	step := (1 + 1e-8) / float64(nBins)
	for i := 1; i < nBins; i++ {
		inner = append(inner, float64(i)*step)
	}
	return inner
}

// quantileEdges returns the inner edges numpy.percentile(scores,
// linspace(0, 1, k+1)*100)[1:-1] would give, from the unweighted table.
func (t *Table) quantileEdges(k int) []float64 {
	// Counts per distinct score in increasing order, and cumulative.
	n := int64(0)
	m := len(t.Score)
	cnt := make([]int64, m+1) // cnt[j]: samples with the j smallest scores
	for j := 0; j < m; j++ {
		g := m - 1 - j
		n += int64(t.Pos[g] + t.Neg[g])
		cnt[j+1] = n
	}
	at := func(i int64) float64 { // i-th order statistic (0-based)
		lo, hi := 0, m
		for lo < hi {
			mid := (lo + hi) / 2
			if cnt[mid+1] > i {
				hi = mid
			} else {
				lo = mid + 1
			}
		}
		return t.Score[m-1-lo]
	}
	return quantiles(k, n, at)
}

// quantileOrders returns, for k quantile bins of n samples, each inner
// edge's two order statistics (0-based, in increasing order) and its
// interpolation weight, as numpy.percentile's linear method.
func quantileOrders(k int, n int64) (lo, hi []int64, frac []float64) {
	step := 1 / float64(k)
	for i := 1; i < k; i++ {
		q := float64(float64(i)*step*100) / 100
		v := q * float64(n-1)
		prev := math.Floor(v)
		lo = append(lo, int64(prev))
		hi = append(hi, min(int64(prev)+1, n-1))
		frac = append(frac, v-prev)
	}
	return lo, hi, frac
}

// quantiles returns the inner edges of k quantile bins of n samples
// whose i-th order statistic (0-based, increasing) is at(i).
func quantiles(k int, n int64, at func(int64) float64) []float64 {
	lo, hi, frac := quantileOrders(k, n)
	edges := make([]float64, 0, k-1)
	for i := range lo {
		g := frac[i]
		a, b := at(lo[i]), at(hi[i])
		d := b - a
		e := a + float64(d*g)
		if g >= 0.5 {
			e = b - float64(d*(1-g))
		}
		edges = append(edges, e)
	}
	return edges
}
