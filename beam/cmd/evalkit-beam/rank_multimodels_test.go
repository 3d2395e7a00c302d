package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// multiModelsFile writes the command line's rows of several multiclass
// models (lr_p_*, nb_p_*, rf_p_*) with a slicing column g (four values,
// one rare), another h (two) and a weight w (multiples of ¼, whose
// masses add exactly), to a CSV file.
func multiModelsFile(t *testing.T) string {
	t.Helper()
	raw, err := os.ReadFile(golden + "rank_multi_models.csv")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(raw), "\n"), "\n")
	rng := rand.New(rand.NewPCG(31, 32))
	var b strings.Builder
	b.WriteString("g,h,w," + lines[0] + "\n")
	groups := []string{"de", "fr", "it", "lu"}
	for _, l := range lines[1:] {
		g := groups[rng.IntN(3)]
		if rng.IntN(30) == 0 {
			g = groups[3]
		}
		fmt.Fprintf(&b, "%s,%v,%v,%s\n", g, rng.IntN(2) == 0, float64(rng.IntN(8))/4, l)
	}
	path := filepath.Join(t.TempDir(), "rank_multi_models.csv")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// The models named by NAME=PATTERN, by a pattern's common prefix and by
// a list's.
var multiModelsFlags = []string{"--true", "label", "--classes", "cat,dog,eel", "--score", "lr=lr_p_*", "--score", "nb_p_cat,nb_p_dog,nb_p_eel", "--score", "rf_p_*"}

// Several multiclass models in evalkit-beam: the bytes evalkit prints,
// over the input split into 1, 3 and 7 files, without and with --by and
// --ci.
func TestRankMultiModels(t *testing.T) {
	file := multiModelsFile(t)
	for _, extra := range [][]string{
		{},
		{"--ci", "--bootstrap", "200", "--seed", "7"},
		{"--weight", "w"},
		{"--weight", "w", "--ci", "--bootstrap", "100", "--k", "2"},
		{"--baseline", "lr", "--adjust", "bonferroni"},
		{"--primary", "log_loss", "--max-fpr", "0.5"},
		{"--by", "g"},
		{"--by", "g", "--ci", "--bootstrap", "100"},
		{"--by", "g,h"},
		{"--by", "g,h", "--by", "h", "--weight", "w", "--ci", "--bootstrap", "100", "--min-slice-rows", "30", "--primary", "log_loss", "--adjust", "none"},
		// a slice of one class fails (its error in its place), and a
		// slice too small is counted only
		{"--by", "label", "--by", "g"},
		{"--by", "h", "--min-slice-rows", "1000"},
	} {
		flags := strings.Join(extra, " ")
		if strings.Contains(flags, "--by") {
			// the slices are evaluated, and with --ci compared
			out, stderr, _ := runEvalkit(t, append(append(append([]string{"rank", "--format", "json"}, multiModelsFlags...), extra...), file)...)
			if !strings.Contains(out, `"slices": [`) || !strings.Contains(out, `"verdict"`) || strings.Contains(flags, "--ci") && !strings.Contains(out, `"vs_rest"`) {
				t.Fatalf("evalkit %s evaluates or compares no slice: %s", flags, stderr)
			}
		}
		for _, parts := range []int{1, 3, 7} {
			t.Run(fmt.Sprintf("%s/%d", flags, parts), func(t *testing.T) {
				sameSliced(t, "rank", file, parts, uint64(parts), append(append([]string{}, multiModelsFlags...), extra...)...)
			})
		}
	}
}

// --gate with several multiclass models: the same JSON ("gates"
// included), message and exit status as evalkit, a gate passing and one
// failing.
func TestRankMultiModelsGates(t *testing.T) {
	file := multiModelsFile(t)
	for _, gates := range [][]string{
		{"--gate", "models.lr.roc_auc_ovr_macro >= 0.5"},
		{"--gate", "models.*.log_loss < 0.7", "--by", "g"},
	} {
		flags := append(append([]string{}, multiModelsFlags...), gates...)
		want, wantMsg, wantCode := runEvalkit(t, append(append([]string{"rank", "--format", "json"}, flags...), file)...)
		if !strings.Contains(want, `"gates": [`) {
			t.Fatalf("evalkit's output has no gates (exit %d): %s", wantCode, wantMsg)
		}
		glob, _ := split(t, file, 3, rand.New(rand.NewPCG(3, 1)))
		got, msg, code := runBeamGated(t, append(append([]string{"rank"}, flags...), "--input", glob)...)
		if code != wantCode || strings.TrimPrefix(msg, "evalkit-beam: ") != strings.TrimPrefix(wantMsg, "evalkit: ") {
			t.Fatalf("%v: evalkit-beam: exit %d, %q; evalkit: exit %d, %q", gates, code, msg, wantCode, wantMsg)
		}
		if got != want {
			t.Errorf("%v: evalkit-beam differs from evalkit:\n%s", gates, lineDiff(got, want))
		}
	}
}

