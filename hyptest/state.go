package hyptest

import (
	"fmt"
	"math"
)

// PairedDiffs is the mergeable sufficient statistic of the paired t-test:
// the count, mean and sum of squared deviations (Welford; Chan et al. for
// Merge) of the differences a − b. The zero value is empty.
type PairedDiffs struct {
	N    int64
	Mean float64
	M2   float64 // Σ (dᵢ − mean)²
}

// Add adds one pair.
func (s *PairedDiffs) Add(a, b float64) {
	d := a - b
	s.N++
	delta := d - s.Mean
	s.Mean += delta / float64(s.N)
	s.M2 += delta * (d - s.Mean)
}

// Merge adds the pairs summarised by o.
func (s *PairedDiffs) Merge(o PairedDiffs) {
	if o.N == 0 {
		return
	}
	if s.N == 0 {
		*s = o
		return
	}
	n := s.N + o.N
	delta := o.Mean - s.Mean
	s.M2 += o.M2 + delta*delta*float64(s.N)*float64(o.N)/float64(n)
	s.Mean += delta * float64(o.N) / float64(n)
	s.N = n
}

// TTest is PairedTTest on the accumulated pairs. Errors: ErrTooFew for
// fewer than 2 pairs, ErrNotFinite if a difference was not finite,
// ErrZeroVariance when every difference is equal.
func (s PairedDiffs) TTest(alt Alternative) (TTestResult, error) {
	if s.N < 2 {
		return TTestResult{}, fmt.Errorf("%w: a t-test needs at least 2 pairs, got %d", ErrTooFew, s.N)
	}
	if math.IsNaN(s.Mean) || math.IsInf(s.Mean, 0) || math.IsNaN(s.M2) || math.IsInf(s.M2, 0) {
		return TTestResult{}, fmt.Errorf("%w: a difference is not finite", ErrNotFinite)
	}
	if s.M2 == 0 {
		return TTestResult{}, fmt.Errorf("%w: every difference a − b equals %v", ErrZeroVariance, s.Mean)
	}
	n := float64(s.N)
	se := math.Sqrt(s.M2 / (n - 1) / n)
	t := s.Mean / se
	return TTestResult{Statistic: t, PValue: pFromT(t, n-1, alt), DF: n - 1, Mean: s.Mean, StdErr: se}, nil
}

// Agreement is the mergeable sufficient statistic of McNemar's test: the
// 2×2 table of which rows classifiers A and B get right. The zero value is
// empty.
type Agreement struct {
	BothRight, N01, N10, BothWrong int64 // N01: A wrong, B right; N10: A right, B wrong
}

// Add adds one row, given whether A and B classified it correctly.
func (s *Agreement) Add(aRight, bRight bool) {
	switch {
	case aRight && bRight:
		s.BothRight++
	case !aRight && bRight:
		s.N01++
	case aRight && !bRight:
		s.N10++
	default:
		s.BothWrong++
	}
}

// Merge adds the rows counted in o.
func (s *Agreement) Merge(o Agreement) {
	s.BothRight += o.BothRight
	s.N01 += o.N01
	s.N10 += o.N10
	s.BothWrong += o.BothWrong
}

// McNemar is McNemar's test on the accumulated table.
func (s Agreement) McNemar(opt McNemarOptions) (McNemarResult, error) {
	return McNemar(s.N01, s.N10, opt)
}
