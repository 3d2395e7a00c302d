package regress

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
)

// build adds rows [lo, hi) of a case to a new Multi.
func build(c *oracleCase, y, p [][]float64, k, lo, hi int) *Multi {
	m := NewMulti(max(k, 1), c.options())
	for i := lo; i < hi; i++ {
		if c.Weights == nil {
			m.Add(y[i], p[i])
		} else {
			m.AddWeighted(y[i], p[i], c.Weights[i])
		}
	}
	return m
}

// sameReport compares two reports measure by measure: equal to 1e-9
// relative, NaN where the other is NaN.
func sameReport(t *testing.T, what string, a, b *Report) {
	t.Helper()
	if a.N != b.N {
		t.Errorf("%s: n %d vs %d", what, a.N, b.N)
	}
	keys := []string{"adjusted_r2"}
	for _, sp := range Specs {
		keys = append(keys, sp.Key)
	}
	for _, k := range keys {
		x, ok1 := a.Get(k)
		y, ok2 := b.Get(k)
		if ok1 != ok2 || math.IsNaN(x) != math.IsNaN(y) || (!math.IsNaN(x) && !close(x, y)) {
			t.Errorf("%s: %s %v vs %v", what, k, x, y)
		}
	}
}

// TestMergeAnySplit: for every oracle case, the state merged from any
// split into 1–4 consecutive parts gives the one-shot report.
func TestMergeAnySplit(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range loadOracle(t) {
		t.Run(c.Name, func(t *testing.T) {
			y, p, k := c.rows(t)
			n := len(y)
			one := build(&c, y, p, k, 0, n)
			for trial := 0; trial < 5; trial++ {
				cuts := []int{0, n}
				for range rng.IntN(4) {
					cuts = append(cuts, rng.IntN(n+1))
				}
				sort.Ints(cuts)
				m := build(&c, y, p, k, cuts[0], cuts[1])
				for i := 1; i+1 < len(cuts); i++ {
					m.Merge(build(&c, y, p, k, cuts[i], cuts[i+1]))
				}
				for j := 0; j < m.K(); j++ {
					got := m.Output(j).Report(c.Options.NFeatures)
					whole := one.Output(j).Report(c.Options.NFeatures)
					sameReport(t, "merged", &got, &whole)
				}
			}
		})
	}
}

// TestPermutation: reordering the rows changes no measure (beyond
// rounding), and the row named by an error is the first offending one in
// the new order.
func TestPermutation(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, c := range loadOracle(t) {
		t.Run(c.Name, func(t *testing.T) {
			y, p, k := c.rows(t)
			one := build(&c, y, p, k, 0, len(y))
			perm := rng.Perm(len(y))
			c2 := c
			y2, p2 := make([][]float64, len(y)), make([][]float64, len(y))
			if c.Weights != nil {
				c2.Weights = make([]float64, len(y))
			}
			for i, j := range perm {
				y2[i], p2[i] = y[j], p[j]
				if c.Weights != nil {
					c2.Weights[i] = c.Weights[j]
				}
			}
			m := build(&c2, y2, p2, k, 0, len(y))
			for j := 0; j < m.K(); j++ {
				got := m.Output(j).Report(c.Options.NFeatures)
				whole := one.Output(j).Report(c.Options.NFeatures)
				sameReport(t, "permuted", &got, &whole)
			}
		})
	}
}

// TestSelection compares the selection algorithms with sorting.
func TestSelection(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 300; trial++ {
		n := 1 + rng.IntN(60)
		a := make([]float64, n)
		w := make([]float64, n)
		for i := range a {
			a[i] = float64(rng.IntN(8)) // many ties
			if trial%2 == 0 {
				a[i] = rng.NormFloat64()
			}
			w[i] = float64(rng.IntN(4)) // some zero weights
		}
		s := slices.Clone(a)
		slices.Sort(s)
		for k := 0; k < n; k++ {
			if got := selectK(slices.Clone(a), k); got != s[k] {
				t.Fatalf("selectK(%v, %d) = %v, want %v", a, k, got, s[k])
			}
		}
		var want float64
		if n%2 == 1 {
			want = s[n/2]
		} else {
			want = (s[n/2-1] + s[n/2]) / 2
		}
		if got := median(slices.Clone(a)); got != want {
			t.Fatalf("median(%v) = %v, want %v", a, got, want)
		}
		// Weighted percentile by its definition, on a sorted copy: the
		// first value whose cumulative weight reaches q·W.
		idx := make([]int, n)
		for i := range idx {
			idx[i] = i
		}
		sort.SliceStable(idx, func(i, j int) bool { return a[idx[i]] < a[idx[j]] })
		for _, q := range []float64{0, 10, 25, 50, 75, 90, 100} {
			var total float64
			for _, x := range w {
				total += x
			}
			target := q / 100 * total
			if target == 0 {
				target = math.SmallestNonzeroFloat64
			}
			want := a[idx[n-1]]
			cum := 0.0
			for _, i := range idx {
				cum += w[i]
				if cum >= target {
					want = a[i]
					break
				}
			}
			if got := weightedPercentile(a, w, q); got != want {
				t.Fatalf("weightedPercentile(%v, %v, %v) = %v, want %v", a, w, q, got, want)
			}
		}
	}
}

