package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
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
	dir := t.TempDir()
	var all strings.Builder
	all.WriteString("y_true,y_pred,w\n")
	labels := []string{"ant", "bee", "cat", "dog", "eel", "fox"}
	for i := range 12 {
		var rows [][3]string
		for range rng.IntN(300) {
			k := 2 + i%4
			yt := labels[rng.IntN(k)]
			yp := yt
			if rng.Float64() < 0.3 {
				yp = labels[rng.IntN(k)]
			}
			rows = append(rows, [3]string{yt, yp, fmt.Sprint(float64(rng.IntN(12)) / 4)})
		}
		var b strings.Builder
		var ext string
		switch i % 3 {
		case 0:
			ext = ".csv"
			b.WriteString("y_pred,w,y_true\n")
			for _, r := range rows {
				fmt.Fprintf(&b, "%s,%s,%s\n", r[1], r[2], r[0])
			}
		case 1:
			ext = ".tsv"
			b.WriteString("w\ty_true\ty_pred\n")
			for _, r := range rows {
				fmt.Fprintf(&b, "%s\t%s\t%s\n", r[2], r[0], r[1])
			}
		case 2:
			ext = ".jsonl"
			if len(rows) == 0 {
				rows = append(rows, [3]string{"ant", "ant", "1"})
			}
			for _, r := range rows {
				fmt.Fprintf(&b, "{\"y_true\":%q,\"y_pred\":%q,\"w\":%s}\n", r[0], r[1], r[2])
			}
		}
		for _, r := range rows {
			fmt.Fprintf(&all, "%s,%s,%s\n", r[0], r[1], r[2])
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("p%02d%s", i, ext)), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	whole := filepath.Join(t.TempDir(), "all.csv")
	if err := os.WriteFile(whole, []byte(all.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, flags := range [][]string{nil, {"--weight", "w"}, {"--pos-label", "bee", "--beta", "0.5"}} {
		t.Run(strings.Join(flags, " "), func(t *testing.T) {
			want, stderr, code := runEvalkit(t, append(append([]string{"classify", "--format", "json"}, flags...), whole)...)
			if code != 0 {
				t.Fatal(stderr)
			}
			got, msg, code := runBeam(t, append(append([]string{"classify"}, flags...), "--input", filepath.Join(dir, "*.csv"), "--input", filepath.Join(dir, "*.tsv"), "--input", filepath.Join(dir, "*.jsonl"))...)
			if code != 0 {
				t.Fatal(msg)
			}
			if got != want {
				t.Errorf("evalkit-beam:\n%s\nevalkit:\n%s", got, want)
			}
		})
	}
}

// Bad data found by a worker reaches the user as the command line's
// positioned error, exit 1, and no output is written.
func TestClassifyErrors(t *testing.T) {
	sameError(t, "classify", golden+"bad_empty.csv")
	sameError(t, "classify", golden+"pets.csv", "--weight", "nosuch")
	sameError(t, "classify", golden+"pets.csv", "--labels", "cat,dog")
	sameError(t, "classify", golden+"badnum.csv", "--weight", "f1")
	sameError(t, "classify", golden+"badnum.csv", "--weight", "f2", "--labels", "cat")
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
