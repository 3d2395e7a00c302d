package main

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/evalkit-go/evalkit/internal/benchcpu"
)

// writeClassifyCSV writes n rows of y_true,y_pred over 10 string classes.
func writeClassifyCSV(b *testing.B, n int) string {
	path := filepath.Join(b.TempDir(), fmt.Sprintf("c%d.csv", n))
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	rng := rand.New(rand.NewPCG(1, 2))
	fmt.Fprintln(w, "y_true,y_pred")
	for range n {
		t := rng.IntN(10)
		p := t
		if rng.Float64() < 0.3 {
			p = rng.IntN(10)
		}
		fmt.Fprintf(w, "class_%d,class_%d\n", t, p)
	}
	w.Flush()
	f.Close()
	return path
}

// The whole command, file to JSON, as a user runs it.
func BenchmarkClassifyCLI(b *testing.B) {
	for _, n := range []int{1e3, 1e5, 1e6} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			path := writeClassifyCSV(b, n)
			cpu := benchcpu.Start()
			for b.Loop() {
				if err := run([]string{"classify", "--format", "json", path}, nil, io.Discard, io.Discard); err != nil {
					b.Fatal(err)
				}
			}
			cpu.Report(b, n)
		})
	}
}

// writeRegressCSV writes n rows of y_true,y_pred like bench/regress.sh's
// (Gamma targets, noisy positive predictions, 4 decimals).
func writeRegressCSV(b *testing.B, n int) string {
	path := filepath.Join(b.TempDir(), fmt.Sprintf("r%d.csv", n))
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	rng := rand.New(rand.NewPCG(3, 4))
	fmt.Fprintln(w, "y_true,y_pred")
	for range n {
		y := 0.01 + 5*(rng.ExpFloat64()+rng.ExpFloat64())
		fmt.Fprintf(w, "%.4f,%.4f\n", y, max(0.001, y+2*rng.NormFloat64()))
	}
	w.Flush()
	f.Close()
	return path
}

// The whole regress command, file to JSON, every measure (medae too).
func BenchmarkRegressCLI(b *testing.B) {
	for _, n := range []int{1e3, 1e5, 1e6} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			path := writeRegressCSV(b, n)
			cpu := benchcpu.Start()
			for b.Loop() {
				if err := run([]string{"regress", "--format", "json", path}, nil, io.Discard, io.Discard); err != nil {
					b.Fatal(err)
				}
			}
			cpu.Report(b, n)
		})
	}
}

// The whole rank command with the default flags, file to JSON, as
// bench/rank.sh runs it. EVALKIT_RANK_CSV names a file to use instead of
// the generated 10⁶ rows (e.g. bench/out/rank_10000000.csv for a profile).
func BenchmarkRankCLI(b *testing.B) {
	path := os.Getenv("EVALKIT_RANK_CSV")
	n := 0
	if path == "" {
		n = 1_000_000
		path = filepath.Join(b.TempDir(), "rank.csv")
		f, err := os.Create(path)
		if err != nil {
			b.Fatal(err)
		}
		w := bufio.NewWriter(f)
		rng := rand.New(rand.NewPCG(5, 6))
		fmt.Fprintln(w, "y_true,y_score")
		for range n {
			y := rng.IntN(2)
			s := min(1, max(0, 0.4+0.2*float64(y)+0.2*rng.NormFloat64()))
			fmt.Fprintf(w, "%d,%v\n", y, s)
		}
		w.Flush()
		f.Close()
	}
	cpu := benchcpu.Start()
	for b.Loop() {
		if err := run([]string{"rank", "--format", "json", path}, nil, io.Discard, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
	if n > 0 {
		cpu.Report(b, n)
	}
}
