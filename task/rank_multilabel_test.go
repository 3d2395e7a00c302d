package task

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/result"
	"github.com/evalkit-go/evalkit/table"
)

// TestRankMultilabelRead: the report read from a table in chunks of any
// size is the report of the same rows added to one state, to the bit.
func TestRankMultilabelRead(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var b strings.Builder
	b.WriteString("note,ya,yb,yc,sa,sb,sc,w\n")
	whole := rank.NewMultilabel(3, false, true)
	for i := range 300 {
		y := []float64{float64(rng.IntN(2)), float64(rng.IntN(2)), float64(rng.IntN(2))}
		s := []float64{float64(rng.IntN(8)) / 8, rng.Float64(), float64(rng.IntN(3))}
		w := float64(rng.IntN(5)) / 2
		fmt.Fprintf(&b, "\"row\n%d\",%v,%v,%v,%v,%v,%v,%v\n", i, y[0], y[1], y[2], s[0], s[1], s[2], w)
		if _, err := whole.Add(y, s, w); err != nil {
			t.Fatal(err)
		}
	}
	tk := &RankMultilabel{Trues: []string{"ya", "yb", "yc"}, Scores: []string{"sa", "sb", "sc"}, Weight: "w", Options: rank.MultilabelOptions{K: 2}}
	want, err := whole.Report(tk.Trues, tk.Scores, tk.Options)
	if err != nil {
		t.Fatal(err)
	}
	for _, chunk := range []int{1, 50, 1 << 20} {
		r, err := table.NewReaderWith(strings.NewReader(b.String()), "t.csv", table.Options{Format: table.CSV, ChunkSize: chunk})
		if err != nil {
			t.Fatal(err)
		}
		st, err := tk.Read(r)
		if err != nil {
			t.Fatal(err)
		}
		got, err := tk.Report(st, "t.csv")
		if err != nil {
			t.Fatal(err)
		}
		got.Signature = nil
		ja, _ := result.JSON(got, "")
		jb, _ := result.JSON(want, "")
		if !bytes.Equal(ja, jb) {
			t.Errorf("chunk %d: %s, want %s", chunk, ja, jb)
		}
	}
}

// TestRankMultilabelErrors: columns that do not pair, and positioned
// errors for values.
func TestRankMultilabelErrors(t *testing.T) {
	if err := (&RankMultilabel{Trues: []string{"a", "b"}, Scores: []string{"s"}}).Check(); err == nil || !strings.Contains(err.Error(), "task.RankMultilabel.Scores names 1") {
		t.Errorf("mismatched columns: %v", err)
	}
	if err := (&RankMultilabel{Trues: []string{"a"}, Scores: []string{"s"}}).Check(); !errors.Is(err, rank.ErrTooFewLabels) {
		t.Errorf("one label: %v", err)
	}
	for _, c := range []struct {
		csv    string
		graded bool
		want   error
		col    string
	}{
		{"a,b,sa,sb\n1,0,1,2\n0,2,1,2\n", false, rank.ErrNotBinary, "b"},
		{"a,b,sa,sb\n1,0,1,2\n0,-1,1,2\n", true, rank.ErrNegativeRelevance, "b"},
		{"a,b,sa,sb\n1,0,1,2\n0,1,1,inf\n", false, table.ErrNotFinite, "sb"},
	} {
		r, err := table.NewReader(strings.NewReader(c.csv), "t.csv", table.CSV)
		if err != nil {
			t.Fatal(err)
		}
		tk := &RankMultilabel{Trues: []string{"a", "b"}, Scores: []string{"sa", "sb"}, Options: rank.MultilabelOptions{Graded: c.graded}}
		_, err = tk.Read(r)
		var pe *table.ParseError
		if !errors.Is(err, c.want) || !errors.As(err, &pe) || pe.Line != 3 || pe.Column != c.col {
			t.Errorf("%q: %v, want line 3 column %s wrapping %v", c.csv, err, c.col, c.want)
		}
	}
}
