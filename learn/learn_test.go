package learn_test

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"slices"
	"testing"

	"github.com/evalkit-go/evalkit/learn"
	"github.com/evalkit-go/evalkit/learn/datasets"
)

// golden holds scikit-learn 1.2.1's fits from tools/oracle/resample_learn.py.
type golden struct {
	Synth struct {
		X  [][]float64 `json:"X"`
		Y2 []float64   `json:"y2"`
		Y3 []float64   `json:"y3"`
		YR []float64   `json:"yr"`
	} `json:"synth"`
	Logistic []struct {
		Data        string      `json:"data"`
		Standardize bool        `json:"standardize"`
		C           float64     `json:"C"`
		Coef        [][]float64 `json:"coef"`
		Intercept   []float64   `json:"intercept"`
		Proba       [][]float64 `json:"proba"`
		Pred        []float64   `json:"pred"`
	} `json:"logistic"`
	GNB []struct {
		Data  string      `json:"data"`
		Proba [][]float64 `json:"proba"`
		Pred  []float64   `json:"pred"`
	} `json:"gnb"`
	KNN []struct {
		Data  string      `json:"data"`
		K     int         `json:"k"`
		Pred  []float64   `json:"pred"`
		Proba [][]float64 `json:"proba"`
	} `json:"knn"`
	Linear []struct {
		Data      string    `json:"data"`
		Alpha     float64   `json:"alpha"`
		Coef      []float64 `json:"coef"`
		Intercept float64   `json:"intercept"`
		Pred      []float64 `json:"pred"`
	} `json:"linear"`
	Tree []struct {
		Data      string      `json:"data"`
		Depth     int         `json:"depth"`
		Pred      []float64   `json:"pred"`
		Proba     [][]float64 `json:"proba"`
		Feature   int         `json:"feature"`
		Threshold float64     `json:"threshold"`
	} `json:"tree"`
}

func load(t *testing.T) *golden {
	t.Helper()
	b, err := os.ReadFile("testdata/learners.json")
	if err != nil {
		t.Fatal(err)
	}
	var g golden
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	return &g
}

func (g *golden) data(name string) learn.Data {
	switch name {
	case "iris":
		return datasets.Iris().Data
	case "wine":
		return datasets.Wine().Data
	case "breast_cancer":
		return datasets.BreastCancer().Data
	case "diabetes":
		return datasets.Diabetes().Data
	case "synth2":
		return learn.Data{X: g.Synth.X, Y: g.Synth.Y2, Classes: 2}
	case "synth3":
		return learn.Data{X: g.Synth.X, Y: g.Synth.Y3, Classes: 3}
	case "synthr":
		return learn.Data{X: g.Synth.X, Y: g.Synth.YR}
	}
	panic(name)
}

func close(a, b, rel, abs float64) bool {
	return math.Abs(a-b) <= abs+rel*math.Max(math.Abs(a), math.Abs(b))
}

func rows(idx func(i int) bool, d learn.Data) learn.Data {
	var keep []int
	for i := range d.X {
		if idx(i) {
			keep = append(keep, i)
		}
	}
	return d.Subset(keep)
}

// TestLogisticOracle: coefficients vs scikit-learn 1.2.1
// LogisticRegression(solver="newton-cg", tol=1e-12). Both minimise the same
// convex objective to convergence; the tolerance, 1e-6 relative to the
// largest coefficient, allows for newton-cg's stopping rule. Multinomial
// intercepts are compared after centring (the softmax is unchanged by a
// common shift).
func TestLogisticOracle(t *testing.T) {
	g := load(t)
	for _, c := range g.Logistic {
		t.Run(fmt.Sprintf("%s_C%g", c.Data, c.C), func(t *testing.T) {
			inner := &learn.Logistic{C: c.C}
			var m learn.Prober = inner
			if c.Standardize {
				m = learn.Standardize(inner).(learn.Prober)
			}
			d := g.data(c.Data)
			if err := m.Fit(d); err != nil {
				t.Fatal(err)
			}
			coef := inner.Coef()
			if len(coef) != len(c.Coef) {
				t.Fatalf("%d score rows, want %d", len(coef), len(c.Coef))
			}
			scale := 0.0
			for _, row := range c.Coef {
				for _, v := range row {
					scale = math.Max(scale, math.Abs(v))
				}
			}
			centre := func(xs []float64) []float64 {
				if len(xs) == 1 {
					return xs
				}
				m := 0.0
				for _, v := range xs {
					m += v
				}
				out := make([]float64, len(xs))
				for i, v := range xs {
					out[i] = v - m/float64(len(xs))
				}
				return out
			}
			var got []float64
			for _, row := range coef {
				got = append(got, row[0])
			}
			got = centre(got)
			want := centre(c.Intercept)
			for k, row := range coef {
				if !close(got[k], want[k], 0, 1e-6*scale) {
					t.Errorf("intercept %d: %v, want %v", k, got[k], want[k])
				}
				for j, v := range row[1:] {
					if !close(v, c.Coef[k][j], 0, 1e-6*scale) {
						t.Errorf("coef[%d][%d]: %v, want %v", k, j, v, c.Coef[k][j])
					}
				}
			}
			p := m.Proba(d.X)
			for i := range p {
				for k := range p[i] {
					if !close(p[i][k], c.Proba[i][k], 0, 1e-6) {
						t.Fatalf("proba[%d][%d] = %v, want %v", i, k, p[i][k], c.Proba[i][k])
					}
				}
			}
		})
	}
}

