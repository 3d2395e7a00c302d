package task

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/classify"
	"github.com/evalkit-go/evalkit/rank"
)

// sklearnMultiCase is a case of testdata/rank_multi_sklearn.json, written
// by tools/oracle/rank_multiclass_argmax.py from scikit-learn 1.2.1: rows
// of probabilities of which every other one does not sum to 1.
type sklearnMultiCase struct {
	Name     string      `json:"name"`
	Classes  []string    `json:"classes"`
	Y        []int64     `json:"y"`
	P        [][]float64 `json:"p"`
	Weight   []float64   `json:"weight"`
	Expected struct {
		LogLoss   float64     `json:"log_loss"`
		OvRMacro  float64     `json:"roc_auc_ovr_macro"`
		Accuracy  float64     `json:"accuracy"`
		Confusion [][]float64 `json:"confusion"`
		Precision []float64   `json:"precision"`
		Recall    []float64   `json:"recall"`
		F1        []float64   `json:"f1"`
	} `json:"expected"`
}

func loadSklearnMulti(t *testing.T) []sklearnMultiCase {
	t.Helper()
	b, err := os.ReadFile("testdata/rank_multi_sklearn.json")
	if err != nil {
		t.Fatal(err)
	}
	var g struct{ Cases []sklearnMultiCase }
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	if len(g.Cases) == 0 {
		t.Fatal("no cases")
	}
	return g.Cases
}

// readSklearnMulti reads a case through RankMulti.ReadArrays.
func readSklearnMulti(c sklearnMultiCase, renormalize bool) (*rank.Multiclass, error) {
	k := len(c.Classes)
	cols := make([][]float64, k)
	names := make([]string, k)
	for j := range cols {
		names[j] = "p_" + c.Classes[j]
		for _, row := range c.P {
			cols[j] = append(cols[j], row[j])
		}
	}
	t := &RankMulti{True: "y", Classes: c.Classes, Scores: names, Renormalize: renormalize}
	return t.ReadArrays("x", Labels{Names: c.Classes, Codes: c.Y}, cols, c.Weight)
}

// TestRankMultiRenormalize: with Renormalize, rows that do not sum to 1
// are divided by their sums; log loss equals scikit-learn's log_loss of
// the rows as they are, the one-vs-rest AUC its roc_auc_score of the
// rescaled rows. Without it, the first such row is an error naming it,
// its sum and the option.
func TestRankMultiRenormalize(t *testing.T) {
	worst := 0.0
	for _, c := range loadSklearnMulti(t) {
		m, err := readSklearnMulti(c, true)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		ll, err := m.LogLoss()
		if err != nil {
			t.Fatal(err)
		}
		a, err := m.AUC()
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range [][2]float64{{ll, c.Expected.LogLoss}, {a.OvRMacro, c.Expected.OvRMacro}} {
			diff := math.Abs(d[0] - d[1])
			worst = max(worst, diff)
			if diff > 1e-12 {
				t.Errorf("%s: got %v, scikit-learn %v", c.Name, d[0], d[1])
			}
		}
		first := -1
		for i, row := range c.P {
			if _, ok := rank.ProbabilitySum(row); !ok && first < 0 {
				first = i
			}
		}
		_, err = readSklearnMulti(c, false)
		var re *RowError
		if !errors.Is(err, rank.ErrNotProbability) || !errors.As(err, &re) || re.Row != first ||
			!strings.Contains(err.Error(), "task.RankMulti.Renormalize") || !strings.Contains(err.Error(), "sum to ") {
			t.Errorf("%s: without Renormalize: %v", c.Name, err)
		}
	}
	t.Logf("largest difference from scikit-learn: %.3g", worst)
}

func TestRankMultiRenormalizeZero(t *testing.T) {
	tk := &RankMulti{True: "y", Classes: []string{"a", "b"}, Scores: []string{"pa", "pb"}, Renormalize: true}
	_, err := tk.ReadArrays("x", Labels{Names: []string{"a", "b"}, Codes: []int64{0, 1}}, [][]float64{{1, 0}, {0, 0}}, nil)
	if !errors.Is(err, rank.ErrNotProbability) || !strings.Contains(err.Error(), "sum to 0") {
		t.Errorf("got %v", err)
	}
}

// TestRankMultiArgmax: the arg-max prediction's measures of the
// multiclass report (rank.MulticlassReport.Accuracy, ConfusionMatrix and
// each class's Precision, Recall, F1), and classify's report of its
// confusion matrix, give scikit-learn's accuracy_score,
// confusion_matrix and precision_recall_fscore_support(zero_division=0)
// of numpy.argmax(p) (ties to the first class), rows rescaled or not,
// weighted or not.
func TestRankMultiArgmax(t *testing.T) {
	worst := 0.0
	for _, c := range loadSklearnMulti(t) {
		m, err := readSklearnMulti(c, true)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		rep, err := classify.NewReport(c.Classes, m.Argmax, classify.Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		mr, err := rank.NewMulticlassReport(m, c.Classes, rank.DefaultOptions())
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		check := func(what string, got, want float64) {
			d := math.Abs(got - want)
			worst = max(worst, d)
			if d > 1e-12 {
				t.Errorf("%s: %s = %v, scikit-learn %v", c.Name, what, got, want)
			}
		}
		check("accuracy", rep.Accuracy, c.Expected.Accuracy)
		check("rank accuracy", *mr.Accuracy, c.Expected.Accuracy)
		for i := range c.Classes {
			for j := range c.Classes {
				check(fmt.Sprintf("confusion[%d][%d]", i, j), rep.ConfusionMatrix[i][j], c.Expected.Confusion[i][j])
				check(fmt.Sprintf("rank confusion[%d][%d]", i, j), mr.ConfusionMatrix[i][j], c.Expected.Confusion[i][j])
			}
			pc := rep.PerClass[i]
			check("precision "+c.Classes[i], pc.Precision, c.Expected.Precision[i])
			check("recall "+c.Classes[i], pc.Recall, c.Expected.Recall[i])
			check("f1 "+c.Classes[i], pc.F1, c.Expected.F1[i])
			rc := mr.PerClass[i]
			check("rank precision "+c.Classes[i], *rc.Precision, c.Expected.Precision[i])
			check("rank recall "+c.Classes[i], *rc.Recall, c.Expected.Recall[i])
			check("rank f1 "+c.Classes[i], *rc.F1, c.Expected.F1[i])
		}
	}
	t.Logf("largest difference from scikit-learn: %.3g", worst)
}
