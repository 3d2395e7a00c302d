package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The command line's golden multilabel data, split into 1, 3 and 7 files.
func TestMultilabelGolden(t *testing.T) {
	raw, err := os.ReadFile(golden + "classify_multilabel.stdin")
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "ml.csv")
	if err := os.WriteFile(file, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, flags := range [][]string{{"--multilabel"}, {"--multilabel", "--zero-division", "nan", "--beta", "2"}, {"--multilabel", "--ci", "--ci-method", "jeffreys"}} {
		for _, parts := range []int{1, 3, 7} {
			t.Run(fmt.Sprintf("%s/%d", strings.Join(flags, " "), parts), func(t *testing.T) {
				same(t, "classify", file, parts, uint64(parts), flags...)
			})
		}
	}
}

// Generated label sets (joined by | in CSV and TSV, JSON strings in JSON
// Lines) over many files, with labels that appear in some files only,
// weighted and not.
func TestMultilabelGenerated(t *testing.T) {
	rng := rand.New(rand.NewPCG(90, 91))
	labels := []string{"ant", "bee", "cat", "dog", "eel"}
	set := func(k int) string {
		var out []string
		for _, l := range labels[:k] {
			if rng.IntN(3) == 0 {
				out = append(out, l)
			}
		}
		return strings.Join(out, "|")
	}
	files := make([][]row, 12)
	for i := range files {
		for range rng.IntN(200) {
			k := 2 + i%4
			files[i] = append(files[i], row{set(k), set(k), fmt.Sprint(float64(rng.IntN(8)) / 4)})
		}
	}
	m := writeMixed(t, files, true, row{"ant", "ant|bee", "1"}, "y_pred")
	sameGenerated(t, "classify", m, []string{"--multilabel"}, []string{"--multilabel", "--weight", "w", "--labels", "eel,dog,cat,bee,ant"}, []string{"--multilabel", "--ci"}, []string{"--multilabel", "--weight", "w", "--ci"})
}

func TestMultilabelErrors(t *testing.T) {
	raw, err := os.ReadFile(golden + "classify_multilabel.stdin")
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "ml.csv")
	if err := os.WriteFile(file, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	sameError(t, "classify", file, "--multilabel", "--labels", "sports,tech")
	sameError(t, "classify", file, "--multilabel", "--pos-label", "tech")
	sameError(t, "classify", file, "--multilabel", "--sep", "")
	sameError(t, "classify", golden+"badutf8.txt", "--multilabel")
	sameError(t, "classify", golden+"pets.csv", "--multilabel", "--weight", "nosuch")
}
