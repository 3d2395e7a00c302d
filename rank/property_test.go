package rank

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// randomData returns n samples with both classes, scores with ties when
// ties is set, and weights when weighted.
func randomData(r *rand.Rand, n int, ties, weighted bool) (score []float64, pos []bool, w []float64) {
	score = make([]float64, n)
	pos = make([]bool, n)
	for i := range score {
		pos[i] = r.IntN(2) == 0
		s := r.NormFloat64()
		if pos[i] {
			s += 0.7
		}
		if ties {
			s = math.Round(s*2) / 2
		}
		score[i] = s
	}
	pos[0], pos[n-1] = true, false
	if weighted {
		w = make([]float64, n)
		for i := range w {
			w[i] = float64(r.IntN(8)) / 4 // dyadic: sums exact in any order
		}
		w[0], w[n-1] = 1, 1
	}
	return
}

// bruteAUC counts pairs, O(n²): seed 001's definition of AUC = 1 − ℓ_rank.
func bruteAUC(score []float64, pos []bool, w []float64) float64 {
	var num, p, n float64
	wt := func(i int) float64 {
		if w == nil {
			return 1
		}
		return w[i]
	}
	for i := range score {
		if pos[i] {
			p += wt(i)
		} else {
			n += wt(i)
		}
		for j := range score {
			if pos[i] && !pos[j] {
				switch {
				case score[i] > score[j]:
					num += wt(i) * wt(j)
				case score[i] == score[j]:
					num += wt(i) * wt(j) / 2
				}
			}
		}
	}
	return num / p / n
}

func TestProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 300; trial++ {
		n := 2 + r.IntN(300)
		ties, weighted := trial%2 == 0, trial%3 == 0
		score, pos, w := randomData(r, n, ties, weighted)
		tb, err := NewTable(score, pos, w)
		if err != nil {
			t.Fatal(err)
		}
		auc, err := tb.AUC()
		if err != nil {
			continue // every weight of a class happened to be zero
		}
		if w == nil {
			if fast, err := AUC(pos, score, nil); err != nil || math.Abs(fast-auc) > 1e-12 {
				t.Errorf("trial %d: Builder.AUC %v (%v), Table.AUC %v", trial, fast, err, auc)
			}
		}
		rl, _ := tb.RankLoss()
		if math.Abs(auc+rl-1) > 1e-12 {
			t.Errorf("trial %d: AUC %v + rank loss %v ≠ 1", trial, auc, rl)
		}
		if b := bruteAUC(score, pos, w); math.Abs(b-auc) > 1e-12 {
			t.Errorf("trial %d: AUC %v, pair count %v", trial, auc, b)
		}
		// AUC(−s) = 1 − AUC(s)
		neg := make([]float64, n)
		for i, s := range score {
			neg[i] = -s
		}
		tn, _ := NewTable(neg, pos, w)
		an, _ := tn.AUC()
		if math.Abs(an-(1-auc)) > 1e-12 {
			t.Errorf("trial %d: AUC(−s) = %v, 1 − AUC(s) = %v", trial, an, 1-auc)
		}
		// trapezoid under the ROC curve equals AUC
		c, _ := tb.ROC(true)
		var trap float64
		for k := 1; k < len(c.FPR); k++ {
			trap += (c.FPR[k] - c.FPR[k-1]) * (c.TPR[k] + c.TPR[k-1]) / 2
		}
		if math.Abs(trap-auc) > 1e-12 {
			t.Errorf("trial %d: trapezoid %v ≠ AUC %v", trial, trap, auc)
		}
		// merging the tables of a random split equals the one-shot table
		cut := r.IntN(n + 1)
		perm := r.Perm(n)
		ps, pp, pw := permute(score, pos, w, perm)
		ta, _ := NewTable(ps[:cut], pp[:cut], sub(pw, 0, cut))
		tc, _ := NewTable(ps[cut:], pp[cut:], sub(pw, cut, n))
		m := Merge(ta, tc)
		if !slices.Equal(m.Score, tb.Score) || !slices.Equal(m.Pos, tb.Pos) || !slices.Equal(m.Neg, tb.Neg) || m.Rows != tb.Rows {
			t.Errorf("trial %d: merged table differs from one-shot table", trial)
		}
		// permuting the rows changes nothing
		tp, _ := NewTable(ps, pp, pw)
		if !slices.Equal(tp.Score, tb.Score) || !slices.Equal(tp.Pos, tb.Pos) {
			t.Errorf("trial %d: permuted table differs", trial)
		}
	}
}