// TestGaussianNBOracle: predictions exactly and probabilities to 1e-9
// (relative, 1e-12 absolute) vs scikit-learn 1.2.1 GaussianNB; both compute
// the same closed form.
func TestGaussianNBOracle(t *testing.T) {
	g := load(t)
	for _, c := range g.GNB {
		t.Run(c.Data, func(t *testing.T) {
			d := g.data(c.Data)
			var m learn.GaussianNB
			if err := m.Fit(d); err != nil {
				t.Fatal(err)
			}
			if got := m.Predict(d.X); !slices.Equal(got, c.Pred) {
				t.Errorf("predictions differ")
			}
			p := m.Proba(d.X)
			for i := range p {
				for k := range p[i] {
					if !close(p[i][k], c.Proba[i][k], 1e-9, 1e-12) {
						t.Fatalf("proba[%d][%d] = %v, want %v", i, k, p[i][k], c.Proba[i][k])
					}
				}
			}
		})
	}
}

// TestKNNOracle: fitted on the even rows, predicting the odd ones, vs
// scikit-learn 1.2.1 KNeighborsClassifier/Regressor(algorithm="brute"):
// exactly for classes and shares, 1e-12 for regression means (a different
// summation order).
func TestKNNOracle(t *testing.T) {
	g := load(t)
	for _, c := range g.KNN {
		t.Run(fmt.Sprintf("%s_k%d", c.Data, c.K), func(t *testing.T) {
			d := g.data(c.Data)
			train := rows(func(i int) bool { return i%2 == 0 }, d)
			test := rows(func(i int) bool { return i%2 == 1 }, d)
			var m learn.Model = &learn.KNN{K: c.K}
			if c.Data == "wine" || c.Data == "breast_cancer" {
				m = learn.Standardize(m)
			}
			if err := m.Fit(train); err != nil {
				t.Fatal(err)
			}
			got := m.Predict(test.X)
			for i := range got {
				if !close(got[i], c.Pred[i], 1e-12, 0) {
					t.Fatalf("row %d: %v, want %v", i, got[i], c.Pred[i])
				}
			}
			if c.Proba != nil {
				p := m.(learn.Prober).Proba(test.X)
				for i := range p {
					if !slices.Equal(p[i], c.Proba[i]) {
						t.Fatalf("proba row %d: %v, want %v", i, p[i], c.Proba[i])
					}
				}
			}
		})
	}
}

// TestLinearOracle: coefficients vs scikit-learn 1.2.1 LinearRegression and
// Ridge(solver="cholesky") to 1e-9 relative (QR here, LAPACK gelsd or a
// Cholesky solve there).
func TestLinearOracle(t *testing.T) {
	g := load(t)
	for _, c := range g.Linear {
		t.Run(fmt.Sprintf("%s_alpha%g", c.Data, c.Alpha), func(t *testing.T) {
			d := g.data(c.Data)
			m := learn.Linear{Alpha: c.Alpha}
			if err := m.Fit(d); err != nil {
				t.Fatal(err)
			}
			for j, v := range m.Weights {
				if !close(v, c.Coef[j], 1e-9, 0) {
					t.Errorf("w[%d] = %v, want %v", j, v, c.Coef[j])
				}
			}
			if !close(m.Intercept, c.Intercept, 1e-9, 0) {
				t.Errorf("intercept %v, want %v", m.Intercept, c.Intercept)
			}
			for i, v := range m.Predict(d.X) {
				if !close(v, c.Pred[i], 1e-9, 1e-9) {
					t.Fatalf("prediction %d: %v, want %v", i, v, c.Pred[i])
				}
			}
		})
	}
}

// TestTreeOracle: the root split and the training-set predictions vs
// scikit-learn 1.2.1 DecisionTree{Classifier,Regressor}(random_state=0).
// scikit-learn stores features as float32, so thresholds agree to float32
// precision (1e-7 relative). Ties between equally good splits may be broken
// differently (scikit-learn visits features in random order): on iris,
// petal length ≤ 2.45 and petal width ≤ 0.8 both isolate setosa, and
// scikit-learn picks the second; elsewhere the root split must agree.
// Predictions may differ on at most 1% of rows.
func TestTreeOracle(t *testing.T) {
	g := load(t)
	for _, c := range g.Tree {
		t.Run(fmt.Sprintf("%s_depth%d", c.Data, c.Depth), func(t *testing.T) {
			d := g.data(c.Data)
			m := &learn.Tree{MaxDepth: c.Depth}
			if err := m.Fit(d); err != nil {
				t.Fatal(err)
			}
			f, th := m.Root()
			if c.Data != "iris" && (f != c.Feature || !close(th, c.Threshold, 1e-7, 0)) {
				t.Errorf("root split x[%d] <= %v, want x[%d] <= %v", f, th, c.Feature, c.Threshold)
			}
			got := m.Predict(d.X)
			diff := 0
			for i := range got {
				if !close(got[i], c.Pred[i], 1e-9, 1e-12) {
					diff++
				}
			}
			if diff*100 > len(got) {
				t.Errorf("%d of %d predictions differ", diff, len(got))
			}
		})
	}
}
