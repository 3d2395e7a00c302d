package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"testing"
)

const golden = "../../../cmd/evalkit/testdata/cli/"

// The classify cases of the command line's golden tests, each on its data
// split into 1, 3 and 7 files.
func TestClassifyGolden(t *testing.T) {
	for _, tc := range []struct {
		name  string
		file  string
		flags []string
	}{
		{"plain", "pets.csv", nil},
		{"weighted-pos-label-beta", "pets.csv", []string{"--weight", "w", "--pos-label", "cat", "--beta", "2"}},
		{"nan-labels", "pets.csv", []string{"--zero-division", "nan", "--labels", "cat,dog,bird,fish"}},
		{"class-weights-cost", "pets.csv", []string{"--class-weights", "1,2,3", "--cost", "0,1,1;1,0,1;5,5,0"}},
		{"inv-log2", "pets.csv", []string{"--class-weights", "inv-log2"}},
	} {
		for _, parts := range []int{1, 3, 7} {
			t.Run(fmt.Sprintf("%s/%d", tc.name, parts), func(t *testing.T) {
				same(t, "classify", golden+tc.file, parts, uint64(parts), tc.flags...)
			})
		}
	}
}

// Generated data over many files of every format, with labels that appear
// in some files only, weighted (by multiples of 1/4, whose sums are exact
// in any order) and not.
func TestClassifyGenerated(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 34))
	labels := []string{"ant", "bee", "cat", "dog", "eel", "fox"}
	files := make([][]row, 12)
	for i := range files {
		for range rng.IntN(300) {
			k := 2 + i%4
			yt := labels[rng.IntN(k)]
			yp := yt
			if rng.Float64() < 0.3 {
				yp = labels[rng.IntN(k)]
			}
			files[i] = append(files[i], row{yt, yp, fmt.Sprint(float64(rng.IntN(12)) / 4)})
		}
	}
	m := writeMixed(t, files, true, row{"ant", "ant", "1"}, "y_pred")
	sameGenerated(t, "classify", m, nil, []string{"--weight", "w"}, []string{"--pos-label", "bee", "--beta", "0.5"})
}

// Bad data found by a worker reaches the user as the command line's
// positioned error, exit 1, and no output is written.
func TestClassifyErrors(t *testing.T) {
	sameError(t, "classify", golden+"bad_empty.csv")
	sameError(t, "classify", golden+"pets.csv", "--weight", "nosuch")
	sameError(t, "classify", golden+"pets.csv", "--labels", "cat,cat")
	// --labels naming a subset of the labels is scikit-learn's labels=, no
	// error: the same JSON as evalkit's over 1 and 3 units.
	same(t, "classify", golden+"pets.csv", 1, 1, "--labels", "cat,dog")
	same(t, "classify", golden+"pets.csv", 3, 3, "--labels", "cat,dog")
	sameError(t, "classify", golden+"badnum.csv", "--weight", "f1")
	sameError(t, "classify", golden+"badutf8.txt")
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{
		{"classify", "--input", golden + "pets.csv"},
		{"classify", "--output", "x.json"},
		{"classify", "--beta", "-1", "--input", golden + "pets.csv", "--output", "x.json"},
		{"classify", "--nosuch", "--input", golden + "pets.csv", "--output", "x.json"},
		{"classify", golden + "pets.csv"},
		{"nosuch"},
		{"classify", "--format", "text", "--input", golden + "pets.csv", "--output", "x.json"},
	} {
		if code := exitCode(run(t.Context(), args, io.Discard), io.Discard); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}
