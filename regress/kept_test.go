package regress

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"testing"

	"github.com/evalkit-go/evalkit/hyptest"
)

// Order statistics over parts — band, and radix selection when the band
// misses (massive ties) — equal those of the sorted values.
func TestOrderStatsParts(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 40 {
		n := 1 + rng.IntN(3*bandMinSize)
		all := make([]float64, n)
		for i := range all {
			switch trial % 4 {
			case 0:
				all[i] = rng.NormFloat64()
			case 1: // few distinct values: the band is too wide
				all[i] = float64(rng.IntN(3)) - 1
			case 2: // signs, zeros of both signs, huge and tiny
				all[i] = []float64{math.Copysign(0, -1), 0, -1e300, 1e-310, -5e-324, 2.5, -2.5}[rng.IntN(7)]
			default:
				all[i] = rng.ExpFloat64() * 1e6
			}
		}
		var parts [][]float64
		for lo := 0; lo < n; {
			hi := min(n, lo+1+rng.IntN(n/3+1))
			parts = append(parts, slices.Clone(all[lo:hi]))
			lo = hi
		}
		if len(parts) == 1 {
			parts = append(parts, nil)
		}
		sorted := slices.Clone(all)
		slices.Sort(sorted)
		for _, k := range []int{0, n / 2, n - 1, rng.IntN(n)} {
			v0, v1 := orderStatsOf(floatParts(parts...), n, k)
			w1 := math.Inf(1)
			if k+1 < n {
				w1 = sorted[k+1]
			}
			if v0 != sorted[k] || v1 != w1 {
				t.Fatalf("trial %d, n = %d, k = %d: got %v, %v; want %v, %v", trial, n, k, v0, v1, sorted[k], w1)
			}
		}
		if got, want := radixSelect(floatParts(parts...), n/2), sorted[n/2]; got != want {
			t.Fatalf("trial %d: radix selection %v, want %v", trial, got, want)
		}
	}
}