// TestErrors checks the sentinel errors and that they name the row.
func TestErrors(t *testing.T) {
	tests := []struct {
		name string
		f    func() (float64, error)
		want error
		msg  string
	}{
		{"mape zero target", func() (float64, error) { return MAPE([]float64{1, 0, 2}, []float64{1, 1, 1}, nil, 0) }, ErrZeroTarget, "row 1"},
		{"msle negative", func() (float64, error) { return MSLE([]float64{1, 2, 3}, []float64{1, -1, 1}, nil) }, ErrNegative, "row 1"},
		{"poisson", func() (float64, error) { return PoissonDeviance([]float64{1, 2}, []float64{1, 0}, nil) }, ErrDomain, "row 1"},
		{"gamma", func() (float64, error) { return GammaDeviance([]float64{0, 2}, []float64{1, 1}, nil) }, ErrDomain, "row 0"},
		{"tweedie", func() (float64, error) { return TweedieDeviance([]float64{2, 3, -1}, []float64{1, 1, 1}, nil, 1.5) }, ErrDomain, "row 2"},
		{"empty", func() (float64, error) { return MSE(nil, nil, nil) }, ErrEmpty, ""},
		{"zero weight", func() (float64, error) { return MSE([]float64{1}, []float64{2}, []float64{0}) }, ErrZeroWeight, ""},
		{"r2 one row", func() (float64, error) { return R2([]float64{1}, []float64{2}, nil) }, ErrTooFew, ""},
		{"adjusted r2", func() (float64, error) { return AdjustedR2([]float64{1, 2, 3}, []float64{1, 2, 2}, nil, 2) }, ErrTooFew, ""},
		{"nan", func() (float64, error) { return MSE([]float64{1, math.NaN()}, []float64{1, 1}, nil) }, ErrNotFinite, "row 1"},
		{"inf pred", func() (float64, error) { return MAE([]float64{1}, []float64{math.Inf(1)}, nil) }, ErrNotFinite, "row 0"},
		{"negative weight", func() (float64, error) { return MSE([]float64{1, 2}, []float64{1, 1}, []float64{1, -1}) }, ErrBadWeight, "row 1"},
		{"wape all zero", func() (float64, error) { return WAPE([]float64{0, 0}, []float64{1, 1}, nil) }, ErrUndefined, ""},
		{"d2 tweedie constant", func() (float64, error) { return D2Tweedie([]float64{2, 2}, []float64{1, 3}, nil, 0) }, ErrUndefined, ""},
		{"pinball alpha", func() (float64, error) { return Pinball([]float64{1}, []float64{1}, nil, 1) }, ErrBadOption, ""},
		{"no values", func() (float64, error) { s := New(StateOptions{}); s.Add(1, 2); return s.MedAE() }, ErrNoValues, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := tt.f()
			if !errors.Is(err, tt.want) {
				t.Fatalf("got %v, %v; want %v", v, err, tt.want)
			}
			if tt.msg != "" && !contains(err.Error(), tt.msg) {
				t.Errorf("error %q does not name %q", err, tt.msg)
			}
		})
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

// TestFormulas checks small cases by hand.
func TestFormulas(t *testing.T) {
	y := []float64{3, -0.5, 2, 7}
	p := []float64{2.5, 0, 2, 8}
	tests := []struct {
		name string
		f    func() (float64, error)
		want float64
	}{
		// scikit-learn 1.2 docstring examples (mean_squared_error,
		// mean_absolute_error, r2_score, explained_variance_score,
		// median_absolute_error).
		{"mse", func() (float64, error) { return MSE(y, p, nil) }, 0.375},
		{"mae", func() (float64, error) { return MAE(y, p, nil) }, 0.5},
		{"r2", func() (float64, error) { return R2(y, p, nil) }, 0.9486081370449679},
		{"explained variance", func() (float64, error) { return ExplainedVariance(y, p, nil) }, 0.9571734475374732},
		{"medae", func() (float64, error) { return MedAE(y, p, nil) }, 0.5},
		// By hand: WAPE = (0.5+0.5+0+1)/(3+0.5+2+7) = 2/12.5.
		{"wape", func() (float64, error) { return WAPE(y, p, nil) }, 0.16},
		// By hand: sMAPE of (1, 2) and (0, 0): (2·1/3 + 0)/2.
		{"smape", func() (float64, error) { return SMAPE([]float64{1, 0}, []float64{2, 0}, nil) }, 1.0 / 3},
		// By hand: adjusted R² = 1 − (1 − R²)(4 − 1)/(4 − 1 − 1).
		{"adjusted r2", func() (float64, error) { return AdjustedR2(y, p, nil, 1) }, 1 - (1-0.9486081370449679)*3/2},
		// Weighted median: |d| = 0.5, 0.5, 0, 1 with weights 1, 1, 5, 1:
		// sorted 0(5) 0.5(1) 0.5(1) 1(1); half of 8 is reached by 0.
		{"weighted medae", func() (float64, error) { return MedAE(y, p, []float64{1, 1, 5, 1}) }, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.f()
			if err != nil || !close(got, tt.want) {
				t.Errorf("got %v, %v; want %v", got, err, tt.want)
			}
		})
	}
}

