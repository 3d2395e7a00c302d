package regress

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/evalkit-go/evalkit/internal/xsum"
)

// TestFoldOnly checks that every measure of a state of its own sums has
// the bits (or the error) of the measure of a full state of the same
// rows: one and three outputs, with and without weights, rows in the
// domains and outside them, one processor and several.
func TestFoldOnly(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{1, 2, 7, 1000, 3*onlyRows + 17} {
		for _, k := range []int{1, 3} {
			for _, weighted := range []bool{false, true} {
				for _, kind := range []string{"normal", "positive", "zeros"} {
					y, p := make([][]float64, k), make([][]float64, k)
					for j := range k {
						y[j], p[j] = make([]float64, n), make([]float64, n)
						for i := range n {
							switch kind {
							case "normal":
								y[j][i], p[j][i] = rng.NormFloat64()*3+1, rng.NormFloat64()
							case "positive":
								y[j][i], p[j][i] = rng.ExpFloat64(), rng.ExpFloat64()+0.1
							default:
								y[j][i], p[j][i] = float64(rng.IntN(3)), float64(rng.IntN(3))
							}
						}
					}
					var w []float64
					if weighted {
						w = make([]float64, n)
						for i := range w {
							w[i] = float64(rng.IntN(4)) * 0.37
						}
					}
					for oi, opt := range []StateOptions{{MAPEEpsilon: 2.220446049250313e-16}, {Power: 1.5, Alpha: 0.3}, {Power: 2}, {Power: -1}} {
						if n > 1000 && (oi > 1 || kind == "zeros" || k > 1) {
							continue // the parts of several processors: one set of options is enough
						}
						full := NewMulti(k, StateOptions{MAPEEpsilon: opt.MAPEEpsilon, Power: opt.Power, Alpha: opt.Alpha, KeepValues: true})
						if err := full.AddBatch(y, p, w); err != nil {
							t.Fatal(err)
						}
						specs := append(Specs[:len(Specs):len(Specs)], Spec{Key: "adjusted_r2", F: func(s *State) (float64, error) { return s.AdjustedR2(0) }})
						for _, sp := range specs {
							for _, how := range []Multioutput{Raw, Uniform, VarianceWeighted} {
								m, err := FoldOnly([]string{sp.Key}, how == VarianceWeighted, opt, y, p, w)
								if err != nil {
									t.Fatal(err)
								}
								got, gerr := m.Score(sp.F, how)
								want, werr := full.Score(sp.F, how)
								if (gerr == nil) != (werr == nil) || gerr != nil && gerr.Error() != werr.Error() {
									t.Fatalf("n=%d k=%d w=%v %s %v %s: error %v, full state's %v", n, k, weighted, kind, opt, sp.Key, gerr, werr)
								}
								for i := range got {
									if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
										t.Fatalf("n=%d k=%d w=%v %s %v %s %v: %v, full state's %v", n, k, weighted, kind, opt, sp.Key, how, got, want)
									}
								}
								// Its states and kept slices serve the next
								// calls, whose rows overwrite them.
								m.Release()
							}
						}
					}
				}
			}
		}
	}
}

// TestFoldOnlyErrors checks the errors of bad rows and keys.
func TestFoldOnlyErrors(t *testing.T) {
	y, p := [][]float64{{1, 2, math.NaN()}}, [][]float64{{1, 2, 3}}
	want := NewMulti(1, StateOptions{}).AddBatch(y, p, nil)
	if _, err := FoldOnly([]string{"mse"}, false, StateOptions{}, y, p, nil); err == nil || err.Error() != want.Error() {
		t.Errorf("NaN: %v, want %v", err, want)
	}
	if _, err := FoldOnly([]string{"mse"}, false, StateOptions{}, [][]float64{{1}}, [][]float64{{1}}, []float64{-1}); err == nil {
		t.Error("negative weight: no error")
	}
	if _, err := FoldOnly([]string{"nope"}, false, StateOptions{}, [][]float64{{1}}, [][]float64{{1}}, nil); err == nil {
		t.Error("unknown key: no error")
	}
}

