package task

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/result"
	"github.com/evalkit-go/evalkit/table"
)

// multiModelsRows returns n generated rows of three classes scored by two
// models, with a weight column (every weight 1 unless weighted), as CSV
// lines without the header.
func multiModelsRows(rng *rand.Rand, n int, weighted bool) []string {
	classes := []string{"a", "b", "c"}
	var out []string
	for range n {
		var b strings.Builder
		b.WriteString(classes[rng.IntN(3)])
		for range 2 {
			x, y := rng.IntN(9), rng.IntN(9)
			lo, hi := min(x, y), max(x, y)
			fmt.Fprintf(&b, ",%v,%v,%v", float64(lo)/8, float64(hi-lo)/8, float64(8-hi)/8)
		}
		w := 1.0
		if weighted {
			w = float64(rng.IntN(7)) / 3
		}
		fmt.Fprintf(&b, ",%v", w)
		out = append(out, b.String())
	}
	return out
}

const multiModelsHeader = "y,m_a,m_b,m_c,n_a,n_b,n_c,w"

func multiModelsTask(weight string) *RankMultiModels {
	return &RankMultiModels{True: "y", Weight: weight, Classes: []string{"a", "b", "c"},
		Models: [][]string{{"m_a", "m_b", "m_c"}, {"n_a", "n_b", "n_c"}}, Names: []string{"m", "n"}}
}

// foldLines folds the rows into a new state of t, read in one pass.
func foldLines(t *testing.T, tk *RankMultiModels, lines []string) *MultiModelsState {
	t.Helper()
	if len(lines) == 0 {
		return tk.New()
	}
	r, err := table.NewReader(strings.NewReader(multiModelsHeader+"\n"+strings.Join(lines, "\n")+"\n"), "rows.csv", table.CSV)
	if err != nil {
		t.Fatal(err)
	}
	cols, err := table.Columns(r, tk.Columns()...)
	if err != nil {
		t.Fatal(err)
	}
	st := tk.New()
	if err := tk.Fold(st, r, cols); err != nil {
		t.Fatal(err)
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	return st
}

func encodeState(t *testing.T, st *MultiModelsState) []byte {
	t.Helper()
	b, err := st.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// reportJSON is the report of st, with intervals, as JSON.
func reportJSON(t *testing.T, tk *RankMultiModels, st *MultiModelsState) string {
	t.Helper()
	ci := &hyptest.CIOptions{Level: 0.95, Bootstrap: 100, Seed: 3}
	out, err := tk.Report("rows.csv", st, rank.Options{K: 1}, board.Options{}, ci)
	if err != nil {
		t.Fatal(err)
	}
	b, err := result.JSON(out, "")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestMultiModelsStateBinary: a state decoded from its encoding encodes
// to the same bytes, merges and reports as the original does; parts
// shipped encoded and merged in order give the state of all the rows.
func TestMultiModelsStateBinary(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, weighted := range []bool{false, true} {
		for _, weight := range []string{"", "w"} {
			t.Run(fmt.Sprintf("weighted=%v/%q", weighted, weight), func(t *testing.T) {
				tk := multiModelsTask(weight)
				lines := multiModelsRows(rng, 200, weighted)
				// parts, one of them empty, shipped encoded and merged
				cuts := []int{0, 37, 37, 120, 200}
				all := tk.New()
				for i := range len(cuts) - 1 {
					st := foldLines(t, tk, lines[cuts[i]:cuts[i+1]])
					enc := encodeState(t, st)
					var back MultiModelsState
					if err := back.UnmarshalBinary(enc); err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(encodeState(t, &back), enc) {
						t.Fatal("decode(encode(state)) encodes differently")
					}
					all.Merge(&back)
				}
				// a merged state round-trips too (a report empties the
				// builders: encoded first)
				enc := encodeState(t, all)
				whole := foldLines(t, tk, lines)
				if got, want := reportJSON(t, tk, all), reportJSON(t, tk, whole); got != want {
					t.Errorf("parts merged report\n%s\nall the rows\n%s", got, want)
				}
				var back MultiModelsState
				if err := back.UnmarshalBinary(enc); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(encodeState(t, &back), enc) {
					t.Fatal("decode(encode(merged state)) encodes differently")
				}
				if got, want := reportJSON(t, tk, &back), reportJSON(t, tk, foldLines(t, tk, lines)); got != want {
					t.Error("a decoded state reports otherwise")
				}
				for cut := range len(enc) {
					if err := new(MultiModelsState).UnmarshalBinary(enc[:cut]); err == nil {
						t.Fatalf("%d bytes of %d decoded", cut, len(enc))
					}
				}
			})
		}
	}
}

// TestMultiModelsPick: the state of some rows picked from a state is the
// state of a file of those rows alone, to the bytes of its encoding.
func TestMultiModelsPick(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, weighted := range []bool{false, true} {
		tk := multiModelsTask("w")
		lines := multiModelsRows(rng, 150, weighted)
		st := foldLines(t, tk, lines)
		var rows []int32
		var picked []string
		for i, l := range lines {
			if rng.IntN(3) == 0 {
				rows = append(rows, int32(i))
				picked = append(picked, l)
			}
		}
		got, err := tk.Pick(st, rows)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(encodeState(t, got), encodeState(t, foldLines(t, tk, picked))) {
			t.Errorf("weighted=%v: picked rows differ from a file of them", weighted)
		}
		if _, err := tk.Pick(st, []int32{int32(len(lines))}); err == nil {
			t.Error("a row out of range picked")
		}
	}
}
