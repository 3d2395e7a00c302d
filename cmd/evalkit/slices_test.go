package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// sliceData writes a table of n random rows for every task, with two
// slicing columns: g (5 values, one of them rare) and h (2 values). It
// returns the header and the rows (CSV fields).
func sliceData(rng *rand.Rand, n int) (header []string, rows [][]string) {
	header = []string{"g", "h", "y_true", "y_pred", "m2", "y_score", "s2", "p_a", "p_b", "p_c", "y", "yhat", "y2", "w", "f1", "f2", "k_true", "k_pred", "k2"}
	groups := []string{"de", "fr", "it", "es", "lu"}
	for range n {
		g := groups[rng.IntN(4)]
		if rng.IntN(40) == 0 {
			g = "lu"
		}
		c := rng.IntN(3)
		lab := []string{"a", "b", "c"}
		pred := c
		if rng.IntN(3) == 0 {
			pred = rng.IntN(3)
		}
		pa, pb := rng.Float64(), rng.Float64()
		pc := rng.Float64()
		s := pa + pb + pc
		y := rng.NormFloat64() * 10
		row := []string{g, fmt.Sprint(rng.IntN(2) == 0),
			lab[c], lab[pred], lab[rng.IntN(3)],
			fmt.Sprintf("%.4f", float64(c%2)*0.3+rng.Float64()), fmt.Sprintf("%.3f", rng.Float64()),
			fmt.Sprintf("%.6f", pa/s), fmt.Sprintf("%.6f", pb/s), fmt.Sprintf("%.6f", 1-pa/s-pb/s),
			fmt.Sprintf("%.5f", y), fmt.Sprintf("%.5f", y+rng.NormFloat64()*3), fmt.Sprintf("%.5f", y+rng.NormFloat64()*5),
			fmt.Sprint(1 + rng.IntN(3)),
			fmt.Sprintf("%.4f", float64(c)+rng.NormFloat64()), fmt.Sprintf("%.4f", rng.NormFloat64()),
			fmt.Sprint("k", c), fmt.Sprint("k", pred), fmt.Sprint("k", rng.IntN(4))}
		rows = append(rows, row)
	}
	return header, rows
}

