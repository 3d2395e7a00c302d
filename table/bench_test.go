package table

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/evalkit-go/evalkit/internal/benchcpu"
)

// regressCSV returns n rows of y_true,y_pred like bench/regress.sh's: two
// columns of decimals with 4 fractional digits.
func regressCSV(n int) []byte {
	var b bytes.Buffer
	rng := rand.New(rand.NewPCG(3, 4))
	b.WriteString("y_true,y_pred\n")
	for range n {
		y := 0.01 + 5*(rng.ExpFloat64()+rng.ExpFloat64())
		fmt.Fprintf(&b, "%.4f,%.4f\n", y, max(0.001, y+2*rng.NormFloat64()))
	}
	return b.Bytes()
}

// BenchmarkReadFloats reads every row of a two-column CSV and parses both
// fields as numbers (Next, Float, Float), sequentially; it reports rows/s
// and the CPU time per row.
func BenchmarkReadFloats(b *testing.B) {
	const n = 200000
	data := regressCSV(n)
	cpu := benchcpu.Start()
	for b.Loop() {
		r, err := NewReader(bytes.NewReader(data), "b.csv", CSV)
		if err != nil {
			b.Fatal(err)
		}
		for r.Next() {
			if _, err := r.Float(0); err != nil {
				b.Fatal(err)
			}
			if _, err := r.Float(1); err != nil {
				b.Fatal(err)
			}
		}
		if r.Err() != nil {
			b.Fatal(r.Err())
		}
	}
	cpu.Report(b, n)
}

// BenchmarkParseFloat parses typical fields: integers, short and long
// decimals, 17 digits and an exponent (Eisel–Lemire; strconv before).
func BenchmarkParseFloat(b *testing.B) {
	for _, s := range []string{"42", "10.4691", "-0.000123", "3.141592653589793", "0.59592659193331512", "1.5e-7"} {
		b.Run(s, func(b *testing.B) {
			f := []byte(s)
			cpu := benchcpu.Start()
			for b.Loop() {
				if _, err := ParseFloat(f); err != nil {
					b.Fatal(err)
				}
			}
			cpu.Report(b, 1)
		})
	}
}

// BenchmarkParallelFloats reads the rows of a two-column CSV with Parallel
// (the splitter and its workers) and parses both fields as numbers.
func BenchmarkParallelFloats(b *testing.B) {
	const n = 200000
	data := regressCSV(n)
	cpu := benchcpu.Start()
	for b.Loop() {
		r, err := NewReader(bytes.NewReader(data), "b.csv", CSV)
		if err != nil {
			b.Fatal(err)
		}
		err = r.Parallel(0, func(_ int, sub *Reader) error {
			for sub.Next() {
				if _, err := sub.Float(0); err != nil {
					return err
				}
				if _, err := sub.Float(1); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	cpu.Report(b, n)
}
