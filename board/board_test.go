package board

import (
	"math"
	"math/rand/v2"
	"testing"
)

// Holm's adjusted p-values, written out from the definition (Holm 1979):
// with the p-values sorted ascending, APV₍ᵢ₎ = max_{j ≤ i} min(1, (m − j + 1) p₍ⱼ₎),
// ties in listed order. Adjusted must give these bits, NaNs left out of the
// family and kept NaN.
func TestAdjustedHolm(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		n := 1 + rng.IntN(12)
		m := &Models{}
		for range n {
			p := rng.Float64()
			switch rng.IntN(6) {
			case 0:
				p = math.NaN()
			case 1:
				p = 1
			case 2:
				p = 0.05 // ties
			}
			m.Comparisons = append(m.Comparisons, Comparison{PValue: p})
		}
		want := holmByDefinition(m.Comparisons)
		m.Adjusted("holm")
		for i, c := range m.Comparisons {
			if math.Float64bits(c.PAdjusted) != math.Float64bits(want[i]) && !(math.IsNaN(c.PAdjusted) && math.IsNaN(want[i])) {
				t.Fatalf("trial %d: comparison %d (p %v): adjusted %v, want %v", trial, i, c.PValue, c.PAdjusted, want[i])
			}
		}
	}
}

func holmByDefinition(cs []Comparison) []float64 {
	out := make([]float64, len(cs))
	var fam []int
	for i, c := range cs {
		out[i] = math.NaN()
		if !math.IsNaN(c.PValue) {
			fam = append(fam, i)
		}
	}
	m := len(fam)
	// rank of each member: the number of members before it in sorted
	// order (smaller p, or equal p listed earlier).
	pos := func(i int) int {
		r := 0
		for _, k := range fam {
			if cs[k].PValue < cs[i].PValue || cs[k].PValue == cs[i].PValue && k < i {
				r++
			}
		}
		return r
	}
	for _, i := range fam {
		ri := pos(i)
		v := 0.0
		for _, k := range fam {
			if rk := pos(k); rk <= ri {
				v = math.Max(v, math.Min(1, float64(m-rk)*cs[k].PValue))
			}
		}
		out[i] = v
	}
	return out
}

// Bonferroni is min(1, m·p) over the non-NaN p-values; none copies them.
func TestAdjustedBonferroniNone(t *testing.T) {
	m := &Models{Comparisons: []Comparison{{PValue: 0.01}, {PValue: math.NaN()}, {PValue: 0.3}, {PValue: 0.6}}}
	m.Adjusted("bonferroni")
	for i, want := range []float64{0.03, math.NaN(), 0.8999999999999999, 1} {
		if got := m.Comparisons[i].PAdjusted; got != want && !(math.IsNaN(got) && math.IsNaN(want)) {
			t.Errorf("bonferroni %d: %v, want %v", i, got, want)
		}
	}
	m.Adjusted("none")
	for i, c := range m.Comparisons {
		if c.PAdjusted != c.PValue && !(i == 1 && math.IsNaN(c.PAdjusted)) {
			t.Errorf("none %d: %v, want %v", i, c.PAdjusted, c.PValue)
		}
	}
	if m.Adjust != "none" {
		t.Errorf("Adjust %q", m.Adjust)
	}
}