// writeSliceTable writes header and rows as CSV or JSON Lines (every value a
// string, numbers as numbers).
func writeSliceTable(t *testing.T, path string, header []string, rows [][]string, jsonl bool) {
	t.Helper()
	var b bytes.Buffer
	if !jsonl {
		b.WriteString(strings.Join(header, ",") + "\n")
	}
	for _, r := range rows {
		if !jsonl {
			b.WriteString(strings.Join(r, ",") + "\n")
			continue
		}
		b.WriteByte('{')
		for i, h := range header {
			if i > 0 {
				b.WriteByte(',')
			}
			v := r[i]
			if _, err := fmt.Sscanf(v, "%g", new(float64)); err != nil || strings.HasPrefix(v, "k") {
				v = `"` + v + `"`
			}
			fmt.Fprintf(&b, "%q:%s", h, v)
		}
		b.WriteString("}\n")
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// compactJSON is b compacted.
func compactJSON(t *testing.T, b []byte) string {
	t.Helper()
	var out bytes.Buffer
	if err := json.Compact(&out, b); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	return out.String()
}

// TestSliceEqualsOwnFile proves that each slice's "result" is, byte for
// byte (compacted), what the task prints for a file holding only that
// slice's rows, and that the overall result is the task's output on the
// whole file: for every task, one model and several, with and without
// intervals, from CSV and JSON Lines, sliced by one column and by a
// combination of two.
func TestSliceEqualsOwnFile(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 1))
	header, rows := sliceData(rng, 700)
	dir := t.TempDir()
	cases := [][]string{
		{"classify", "--weight", "w"},
		{"classify", "--pred", "y_pred,m2"},
		{"classify", "--ci", "--bootstrap", "50"},
		{"rank", "--pos-label", "a", "--curve-points", "20"},
		{"rank", "--pos-label", "a", "--ci", "--bootstrap", "50", "--weight", "w", "--curve-points", "20"},
		// The table of every row takes the slices' rows, in memory or,
		// past --memory, into a spilling table.
		{"rank", "--pos-label", "a", "--curve-points", "20", "--memory", "8KiB"},
		{"rank", "--pos-label", "a", "--curve-points", "20", "--memory", "24KiB"},
		{"rank", "--score", "y_score,s2", "--true", "y_true", "--pos-label", "a", "--curves=false"},
		{"rank", "--classes", "a,b,c", "--score", "p_a,p_b,p_c"},
		// Several multiclass models (the second one's columns a
		// permutation of the first's), and a pattern naming them.
		{"rank", "--classes", "a,b,c", "--score", "m1=p_a,p_b,p_c", "--score", "m2=p_b,p_c,p_a"},
		{"rank", "--classes", "a,b,c", "--score", "m1=p_*", "--score", "m2=p_c,p_a,p_b", "--ci", "--bootstrap", "30"},
		{"regress", "--true", "y", "--pred", "yhat"},
		{"regress", "--true", "y", "--pred", "yhat", "--ci", "--bootstrap", "50", "--weight", "w"},
		{"regress", "--true", "y", "--pred", "yhat,y2"},
		{"regress", "--true", "y,y2", "--pred", "yhat,y"},
		{"cluster", "--true", "k_true", "--pred", "k_pred"},
		{"cluster", "--true", "k_true", "--pred", "k_pred,k2"},
		{"cluster", "--pred", "k_pred", "--features", "f1,f2", "--ci", "--bootstrap", "30"},
	}
	for _, jsonl := range []bool{false, true} {
		ext := ".csv"
		if jsonl {
			ext = ".jsonl"
		}
		all := filepath.Join(dir, "all"+ext)
		writeSliceTable(t, all, header, rows, jsonl)
		for _, args := range cases {
			for _, by := range []string{"g", "g,h"} {
				name := fmt.Sprintf("%s/%s/by=%s", ext, strings.Join(args, " "), by)
				t.Run(name, func(t *testing.T) {
					sliced := append(append([]string{}, args...), "--format", "json", "--by", by, all)
					var out, errb bytes.Buffer
					if err := run(sliced, nil, &out, &errb); err != nil {
						t.Fatalf("%v: %v", sliced, err)
					}
					var got struct {
						Slices []struct {
							By     map[string]string
							Rows   int
							Result json.RawMessage
							Error  string
						}
					}
					if err := json.Unmarshal(out.Bytes(), &got); err != nil {
						t.Fatal(err)
					}
					// The overall result: the whole file's, with "slices" after it.
					var whole bytes.Buffer
					if err := run(append(append([]string{}, args...), "--format", "json", all), nil, &whole, &errb); err != nil {
						t.Fatal(err)
					}
					w := compactJSON(t, whole.Bytes())
					if g := compactJSON(t, out.Bytes()); !strings.HasPrefix(g, w[:len(w)-1]+`,"slices":[`) {
						t.Errorf("the overall result differs from the whole file's")
					}
					cols := strings.Split(by, ",")
					if len(got.Slices) < 5 {
						t.Fatalf("%d slices", len(got.Slices))
					}
					total := 0
					for _, s := range got.Slices {
						var own [][]string
						for _, r := range rows {
							in := true
							for _, c := range cols {
								in = in && r[indexOf(header, c)] == s.By[c]
							}
							if in {
								own = append(own, r)
							}
						}
						total += s.Rows
						if len(own) != s.Rows {
							t.Fatalf("slice %v: %d rows, want %d", s.By, s.Rows, len(own))
						}
						path := filepath.Join(dir, "slice"+ext)
						writeSliceTable(t, path, header, own, jsonl)
						var one, oneErr bytes.Buffer
						err := run(append(append([]string{}, args...), "--format", "json", path), nil, &one, &oneErr)
						if err != nil {
							if s.Error == "" {
								t.Errorf("slice %v: the file's run fails (%v), the slice has no error", s.By, err)
							}
							continue
						}
						if s.Error != "" {
							t.Errorf("slice %v: error %q, the file's run succeeds", s.By, s.Error)
							continue
						}
						// A warning names a row by its file and line: the
						// input's in the sliced run, the slice file's here.
						g := position.ReplaceAllString(compactJSON(t, s.Result), "FILE:LINE")
						w := position.ReplaceAllString(compactJSON(t, one.Bytes()), "FILE:LINE")
						if g != w {
							i := 0
							for i < min(len(g), len(w)) && g[i] == w[i] {
								i++
							}
							t.Errorf("slice %v: result differs from its own file's at byte %d:\n%.300s\n%.300s", s.By, i, g[max(0, i-100):], w[max(0, i-100):])
						}
					}
					if total != len(rows) {
						t.Errorf("slices hold %d rows, want %d", total, len(rows))
					}
				})
			}
		}
	}
}

