package hyptest

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
)

// testdata/adjust.json: statsmodels 0.13.5 multipletests, written by
// tools/oracle/hyptest_adjust.py.
func TestAdjustPValuesStatsmodels(t *testing.T) {
	raw, err := os.ReadFile("testdata/adjust.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Cases []struct {
			P, Holm, Bonferroni []float64
		}
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	for i, c := range f.Cases {
		for _, m := range []struct {
			a    Adjustment
			want []float64
		}{{Holm, c.Holm}, {Bonferroni, c.Bonferroni}} {
			t.Run(fmt.Sprintf("%d/%v", i, m.a), func(t *testing.T) {
				in := slices.Clone(c.P)
				got, err := AdjustPValues(in, m.a)
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(in, c.P) {
					t.Error("input modified")
				}
				for j := range got {
					if !approxEq(got[j], m.want[j], 1e-12, 1e-300) {
						t.Errorf("p[%d] = %v: got %v, want %v", j, c.P[j], got[j], m.want[j])
					}
				}
			})
		}
	}
}

func approxEq(a, b, rel, abs float64) bool {
	return math.Abs(a-b) <= rel*math.Abs(b)+abs
}

func TestAdjustPValuesErrors(t *testing.T) {
	if _, err := AdjustPValues([]float64{0.1, math.NaN()}, Holm); !errors.Is(err, ErrNotFinite) {
		t.Errorf("NaN: %v", err)
	}
	if _, err := AdjustPValues([]float64{1.5}, Holm); !errors.Is(err, ErrInvalid) {
		t.Errorf("1.5: %v", err)
	}
	if _, err := ParseAdjustment("sidak"); !errors.Is(err, ErrInvalid) {
		t.Errorf("parse: %v", err)
	}
	for _, a := range []Adjustment{Bonferroni, Holm} {
		b, err := ParseAdjustment(a.String())
		if err != nil || b != a {
			t.Errorf("round trip %v: %v %v", a, b, err)
		}
	}
	if got, _ := AdjustPValues(nil, Holm); len(got) != 0 {
		t.Errorf("empty family: %v", got)
	}
}

// Shaffer (1986): S(k) for k ≤ 5 as published; S(6) from the block sizes
// of the partitions of 6 algorithms.
func TestShafferTrue(t *testing.T) {
	for _, c := range []struct {
		k    int
		want []int
	}{
		{0, []int{0}}, {1, []int{0}}, {2, []int{0, 1}}, {3, []int{0, 1, 3}},
		{4, []int{0, 1, 2, 3, 6}},
		{5, []int{0, 1, 2, 3, 4, 6, 10}},
		{6, []int{0, 1, 2, 3, 4, 6, 7, 10, 15}}, // block sizes 3+2+1 give 4, 3+3 give 6; no partition of 6 gives 5,
	} {
		if got := ShafferTrue(c.k); !slices.Equal(got, c.want) {
			t.Errorf("S(%d) = %v, want %v", c.k, got, c.want)
		}
	}
}

// k = 3 by hand: S(3) = {0, 1, 3}, so Shaffer multiplies the smallest
// p-value by 3 and the others by 1; the exhaustive sets are the three
// single pairs and all three pairs, so Bergmann–Hommel's APVᵢ is
// max(pᵢ, 3·min p).
func TestShafferBergmannK3(t *testing.T) {
	p := []float64{0.04, 0.01, 0.03} // pairs (0,1), (0,2), (1,2)
	sh, err := ShafferStatic(p, 3)
	if err != nil {
		t.Fatal(err)
	}
	if want := []float64{0.04, 0.03, 0.03}; !approxSlice(sh, want) {
		t.Errorf("Shaffer %v, want %v", sh, want)
	}
	bh, err := BergmannHommel(p, 3)
	if err != nil {
		t.Fatal(err)
	}
	if want := []float64{0.04, 0.03, 0.03}; !approxSlice(bh, want) {
		t.Errorf("Bergmann–Hommel %v, want %v", bh, want)
	}
	holm, _ := AdjustPValues(p, Holm)
	if want := []float64{0.06, 0.03, 0.06}; !approxSlice(holm, want) {
		t.Errorf("Holm %v, want %v", holm, want)
	}
}

