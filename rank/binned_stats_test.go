package rank

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"sort"
	"strconv"
	"testing"

	"github.com/evalkit-go/evalkit/hyptest"
)

// TestBinnedStats: a weighted binned state keeps each bin's row counts and
// Σw², so its table is the exact table of the rows moved to their bins'
// lower edges — masses, counts and Σw² — whether the weights start at the
// first row or after unit-weight rows, and whether the parts merged are
// weighted, unweighted or decoded; and its intervals are that exact
// table's (delong-weighted, t-weighted has no binned counterpart).
func TestBinnedStats(t *testing.T) {
	for _, tc := range []struct {
		name  string
		fresh func() *Binned
	}{
		{"bits-1000", func() *Binned { return NewBinnedBits(1000) }},
		{"bits-7", func() *Binned { return NewBinnedBits(7) }},
		{"grid", func() *Binned { return NewBinned(30, -0.5, 1.5) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(8, 9))
			whole := tc.fresh()
			var parts []*Binned
			var score, weight []float64
			var positive []bool
			for p := range 8 {
				part := tc.fresh()
				unit := p%3 == 0 // parts 0, 3 and 6 unweighted
				for i := range 400 {
					s := rng.Float64()
					if i%4 == 0 {
						s = math.Exp(rng.NormFloat64() * 3)
					}
					if i%5 == 0 {
						s = -s
					}
					w := 1.0
					if !unit && i > 50 { // unit weights first, then not
						w = float64(rng.IntN(5)) / 2 // zeros too
					}
					pos := rng.Float64() < 0.3+0.4*math.Abs(s)/(1+math.Abs(s))
					for _, b := range []*Binned{whole, part} {
						if err := b.Add(s, pos, w); err != nil {
							t.Fatal(err)
						}
					}
					score, positive, weight = append(score, s), append(positive, pos), append(weight, w)
				}
				parts = append(parts, part)
			}
			merged, decoded := tc.fresh(), tc.fresh()
			for _, p := range parts {
				merged.Merge(p)
				decoded.Merge(roundTrip(t, p))
			}
			if !sameBinned(merged, decoded) {
				t.Fatal("merging decoded parts differs")
			}
			wt := whole.Table()
			// The rows at their bins' lower edges: the largest edge at or
			// below the score (an end bin's rows may lie beyond it).
			asc := append([]float64(nil), wt.Score...)
			sort.Float64s(asc)
			edges := make([]float64, len(score))
			for i, s := range score {
				k := sort.SearchFloat64s(asc, math.Nextafter(s, math.Inf(1))) - 1
				edges[i] = asc[max(k, 0)]
			}
			et, err := NewTable(edges, positive, weight)
			if err != nil {
				t.Fatal(err)
			}
			for name, bt := range map[string]*Table{"whole": wt, "merged": merged.Table()} {
				if !bt.Weighted || bt.PosRows == nil {
					t.Fatalf("%s: weighted %v, stats %v", name, bt.Weighted, bt.PosRows != nil)
				}
				if len(bt.Score) != len(et.Score) {
					t.Fatalf("%s: %d cells, exact %d", name, len(bt.Score), len(et.Score))
				}
				for g := range et.Score {
					if bt.Score[g] != et.Score[g] || bt.PosRows[g] != et.PosRows[g] || bt.NegRows[g] != et.NegRows[g] {
						t.Fatalf("%s: cell %d: score %v rows %v/%v, exact %v %v/%v", name, g, bt.Score[g], bt.PosRows[g], bt.NegRows[g], et.Score[g], et.PosRows[g], et.NegRows[g])
					}
					for _, c := range [][2]float64{{bt.Pos[g], et.Pos[g]}, {bt.Neg[g], et.Neg[g]}, {bt.PosSq[g], et.PosSq[g]}, {bt.NegSq[g], et.NegSq[g]}} {
						if math.Abs(c[0]-c[1]) > 1e-12*math.Max(1, c[1]) {
							t.Fatalf("%s: cell %d: %v, exact %v", name, g, c[0], c[1])
						}
					}
				}
			}
			// The intervals of the binned report are those of the exact
			// table of the edges.
			opt := DefaultOptions()
			opt.Curves = false
			ci := hyptest.CIOptions{Bootstrap: 200, Seed: 3}
			br, err := whole.Report(opt)
			if err != nil {
				t.Fatal(err)
			}
			if err := br.AddIntervals(wt, opt, ci); err != nil {
				t.Fatal(err)
			}
			er := ciReport(t, et, ci)
			for _, k := range []string{"roc_auc", "rank_loss", "average_precision", "pr_auc_trapezoid", "bep"} {
				b, e := br.Intervals[k], er.Intervals[k]
				if b.Method != e.Method || math.Abs(b.Low-e.Low) > 1e-9 || math.Abs(b.High-e.High) > 1e-9 {
					t.Errorf("%s: binned %+v, exact table of the edges %+v", k, b, e)
				}
			}
			if br.Intervals["roc_auc"].Method != hyptest.CIDeLongWeighted {
				t.Errorf("roc_auc method %q", br.Intervals["roc_auc"].Method)
			}
		})
	}
}

