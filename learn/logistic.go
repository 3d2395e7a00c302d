package learn

import (
	"fmt"
	"math"
)

// Logistic is L2-penalised logistic regression, fitted exactly (to
// convergence) by Newton's method with a backtracking line search. It
// minimises scikit-learn's LogisticRegression objective
//
//	Σ_i −log p(y_i | x_i) + ‖W‖²/(2C)
//
// with unpenalised intercepts. With two classes present p is the logistic
// function of one linear score (the second class is the positive one);
// with more it is the softmax of one score per class (multinomial, as
// scikit-learn's default lbfgs solver). Classes absent from the training
// data get probability 0; with a single class present the model predicts
// it. Features are used as given: wrap it in [Standardize] to scale them.
type Logistic struct {
	// C is the inverse penalty strength (scikit-learn's C); 0 means 1.
	// +Inf fits without a penalty (which diverges on separable data).
	C float64
	// MaxIter bounds the Newton iterations; 0 means 100.
	MaxIter int

	classes int
	present []int       // class indices present in training, ascending
	coef    [][]float64 // one row per score: intercept, then weights
	width   int
}

// Coef returns the fitted intercepts and weights, one row per linear score
// (one row when two classes were present, one per present class
// otherwise): row[0] is the intercept, row[1:] the feature weights.
func (m *Logistic) Coef() [][]float64 { return m.coef }

// Fit trains the model on d (a classification Data).
func (m *Logistic) Fit(d Data) error {
	if err := d.Check(); err != nil {
		return err
	}
	if d.Classes == 0 {
		panic("learn: Logistic.Fit on regression data (Classes = 0)")
	}
	c := m.C
	if c == 0 {
		c = 1
	}
	iters := m.MaxIter
	if iters == 0 {
		iters = 100
	}
	m.classes, m.width = d.Classes, d.Features()
	m.present = m.present[:0]
	for cl, cnt := range classCounts(d) {
		if cnt > 0 {
			m.present = append(m.present, cl)
		}
	}
	scores := len(m.present)
	if scores == 1 {
		m.coef = nil
		return nil
	}
	if scores == 2 {
		scores = 1
	}
	pos := make([]int, d.Classes) // class → position among present
	for p, cl := range m.present {
		pos[cl] = p
	}
	p1 := m.width + 1
	dim := scores * p1
	theta := make([]float64, dim)
	lambda := 1 / c

	// objective, gradient and Hessian at theta
	eval := func(th []float64, withDerivs bool) (f float64, g, h []float64) {
		if withDerivs {
			g = make([]float64, dim)
			h = make([]float64, dim*dim)
		}
		z := make([]float64, scores)
		prob := make([]float64, scores)
		xt := make([]float64, p1)
		xt[0] = 1
		for i, x := range d.X {
			copy(xt[1:], x)
			yi := pos[int(d.Y[i])]
			for k := range scores {
				s := 0.0
				for j, v := range xt {
					s += th[k*p1+j] * v
				}
				z[k] = s
			}
			var resid []float64
			if scores == 1 {
				// −log σ(z) for the positive class, −log σ(−z) otherwise
				t := z[0]
				if yi == 0 {
					t = -t
				}
				f += log1pExp(-t)
				prob[0] = sigmoid(z[0])
				resid = []float64{prob[0] - float64(yi)}
			} else {
				mx := z[0]
				for _, v := range z {
					mx = math.Max(mx, v)
				}
				se := 0.0
				for k, v := range z {
					prob[k] = math.Exp(v - mx)
					se += prob[k]
				}
				for k := range prob {
					prob[k] /= se
				}
				f += mx + math.Log(se) - z[yi]
				resid = make([]float64, scores)
				for k := range resid {
					resid[k] = prob[k]
				}
				resid[yi]--
			}
			if !withDerivs {
				continue
			}
			for k := range scores {
				for j, v := range xt {
					g[k*p1+j] += resid[k] * v
				}
			}
			for k := range scores {
				for l := range scores {
					var w float64
					if scores == 1 {
						w = prob[0] * (1 - prob[0])
					} else {
						w = -prob[k] * prob[l]
						if k == l {
							w += prob[k]
						}
					}
					if w == 0 {
						continue
					}
					for a, va := range xt {
						row := (k*p1 + a) * dim
						for b, vb := range xt {
							h[row+l*p1+b] += w * va * vb
						}
					}
				}
			}
		}
		for k := range scores {
			for j := 1; j < p1; j++ {
				t := th[k*p1+j]
				f += lambda * t * t / 2
				if withDerivs {
					g[k*p1+j] += lambda * t
					h[(k*p1+j)*dim+k*p1+j] += lambda
				}
			}
		}
		return f, g, h
	}

	f, g, h := eval(theta, true)
	for range iters {
		// the softmax is unchanged by adding a constant to every score, so
		// its Hessian is singular along that direction: a vanishing ridge
		// on the diagonal keeps the Newton system solvable
		jitter := 0.0
		var step []float64
		for {
			a := append([]float64(nil), h...)
			for i := range dim {
				a[i*dim+i] += jitter
			}
			negG := make([]float64, dim)
			for i, v := range g {
				negG[i] = -v
			}
			var ok bool
			if step, ok = cholSolve(a, negG, dim); ok {
				break
			}
			if jitter == 0 {
				jitter = 1e-10 * (1 + maxAbsDiag(h, dim))
			} else {
				jitter *= 10
			}
			if jitter > 1e10 {
				return fmt.Errorf("learn: logistic regression Hessian is not positive definite")
			}
		}
		slope := 0.0
		for i := range step {
			slope += step[i] * g[i]
		}
		t := 1.0
		next := make([]float64, dim)
		var fn float64
		for {
			for i := range theta {
				next[i] = theta[i] + t*step[i]
			}
			fn, _, _ = eval(next, false)
			if fn <= f+1e-4*t*slope || t < 1e-10 {
				break
			}
			t /= 2
		}
		maxStep := 0.0
		for i := range step {
			maxStep = math.Max(maxStep, math.Abs(t*step[i])/(1+math.Abs(theta[i])))
		}
		theta = next
		done := maxStep < 1e-12 || f-fn <= 1e-15*math.Abs(f)
		f, g, h = eval(theta, true)
		if done {
			break
		}
	}
	m.coef = make([][]float64, scores)
	for k := range scores {
		m.coef[k] = append([]float64(nil), theta[k*p1:(k+1)*p1]...)
	}
	return nil
}