// k = 4 by hand: m = 6, S(4) = {0,1,2,3,6}; t₁ = 6, t₂ = 3 (5 is not
// possible), t₃ = 3, t₄ = 3, t₅ = 2, t₆ = 1.
func TestShafferK4(t *testing.T) {
	p := []float64{0.001, 0.002, 0.003, 0.004, 0.005, 0.006}
	sh, err := ShafferStatic(p, 4)
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{0.006, 0.006, 0.009, 0.012, 0.012, 0.012}
	if !approxSlice(sh, want) {
		t.Errorf("Shaffer %v, want %v", sh, want)
	}
}

func approxSlice(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !approxEq(a[i], b[i], 1e-12, 1e-15) {
			return false
		}
	}
	return true
}

// Bergmann–Hommel by its closed-testing definition: Hᵢ is rejected at α
// when every exhaustive set I ∋ i has min_{j∈I} pⱼ ≤ α/|I|. The adjusted
// p-value is the smallest such α. Checked against a brute force over all
// subsets of pairs that are equivalence relations (k = 4, 5), and
// BH ≤ Shaffer ≤ Holm.
func TestBergmannHommelProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, k := range []int{3, 4, 5, 6} {
		pairs := Pairs(k)
		m := len(pairs)
		for trial := 0; trial < 20; trial++ {
			p := make([]float64, m)
			for i := range p {
				u := rng.Float64()
				p[i] = u * u * u * 0.2
			}
			bh, err := BergmannHommel(p, k)
			if err != nil {
				t.Fatal(err)
			}
			sh, _ := ShafferStatic(p, k)
			holm, _ := AdjustPValues(p, Holm)
			for i := range p {
				if bh[i] > sh[i]*(1+1e-12) || sh[i] > holm[i]*(1+1e-12) || bh[i] < p[i] {
					t.Fatalf("k=%d p=%v: BH %v Shaffer %v Holm %v", k, p, bh, sh, holm)
				}
			}
			if k > 5 {
				continue
			}
			// Brute force over subsets of pairs that are transitive.
			want := make([]float64, m)
			for mask := 1; mask < 1<<m; mask++ {
				if !transitive(mask, pairs, k) {
					continue
				}
				n, mn := 0, math.Inf(1)
				for i := 0; i < m; i++ {
					if mask&(1<<i) != 0 {
						n++
						mn = math.Min(mn, p[i])
					}
				}
				for i := 0; i < m; i++ {
					if mask&(1<<i) != 0 {
						want[i] = math.Max(want[i], math.Min(1, float64(n)*mn))
					}
				}
			}
			if !approxSlice(bh, want) {
				t.Fatalf("k=%d: BH %v, brute force %v", k, bh, want)
			}
		}
	}
	if _, err := BergmannHommel(make([]float64, 45), 10); !errors.Is(err, ErrInvalid) {
		t.Errorf("k = 10: %v", err)
	}
}

// transitive reports whether the pairs in mask form the off-diagonal of an
// equivalence relation on k items.
func transitive(mask int, pairs [][2]int, k int) bool {
	in := func(a, b int) bool {
		if a > b {
			a, b = b, a
		}
		for i, p := range pairs {
			if p[0] == a && p[1] == b {
				return mask&(1<<i) != 0
			}
		}
		return false
	}
	for a := 0; a < k; a++ {
		for b := 0; b < k; b++ {
			for c := 0; c < k; c++ {
				if a != b && b != c && a != c && in(a, b) && in(b, c) && !in(a, c) {
					return false
				}
			}
		}
	}
	return true
}