func BenchmarkFoldOnly(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := 1 << 22
	y, p := make([]float64, n), make([]float64, n)
	for i := range y {
		y[i], p[i] = rng.NormFloat64(), rng.NormFloat64()
	}
	for _, key := range []string{"mse", "r2", "medae", "mape"} {
		b.Run(key, func(b *testing.B) {
			b.SetBytes(int64(16 * n))
			for b.Loop() {
				m, err := FoldOnly([]string{key}, false, StateOptions{MAPEEpsilon: 1e-16}, [][]float64{y}, [][]float64{p}, nil)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := m.Score(SpecOf(key).F, Uniform); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestFoldOnlyHuge checks that a value too large for every sum to stay
// finite gives the full state's errors: MAE is an overflow when the
// squared errors overflow, as the full state's base checks.
func TestFoldOnlyHuge(t *testing.T) {
	y, p := [][]float64{{1e200, 0, 1}}, [][]float64{{0, 0, 2}}
	full := NewMulti(1, StateOptions{})
	if err := full.AddBatch(y, p, nil); err != nil {
		t.Fatal(err)
	}
	m, err := FoldOnly([]string{"mae"}, false, StateOptions{}, y, p, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, gerr := m.Score((*State).MAE, Uniform)
	_, werr := full.Score((*State).MAE, Uniform)
	if werr == nil || gerr == nil || gerr.Error() != werr.Error() {
		t.Errorf("MAE: error %v, full state's %v", gerr, werr)
	}
}

// TestFoldOnlyHugeLate checks that a value too large for every sum to
// stay finite in a later block of a processor's part of the rows gives
// the full state's measures: the parts' sums are dropped and every sum is
// computed.
func TestFoldOnlyHugeLate(t *testing.T) {
	n := 3*onlyRows + 17
	y, p := make([]float64, n), make([]float64, n)
	for i := range y {
		y[i], p[i] = float64(i%7), float64(i%5)
	}
	for _, at := range []int{n - 1, n / 2, onlyBlock + 3} {
		y[at] = 1e200
		full := NewMulti(1, StateOptions{})
		if err := full.AddBatch([][]float64{y}, [][]float64{p}, nil); err != nil {
			t.Fatal(err)
		}
		for _, key := range []string{"mae", "mse", "max_error"} {
			m, err := FoldOnly([]string{key}, false, StateOptions{}, [][]float64{y}, [][]float64{p}, nil)
			if err != nil {
				t.Fatal(err)
			}
			got, gerr := m.Score(SpecOf(key).F, Uniform)
			want, werr := full.Score(SpecOf(key).F, Uniform)
			if (gerr == nil) != (werr == nil) || gerr != nil && gerr.Error() != werr.Error() || gerr == nil && math.Float64bits(got[0]) != math.Float64bits(want[0]) {
				t.Errorf("1e200 at row %d, %s: %v (%v), full state's %v (%v)", at, key, got, gerr, want, werr)
			}
		}
		y[at] = 1
	}
}

// TestDevianceLogs checks the Poisson and Gamma sums of AddBatch and of
// FoldOnly, whose logarithms are vmath.Log's over a block, against the
// exact sums of each row's term by math.Log: ratios y/ŷ of every size
// (subnormal, 0 and +Inf by underflow and overflow), y = 0, negative
// values, one special ratio among ordinary ones in each lane. (Values
// beyond modestBound, in half the trials, send FoldOnly to the full
// state's fold.)
func TestDevianceLogs(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for trial := range 40 {
		n := 1 + rng.IntN(3000)
		y, p, w := make([]float64, n), make([]float64, n), make([]float64, n)
		for i := range n {
			y[i], p[i] = rng.ExpFloat64(), rng.ExpFloat64()+0.01
			w[i] = float64(rng.IntN(4)) * 0.37
			c := rng.IntN(40)
			if trial%2 == 0 && c >= 4 && c <= 5 {
				c = 7
			}
			switch c {
			case 0:
				y[i] = 0
			case 1:
				y[i] = -y[i]
			case 2:
				p[i] = -p[i]
			case 3:
				y[i] = 0
				p[i] = 0
			case 4:
				y[i] *= 0x1p-1000 // a subnormal ratio, or 0
				p[i] *= 0x1p60
			case 5:
				y[i] *= 0x1p1000 // +Inf
				p[i] *= 0x1p-60
			case 7:
				y[i] *= 0x1p-40 // a small ratio of modest values
				p[i] *= 0x1p40
			case 6:
				p[i] = math.Nextafter(p[i], 0) // a ratio near 1
				y[i] = p[i]
			}
		}
		for _, weighted := range []bool{false, true} {
			var wt []float64
			if weighted {
				wt = w
			}
			var poisson, gamma xsum.Sum
			for i := range n {
				wi := 1.0
				if weighted {
					wi = w[i]
				}
				yi, pi := y[i], p[i]
				switch {
				case yi > 0 && pi > 0:
					q := yi / pi
					poisson.Add(wi * (2 * (yi*math.Log(q) - yi + pi)))
					gamma.Add(wi * (2 * (-math.Log(q) + q - 1)))
				case yi == 0 && pi > 0:
					poisson.Add(wi * (2 * pi))
				}
			}
			s := New(StateOptions{})
			s.addRows(y, p, wt, nil)
			m, err := FoldOnly([]string{"poisson_deviance", "gamma_deviance"}, false, StateOptions{}, [][]float64{y}, [][]float64{p}, wt)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct {
				name      string
				got, want *xsum.Sum
			}{
				{"AddBatch Poisson", &s.poisson, &poisson}, {"AddBatch Gamma", &s.gamma, &gamma},
				{"FoldOnly Poisson", &m.outs[0].poisson, &poisson}, {"FoldOnly Gamma", &m.outs[0].gamma, &gamma},
			} {
				if !sameSum(c.got, c.want) {
					t.Fatalf("trial %d, weighted %v: %s sum %v, the rows' terms' %v", trial, weighted, c.name, c.got.Value(), c.want.Value())
				}
			}
			m.Release()
		}
	}
}

// TestSquaredLogTerms: the squared logarithmic error's sum, computed a
// block at a time (log1pDiffs: vmath.Log1p and vmath.Log) in addBlock and
// FoldOnly, is the exact sum of each row's log1pDiff term: both branches
// (d/(1+ŷ) above and below −½), zeros, negative values skipped, values
// of every size, weighted or not.
func TestSquaredLogTerms(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for trial := range 40 {
		n := 1 + rng.IntN(3000)
		y, p, w := make([]float64, n), make([]float64, n), make([]float64, n)
		for i := range n {
			y[i], p[i] = rng.ExpFloat64()*10, rng.ExpFloat64()*10
			w[i] = float64(rng.IntN(4)) * 0.37
			switch rng.IntN(12) {
			case 0:
				y[i] = 0
			case 1:
				y[i] = -y[i]
			case 2:
				p[i] = -p[i]
			case 3:
				p[i] = 0
			case 4:
				y[i] *= 1e-9 // a small value, d/(1+ŷ) near −1
			case 5:
				p[i] = y[i] // log of 1
			case 6:
				y[i] *= 1e12 // beyond modestBound in some trials
			}
		}
		for _, weighted := range []bool{false, true} {
			var wt []float64
			if weighted {
				wt = w
			}
			var want xsum.Sum
			for i := range n {
				wi := 1.0
				if weighted {
					wi = w[i]
				}
				if y[i] < 0 || p[i] < 0 {
					continue
				}
				l := log1pDiff(y[i], p[i], y[i]-p[i])
				want.Add(wi * l * l)
			}
			s := New(StateOptions{})
			s.addRows(y, p, wt, nil)
			m, err := FoldOnly([]string{"msle"}, false, StateOptions{}, [][]float64{y}, [][]float64{p}, wt)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct {
				name string
				got  *xsum.Sum
			}{{"AddBatch", &s.sqLog}, {"FoldOnly", &m.outs[0].sqLog}} {
				if !sameSum(c.got, &want) {
					t.Fatalf("trial %d, weighted %v: %s sum %v, the rows' terms' %v", trial, weighted, c.name, c.got.Value(), want.Value())
				}
			}
			m.Release()
		}
	}
}

// sameSum reports whether two exact sums are equal, and their values
// (infinities, NaN) have the same bits.
func sameSum(a, b *xsum.Sum) bool {
	ax, ak := a.IntExp()
	bx, bk := b.IntExp()
	return ax.Cmp(bx) == 0 && ak == bk && math.Float64bits(a.Value()) == math.Float64bits(b.Value())
}