// Take (values handed over in blocks), Merge (copied, from a fresh state
// or from one Reset and reused) and Share (read where they are) give the
// same state as one state fed every row: the same report, intervals and
// encoding, weighted or not, with and without room reserved by Grow. A
// state shared leaves its values as they were, and a Reset of it leaves
// the sharer's.
func TestTakeMerge(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for trial := range 12 {
		weighted, grow := trial%2 == 1, trial%3 == 0
		opt := StateOptions{KeepValues: true}
		one, took, merged, reused, shared := New(opt), New(opt), New(opt), New(opt), New(opt)
		if grow {
			took.Grow(50000)
		}
		chunk, again := New(opt), New(opt)
		var parts []*State
		for range 1 + rng.IntN(8) {
			n := rng.IntN(9000)
			y, p := make([]float64, n), make([]float64, n)
			var w []float64
			for i := range y {
				y[i] = float64(rng.IntN(50))
				p[i] = y[i] + rng.NormFloat64()
				if weighted && trial%4 != 1 || weighted && i%2 == 0 {
					w = append(w, rng.Float64())
				}
			}
			if len(w) != n {
				w = nil
			}
			for _, s := range []*State{one, chunk, again} {
				if err := s.AddBatch(y, p, w); err != nil {
					t.Fatal(err)
				}
			}
			part := New(opt)
			part.AddBatch(y, p, w)
			merged.Merge(part)
			took.Take(chunk)
			chunk.Reset()
			reused.Merge(again)
			again.Reset()
			part2 := New(opt)
			part2.AddBatch(y, p, w)
			shared.Share(part2)
			parts = append(parts, part2)
		}
		if one.N() == 0 {
			continue
		}
		enc := func(s *State) string {
			b, err := s.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			return string(b)
		}
		want := enc(one)
		ci := hyptest.CIOptions{Level: 0.9, Bootstrap: 100, Seed: 1}
		iv, err := one.Intervals(ci)
		if err != nil {
			t.Fatal(err)
		}
		var partBytes int64
		for _, p := range parts {
			partBytes += p.Bytes()
		}
		if b := shared.Bytes(); b != 0 || partBytes < 16*one.N() {
			t.Fatalf("trial %d: Share charged %d bytes to the sharer, %d to the shared states of %d rows", trial, b, partBytes, one.N())
		}
		// Each shared state's values stay as they were: its report, after
		// the sharer's, equals that of a copy taken before.
		copies := make([]*State, len(parts))
		for i, p := range parts {
			copies[i] = New(opt)
			copies[i].Merge(p)
		}
		for i, p := range parts {
			if p.N() > 0 {
				if r1, r2 := copies[i].Report(0), p.Report(0); fmt.Sprint(r1) != fmt.Sprint(r2) {
					t.Fatalf("trial %d, part %d: report after Share %+v, want %+v", trial, i, r2, r1)
				}
			}
		}
		for _, p := range parts {
			p.Reset()
			p.AddBatch([]float64{1e9, 2e9}, []float64{0, 0}, nil)
		}
		for name, s := range map[string]*State{"Take": took, "Merge": merged, "Merge after Reset": reused, "Share": shared} {
			got, err := s.Intervals(ci)
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(got.Intervals) != fmt.Sprint(iv.Intervals) {
				t.Fatalf("trial %d, %s: intervals %v, want %v", trial, name, got.Intervals, iv.Intervals)
			}
		}
		for name, s := range map[string]*State{"Take": took, "Merge": merged, "Merge after Reset": reused, "Share": shared} {
			if s != shared && s.Bytes() < 16*s.N() {
				t.Fatalf("trial %d, %s: %d bytes for %d rows", trial, name, s.Bytes(), s.N())
			}
			if r1, r2 := one.Report(0), s.Report(0); r1.MedAE != r2.MedAE || r1.D2Pinball != r2.D2Pinball || r1.D2AbsoluteError != r2.D2AbsoluteError {
				t.Fatalf("trial %d, %s: report %+v, want %+v", trial, name, r2, r1)
			}
		}
		// The encodings after the reports: the kept values as a multiset.
		for name, s := range map[string]*State{"Take": took, "Merge": merged, "Merge after Reset": reused, "Share": shared} {
			got := enc(s)
			if len(got) != len(want) {
				t.Fatalf("trial %d, %s: encoding of %d bytes, want %d", trial, name, len(got), len(want))
			}
		}
	}
}

// The band pass over many parts on several processors keeps every value
// of the band once: the gaps of the workers' windows are filled.
func TestBandStatsManyParts(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := range 6 {
		n := 0
		var parts [][]float64
		for range 200 + rng.IntN(800) {
			p := make([]float64, rng.IntN(600))
			for i := range p {
				p[i] = rng.NormFloat64() * 1e3
			}
			parts = append(parts, p)
			n += len(p)
		}
		all := slices.Concat(parts...)
		slices.Sort(all)
		for _, k := range []int{n / 2, n / 10, rng.IntN(n)} {
			v0, v1, ok := bandStatsParts(floatParts(parts...), n, k)
			if !ok {
				t.Fatalf("trial %d, k = %d: the band missed", trial, k)
			}
			if v0 != all[k] || v1 != all[k+1] {
				t.Fatalf("trial %d, n = %d, k = %d: got %v, %v; want %v, %v", trial, n, k, v0, v1, all[k], all[k+1])
			}
		}
	}
}

