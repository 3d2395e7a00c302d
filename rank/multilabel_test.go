package rank

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// multilabelGolden is testdata/multilabel.json.gz (tools/oracle/rank_multilabel.py).
type multilabelGolden struct {
	Source string `json:"source"`
	Cases  []struct {
		Name   string      `json:"name"`
		Graded bool        `json:"graded"`
		Truth  [][]float64 `json:"truth"`
		Score  [][]float64 `json:"score"`
		Weight []float64   `json:"weight"`
		Runs   []struct {
			K          int                 `json:"k"`
			IgnoreTies bool                `json:"ignore_ties"`
			Expected   map[string]*float64 `json:"expected"`
		} `json:"runs"`
	} `json:"cases"`
}

// multilabelState is the state of the rows truth, score, weight.
func multilabelState(t testing.TB, graded bool, truth, score [][]float64, weight []float64) *Multilabel {
	t.Helper()
	m := NewMultilabel(len(truth[0]), graded, weight != nil)
	for i := range truth {
		w := 1.0
		if weight != nil {
			w = weight[i]
		}
		if j, err := m.Add(truth[i], score[i], w); err != nil {
			t.Fatalf("row %d label %d: %v", i, j, err)
		}
	}
	return m
}

// multilabelValue returns the value of a flattened key
// ("multilabel.per_label.2.roc_auc") of rep, and whether rep has it.
func multilabelValue(rep *MultilabelReport, key string) (float64, bool) {
	ptr := func(p *float64) (float64, bool) {
		if p == nil {
			return 0, false
		}
		return *p, true
	}
	switch key {
	case "dcg":
		return rep.DCG, true
	case "ndcg":
		return rep.NDCG, true
	case "label_ranking_average_precision":
		return ptr(rep.LRAP)
	case "coverage_error":
		return ptr(rep.CoverageError)
	case "label_ranking_loss":
		return ptr(rep.LabelRankingLoss)
	}
	ml := rep.Multilabel
	if ml == nil {
		return 0, false
	}
	parts := strings.Split(key, ".")
	if len(parts) == 4 && parts[1] == "per_label" {
		j, err := strconv.Atoi(parts[2])
		if err != nil || j >= len(ml.PerLabel) {
			return 0, false
		}
		if parts[3] == "roc_auc" {
			return ml.PerLabel[j].ROCAUC, true
		}
		return ml.PerLabel[j].AveragePrecision, true
	}
	if len(parts) != 3 {
		return 0, false
	}
	a := ml.ROCAUC
	if parts[1] == "average_precision" {
		a = ml.AveragePrecision
	}
	switch parts[2] {
	case "micro":
		return a.Micro, true
	case "macro":
		return a.Macro, true
	case "weighted":
		return a.Weighted, true
	case "samples":
		return a.Samples, true
	}
	return 0, false
}

// TestMultilabelGolden compares every measure of [Multilabel.Report] with
// scikit-learn 1.2.1 (testdata/multilabel.json.gz, written by
// tools/oracle/rank_multilabel.py) to 1e-12 relative: null where
// scikit-learn raises (a ROC AUC of one class).
func TestMultilabelGolden(t *testing.T) {
	var g multilabelGolden
	loadGz(t, "testdata/multilabel.json.gz", &g)
	if len(g.Cases) < 90 {
		t.Fatalf("only %d cases", len(g.Cases))
	}
	worst, where := 0.0, ""
	for _, c := range g.Cases {
		t.Run(c.Name, func(t *testing.T) {
			m := multilabelState(t, c.Graded, c.Truth, c.Score, c.Weight)
			L := len(c.Truth[0])
			names := make([]string, L)
			for j := range names {
				names[j] = fmt.Sprint("l", j)
			}
			for _, run := range c.Runs {
				rep, err := m.Report(names, names, MultilabelOptions{K: run.K, IgnoreTies: run.IgnoreTies, Graded: c.Graded})
				if err != nil {
					t.Fatal(err)
				}
				for key, want := range run.Expected {
					got, ok := multilabelValue(rep, key)
					if !ok {
						t.Errorf("k=%d: %s missing", run.K, key)
						continue
					}
					if want == nil {
						if !math.IsNaN(got) {
							t.Errorf("k=%d: %s = %v, want null", run.K, key, got)
						}
						continue
					}
					d := math.Abs(got-*want) / math.Max(1, math.Abs(*want))
					if d > worst {
						worst, where = d, c.Name+" "+key
					}
					if !(d <= 1e-12) {
						t.Errorf("k=%d ignore_ties=%v: %s = %.17g, want %.17g", run.K, run.IgnoreTies, key, got, *want)
					}
				}
			}
		})
	}
	t.Logf("largest difference from %s: %.3g (%s)", g.Source, worst, where)
}