// TestAddBatch: AddBatch in chunks of any size equals Add row by row.
func TestAddBatch(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, c := range loadOracle(t) {
		y, p, k := c.rows(t)
		if k > 0 {
			continue
		}
		t.Run(c.Name, func(t *testing.T) {
			one := build(&c, y, p, k, 0, len(y)).Output(0).Report(c.Options.NFeatures)
			s := New(c.options())
			for lo := 0; lo < len(y); {
				hi := min(len(y), lo+1+rng.IntN(700))
				ys, ps := make([]float64, 0, hi-lo), make([]float64, 0, hi-lo)
				for i := lo; i < hi; i++ {
					ys, ps = append(ys, y[i][0]), append(ps, p[i][0])
				}
				var w []float64
				if c.Weights != nil {
					w = c.Weights[lo:hi]
				}
				if err := s.AddBatch(ys, ps, w); err != nil {
					t.Fatal(err)
				}
				lo = hi
			}
			got := s.Report(c.Options.NFeatures)
			sameReport(t, "batched", &got, &one)
		})
	}
}

// TestSelectionLarge checks the band method (n ≥ bandMinSize) and its
// fallbacks against sorting: continuous values, heavy ties, and ranks at
// the ends.
func TestSelectionLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	n := bandMinSize + 1234
	gens := map[string]func() float64{
		"normal":   rng.NormFloat64,
		"ties":     func() float64 { return float64(rng.IntN(5)) },
		"constant": func() float64 { return 2.5 },
		"skewed":   func() float64 { return math.Exp(3 * rng.NormFloat64()) },
	}
	for name, gen := range gens {
		t.Run(name, func(t *testing.T) {
			a, w := make([]float64, n), make([]float64, n)
			for i := range a {
				a[i] = gen()
				w[i] = float64(rng.IntN(3))
			}
			s := slices.Clone(a)
			slices.Sort(s)
			for _, k := range []int{0, 1, n / 10, n/2 - 1, n / 2, n - 2, n - 1} {
				v0, v1 := orderStats(slices.Clone(a), k)
				want1 := math.Inf(1)
				if k+1 < n {
					want1 = s[k+1]
				}
				if v0 != s[k] || v1 != want1 {
					t.Errorf("orderStats(k=%d) = %v, %v; want %v, %v", k, v0, v1, s[k], want1)
				}
			}
			idx := make([]int, n)
			for i := range idx {
				idx[i] = i
			}
			sort.SliceStable(idx, func(i, j int) bool { return a[idx[i]] < a[idx[j]] })
			var total float64
			for _, x := range w {
				total += x
			}
			for _, q := range []float64{0, 5, 50, 90, 100} {
				target := q / 100 * total
				if target == 0 {
					target = math.SmallestNonzeroFloat64
				}
				want, cum := a[idx[n-1]], 0.0
				for _, i := range idx {
					cum += w[i]
					if cum >= target {
						want = a[i]
						break
					}
				}
				if got := weightedPercentile(a, w, q); got != want {
					t.Errorf("weightedPercentile(q=%v) = %v, want %v", q, got, want)
				}
			}
		})
	}
}