// decimalRows returns n rows whose values are decimal numbers printed
// with k decimals and parsed back (what a CSV reader gives), of the
// kind kind: 0 targets and predictions alike, 1 with some values that
// no compact block holds (−0, 3000.5 beside 6 decimals, a non-decimal
// double, 1e10), 2 negative and zero values (targets −0 too).
func decimalRows(rng *rand.Rand, n, k, kind int) (y, p []float64) {
	y, p = make([]float64, n), make([]float64, n)
	dec := func(v float64) float64 {
		x, err := strconv.ParseFloat(strconv.FormatFloat(v, 'f', k, 64), 64)
		if err != nil {
			panic(err)
		}
		return x
	}
	for i := range y {
		y[i] = dec(rng.ExpFloat64() * 10)
		p[i] = dec(y[i] + rng.NormFloat64())
		switch {
		case kind == 2:
			y[i] = dec(rng.NormFloat64() * 100)
			if i%7 == 0 {
				p[i] = 0
			}
			if i%11 == 3 {
				y[i] = math.Copysign(0, -1)
			}
		case kind == 1 && i%97 == 5:
			p[i] = []float64{math.Copysign(0, -1), 3000.5, math.Nextafter(0.3, 1), 1e10}[rng.IntN(4)]
		}
	}
	return y, p
}

// Kept values in compact blocks (decimal mantissas) give what float64
// blocks give, bit for bit: the same report, encoding, intervals and kept
// values, whatever the decimals of each batch (a scale raised within a
// state), with values no compact block holds, through Take, Merge (from
// fresh and Reset states), Share, weighted rows merged in, and Grow.
func TestCompactKept(t *testing.T) {
	defer func() { compactKept = true }()
	opt := StateOptions{KeepValues: true}
	type batch struct {
		y, p, w []float64
	}
	// run feeds the batches to states in several ways and returns their
	// results, one string per way.
	run := func(batches []batch, grow bool) map[string]string {
		one, took, merged, reused, shared := New(opt), New(opt), New(opt), New(opt), New(opt)
		if grow {
			took.Grow(20000)
		}
		chunk, again := New(opt), New(opt)
		var keep []*State
		for _, b := range batches {
			for _, s := range []*State{one, chunk, again} {
				if err := s.AddBatch(b.y, b.p, b.w); err != nil {
					t.Fatal(err)
				}
			}
			part := New(opt)
			part.AddBatch(b.y, b.p, b.w)
			merged.Merge(part)
			took.Take(chunk)
			chunk.Reset()
			reused.Merge(again)
			again.Reset()
			part2 := New(opt)
			part2.AddBatch(b.y, b.p, b.w)
			shared.Share(part2)
			keep = append(keep, part2)
		}
		out := map[string]string{}
		// The report first, of copies (Merge) and sharers (Share): the
		// kept values read in their blocks, compact or not.
		for name, s := range map[string]*State{"one": one, "Take": took, "Share": shared} {
			c, sh := New(opt), New(opt)
			c.Merge(s)
			sh.Share(s)
			out[name+", report first"] = fmt.Sprint(c.Report(0), sh.Report(0))
		}
		ci := hyptest.CIOptions{Level: 0.9, Bootstrap: 10, Seed: 1}
		for name, s := range map[string]*State{"one": one, "Take": took, "Merge": merged, "Merge after Reset": reused, "Share": shared} {
			iv, err := s.Intervals(ci)
			if err != nil {
				t.Fatal(err)
			}
			enc, err := s.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			y, a, w := s.Kept()
			out[name] = fmt.Sprint(iv.Intervals, s.Report(0), string(enc), y, a, w)
		}
		return out
	}
	rng := rand.New(rand.NewPCG(11, 12))
	for trial := range 16 {
		var batches []batch
		for range 1 + rng.IntN(6) {
			n := 1 + rng.IntN(5000)
			if trial%8 == 0 {
				n += bandMinSize // the band method over the blocks
			}
			k := []int{0, 1, 2, 4, 6, 6, 9, 11}[rng.IntN(8)]
			kind := 0
			if trial%3 == 1 {
				kind = rng.IntN(3)
			}
			y, p := decimalRows(rng, n, k, kind)
			var w []float64
			if trial%5 == 4 && rng.IntN(2) == 0 {
				w = make([]float64, n)
				for i := range w {
					w[i] = float64(rng.IntN(4))
				}
			}
			batches = append(batches, batch{y, p, w})
		}
		grow := trial%6 == 5
		compactKept = false
		want := run(batches, grow)
		compactKept = true
		got := run(batches, grow)
		for name, w := range want {
			if got[name] != w {
				t.Fatalf("trial %d, %s: compact blocks give\n%.300s\nwant\n%.300s", trial, name, got[name], w)
			}
		}
	}
}

