// Package fsum provides compensated floating-point summation.
//
// Every reduction in evalkit goes through [Sum] (Neumaier's improved
// Kahan–Babuška summation), so that sums of millions of weights or residuals
// agree with the references to 1e-9 relative and do not depend on the order
// in which batches are merged beyond the last bit.
package fsum

import "math"

// Sum is a Neumaier compensated accumulator. Its zero value is an empty sum.
type Sum struct {
	s, c float64
}

// Add adds x to the sum.
func (a *Sum) Add(x float64) {
	t := a.s + x
	if math.Abs(a.s) >= math.Abs(x) {
		a.c += (a.s - t) + x
	} else {
		a.c += (x - t) + a.s
	}
	a.s = t
}

// Merge adds the contents of b to a.
func (a *Sum) Merge(b Sum) {
	a.Add(b.s)
	a.Add(b.c)
}

// Value returns the compensated sum.
func (a Sum) Value() float64 { return a.s + a.c }

// Of returns the compensated sum of xs.
func Of(xs []float64) float64 {
	var a Sum
	for _, x := range xs {
		a.Add(x)
	}
	return a.Value()
}

// Parts returns the sum's two words, the running sum and its compensation,
// so that a Sum can be serialised; [FromParts] restores it bit for bit.
func (a Sum) Parts() (s, c float64) { return a.s, a.c }

// FromParts returns the Sum whose [Sum.Parts] are s and c.
func FromParts(s, c float64) Sum { return Sum{s: s, c: c} }
