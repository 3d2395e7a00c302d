package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// The external cluster cases of the command line's golden tests (and pets,
// whose labels are words), each on its data split into 1, 3 and 7 files.
func TestClusterGolden(t *testing.T) {
	for _, tc := range []struct {
		name  string
		file  string
		flags []string
	}{
		{"csv", "small.csv", nil},
		{"weighted", "small.csv", []string{"--weight", "w"}},
		{"tsv", "small.tsv", nil},
		{"pets", "pets.csv", nil},
		{"pets-min-beta", "pets.csv", []string{"--average", "min", "--beta", "2"}},
	} {
		for _, parts := range []int{1, 3, 7} {
			t.Run(fmt.Sprintf("%s/%d", tc.name, parts), func(t *testing.T) {
				same(t, "cluster", golden+tc.file, parts, uint64(parts), tc.flags...)
			})
		}
	}
}

// Generated data over many files of every format, with labels that first
// appear in later files (so the command line's numbering by first
// appearance matters), frequency-weighted and not.
func TestClusterGenerated(t *testing.T) {
	rng := rand.New(rand.NewPCG(56, 78))
	files := make([][]row, 15)
	for i := range files {
		for range rng.IntN(250) {
			k := 2 + i
			yt := fmt.Sprint("c", rng.IntN(k))
			yp := fmt.Sprint(rng.IntN(k+3) - 1) // -1: noise, an ordinary cluster
			if rng.Float64() < 0.5 {
				yp = fmt.Sprint(len(yt) + rng.IntN(2))
			}
			files[i] = append(files[i], row{yt, yp, fmt.Sprint(rng.IntN(5))})
		}
	}
	m := writeMixed(t, files, true, row{"c0", "0", "1"}, "y_pred")
	sameGenerated(t, "cluster", m, nil, []string{"--weight", "w"}, []string{"--average", "geometric", "--beta", "0.5"})
}

// Bad data found by a worker reaches the user as the command line's
// positioned error, exit 1, and no output is written.
func TestClusterErrors(t *testing.T) {
	sameError(t, "cluster", golden+"bad_empty.csv")
	sameError(t, "cluster", golden+"badweight.csv", "--weight", "w")
	sameError(t, "cluster", golden+"small.csv", "--true", "label")
	sameError(t, "cluster", golden+"small.csv", "--weight", "nosuch")
	sameError(t, "cluster", golden+"badnum.csv", "--weight", "f1")
	sameError(t, "cluster", golden+"badutf8.txt")
	dir := t.TempDir()
	zero := filepath.Join(dir, "zero.csv")
	if err := os.WriteFile(zero, []byte("y_true,y_pred,w\na,b,0\nb,b,0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sameError(t, "cluster", zero, "--weight", "w")
}

func TestClusterUsage(t *testing.T) {
	in := golden + "small.csv"
	for _, args := range [][]string{
		{"cluster", "--beta", "0", "--input", in, "--output", "x.json"},
		{"cluster", "--average", "median", "--input", in, "--output", "x.json"},
		{"cluster", "--features", "f1,f2", "--input", in, "--output", "x.json"},
		{"cluster", "--compare", "purity", "--input", in, "--output", "x.json"},
	} {
		if code := exitCode(run(t.Context(), args, io.Discard), io.Discard); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}