// TestBinnedStatsLost: a weighted state of encoding version 2 (no bins'
// statistics) decodes, and merged with anything, keeps none: its report
// gets no interval and a warning that says why.
func TestBinnedStatsLost(t *testing.T) {
	a, b := NewBinned(10, 0, 1), NewBinned(10, 0, 1)
	for i := range 100 {
		a.Add(float64(i)/100, i%3 == 0, 1+float64(i%4))
		b.Add(float64(i)/100, i%2 == 0, 1)
	}
	data, err := withoutStats(a).MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if data[0] != binnedVersion {
		t.Fatalf("version %d", data[0])
	}
	var old Binned
	if err := old.UnmarshalBinary(data); err != nil {
		t.Fatal(err)
	}
	for _, m := range []*Binned{&old, b} {
		m.Merge(map[*Binned]*Binned{&old: b, b: &old}[m])
		if m.hasStats() || m.Table().PosRows != nil {
			t.Fatal("statistics after merging a state without them")
		}
		opt := DefaultOptions()
		opt.Curves = false
		r, err := m.Report(opt)
		if err != nil {
			t.Fatal(err)
		}
		if err := r.AddIntervals(m.Table(), opt, hyptest.CIOptions{}); err != nil {
			t.Fatal(err)
		}
		if len(r.Intervals) != 0 || len(r.Warnings) == 0 {
			t.Fatalf("intervals %v, warnings %q", r.Intervals, r.Warnings)
		}
	}
}

// binnedBinormalAUC is the population AUC of the binormal scores of
// weightedBinormal counted in k equal bins over [0, 1] (pairs in one bin
// count ½); weights independent of the scores leave it unchanged.
func binnedBinormalAUC(mu, pi float64, k int) float64 {
	lo := math.Log(pi / (1 - pi))
	cdf := func(x float64) float64 { return 0.5 * math.Erfc(-x/math.Sqrt2) }
	// The x at which the score is j/k: logit(j/k) = mu·x − mu²/2 + lo.
	edge := func(j int) float64 {
		switch j {
		case 0:
			return math.Inf(-1)
		case k:
			return math.Inf(1)
		}
		p := float64(j) / float64(k)
		return (math.Log(p/(1-p)) + mu*mu/2 - lo) / mu
	}
	auc, below := 0.0, 0.0
	for j := range k {
		a, b := edge(j), edge(j+1)
		pp, pn := cdf(b-mu)-cdf(a-mu), cdf(b)-cdf(a)
		auc += pp * (below + pn/2)
		below += pn
	}
	return auc
}

// TestBinnedWeightedCoverage: the weighted DeLong interval of binned
// scores (20 bins over [0, 1]) covers the binned population AUC. n = 2000
// runs with EVALKIT_COVERAGE=1 or CI.
func TestBinnedWeightedCoverage(t *testing.T) {
	if testing.Short() {
		t.Skip("coverage simulation")
	}
	const mu, pi, bins = 1.0, 0.4, 20
	truth := binnedBinormalAUC(mu, pi, bins)
	for _, n := range []int{200, 2000} {
		if n > 1000 && os.Getenv("EVALKIT_COVERAGE") == "" && os.Getenv("CI") == "" {
			continue
		}
		for wi, wd := range []struct {
			name string
			draw func(*rand.Rand) float64
		}{
			{"uniform", func(r *rand.Rand) float64 { return 0.5 + 1.5*r.Float64() }},
			{"exponential", func(r *rand.Rand) float64 { return r.ExpFloat64() }},
		} {
			name := fmt.Sprintf("n=%d,%s", n, wd.name)
			t.Run(name, func(t *testing.T) {
				rng := rand.New(rand.NewPCG(2031, uint64(n*10+wi)))
				nsim := 1000
				if v, err := strconv.Atoi(os.Getenv("EVALKIT_NSIM")); err == nil {
					nsim = v
				}
				hits := 0
				lo := math.Log(pi / (1 - pi))
				npos := int(pi * float64(n))
				for range nsim {
					b := NewBinned(bins, 0, 1)
					for i := range n {
						p := i < npos
						x := rng.NormFloat64()
						if p {
							x += mu
						}
						s := 1 / (1 + math.Exp(-(mu*x - mu*mu/2 + lo)))
						if err := b.Add(s, p, wd.draw(rng)); err != nil {
							t.Fatal(err)
						}
					}
					_, l, h, err := b.Table().AUCCI(0.95)
					if err != nil {
						t.Fatal(err)
					}
					if l <= truth && truth <= h {
						hits++
					}
				}
				c := float64(hits) / float64(nsim)
				t.Logf("%s: binned weighted AUC coverage %.3f (truth %.4f)", name, c, truth)
				if !(c >= 0.93 && c <= 0.97) {
					t.Errorf("%s: covers %.3f, want 0.93–0.97", name, c)
				}
			})
		}
	}
}