func maxAbsDiag(h []float64, n int) float64 {
	m := 0.0
	for i := range n {
		m = math.Max(m, math.Abs(h[i*n+i]))
	}
	return m
}

// log1pExp returns log(1 + eᵗ) without overflow.
func log1pExp(t float64) float64 {
	if t > 0 {
		return t + math.Log1p(math.Exp(-t))
	}
	return math.Log1p(math.Exp(t))
}

func sigmoid(z float64) float64 {
	if z >= 0 {
		return 1 / (1 + math.Exp(-z))
	}
	e := math.Exp(z)
	return e / (1 + e)
}

// Proba returns the class probabilities of each row of X. It panics if the
// model was not fitted or a row has the wrong width.
func (m *Logistic) Proba(X [][]float64) [][]float64 {
	if m.classes == 0 {
		panic("learn: Logistic.Proba before Fit")
	}
	checkWidth("Logistic.Proba", X, m.width)
	out := make([][]float64, len(X))
	for i, x := range X {
		row := make([]float64, m.classes)
		out[i] = row
		switch len(m.present) {
		case 1:
			row[m.present[0]] = 1
			continue
		case 2:
			p := sigmoid(linear(m.coef[0], x))
			row[m.present[0]], row[m.present[1]] = 1-p, p
			continue
		}
		z := make([]float64, len(m.coef))
		mx := math.Inf(-1)
		for k, c := range m.coef {
			z[k] = linear(c, x)
			mx = math.Max(mx, z[k])
		}
		se := 0.0
		for k := range z {
			z[k] = math.Exp(z[k] - mx)
			se += z[k]
		}
		for k, cl := range m.present {
			row[cl] = z[k] / se
		}
	}
	return out
}

// linear returns c[0] + Σ c[j+1]·x[j].
func linear(c, x []float64) float64 {
	s := c[0]
	for j, v := range x {
		s += c[j+1] * v
	}
	return s
}

// Predict returns the most probable class of each row (the lowest index on
// a tie).
func (m *Logistic) Predict(X [][]float64) []float64 { return predictArgmax(m.Proba(X)) }
