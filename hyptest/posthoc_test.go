package hyptest

import (
	"errors"
	"math"
	"slices"
	"testing"
)

// demsarScores is a table of 14 data sets × 4 algorithms (C4.5, C4.5+m,
// C4.5+cf, C4.5+m+cf; higher is better) whose rank sums are those of
// Demšar's (2006) §3.2.4 example, 44, 28, 40.5 and 27.5: average ranks
// 3.143, 2.000, 2.893 and 1.964 as printed there.
var demsarScores = [][]float64{
	{0.763, 0.768, 0.771, 0.798},
	{0.599, 0.591, 0.590, 0.569},
	{0.954, 0.971, 0.968, 0.967},
	{0.628, 0.661, 0.657, 0.657},
	{0.882, 0.888, 0.886, 0.898},
	{0.936, 0.931, 0.916, 0.931},
	{0.661, 0.668, 0.609, 0.685},
	{0.583, 0.583, 0.563, 0.625},
	{0.775, 0.838, 0.866, 0.875},
	{1.000, 1.000, 1.000, 1.000},
	{0.940, 0.962, 0.965, 0.962},
	{0.619, 0.666, 0.614, 0.669},
	{0.972, 0.981, 0.975, 0.975},
	{0.957, 0.978, 0.946, 0.970},
}

// Demšar (2006) §3.2.4: χ²_F = 9.28, F_F = 3.69 and Nemenyi CD = 1.25,
// printed to 2 decimals; his table 5 gives the critical values for k = 4,
// q₀.₀₅ = 2.569 (Nemenyi) and 2.394 (Bonferroni–Dunn), to 3 decimals.
func TestDemsarExample(t *testing.T) {
	r, err := Friedman(demsarScores, FriedmanOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{44.0 / 14, 28.0 / 14, 40.5 / 14, 27.5 / 14}
	for j := range want {
		if !approxEq(r.AvgRanks[j], want[j], 1e-12, 0) {
			t.Errorf("rank %d = %v, want %v", j, r.AvgRanks[j], want[j])
		}
	}
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"χ²_F", r.ChiSquare, 9.28}, {"F_F", r.ImanDavenport, 3.69}, {"CD Nemenyi", r.CD, 1.25},
	} {
		if math.Abs(c.got-c.want) > 0.005 {
			t.Errorf("%s = %v, Demšar prints %v", c.name, c.got, c.want)
		}
	}
	bd, err := Friedman(demsarScores, FriedmanOptions{VsControl: true, Control: 3})
	if err != nil {
		t.Fatal(err)
	}
	se := math.Sqrt(20.0 / 84)
	if q := bd.PostHoc.CD / se; math.Abs(q-2.394) > 0.0005 {
		t.Errorf("Bonferroni–Dunn q = %v, Demšar's table 5 prints 2.394", q)
	}
	if q := r.CD / se; math.Abs(q-2.569) > 0.0005 {
		t.Errorf("Nemenyi q = %v, Demšar's table 5 prints 2.569", q)
	}
	// The statistics vs the control C4.5+m+cf, computed directly:
	// z = (R_j − R_control)/√(k(k+1)/(6N)), p = 2(1 − Φ(|z|)).
	if got := bd.PostHoc.Pairs; len(got) != 3 || got[0].A != 0 || got[0].B != 3 || got[2].A != 2 {
		t.Fatalf("pairs %+v", got)
	}
	for i, j := range []int{0, 1, 2} {
		z := (want[j] - want[3]) / se
		p := math.Erfc(math.Abs(z) / math.Sqrt2)
		pr := bd.PostHoc.Pairs[i]
		if !approxEq(pr.Statistic, z, 1e-12, 0) || !approxEq(pr.P, p, 1e-12, 0) || !approxEq(pr.PAdjusted, math.Min(1, 3*p), 1e-12, 0) {
			t.Errorf("pair %d: %+v, want z %v p %v", i, pr, z, p)
		}
	}
	// Holm vs the control: p = 0.0157 (C4.5), 0.0570 (C4.5+cf), 0.9417
	// (C4.5+m); Holm multiplies by 3, 2, 1: 0.0472, 0.1141, 0.9417.
	h, err := Friedman(demsarScores, FriedmanOptions{PostHoc: PostHocHolm, VsControl: true, Control: 3})
	if err != nil {
		t.Fatal(err)
	}
	ps := []float64{h.PostHoc.Pairs[0].P, h.PostHoc.Pairs[2].P, h.PostHoc.Pairs[1].P}
	wantAdj := []float64{3 * ps[0], 2 * ps[1], math.Max(2*ps[1], ps[2])}
	gotAdj := []float64{h.PostHoc.Pairs[0].PAdjusted, h.PostHoc.Pairs[2].PAdjusted, h.PostHoc.Pairs[1].PAdjusted}
	if !approxSlice(gotAdj, wantAdj) {
		t.Errorf("Holm vs control %v, want %v", gotAdj, wantAdj)
	}
	if !h.PostHoc.Pairs[0].Significant || h.PostHoc.Pairs[1].Significant || h.PostHoc.Pairs[2].Significant {
		t.Errorf("verdicts %+v", h.PostHoc.Pairs)
	}
}

