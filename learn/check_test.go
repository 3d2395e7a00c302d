package learn_test

import (
	"errors"
	"math"
	"testing"

	"github.com/evalkit-go/evalkit/learn"
)

func TestCheckErrors(t *testing.T) {
	tests := []struct {
		name string
		d    learn.Data
		want error
	}{
		{"empty", learn.Data{}, learn.ErrEmpty},
		{"lengths", learn.Data{X: [][]float64{{1}}, Y: []float64{1, 2}}, learn.ErrShape},
		{"ragged", learn.Data{X: [][]float64{{1}, {1, 2}}, Y: []float64{1, 2}}, learn.ErrShape},
		{"nan feature", learn.Data{X: [][]float64{{math.NaN()}}, Y: []float64{1}}, learn.ErrNotFinite},
		{"inf target", learn.Data{X: [][]float64{{1}}, Y: []float64{math.Inf(1)}}, learn.ErrNotFinite},
		{"label range", learn.Data{X: [][]float64{{1}}, Y: []float64{2}, Classes: 2}, learn.ErrLabel},
		{"label fraction", learn.Data{X: [][]float64{{1}}, Y: []float64{0.5}, Classes: 2}, learn.ErrLabel},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, m := range []learn.Model{&learn.Logistic{}, &learn.KNN{}, &learn.GaussianNB{}, &learn.Tree{}, &learn.Linear{}, &learn.Baseline{}} {
				if tt.d.Classes == 0 {
					if _, ok := m.(*learn.Logistic); ok {
						continue
					}
					if _, ok := m.(*learn.GaussianNB); ok {
						continue
					}
				}
				if err := m.Fit(tt.d); !errors.Is(err, tt.want) {
					t.Errorf("%T: got %v, want %v", m, err, tt.want)
				}
			}
		})
	}
	if err := (&learn.Linear{}).Fit(learn.Data{X: [][]float64{{1, 2}, {2, 4}, {3, 6}}, Y: []float64{1, 2, 3}}); !errors.Is(err, learn.ErrSingular) {
		t.Errorf("collinear: %v", err)
	}
}

// TestAbsentClasses: a class missing from the training data gets
// probability 0; a single class is predicted with certainty.
func TestAbsentClasses(t *testing.T) {
	d := learn.Data{X: [][]float64{{0}, {1}, {2}, {3}}, Y: []float64{0, 0, 2, 2}, Classes: 3}
	one := learn.Data{X: [][]float64{{0}, {1}}, Y: []float64{1, 1}, Classes: 3}
	for _, m := range []learn.Prober{&learn.Logistic{}, &learn.GaussianNB{}, &learn.KNN{K: 2}, &learn.Tree{}, &learn.Baseline{}} {
		if err := m.Fit(d); err != nil {
			t.Fatal(err)
		}
		p := m.Proba([][]float64{{0.2}, {2.9}})
		for _, row := range p {
			if row[1] != 0 || math.Abs(row[0]+row[2]-1) > 1e-12 {
				t.Errorf("%T: %v", m, row)
			}
		}
		if err := m.Fit(one); err != nil {
			t.Fatal(err)
		}
		if got := m.Predict([][]float64{{5}}); got[0] != 1 {
			t.Errorf("%T single class: %v", m, got)
		}
	}
}

func TestPanics(t *testing.T) {
	for name, f := range map[string]func(){
		"logistic before fit": func() { (&learn.Logistic{}).Predict([][]float64{{1}}) },
		"knn before fit":      func() { (&learn.KNN{}).Predict([][]float64{{1}}) },
		"tree before fit":     func() { (&learn.Tree{}).Predict([][]float64{{1}}) },
		"linear before fit":   func() { (&learn.Linear{}).Predict([][]float64{{1}}) },
		"wrong width": func() {
			m := &learn.Linear{}
			m.Fit(learn.Data{X: [][]float64{{1}, {2}}, Y: []float64{1, 2}})
			m.Predict([][]float64{{1, 2}})
		},
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			f()
		})
	}
}

// FuzzFit: arbitrary data either fits and predicts finite values or
// returns an error — never a panic.
func FuzzFit(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8}, uint8(2))
	f.Add([]byte{0, 0, 0, 0}, uint8(0))
	f.Add([]byte{9, 9, 9, 9, 9, 9}, uint8(3))
	f.Fuzz(func(t *testing.T, raw []byte, classes uint8) {
		if len(raw) < 2 || len(raw) > 300 {
			return
		}
		k := int(classes % 4)
		n := len(raw) / 2
		d := learn.Data{X: make([][]float64, n), Y: make([]float64, n), Classes: k}
		for i := range n {
			d.X[i] = []float64{float64(raw[2*i]), float64(raw[2*i+1]) / 3}
			if k > 0 {
				d.Y[i] = float64(int(raw[2*i+1]) % k)
			} else {
				d.Y[i] = float64(raw[2*i+1])
			}
		}
		models := []learn.Model{&learn.KNN{K: 3}, &learn.Tree{MaxDepth: 3}, &learn.Linear{Alpha: 0.1}, &learn.Baseline{},
			learn.Standardize(&learn.KNN{K: 1})}
		if k > 0 {
			models = append(models, &learn.Logistic{}, &learn.GaussianNB{}, learn.Standardize(&learn.Logistic{C: 10}))
		}
		for _, m := range models {
			if err := m.Fit(d); err != nil {
				continue
			}
			for _, v := range m.Predict(d.X) {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					t.Fatalf("%T predicted %v", m, v)
				}
			}
		}
	})
}