func permute(s []float64, p []bool, w []float64, perm []int) ([]float64, []bool, []float64) {
	s2 := make([]float64, len(s))
	p2 := make([]bool, len(s))
	var w2 []float64
	if w != nil {
		w2 = make([]float64, len(s))
	}
	for i, j := range perm {
		s2[i], p2[i] = s[j], p[j]
		if w != nil {
			w2[i] = w[j]
		}
	}
	return s2, p2, w2
}

func sub(w []float64, a, b int) []float64 {
	if w == nil {
		return nil
	}
	return w[a:b]
}

// Without ties and weights the BEP is the precision at cut-off m⁺
// (R-precision).
func TestBEPIsRPrecision(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 200; trial++ {
		n := 2 + r.IntN(200)
		score, pos, _ := randomData(r, n, false, false)
		tb, _ := NewTable(score, pos, nil)
		bep, _ := tb.BEP()
		idx := make([]int, n)
		m := 0
		for i := range idx {
			idx[i] = i
			if pos[i] {
				m++
			}
		}
		slices.SortFunc(idx, func(a, b int) int {
			if score[a] > score[b] {
				return -1
			}
			return 1
		})
		hit := 0
		for _, i := range idx[:m] {
			if pos[i] {
				hit++
			}
		}
		if want := float64(hit) / float64(m); math.Abs(bep-want) > 1e-12 {
			t.Errorf("trial %d: BEP %v, precision at m⁺ = %v", trial, bep, want)
		}
	}
}

func TestRadixSort(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	special := []float64{0, math.Copysign(0, -1), 1, -1, math.SmallestNonzeroFloat64, -math.SmallestNonzeroFloat64,
		math.MaxFloat64, -math.MaxFloat64, 1e-300, -1e300}
	for _, n := range []int{0, 1, 2, 255, 256, 1000, 5000} {
		f := make([]float64, n)
		for i := range f {
			switch i % 3 {
			case 0:
				f[i] = r.NormFloat64() * math.Pow(10, float64(r.IntN(40)-20))
			case 1:
				f[i] = r.Float64()
			default:
				f[i] = special[r.IntN(len(special))]
			}
		}
		k := make([]uint64, n)
		for i, v := range f {
			k[i] = key(v + 0)
		}
		radixSort(k, make([]uint64, n))
		want := slices.Clone(f)
		for i := range want {
			want[i] += 0
		}
		slices.Sort(want)
		for i := range k {
			if unkey(k[i]) != want[i] || math.Signbit(unkey(k[i])) != math.Signbit(want[i]) {
				t.Fatalf("n=%d: sorted[%d] = %v, want %v", n, i, unkey(k[i]), want[i])
			}
		}
	}
}

// The binned AUC is within its own bound of the exact AUC.
func TestBinnedBound(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for trial := 0; trial < 50; trial++ {
		n := 10 + r.IntN(2000)
		bins := 1 + r.IntN(200)
		b := NewBinned(bins, 0, 1)
		var exact Builder
		for i := 0; i < n; i++ {
			p := i%2 == 0
			s := r.Float64()
			if p {
				s = math.Sqrt(s)
			}
			b.Add(s, p, 1)
			exact.Add(s, p, 1)
		}
		bound, _ := b.AUCErrorBound()
		ab, _ := b.Table().AUC()
		ae, _ := exact.Table().AUC()
		if math.Abs(ab-ae) > bound+1e-12 {
			t.Errorf("trial %d: binned AUC %v, exact %v, bound %v", trial, ab, ae, bound)
		}
	}
}

// Bins on the float bits: the binned AUC is within its bound of the exact
// AUC for scores of any sign and scale; there are at most n bins when the
// scores span fewer than n binary orders of magnitude; each bin's score is
// at most every score counted in it (its lower edge).
func TestBinnedBitsBound(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for trial := range 60 {
		n := 10 + r.IntN(3000)
		bins := 1 + r.IntN(300)
		scale := math.Pow(10, float64(r.IntN(13)-6))
		b := NewBinnedBits(bins)
		score, pos, w := randomData(r, n, trial%3 == 0, trial%2 == 0)
		var exact Builder
		for i := range score {
			score[i] *= scale
			wi := 1.0
			if w != nil {
				wi = w[i]
			}
			b.Add(score[i], pos[i], wi)
			exact.Add(score[i], pos[i], wi)
		}
		tb, et := b.Table(), exact.Table()
		bound, _ := b.AUCErrorBound()
		ab, _ := tb.AUC()
		ae, _ := et.AUC()
		if math.Abs(ab-ae) > bound+1e-12 {
			t.Errorf("trial %d: binned AUC %v, exact %v, bound %v", trial, ab, ae, bound)
		}
		if bins >= 64 && b.Bins() > bins {
			t.Errorf("trial %d: %d bins, asked for %d", trial, b.Bins(), bins)
		}
		if len(tb.Score) != b.Bins() || tb.Positives() != et.Positives() || tb.Negatives() != et.Negatives() {
			t.Errorf("trial %d: %d scores for %d bins, masses %v %v, want %v %v", trial, len(tb.Score), b.Bins(), tb.Positives(), tb.Negatives(), et.Positives(), et.Negatives())
		}
		// Walk both tables down: every exact score lies in a bin whose
		// edge is at most the score and above the next bin's edge.
		g := 0
		for _, s := range et.Score {
			for g+1 < len(tb.Score) && tb.Score[g] > s {
				g++
			}
			if tb.Score[g] > s {
				t.Fatalf("trial %d: score %v below every bin edge", trial, s)
			}
		}
	}
}

