package task

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/evalkit-go/evalkit/regress"
	"github.com/evalkit-go/evalkit/table"
)

func TestRegressRead(t *testing.T) {
	// y − ŷ = 1, −1, 2: MSE (1 + 1 + 4)/3 = 2, MAE 4/3.
	g := &Regress{Options: regress.Options{Trues: []string{"y"}, Preds: []string{"p"}}, State: regress.StateOptions{KeepValues: true}, Sample: 2}
	m, sample, err := g.Read(csvReader(t, "y,p\n1,0\n2,3\n5,3\n"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := g.Result(m)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(res.Single.MSE-2) > 1e-12 || math.Abs(res.Single.MAE-4.0/3) > 1e-12 {
		t.Errorf("mse %v mae %v, want 2 and 4/3", res.Single.MSE, res.Single.MAE)
	}
	if ys, _ := sample.Columns(1); len(ys[0]) != 2 {
		t.Errorf("sample of %d rows, want 2", len(ys[0]))
	}
}

func TestRegressFoldAtPositions(t *testing.T) {
	// The first error of the input, after the rows before it were added.
	g := &Regress{Options: regress.Options{Trues: []string{"y"}, Preds: []string{"p"}}}
	r := csvReader(t, "y,p\n1,0\n2,x\n")
	cols, err := table.Columns(r, g.Columns()...)
	if err != nil {
		t.Fatal(err)
	}
	st := g.New()
	err = g.FoldAt(st, r, cols, 100)
	var pe *table.ParseError
	if !errors.As(err, &pe) || pe.Line != 3 {
		t.Fatalf("got %v, want a parse error at line 3", err)
	}
	if st.Output(0).N() != 1 {
		t.Errorf("%d rows added before the error, want 1", st.Output(0).N())
	}
}

// TestLineSample: the sample of a union is the merge of the parts'
// samples, whatever the split; it holds min(size, n) rows in input order,
// spread over the file.
func TestLineSample(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	for trial := range 50 {
		n, size := 1+rng.IntN(3000), 1+rng.IntN(500)
		batch := func(lo, hi int) *regressBatch {
			b := newRegressBatch([]int{0, 1, -1})
			for i := lo; i < hi; i++ {
				b.y[0] = append(b.y[0], float64(i))
				b.p[0] = append(b.p[0], float64(-i))
				b.lines = append(b.lines, int64(2*i+2))
			}
			return b
		}
		whole := &RegressSample{size: size}
		whole.add(batch(0, n))
		want := mergeSamples([]*RegressSample{whole}, size)
		var parts []*RegressSample
		for lo := 0; lo < n; {
			hi := min(n, lo+1+rng.IntN(300))
			p := &RegressSample{size: size}
			p.add(batch(lo, hi))
			parts = append(parts, p)
			lo = hi
		}
		rng.Shuffle(len(parts), func(i, j int) { parts[i], parts[j] = parts[j], parts[i] })
		got := mergeSamples(parts, size)
		if len(got.rows) != min(n, size) || len(want.rows) != len(got.rows) {
			t.Fatalf("trial %d: %d and %d rows, want %d", trial, len(got.rows), len(want.rows), min(n, size))
		}
		for i := range got.rows {
			g, w := got.rows[i], want.rows[i]
			if g.line != w.line || g.y[0] != w.y[0] || g.p[0] != w.p[0] || g.y[0] != float64(g.line/2-1) {
				t.Fatalf("trial %d: row %d is %+v, want %+v", trial, i, g, w)
			}
			if i > 0 && got.rows[i-1].line >= g.line {
				t.Fatalf("trial %d: not in input order", trial)
			}
		}
		if n > 2*size && size >= 100 {
			// Uniform: the mean sampled index is near (n−1)/2 (its
			// standard deviation is about n/√(12·size) ≤ 0.029 n).
			var mean float64
			for _, r := range got.rows {
				mean += r.y[0]
			}
			mean /= float64(len(got.rows))
			if d := mean - float64(n-1)/2; d > 0.15*float64(n) || d < -0.15*float64(n) {
				t.Errorf("trial %d: mean sampled index %.0f of %d rows", trial, mean, n)
			}
		}
	}
}