// Rows of a few decimals are kept in 8 bytes a row; a value no compact
// block holds sends the rest of the state's rows to float64 blocks.
func TestCompactBytes(t *testing.T) {
	defer func() { compactKept = true }()
	compactKept = true
	rng := rand.New(rand.NewPCG(13, 14))
	y, p := decimalRows(rng, 100000, 6, 0)
	s := New(StateOptions{KeepValues: true})
	if err := s.AddBatch(y, p, nil); err != nil {
		t.Fatal(err)
	}
	if b := s.Bytes(); b > 8*s.N()+8*maxBlock {
		t.Fatalf("%d bytes for %d rows of 6 decimals", b, s.N())
	}
	p[50000] = math.Nextafter(0.3, 1) // not 0.3: no mantissa
	s.Reset()
	if err := s.AddBatch(y, p, nil); err != nil {
		t.Fatal(err)
	}
	if b, lo := s.Bytes(), 8*50000+16*50000; b < int64(lo) || b > int64(lo+16*maxBlock) {
		t.Fatalf("%d bytes for 50000 compact rows and 50000 others", b)
	}
}

// A compact part's screen against a band's integer cut counts below the
// band exactly the values below it that it does not rebuild, and rebuilds
// every value in the band: for targets and absolute errors, mantissas up
// to 2³¹, bands whose ends are values of the part, between them, or
// infinite.
func TestScreen(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for trial := range 300 {
		k := rng.IntN(maxScale + 1)
		div := pow10k[k]
		n := 1 + rng.IntN(decodeRows)
		my, mp := make([]int32, n), make([]int32, n)
		scale := []int64{10, 1000, 1 << 20, 1 << 31}[rng.IntN(4)]
		for i := range my {
			my[i] = int32(rng.Int64N(2*scale) - scale)
			mp[i] = int32(rng.Int64N(2*scale) - scale)
			if rng.IntN(4) == 0 {
				mp[i] = my[i] + int32(rng.IntN(3)) - 1
			}
		}
		for _, ads := range []bool{false, true} {
			p := part{my: my, mp: mp, div: div, ads: ads}
			var buf [decodeRows]float64
			all := slices.Clone(p.values(0, n, &buf))
			pick := func() float64 {
				switch rng.IntN(5) {
				case 0:
					return math.Inf(-1)
				case 1:
					return math.Inf(1)
				case 2:
					return all[rng.IntN(n)] * (1 + (rng.Float64()-0.5)*1e-15)
				}
				return all[rng.IntN(n)]
			}
			lo, hi := pick(), pick()
			if lo > hi {
				lo, hi = hi, lo
			}
			in := inBand(lo, hi)
			wantBelow, gotIn := 0, 0
			var wantIn []float64
			for _, v := range all {
				if v < lo {
					wantBelow++
				}
				if in.in(v) {
					wantIn = append(wantIn, v)
				}
			}
			below, cands := p.screen(0, n, bandCut(lo, hi, div), &buf)
			var in2 []float64
			for _, v := range cands {
				if v < lo {
					below++
				}
				if in.in(v) {
					in2 = append(in2, v)
					gotIn++
				}
			}
			if below != wantBelow || !slices.Equal(in2, wantIn) {
				t.Fatalf("trial %d, ads %v, band [%v, %v], div %v: %d below and %d in, want %d and %d", trial, ads, lo, hi, div, below, gotIn, wantBelow, len(wantIn))
			}
		}
	}
}