// Bins on the float bits of extreme scores: zero of both signs, the
// smallest subnormal, the largest floats; the AUC stays within the bound
// and every bin's score is finite.
func TestBinnedBitsExtremes(t *testing.T) {
	scores := []float64{0, math.Copysign(0, -1), 5e-324, -5e-324, math.MaxFloat64, -math.MaxFloat64, 1, -1, 2.5e-308, 1e300}
	for _, n := range []int{1, 2, 3, 8, 1000} {
		b := NewBinnedBits(n)
		var exact Builder
		for i, s := range scores {
			for j := range 3 {
				p := (i+j)%2 == 0
				b.Add(s, p, 1)
				exact.Add(s, p, 1)
			}
		}
		tb := b.Table()
		for _, s := range tb.Score {
			if math.IsNaN(s) || math.IsInf(s, 0) {
				t.Fatalf("n = %d: bin score %v", n, s)
			}
		}
		bound, _ := b.AUCErrorBound()
		ab, _ := tb.AUC()
		ae, _ := exact.Table().AUC()
		if math.Abs(ab-ae) > bound+1e-12 {
			t.Errorf("n = %d: binned AUC %v, exact %v, bound %v", n, ab, ae, bound)
		}
	}
}

// TestBinnedBitsGoal: 10⁵ bins on the float bits of 10⁶ normal scores
// give an AUC error bound below 1e-4 (the goal of issue 11 is 10⁷ scores;
// the bound depends on the distribution, not the count, once the bins are
// full; bench/rank_bins.sh measures 10⁷).
func TestBinnedBitsGoal(t *testing.T) {
	if testing.Short() {
		t.Skip("10⁶ scores")
	}
	r := rand.New(rand.NewPCG(1, 2))
	b := NewBinnedBits(100000)
	for range 1000000 {
		p := r.IntN(2) == 0
		s := r.NormFloat64()
		if p {
			s += 1
		}
		b.Add(s, p, 1)
	}
	bound, _ := b.AUCErrorBound()
	if bound > 1e-4 || b.Bins() > 100000 {
		t.Errorf("bound %v with %d bins", bound, b.Bins())
	}
	t.Logf("bound %.3g with %d bins", bound, b.Bins())
}

func TestErrors(t *testing.T) {
	_, err := AUC([]bool{true, true}, []float64{1, 2}, nil)
	if !errorsIs(err, ErrOneClass) {
		t.Errorf("one class: %v", err)
	}
	_, err = AUC([]bool{true, false}, []float64{1, math.NaN()}, nil)
	if !errorsIs(err, ErrNotFinite) || err.Error() != "row 1: score NaN: not a finite number" {
		t.Errorf("NaN: %v", err)
	}
	_, err = AUC([]bool{true, false}, []float64{1, 2}, []float64{1, -1})
	if !errorsIs(err, ErrNegativeWeight) {
		t.Errorf("negative weight: %v", err)
	}
	tb, _ := NewTable([]float64{0.5, 1.5}, []bool{true, false}, nil)
	if _, err := tb.LogLoss(); !errorsIs(err, ErrNotProbability) {
		t.Errorf("log loss of 1.5: %v", err)
	}
	if _, err := tb.DeLongVar(); !errorsIs(err, ErrTooFew) {
		t.Errorf("DeLong with 1+1 samples: %v", err)
	}
	if _, err := (&Table{}).AUC(); !errorsIs(err, ErrEmpty) {
		t.Errorf("empty: %v", err)
	}
	m := NewMultiBuilder(3)
	if err := m.Add(0, []float64{0.5, 0.6, 0.1}, 1); !errorsIs(err, ErrNotProbability) {
		t.Errorf("row summing to 1.2: %v", err)
	}
	m.Add(0, []float64{0.5, 0.4, 0.1}, 1)
	m.Add(1, []float64{0.5, 0.4, 0.1}, 1)
	if _, err := m.Result().AUC(); !errorsIs(err, ErrOneClass) {
		t.Errorf("class 2 absent: %v", err)
	}
}

