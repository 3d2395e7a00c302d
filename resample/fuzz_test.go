package resample

import (
	"errors"
	"math"
	"testing"

	"github.com/evalkit-go/evalkit/learn"
)

// FuzzSplitters: any class or group codes give folds that partition the
// rows, or one of the documented errors — never a panic.
func FuzzSplitters(f *testing.F) {
	f.Add([]byte{0, 1, 0, 1, 2, 2, 0}, 3, uint64(1))
	f.Add([]byte{5}, 2, uint64(0))
	f.Add([]byte{}, 2, uint64(9))
	f.Add([]byte{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 3}, 4, uint64(3))
	f.Fuzz(func(t *testing.T, codes []byte, k int, seed uint64) {
		k = 2 + (k%8+8)%8
		y := make([]int, len(codes))
		for i, c := range codes {
			y[i] = int(c % 7)
		}
		known := func(err error) bool {
			return errors.Is(err, ErrTooFewRows) || errors.Is(err, ErrTooFewGroups) || errors.Is(err, ErrClassTooSmall)
		}
		for _, o := range []Options{{}, {Shuffle: true, Seed: seed}} {
			if fo, err := StratifiedKFold(y, k, o); err == nil {
				checkPartition(t, fo)
			} else if !known(err) {
				t.Fatal(err)
			}
			if fo, err := KFold(len(y), k, o); err == nil {
				checkPartition(t, fo)
			} else if !known(err) {
				t.Fatal(err)
			}
		}
		if fo, err := GroupKFold(y, k); err == nil {
			checkPartition(t, fo)
		} else if !known(err) {
			t.Fatal(err)
		}
		frac := float64(seed%99+1) / 100
		if s, err := StratifiedHoldOut(y, frac, seed); err == nil {
			if len(s.Train)+len(s.Test) != len(y) || int(math.Ceil(frac*float64(len(y)))) != len(s.Test) {
				t.Fatalf("hold-out sizes %d + %d for %d rows", len(s.Train), len(s.Test), len(y))
			}
		} else if !known(err) {
			t.Fatal(err)
		}
		if bs, err := Bootstrap(len(y), 2, seed); err == nil {
			for _, b := range bs {
				if len(b.Train) != len(y) {
					t.Fatal("bootstrap size")
				}
			}
		} else if !known(err) {
			t.Fatal(err)
		}
	})
}

// FuzzCrossValidate: arbitrary small data through the runner with every
// built-in learner returns results or a data error, never a panic.
func FuzzCrossValidate(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, true)
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0, 0}, false)
	f.Add([]byte{255, 1, 255, 1, 255, 1, 255, 1, 3, 3}, true)
	f.Fuzz(func(t *testing.T, raw []byte, classify bool) {
		if len(raw) < 6 || len(raw) > 400 {
			return
		}
		n := len(raw) / 2
		d := learn.Data{X: make([][]float64, n), Y: make([]float64, n)}
		if classify {
			d.Classes = 3
		}
		for i := range n {
			d.X[i] = []float64{float64(raw[2*i]) / 7, float64(raw[2*i+1]%13) - 6}
			if classify {
				d.Y[i] = float64(raw[2*i+1] % 3)
			} else {
				d.Y[i] = float64(raw[2*i]) * 0.5
			}
		}
		fo, err := KFold(n, 3, Options{Shuffle: true, Seed: 1})
		if err != nil {
			return
		}
		models := []func() learn.Model{
			func() learn.Model { return &learn.Tree{MaxDepth: 2} },
			func() learn.Model { return learn.Standardize(&learn.KNN{K: 3}) },
			func() learn.Model { return &learn.Baseline{} },
		}
		if classify {
			models = append(models,
				func() learn.Model { return &learn.GaussianNB{} },
				func() learn.Model { return learn.Standardize(&learn.Logistic{}) })
		} else {
			models = append(models, func() learn.Model { return &learn.Linear{Alpha: 1} })
		}
		m := ZeroOneLoss.Measure()
		if !classify {
			m = SquaredLoss.Measure()
		}
		for _, nm := range models {
			cv, err := CrossValidate(nm, d, fo.Splits(), []Measure{m}, Config{Workers: 1})
			if err != nil {
				continue
			}
			for _, row := range cv.PerSplit {
				if math.IsNaN(row[0]) || math.IsInf(row[0], 0) {
					t.Fatalf("non-finite measure %v", row[0])
				}
			}
		}
	})
}
