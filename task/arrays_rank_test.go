package task

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/rank"
)

// TestRankReadArrays checks the score table of Rank.ReadArrays, whose
// rows go straight into the spill, against rank.NewTable of the same
// rows, with and without spilling past Memory, weighted and not; and its
// first bad row.
func TestRankReadArrays(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	n := 20000
	y := Labels{Names: []string{"0", "1"}, Codes: make([]int64, n)}
	score, weight, positive := make([]float64, n), make([]float64, n), make([]bool, n)
	for i := range n {
		y.Codes[i] = int64(rng.IntN(2))
		positive[i] = y.Codes[i] == 1
		score[i] = math.Round((rng.Float64()+0.3*float64(y.Codes[i]))*100) / 100 // ties
		weight[i] = float64(rng.IntN(4)) / 2                                     // zeros too
	}
	for _, w := range [][]float64{nil, weight} {
		want, err := rank.NewTable(score, positive, w)
		if err != nil {
			t.Fatal(err)
		}
		for _, memory := range []int64{0, 56000} {
			tk := &Rank{True: "y", Score: "s", Memory: memory}
			if w != nil {
				tk.Weight = "w"
			}
			s, err := tk.ReadArrays("arrays", y, score, w)
			if err != nil {
				t.Fatal(err)
			}
			if spilled := s.Spilled(); spilled != (memory > 0) {
				t.Fatalf("memory %d: spilled %v", memory, spilled)
			}
			got, err := s.Table()
			s.Close()
			if err != nil {
				t.Fatal(err)
			}
			same := func(a, b []float64) bool {
				return slices.EqualFunc(a, b, func(x, y float64) bool { return math.Float64bits(x) == math.Float64bits(y) })
			}
			if !same(got.Score, want.Score) || !same(got.Pos, want.Pos) || !same(got.Neg, want.Neg) || got.Rows != want.Rows || got.Weighted != want.Weighted ||
				!same(got.PosRows, want.PosRows) || !same(got.NegSq, want.NegSq) {
				t.Fatalf("weighted %v, memory %d: the table differs from rank.NewTable's", w != nil, memory)
			}
		}
	}
	// The first bad row, past the first spill.
	bad := slices.Clone(score)
	bad[15000], bad[17000] = math.NaN(), math.Inf(1)
	tk := &Rank{True: "y", Score: "s", Memory: 56000}
	_, err := tk.ReadArrays("arrays", y, bad, nil)
	var re *RowError
	if !errors.As(err, &re) || re.Row != 15000 || !strings.Contains(err.Error(), `row 15000: column "s"`) {
		t.Fatalf("NaN at row 15000: %v", err)
	}
	codes := slices.Clone(y.Codes)
	codes[12000], codes[300] = 7, -1
	_, err = tk.ReadArrays("arrays", Labels{Names: y.Names, Codes: codes}, score, nil)
	if !errors.As(err, &re) || re.Row != 300 {
		t.Fatalf("bad code at row 300: %v", err)
	}
}
