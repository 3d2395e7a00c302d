package regress

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// domainCases are the measures with a domain check, the sentinel each
// returns, the options that make it apply and a row generator in which
// about one row in eight violates it.
var domainCases = []struct {
	name string
	opt  StateOptions
	f    Measure
	want error
	bad  func(rng *rand.Rand) (y, p float64) // an offending row
}{
	{"mape", StateOptions{}, (*State).MAPE, ErrZeroTarget, func(rng *rand.Rand) (float64, float64) { return 0, rng.Float64() }},
	{"msle", StateOptions{}, (*State).MSLE, ErrNegative, func(rng *rand.Rand) (float64, float64) { return -1 - rng.Float64(), 1 }},
	{"poisson", StateOptions{}, (*State).PoissonDeviance, ErrDomain, func(rng *rand.Rand) (float64, float64) { return 1, -rng.Float64() }},
	{"gamma", StateOptions{}, (*State).GammaDeviance, ErrDomain, func(rng *rand.Rand) (float64, float64) { return 0, 1 }},
	{"tweedie 3", StateOptions{Power: 3}, (*State).TweedieDeviance, ErrDomain, func(rng *rand.Rand) (float64, float64) { return 1, 0 }},
	{"tweedie -1", StateOptions{Power: -1}, (*State).TweedieDeviance, ErrDomain, func(rng *rand.Rand) (float64, float64) { return 1, -2 }},
}

// lineName names a position as a file line, as the CLI does.
func lineName(pos int64) string { return fmt.Sprintf("f.csv:%d", pos) }

// TestPositionsAcrossChunks: rows with increasing (gapped) positions are
// cut into chunks, each chunk goes into a state of its own, and the chunk
// states are merged in a random order, as a parallel reader would. The
// domain errors name the offending row of smallest position — the first
// in the file — and every measure equals the sequential one.
func TestPositionsAcrossChunks(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, dc := range domainCases {
		t.Run(dc.name, func(t *testing.T) {
			for trial := range 200 {
				n := 1 + rng.IntN(300)
				y, p, w := make([]float64, n), make([]float64, n), make([]float64, n)
				pos := make([]int64, n)
				line := int64(1)
				first := int64(-1)
				for i := range y {
					line += 1 + int64(rng.IntN(3)) // blank lines, multi-line fields
					pos[i] = line
					if rng.IntN(8) == 0 {
						y[i], p[i] = dc.bad(rng)
						if first < 0 {
							first = line
						}
					} else {
						y[i], p[i] = 1+rng.Float64()*5, 1+rng.Float64()*5
					}
					w[i] = float64(rng.IntN(4))
				}
				if trial%2 == 0 {
					w = nil
				}
				opt := dc.opt
				opt.KeepValues = true
				whole := New(opt)
				whole.SetRowName(lineName)
				if err := whole.AddBatchAt(y, p, w, pos); err != nil {
					t.Fatal(err)
				}
				var parts []*State
				for lo := 0; lo < n; {
					hi := min(n, lo+1+rng.IntN(40))
					s := New(opt)
					s.SetRowName(lineName)
					var wb []float64
					if w != nil {
						wb = w[lo:hi]
					}
					if err := s.AddBatchAt(y[lo:hi], p[lo:hi], wb, pos[lo:hi]); err != nil {
						t.Fatal(err)
					}
					parts = append(parts, s)
					lo = hi
				}
				rng.Shuffle(len(parts), func(i, j int) { parts[i], parts[j] = parts[j], parts[i] })
				merged := parts[0]
				for _, s := range parts[1:] {
					merged.Merge(s)
				}
				for _, st := range []*State{whole, merged} {
					_, err := dc.f(st)
					if first < 0 {
						if errors.Is(err, dc.want) {
							t.Fatalf("trial %d: %v with no offending row", trial, err)
						}
						continue
					}
					if !errors.Is(err, dc.want) {
						t.Fatalf("trial %d: got %v, want %v", trial, err, dc.want)
					}
					if name := lineName(first) + ":"; !strings.HasPrefix(err.Error(), name) {
						t.Fatalf("trial %d: %q does not name the first offending row %s", trial, err, name)
					}
				}
				a, b := whole.Report(0), merged.Report(0)
				sameReport(t, "merged chunks", &b, &a)
				if fmt.Sprint(a.Warnings) != fmt.Sprint(b.Warnings) {
					t.Fatalf("warnings %q, want %q", b.Warnings, a.Warnings)
				}
			}
		})
	}
}

