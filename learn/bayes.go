package learn

import (
	"math"

	"github.com/evalkit-go/evalkit/internal/fsum"
)

// GaussianNB is Gaussian naive Bayes, as scikit-learn's GaussianNB: each
// class c has a prior π_c (its share of the training rows) and, per
// feature j, a normal density with the class mean μ_cj and the class
// variance σ²_cj (divided by the class count) plus ε = VarSmoothing ·
// max_j Var(x_j) (the largest feature variance over all rows). It predicts
//
//	argmax_c  log π_c − ½ Σ_j [log(2π σ²_cj) + (x_j − μ_cj)²/σ²_cj]
//
// and Proba normalises exp of that joint log-likelihood. Classes absent
// from the training data get probability 0.
type GaussianNB struct {
	// VarSmoothing is added, times the largest feature variance, to every
	// variance; 0 means 1e-9 (scikit-learn's default).
	VarSmoothing float64

	classes   int
	logPrior  []float64 // −Inf for absent classes
	mean, vr  [][]float64
	width     int
	fittedOne bool
}

// Fit trains the model on d (a classification Data).
func (m *GaussianNB) Fit(d Data) error {
	if err := d.Check(); err != nil {
		return err
	}
	if d.Classes == 0 {
		panic("learn: GaussianNB.Fit on regression data (Classes = 0)")
	}
	vs := m.VarSmoothing
	if vs == 0 {
		vs = 1e-9
	}
	w := d.Features()
	m.classes, m.width, m.fittedOne = d.Classes, w, true
	counts := classCounts(d)
	n := float64(len(d.X))
	// ε from the largest variance of a feature over all rows
	eps := 0.0
	for j := range w {
		col := make([]float64, len(d.X))
		for i, x := range d.X {
			col[i] = x[j]
		}
		eps = math.Max(eps, variance(col))
	}
	eps *= vs
	m.logPrior = make([]float64, d.Classes)
	m.mean = make([][]float64, d.Classes)
	m.vr = make([][]float64, d.Classes)
	for c := range d.Classes {
		if counts[c] == 0 {
			m.logPrior[c] = math.Inf(-1)
			continue
		}
		m.logPrior[c] = math.Log(float64(counts[c]) / n)
		m.mean[c] = make([]float64, w)
		m.vr[c] = make([]float64, w)
		col := make([]float64, 0, counts[c])
		for j := range w {
			col = col[:0]
			for i, x := range d.X {
				if int(d.Y[i]) == c {
					col = append(col, x[j])
				}
			}
			m.mean[c][j] = fsum.Of(col) / float64(len(col))
			m.vr[c][j] = variance(col) + eps
		}
	}
	return nil
}

// variance is the population variance (two-pass, compensated).
func variance(xs []float64) float64 {
	mu := fsum.Of(xs) / float64(len(xs))
	var s fsum.Sum
	for _, v := range xs {
		s.Add((v - mu) * (v - mu))
	}
	return s.Value() / float64(len(xs))
}

// JointLogLikelihood returns, per row of X, log π_c + log p(x | c) for each
// class c (−Inf for classes absent from training).
func (m *GaussianNB) JointLogLikelihood(X [][]float64) [][]float64 {
	if !m.fittedOne {
		panic("learn: GaussianNB used before Fit")
	}
	checkWidth("GaussianNB", X, m.width)
	out := make([][]float64, len(X))
	for i, x := range X {
		row := make([]float64, m.classes)
		for c := range m.classes {
			if m.mean[c] == nil {
				row[c] = math.Inf(-1)
				continue
			}
			var s fsum.Sum
			for j, v := range x {
				e := v - m.mean[c][j]
				s.Add(math.Log(2*math.Pi*m.vr[c][j]) + e*e/m.vr[c][j])
			}
			row[c] = m.logPrior[c] - s.Value()/2
		}
		out[i] = row
	}
	return out
}

// Proba returns the posterior class probabilities of each row of X. It
// panics if the model was not fitted or a row has the wrong width.
func (m *GaussianNB) Proba(X [][]float64) [][]float64 {
	out := m.JointLogLikelihood(X)
	for _, row := range out {
		mx := math.Inf(-1)
		for _, v := range row {
			mx = math.Max(mx, v)
		}
		s := 0.0
		for _, v := range row {
			s += math.Exp(v - mx)
		}
		lse := mx + math.Log(s)
		for c, v := range row {
			row[c] = math.Exp(v - lse)
		}
	}
	return out
}

// Predict returns the class of largest joint log-likelihood for each row
// (the lowest index on a tie).
func (m *GaussianNB) Predict(X [][]float64) []float64 {
	return predictArgmax(m.JointLogLikelihood(X))
}