// TestBuilderMerge: builders fed consecutive parts of the samples and
// merged in order give the table of one builder fed them all, to the last
// bit (weighted or not, with weight-zero samples and parts that are all
// weight 1 next to weighted parts); Reset empties a builder for reuse.
// Likewise MultiBuilder.Merge, and Binned.Merge after Reset.
func TestBuilderMerge(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	for trial := range 60 {
		n := 2 + r.IntN(400)
		score, pos, w := randomData(r, n, trial%2 == 0, trial%3 != 0)
		if w != nil && trial%4 == 1 {
			for i := range n / 2 {
				w[i] = 1 // a first part with every weight 1
			}
		}
		weight := func(i int) float64 {
			if w == nil {
				return 1
			}
			return w[i]
		}
		var whole, merged, part Builder
		bin, binMerged, binPart := NewBinned(9, -2, 2), NewBinned(9, -2, 2), NewBinned(9, -2, 2)
		nb := 1 + r.IntN(40)
		fb, fbMerged, fbPart := NewBinnedBits(nb), NewBinnedBits(nb), NewBinnedBits(nb)
		for i := range n {
			if err := whole.Add(score[i], pos[i], weight(i)); err != nil {
				t.Fatal(err)
			}
			bin.Add(score[i], pos[i], weight(i))
			fb.Add(score[i], pos[i], weight(i))
		}
		for lo := 0; lo < n; {
			hi := min(n, lo+1+r.IntN(60))
			part.Reset()
			binPart.Reset()
			fbPart.Reset()
			for i := lo; i < hi; i++ {
				part.Add(score[i], pos[i], weight(i))
				binPart.Add(score[i], pos[i], weight(i))
				fbPart.Add(score[i], pos[i], weight(i))
			}
			merged.Merge(&part)
			binMerged.Merge(binPart)
			fbMerged.Merge(fbPart)
			lo = hi
		}
		want, got := whole.Table(), merged.Table()
		if got.Rows != want.Rows || got.Weighted != want.Weighted || !slices.Equal(got.Score, want.Score) ||
			!slices.Equal(got.Pos, want.Pos) || !slices.Equal(got.Neg, want.Neg) {
			t.Fatalf("trial %d: merged table differs", trial)
		}
		// Binned masses are dyadic here: exact in any order.
		bw, bg := bin.Table(), binMerged.Table()
		if bg.Rows != bw.Rows || !slices.Equal(bg.Pos, bw.Pos) || !slices.Equal(bg.Neg, bw.Neg) || binMerged.Outside() != bin.Outside() {
			t.Fatalf("trial %d: merged bins differ", trial)
		}
		fw, fg := fb.Table(), fbMerged.Table()
		if fg.Rows != fw.Rows || fbMerged.Bins() != fb.Bins() || !slices.Equal(fg.Score, fw.Score) || !slices.Equal(fg.Pos, fw.Pos) || !slices.Equal(fg.Neg, fw.Neg) {
			t.Fatalf("trial %d: merged float-bit bins differ: %d bins %v, want %d bins %v", trial, fbMerged.Bins(), fg.Score, fb.Bins(), fw.Score)
		}
	}
	// MultiBuilder: three classes, probabilities on a grid.
	for trial := range 20 {
		n := 5 + r.IntN(200)
		whole, merged, part := NewMultiBuilder(3), NewMultiBuilder(3), NewMultiBuilder(3)
		ys := make([]int, n)
		ps := make([][]float64, n)
		for i := range n {
			a, c := r.IntN(5), r.IntN(5)
			c = min(c, 4-a)
			ys[i], ps[i] = r.IntN(3), []float64{float64(a) / 4, float64(4-a-c) / 4, float64(c) / 4}
			if err := whole.Add(ys[i], ps[i], 1); err != nil {
				t.Fatal(err)
			}
		}
		for lo := 0; lo < n; {
			hi := min(n, lo+1+r.IntN(30))
			part.Reset()
			for i := lo; i < hi; i++ {
				part.Add(ys[i], ps[i], 1)
			}
			merged.Merge(part)
			lo = hi
		}
		want, got := whole.Result(), merged.Result()
		if !slices.Equal(got.RankMass, want.RankMass) || math.Abs(got.LogLossSum-want.LogLossSum) > 1e-12*want.LogLossSum {
			t.Fatalf("trial %d: rank masses %v, log loss %v; want %v, %v", trial, got.RankMass, got.LogLossSum, want.RankMass, want.LogLossSum)
		}
		for c := range 3 {
			for j := range 3 {
				g, w := got.Cell[c][j], want.Cell[c][j]
				if !slices.Equal(g.Score, w.Score) || !slices.Equal(g.Pos, w.Pos) || g.Rows != w.Rows {
					t.Fatalf("trial %d: cell %d,%d differs", trial, c, j)
				}
			}
		}
	}
}
