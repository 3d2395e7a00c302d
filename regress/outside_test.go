package regress

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/evalkit-go/evalkit/internal/xsum"
)

// findSelection answers a Selection over every (value, weight) by
// sorting them all: the plain reading of Selection's definition.
func findSelection(sel Selection, v, w []float64) [2]float64 {
	type vw struct{ v, w float64 }
	xs := make([]vw, len(v))
	for i := range v {
		xs[i] = vw{v[i], 1}
		if w != nil {
			xs[i].w = w[i]
		}
	}
	slices.SortStableFunc(xs, func(a, b vw) int { return cmp.Compare(a.v, b.v) })
	if !sel.Weighted {
		lo, hi := xs[sel.Rank].v, math.Inf(1)
		if int(sel.Rank)+1 < len(xs) {
			hi = xs[sel.Rank+1].v
		}
		return [2]float64{lo, hi}
	}
	var cum xsum.Sum
	for _, x := range xs {
		cum.Add(x.w)
		if cum.Cmp(sel.Target) >= 0 {
			return [2]float64{x.v, x.v}
		}
	}
	return [2]float64{xs[len(xs)-1].v, xs[len(xs)-1].v}
}

// A state without kept values, given its selections and null sums from
// outside (the rows added in pieces, merged in a shuffled order), reports
// the quantile measures with the same bits as a state that kept them.
func TestOutsideSameBits(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for trial := range 400 {
		n := 1 + rng.IntN(60)
		if trial%50 == 0 {
			n = bandMinSize + rng.IntN(1000) // the band paths
		}
		opt := StateOptions{Alpha: []float64{0.5, 0.1, 0.9, 0.37}[rng.IntN(4)], Power: []float64{0, 1.5, -1, 2}[rng.IntN(4)]}
		y, p := make([]float64, n), make([]float64, n)
		var w []float64
		if trial%2 == 1 {
			w = make([]float64, n)
		}
		for i := range n {
			y[i] = math.Round(rng.NormFloat64()*4*float64(1+trial%3)) + 10 // ties
			if opt.Power != 0 && opt.Power != -1 {
				y[i] = math.Abs(y[i]) + 0.5
			}
			p[i] = y[i] + rng.NormFloat64()
			if trial%5 == 0 {
				p[i] = math.Round(p[i])
			}
			if w != nil {
				w[i] = float64(rng.IntN(4)) * 0.1
			}
		}
		kopt := opt
		kopt.KeepValues = true
		kept := New(kopt)
		add(t, kept, y, p, w)
		out := New(opt)
		add(t, out, y, p, w)
		ky, kad, kw := kept.Kept()
		var vals [][2]float64
		for _, sel := range out.Selections() {
			col := ky
			if sel.Of == KeptAbsError {
				col = kad
			}
			vals = append(vals, findSelection(sel, col, kw))
		}
		if err := out.SetSelected(vals); err != nil {
			t.Fatal(err)
		}
		nulls, err := out.Nulls()
		if err != nil {
			t.Fatal(err)
		}
		acc := nulls.Empty()
		for _, i := range rng.Perm(n) {
			piece := nulls.Empty()
			wi := 1.0
			if kw != nil {
				wi = kw[i]
			}
			piece.Add(ky[i], wi)
			b, _ := piece.MarshalBinary()
			dec := nulls.Empty()
			if err := dec.UnmarshalBinary(b); err != nil {
				t.Fatal(err)
			}
			acc.Merge(dec)
		}
		if err := out.SetNulls(acc); err != nil {
			t.Fatal(err)
		}
		for name, f := range map[string]func(*State) (float64, error){
			"medae": (*State).MedAE, "d2_pinball": (*State).D2Pinball, "d2_absolute_error": (*State).D2AbsoluteError, "d2_tweedie": (*State).D2Tweedie,
		} {
			want, werr := f(kept)
			got, gerr := f(out)
			if math.Float64bits(got) != math.Float64bits(want) || (werr == nil) != (gerr == nil) {
				t.Fatalf("trial %d (n %d, weighted %v, α %v, p %v): %s = %v (%v), kept %v (%v)", trial, n, w != nil, opt.Alpha, opt.Power, name, got, gerr, want, werr)
			}
		}
		if !out.Options().KeepValues {
			t.Fatal("Options().KeepValues false after SetNulls")
		}
	}
}

func add(t *testing.T, s *State, y, p, w []float64) {
	t.Helper()
	for i := range y {
		var err error
		if w != nil {
			err = s.AddWeighted(y[i], p[i], w[i])
		} else {
			err = s.Add(y[i], p[i])
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}