// position matches a row's position in a warning.
var position = regexp.MustCompile(`[^" ]*/(all|slice)\.(csv|jsonl):[0-9]+`)

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// TestSliceParquet: slicing a Parquet file gives what slicing the same
// data as CSV gives (table's Parquet files and their CSV export), save
// for how an error names its row.
func TestSliceParquet(t *testing.T) {
	d := "../../table/testdata/parquet/"
	for _, args := range [][]string{
		{"rank", "--score", "y_score", "--by", "name"},
		{"rank", "--score", "f32", "--by", "b", "--ci", "--bootstrap", "20"},
		{"classify", "--true", "name", "--pred", "pred", "--by", "b", "--by", "b,name"},
		{"regress", "--true", "y_score", "--pred", "f32", "--by", "b,name", "--ci", "--bootstrap", "20"},
	} {
		var want bytes.Buffer
		if err := run(append(append([]string{}, args...), "--format", "json", d+"arrow.csv"), nil, &want, io.Discard); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		for _, f := range []string{"arrow_snappy.parquet", "duckdb_zstd.parquet"} {
			var got bytes.Buffer
			if err := run(append(append([]string{}, args...), "--format", "json", d+f), nil, &got, io.Discard); err != nil {
				t.Fatalf("%v %s: %v", args, f, err)
			}
			// A warning names a row by its line (CSV) or row group and row.
			g := pqPosition.ReplaceAllString(got.String(), "ROW")
			w := csvPosition.ReplaceAllString(want.String(), "ROW")
			if g != w {
				t.Errorf("%v: %s differs from arrow.csv", args, f)
			}
		}
	}
}

var (
	csvPosition = regexp.MustCompile(`[^" ]*arrow\.csv:[0-9]+`)
	pqPosition  = regexp.MustCompile(`[^" ]*\.parquet: row group [0-9]+, row [0-9]+`)
)

// TestSliceMulticlassModels: several multiclass models with --by and --ci
// compare each model's slices with the rest of the rows on the macro
// one-vs-rest AUC (or --primary), adjusted over the slices and models,
// and give each model's disparities.
func TestSliceMulticlassModels(t *testing.T) {
	header, rows := sliceData(rand.New(rand.NewPCG(24, 2)), 600)
	path := filepath.Join(t.TempDir(), "all.csv")
	writeSliceTable(t, path, header, rows, false)
	for _, primary := range []string{"", "log_loss"} {
		args := []string{"rank", "--format", "json", "--classes", "a,b,c", "--score", "m1=p_a,p_b,p_c", "--score", "m2=p_b,p_c,p_a", "--by", "g", "--ci", "--bootstrap", "30", path}
		want := "roc_auc_ovr_macro"
		if primary != "" {
			args, want = append(args, "--primary", primary), primary
		}
		var out, errb bytes.Buffer
		if err := run(args, nil, &out, &errb); err != nil {
			t.Fatalf("%v: %v: %s", args, err, errb.String())
		}
		var got struct {
			Slices []struct {
				VsRest []struct{ Measure, Model string } `json:"vs_rest"`
			}
			Disparity []struct{ Measures map[string]json.RawMessage }
		}
		if err := json.Unmarshal(out.Bytes(), &got); err != nil {
			t.Fatal(err)
		}
		if len(got.Slices) != 5 || len(got.Disparity) != 1 {
			t.Fatalf("%d slices, %d disparities", len(got.Slices), len(got.Disparity))
		}
		for _, s := range got.Slices {
			if len(s.VsRest) != 2 {
				t.Fatalf("primary %q: vs_rest %+v, want one comparison a model", primary, s.VsRest)
			}
			for _, c := range s.VsRest {
				if !strings.HasSuffix(c.Measure, want) {
					t.Errorf("primary %q: compared on %q", primary, c.Measure)
				}
			}
		}
		for _, m := range []string{"models.0." + want, "models.1." + want} {
			if got.Disparity[0].Measures[m] == nil {
				t.Errorf("no disparity of %s", m)
			}
		}
	}
}
