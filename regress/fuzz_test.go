package regress

import (
	"encoding/binary"
	"errors"
	"math"
	"testing"
)

// FuzzState feeds arbitrary rows (y, ŷ, w as little-endian float64
// triples) and options to a State: no panic, and every measure is either a
// number or an error, never a silent NaN; a merged split equals the whole.
func FuzzState(f *testing.F) {
	row := func(vals ...float64) []byte {
		var b []byte
		for _, v := range vals {
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
		}
		return b
	}
	f.Add(row(1, 2, 1, 3, 3, 1, 0, 1, 2), 0.0, 0.5, 0.0, uint8(1))
	f.Add(row(-1, 2, 1, 3, -3, 0, 5, 5, 1), 1e-9, 0.1, 1.5, uint8(2))
	f.Add(row(math.NaN(), 2, 1), 0.0, 0.9, 3.0, uint8(0))
	f.Add(row(1e308, -1e308, 1, 2, 2, -1), 0.0, 0.5, -1.0, uint8(1))
	f.Add([]byte{}, 0.0, 0.5, 2.0, uint8(0))
	f.Fuzz(func(t *testing.T, data []byte, eps, alpha, power float64, cut uint8) {
		opt := StateOptions{MAPEEpsilon: eps, Alpha: alpha, Power: power, KeepValues: true}
		if opt.Check() != nil {
			return
		}
		whole, a, b := New(opt), New(opt), New(opt)
		var rows int
		for i := 0; i+24 <= len(data); i += 24 {
			y := math.Float64frombits(binary.LittleEndian.Uint64(data[i:]))
			p := math.Float64frombits(binary.LittleEndian.Uint64(data[i+8:]))
			w := math.Float64frombits(binary.LittleEndian.Uint64(data[i+16:]))
			err := whole.AddWeighted(y, p, w)
			if err != nil {
				if !errors.Is(err, ErrNotFinite) && !errors.Is(err, ErrBadWeight) {
					t.Fatalf("unexpected error %v", err)
				}
				continue
			}
			part := a
			if rows >= int(cut) {
				part = b
			}
			part.AddWeighted(y, p, w)
			rows++
		}
		a.Merge(b)
		for _, sp := range Specs {
			v, err := sp.F(whole)
			if err == nil && math.IsNaN(v) {
				// Overflowing inputs (|y − ŷ| = Inf) give Inf − Inf;
				// only finite-sum inputs must be NaN-free.
				if !math.IsInf(whole.sq.Value(), 0) && !math.IsInf(whole.w.Value(), 0) && !math.IsInf(whole.y.m2(&whole.w), 0) && !math.IsNaN(whole.y.m2(&whole.w)) {
					t.Errorf("%s is NaN without an error", sp.Key)
				}
			}
			v2, err2 := sp.F(a)
			// Near the float64 limit a merge may overflow where the
			// one-shot sum does not (or the reverse): both say so.
			overflow := errors.Is(err, ErrOverflow) || errors.Is(err2, ErrOverflow)
			if (err == nil) != (err2 == nil) && !overflow {
				t.Errorf("%s: whole %v, %v; merged %v, %v", sp.Key, v, err, v2, err2)
			}
		}
	})
}

// FuzzAddBatchAt feeds arbitrary rows with positions (row i at position
// 3i + 2) to one state, and to two states split at cut and merged the
// other way round (the later part first, as a parallel reader may finish
// them): the errors of every measure, which name positions, are the same.
func FuzzAddBatchAt(f *testing.F) {
	row := func(vals ...float64) []byte {
		var b []byte
		for _, v := range vals {
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
		}
		return b
	}
	f.Add(row(1, 2, 1, 0, 3, 1, -1, 1, 2, 0, 0, 1), 0.5, 1.5, uint8(2))
	f.Add(row(2, 0, 1, 3, 3, 1, 0, 1, 2), 0.1, 3.0, uint8(1))
	f.Add(row(math.NaN(), 2, 1, 0, 1, 1), 0.9, -1.0, uint8(0))
	f.Fuzz(func(t *testing.T, data []byte, alpha, power float64, cut uint8) {
		opt := StateOptions{Alpha: alpha, Power: power, KeepValues: true}
		if opt.Check() != nil {
			return
		}
		var ys, ps, ws []float64
		var pos []int64
		for i := 0; i+24 <= len(data); i += 24 {
			y := math.Float64frombits(binary.LittleEndian.Uint64(data[i:]))
			p := math.Float64frombits(binary.LittleEndian.Uint64(data[i+8:]))
			w := math.Float64frombits(binary.LittleEndian.Uint64(data[i+16:]))
			if math.IsNaN(y-p) || math.IsInf(y-p, 0) || !goodWeight(w) {
				continue
			}
			ys, ps, ws = append(ys, y), append(ps, p), append(ws, w)
			pos = append(pos, int64(3*len(pos)+2))
		}
		c := min(int(cut), len(ys))
		whole, a, b := New(opt), New(opt), New(opt)
		if err := whole.AddBatchAt(ys, ps, ws, pos); err != nil {
			t.Fatalf("filtered rows: %v", err)
		}
		if err := a.AddBatchAt(ys[:c], ps[:c], ws[:c], pos[:c]); err != nil {
			t.Fatal(err)
		}
		if err := b.AddBatchAt(ys[c:], ps[c:], ws[c:], pos[c:]); err != nil {
			t.Fatal(err)
		}
		b.Merge(a)
		for _, kind := range []struct {
			f    Measure
			want error
		}{{(*State).MAPE, ErrZeroTarget}, {(*State).MSLE, ErrNegative}, {(*State).PoissonDeviance, ErrDomain},
			{(*State).GammaDeviance, ErrDomain}, {(*State).TweedieDeviance, ErrDomain}} {
			_, e1 := kind.f(whole)
			_, e2 := kind.f(b)
			if errors.Is(e1, kind.want) != errors.Is(e2, kind.want) || (errors.Is(e1, kind.want) && e1.Error() != e2.Error()) {
				t.Errorf("whole: %v; merged in reverse: %v", e1, e2)
			}
		}
	})
}