// TestDefaultPositionsMerge: without positions, a row is named by its
// index, and Merge shifts the other state's indices as if its rows came
// after.
func TestDefaultPositionsMerge(t *testing.T) {
	a, b := New(StateOptions{}), New(StateOptions{})
	a.AddBatch([]float64{1, 2, 3}, []float64{1, 2, 3}, nil)
	b.AddBatch([]float64{1, 0, 0}, []float64{1, 2, 3}, nil) // zero targets at b's rows 1, 2
	a.Merge(b)
	_, err := a.MAPE()
	if !errors.Is(err, ErrZeroTarget) || !strings.HasPrefix(err.Error(), "row 4:") {
		t.Fatalf("got %v, want row 4: %v", err, ErrZeroTarget)
	}
	// A later state's smaller index does not replace an earlier one.
	c := New(StateOptions{})
	c.Add(0, 1) // its row 0 is row 6 of a
	a.Merge(c)
	if _, err := a.MAPE(); !strings.HasPrefix(err.Error(), "row 4:") {
		t.Fatalf("after a second merge: %v", err)
	}
}

// TestAddBatchAtErrors: a bad value or weight is named by its position,
// and a multi-output batch reports the first bad row whatever the output.
func TestAddBatchAtErrors(t *testing.T) {
	s := New(StateOptions{})
	s.SetRowName(lineName)
	err := s.AddBatchAt([]float64{1, 1e308}, []float64{1, -1e308}, nil, []int64{7, 9})
	if !errors.Is(err, ErrNotFinite) || !strings.HasPrefix(err.Error(), "f.csv:9:") {
		t.Fatalf("got %v", err)
	}
	err = s.AddBatchAt([]float64{1, 2}, []float64{1, 2}, []float64{1, -1}, []int64{7, 9})
	if !errors.Is(err, ErrBadWeight) || !strings.HasPrefix(err.Error(), "f.csv:9:") {
		t.Fatalf("got %v", err)
	}
	if s.N() != 0 {
		t.Fatalf("%d rows added by failed batches", s.N())
	}
	m := NewMulti(2, StateOptions{})
	m.SetRowName(lineName)
	ys := [][]float64{{1, 2, 1e308}, {1, 1e308, 3}}
	ps := [][]float64{{1, 2, -1e308}, {1, -1e308, 3}}
	err = m.AddBatchAt(ys, ps, nil, []int64{2, 3, 4})
	if !errors.Is(err, ErrNotFinite) || !strings.HasPrefix(err.Error(), "output 1: f.csv:3:") {
		t.Fatalf("got %v, want output 1 at f.csv:3", err)
	}
	err = m.AddBatchAt([][]float64{{1, 2}, {1, 2}}, [][]float64{{1, 2}, {1, 2}}, []float64{-1, 1}, []int64{2, 3})
	if !errors.Is(err, ErrBadWeight) || !strings.HasPrefix(err.Error(), "f.csv:2:") {
		t.Fatalf("got %v", err)
	}
	if m.Output(0).N() != 0 || m.Output(1).N() != 0 {
		t.Fatal("rows added by failed batches")
	}
}

// TestReset: a reset state, reused, gives what a new one gives.
func TestReset(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	opt := StateOptions{KeepValues: true, Power: 1.5}
	s := New(opt)
	s.SetRowName(lineName)
	for round := range 3 {
		n := 1 + rng.IntN(500)
		y, p, w := make([]float64, n), make([]float64, n), make([]float64, n)
		pos := make([]int64, n)
		for i := range y {
			y[i], p[i], w[i] = rng.Float64()*4-0.5, rng.Float64()*4, rng.Float64()
			pos[i] = int64(10 * i)
		}
		if round == 1 {
			w = nil // weighted, then not, then weighted
		}
		s.Reset()
		if err := s.AddBatchAt(y, p, w, pos); err != nil {
			t.Fatal(err)
		}
		fresh := New(opt)
		fresh.SetRowName(lineName)
		if err := fresh.AddBatchAt(y, p, w, pos); err != nil {
			t.Fatal(err)
		}
		a, b := s.Report(0), fresh.Report(0)
		sameReport(t, fmt.Sprintf("round %d", round), &a, &b)
		if fmt.Sprint(a.Warnings) != fmt.Sprint(b.Warnings) {
			t.Fatalf("round %d: warnings %q, want %q", round, a.Warnings, b.Warnings)
		}
		if s.Weighted() != (w != nil) {
			t.Fatalf("round %d: weighted %v", round, s.Weighted())
		}
	}
}