// TestMultilabelChunks: states of consecutive parts merged in order give
// the report of one state, bit for bit, and the state does not depend on
// Reset reuse.
func TestMultilabelChunks(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for trial := range 20 {
		n, L := 2+rng.IntN(200), 2+rng.IntN(5)
		weighted := trial%2 == 1
		truth, score := make([][]float64, n), make([][]float64, n)
		var weight []float64
		for i := range n {
			truth[i], score[i] = make([]float64, L), make([]float64, L)
			for j := range L {
				truth[i][j] = float64(rng.IntN(2))
				score[i][j] = float64(rng.IntN(10)) / 10
			}
			if weighted {
				weight = append(weight, rng.Float64()*2)
			}
		}
		names := strings.Split("a,b,c,d,e,f", ",")[:L]
		whole, err := multilabelState(t, false, truth, score, weight).Report(names, names, MultilabelOptions{K: 2})
		if err != nil {
			t.Fatal(err)
		}
		merged := NewMultilabel(L, false, weighted)
		part := NewMultilabel(L, false, weighted)
		for lo := 0; lo < n; {
			hi := min(n, lo+1+rng.IntN(n/3+1))
			part.Reset()
			for i := lo; i < hi; i++ {
				w := 1.0
				if weighted {
					w = weight[i]
				}
				part.Add(truth[i], score[i], w)
			}
			merged.Merge(part)
			lo = hi
		}
		got, err := merged.Report(names, names, MultilabelOptions{K: 2})
		if err != nil {
			t.Fatal(err)
		}
		if a, b := fmt.Sprintf("%#v %#v", *whole.Multilabel, whole.DCG), fmt.Sprintf("%#v %#v", *got.Multilabel, got.DCG); a != b {
			t.Errorf("trial %d: merged %s, whole %s", trial, b, a)
		}
	}
}

// TestMultilabelErrors: refused values and the report's errors.
func TestMultilabelErrors(t *testing.T) {
	m := NewMultilabel(2, false, true)
	for _, c := range []struct {
		truth, score []float64
		w            float64
		at           int
		want         error
	}{
		{[]float64{0, 2}, []float64{1, 2}, 1, 1, ErrNotBinary},
		{[]float64{0, 1}, []float64{math.NaN(), 2}, 1, 0, ErrNotFinite},
		{[]float64{0, 1}, []float64{1, 2}, -1, -1, ErrNegativeWeight},
	} {
		j, err := m.Add(c.truth, c.score, c.w)
		if !errors.Is(err, c.want) || j != c.at {
			t.Errorf("Add(%v, %v, %v) = %d, %v; want %d, %v", c.truth, c.score, c.w, j, err, c.at, c.want)
		}
	}
	if m.Rows() != 0 {
		t.Errorf("refused rows were added")
	}
	g := NewMultilabel(2, true, false)
	if _, err := g.Add([]float64{3, -1}, []float64{1, 2}, 1); !errors.Is(err, ErrNegativeRelevance) {
		t.Errorf("negative relevance: %v", err)
	}
	if _, err := g.Report([]string{"a", "b"}, []string{"a", "b"}, MultilabelOptions{Graded: true}); !errors.Is(err, ErrEmpty) {
		t.Errorf("no rows: %v", err)
	}
	one := NewMultilabel(1, false, false)
	one.Add([]float64{1}, []float64{1}, 1)
	if _, err := one.Report([]string{"a"}, []string{"a"}, MultilabelOptions{}); !errors.Is(err, ErrTooFewLabels) {
		t.Errorf("one label: %v", err)
	}
	m.Add([]float64{0, 1}, []float64{1, 2}, 0)
	if _, err := m.Report([]string{"a", "b"}, []string{"a", "b"}, MultilabelOptions{}); !errors.Is(err, ErrEmpty) {
		t.Errorf("zero weight: %v", err)
	}
}