func TestPostHocAllPairs(t *testing.T) {
	for _, m := range []PostHocMethod{PostHocNemenyi, PostHocHolm, PostHocShaffer, PostHocBergmann, PostHocWilcoxonHolm} {
		t.Run(m.String(), func(t *testing.T) {
			r, err := Friedman(demsarScores, FriedmanOptions{PostHoc: m})
			if err != nil {
				t.Fatal(err)
			}
			ph := r.PostHoc
			if ph.Method != m || ph.Control != -1 || len(ph.Pairs) != 6 {
				t.Fatalf("%+v", ph)
			}
			for i, pr := range Pairs(4) {
				got := ph.Pairs[i]
				if got.A != pr[0] || got.B != pr[1] || got.PAdjusted < got.P || got.Significant != (got.PAdjusted < 0.05) {
					t.Errorf("pair %d: %+v", i, got)
				}
			}
			if m == PostHocNemenyi && (ph.CD != r.CD || ph.Pairs[2].PAdjusted != r.NemenyiP[0][3]) {
				t.Errorf("Nemenyi: CD %v vs %v", ph.CD, r.CD)
			}
			// No pair differs at α = 0.05 (Demšar: 1.179 < CD = 1.25),
			// so one clique holds all four, best rank first.
			if len(ph.Cliques) != 1 || !slices.Equal(ph.Cliques[0], []int{3, 1, 2, 0}) {
				t.Errorf("cliques %v", ph.Cliques)
			}
		})
	}
	ph, p := func() (*PostHocResult, []float64) {
		r, _ := Friedman(demsarScores, FriedmanOptions{PostHoc: PostHocShaffer})
		var p []float64
		for _, x := range r.PostHoc.Pairs {
			p = append(p, x.P)
		}
		return r.PostHoc, p
	}()
	want, _ := ShafferStatic(p, 4)
	for i := range want {
		if ph.Pairs[i].PAdjusted != want[i] {
			t.Errorf("Shaffer pair %d: %v, want %v", i, ph.Pairs[i].PAdjusted, want[i])
		}
	}
}

func TestPostHocErrors(t *testing.T) {
	for _, c := range []struct {
		name string
		opt  FriedmanOptions
	}{
		{"shaffer vs control", FriedmanOptions{PostHoc: PostHocShaffer, VsControl: true}},
		{"bergmann vs control", FriedmanOptions{PostHoc: PostHocBergmann, VsControl: true, Control: 1}},
		{"control out of range", FriedmanOptions{VsControl: true, Control: 4}},
		{"unknown", FriedmanOptions{PostHoc: 17}},
	} {
		if _, err := Friedman(demsarScores, c.opt); !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	wide := make([][]float64, 3)
	for i := range wide {
		for j := 0; j < 10; j++ {
			wide[i] = append(wide[i], float64((i+1)*(j+1)%7)+float64(j)/10)
		}
	}
	if _, err := Friedman(wide, FriedmanOptions{PostHoc: PostHocBergmann}); !errors.Is(err, ErrInvalid) {
		t.Errorf("bergmann k = 10: %v", err)
	}
	same := [][]float64{{1, 1, 2}, {3, 3, 1}, {2, 2, 5}}
	if _, err := Friedman(same, FriedmanOptions{PostHoc: PostHocWilcoxonHolm}); !errors.Is(err, ErrTooFew) {
		t.Errorf("identical columns under wilcoxon-holm: %v", err)
	}
	for _, m := range []PostHocMethod{PostHocNemenyi, PostHocHolm, PostHocShaffer, PostHocBergmann, PostHocWilcoxonHolm} {
		if got, err := ParsePostHoc(m.String()); err != nil || got != m {
			t.Errorf("round trip %v: %v %v", m, got, err)
		}
	}
	if _, err := ParsePostHoc("tukey"); !errors.Is(err, ErrInvalid) {
		t.Errorf("tukey: %v", err)
	}
}

func TestCliques(t *testing.T) {
	// Zhou table 2.5 ranks with CD 1.657: {A, B} (1.125 < CD) and {B, C}
	// (0.75 < CD); A–C differ.
	ranks := []float64{1, 2.125, 2.875}
	cd := func(a, b int) bool { return math.Abs(ranks[a]-ranks[b]) >= 1.657 }
	if got := Cliques(ranks, cd); len(got) != 2 || !slices.Equal(got[0], []int{0, 1}) || !slices.Equal(got[1], []int{1, 2}) {
		t.Errorf("cliques %v", got)
	}
	// A non-monotone relation: ranks 1 < 2 < 3 < 4, only 1–3 (indices
	// 2, 0 below) differ: cliques {1,2} and {2,3,4}.
	r := []float64{3, 2, 1, 4}
	d := func(a, b int) bool { return (a == 0 && b == 2) || (a == 2 && b == 0) }
	if got := Cliques(r, d); len(got) != 2 || !slices.Equal(got[0], []int{2, 1}) || !slices.Equal(got[1], []int{1, 0, 3}) {
		t.Errorf("cliques %v", got)
	}
	if got := Cliques(r, func(a, b int) bool { return true }); len(got) != 0 {
		t.Errorf("all differ: %v", got)
	}
}

func TestSignatures(t *testing.T) {
	names := []string{"a", "b", "c"}
	for _, c := range []struct{ got, want string }{
		{FriedmanOptions{}.Signature(names).String(), "task:compare-friedman|lower_is_better:no|tie_correction:no|alpha:0.05|posthoc:nemenyi|control:none|version:0.1.0"},
		{FriedmanOptions{VsControl: true, Control: 1}.Signature(names).String(), "task:compare-friedman|lower_is_better:no|tie_correction:no|alpha:0.05|posthoc:bonferroni-dunn|control:b|version:0.1.0"},
		{CorrelatedTTestOptions{NTrain: 90, NTest: 10, Rope: 0.01}.Signature().String(), "task:compare-corrttest|n_train:90|n_test:10|rope:0.01|lower_is_better:no|version:0.1.0"},
		{SignedRankOptions{Seed: 3}.Signature().String(), "task:compare-signedrank|rope:0|samples:50000|seed:3|rng:pcg|prior:0.5|lower_is_better:no|version:0.1.0"},
	} {
		if c.got != c.want {
			t.Errorf("got  %s\nwant %s", c.got, c.want)
		}
	}
}