// The errors of several multiclass models: evalkit's message and exit
// status, usage errors (exit 2) and errors of the data (exit 1).
func TestRankMultiModelsErrors(t *testing.T) {
	file := multiModelsFile(t)
	with := func(extra ...string) []string { return append(append([]string{}, multiModelsFlags...), extra...) }
	for _, flags := range [][]string{
		with("--bins", "4"),
		with("--compare", "log_loss"),
		with("--baseline", "nope"),
		with("--primary", "nope"),
		with("--k", "0"),
		with("--bootstrap", "10"),
		with("--by", "g", "--ci", "--adjust", "nope"),
		with("--by", "nope"),
		with("--score", "zz_*"),
		with("--score", "lr_p_cat,lr_p_dog"),
		with("--score", "lr=nb_p_*"),
		with("--score", "lr_p_cat,nb_p_dog,rf_p_eel"),
		with("--score", "x=a,b,c"),
		with("--weight", "nope"),
		with("--memory", "1k"),
		{"--true", "label", "--classes", "cat,dog,fox", "--score", "lr_p_*", "--score", "nb_p_*"},
		{"--true", "label", "--classes", "cat,dog,dog", "--score", "lr_p_*", "--score", "nb_p_*"},
	} {
		sameError(t, "rank", file, flags...)
	}
	empty := filepath.Join(t.TempDir(), "empty.csv")
	if err := os.WriteFile(empty, []byte("label,lr_p_cat,lr_p_dog,lr_p_eel,nb_p_cat,nb_p_dog,nb_p_eel,rf_p_cat,rf_p_dog,rf_p_eel\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sameError(t, "rank", empty, multiModelsFlags...)
}

type pqMultiModelsRow struct {
	G  string  `parquet:"g,dict"`
	Y  string  `parquet:"y,dict"`
	AX float64 `parquet:"a_p_x"`
	AY float64 `parquet:"a_p_y"`
	AZ float64 `parquet:"a_p_z"`
	BX float64 `parquet:"b_p_x"`
	BY float64 `parquet:"b_p_y"`
	BZ float64 `parquet:"b_p_z"`
}

// Several multiclass models over Parquet files (a unit a row group, the
// patterns matched against the first file's columns): evalkit's bytes on
// one Parquet file of all the rows, without and with --by and --ci.
func TestRankMultiModelsParquet(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	probs := func(y int) (p [3]float64) {
		left := 8
		for j := range 2 {
			k := rng.IntN(left + 1)
			if j == y {
				k = max(k, rng.IntN(left+1))
			}
			p[j], left = float64(k)/8, left-k
		}
		p[2] = float64(left) / 8
		return p
	}
	dir := t.TempDir()
	var all []pqMultiModelsRow
	for i := range 4 {
		var rows []pqMultiModelsRow
		for range 40 + rng.IntN(100) {
			y := rng.IntN(3)
			a, b := probs(y), probs(y)
			rows = append(rows, pqMultiModelsRow{G: []string{"de", "fr", "it"}[rng.IntN(3)], Y: []string{"x", "y", "z"}[y], AX: a[0], AY: a[1], AZ: a[2], BX: b[0], BY: b[1], BZ: b[2]})
		}
		writeParquet(t, filepath.Join(dir, fmt.Sprintf("p%d.parquet", i)), rows, 37)
		all = append(all, rows...)
	}
	whole := filepath.Join(t.TempDir(), "all.parquet")
	writeParquet(t, whole, all, 100)
	base := []string{"--true", "y", "--classes", "x,y,z", "--score", "a_*", "--score", "b=b_p_x,b_p_y,b_p_z"}
	for _, extra := range [][]string{{}, {"--by", "g", "--ci", "--bootstrap", "100"}} {
		flags := append(append([]string{}, base...), extra...)
		t.Run(strings.Join(extra, " "), func(t *testing.T) {
			want, stderr, code := runEvalkit(t, append(append([]string{"rank", "--format", "json"}, flags...), whole)...)
			if code != 0 {
				t.Fatal(stderr)
			}
			got, msg, code := runBeam(t, append(append([]string{"rank"}, flags...), "--input", filepath.Join(dir, "*.parquet"))...)
			if code != 0 {
				t.Fatal(msg)
			}
			if got != want {
				t.Errorf("evalkit-beam differs from evalkit:\n%s", lineDiff(got, want))
			}
		})
	}
}
