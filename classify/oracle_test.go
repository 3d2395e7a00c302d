package classify

import (
	"encoding/json"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/internal/golden"
	"github.com/evalkit-go/evalkit/result"
)

// OracleCase is one golden case of testdata/sklearn_cases.json, produced by
// tools/oracle/classify_cases.py with scikit-learn 1.2.1 (see its "source").
type OracleCase struct {
	Name         string          `json:"name"`
	YTrue        []string        `json:"y_true"`
	YPred        []string        `json:"y_pred"`
	Weights      []float64       `json:"weights"`
	Labels       []string        `json:"labels"`
	Beta         float64         `json:"beta"`
	ZeroDivision string          `json:"zero_division"`
	PosLabel     *string         `json:"pos_label"`
	Expected     json.RawMessage `json:"expected"`
}

func loadOracle(t *testing.T) []OracleCase {
	t.Helper()
	b, err := os.ReadFile("testdata/sklearn_cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Source string       `json:"source"`
		Cases  []OracleCase `json:"cases"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Cases) < 200 || !strings.HasPrefix(doc.Source, "scikit-learn") {
		t.Fatalf("golden file: %d cases from %q", len(doc.Cases), doc.Source)
	}
	return doc.Cases
}

// Tolerances for every comparison with scikit-learn: 1e-9 relative, and
// 1e-12 absolute for values that are 0 in exact arithmetic (kappa, MCC and
// weighted sums can leave 1e-16 residues on either side).
const relTol, absTol = 1e-9, 1e-12

func TestScikitLearnOracle(t *testing.T) {
	for _, c := range loadOracle(t) {
		t.Run(c.Name, func(t *testing.T) {
			z, err := ParseZeroDivision(c.ZeroDivision)
			if err != nil {
				t.Fatal(err)
			}
			opt := Options{Labels: c.Labels, Beta: c.Beta, ZeroDivision: z}
			if c.PosLabel != nil {
				opt.PosLabel = *c.PosLabel
			}
			rep, err := Evaluate(c.YTrue, c.YPred, c.Weights, opt)
			if err != nil {
				t.Fatal(err)
			}
			got, err := result.JSON(rep, "")
			if err != nil {
				t.Fatal(err)
			}
			diffs, err := golden.Diff(got, c.Expected, relTol, absTol)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range diffs {
				t.Error(d)
			}
		})
	}
}

// MultilabelCase is one case of testdata/sklearn_multilabel.json
// (scikit-learn 1.2.1, tools/oracle/classify_multilabel.py).
type MultilabelCase struct {
	Name         string          `json:"name"`
	YTrue        [][]string      `json:"y_true"`
	YPred        [][]string      `json:"y_pred"`
	Weights      []float64       `json:"weights"`
	Labels       []string        `json:"labels"`
	Beta         float64         `json:"beta"`
	ZeroDivision string          `json:"zero_division"`
	Expected     json.RawMessage `json:"expected"`
}

func bytesOf(xs []string) [][]byte {
	out := make([][]byte, len(xs))
	for i, x := range xs {
		out[i] = []byte(x)
	}
	return out
}

func TestScikitLearnMultilabelOracle(t *testing.T) {
	b, err := os.ReadFile("testdata/sklearn_multilabel.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Cases []MultilabelCase `json:"cases"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	for _, c := range doc.Cases {
		t.Run(c.Name, func(t *testing.T) {
			z, _ := ParseZeroDivision(c.ZeroDivision)
			// Tally in two halves and merge, which must not matter.
			half := len(c.YTrue) / 2
			m, m2 := NewMultilabel(c.Labels, c.Beta), NewMultilabel(c.Labels, c.Beta)
			for i := range c.YTrue {
				w := 1.0
				if c.Weights != nil {
					w = c.Weights[i]
				}
				dst := m
				if i >= half {
					dst = m2
				}
				if _, ok := dst.Add(bytesOf(c.YTrue[i]), bytesOf(c.YPred[i]), w); !ok {
					t.Fatal("label outside the list")
				}
			}
			m.Merge(m2)
			rep, err := m.Report(z)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := result.JSON(rep, "")
			diffs, err := golden.Diff(got, c.Expected, relTol, absTol)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range diffs {
				t.Error(d)
			}
		})
	}
}

// TestScikitLearnBetaInf checks β = +Inf against testdata/sklearn_beta_inf.json
// (scikit-learn 1.2.1 precision_recall_fscore_support(beta=inf),
// tools/oracle/classify_beta_inf.py).
func TestScikitLearnBetaInf(t *testing.T) {
	b, err := os.ReadFile("testdata/sklearn_beta_inf.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Source string `json:"source"`
		Cases  []struct {
			OracleCase
			Beta string `json:"beta"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Cases) < 50 || !strings.HasPrefix(doc.Source, "scikit-learn") {
		t.Fatalf("golden file: %d cases from %q", len(doc.Cases), doc.Source)
	}
	for _, c := range doc.Cases {
		t.Run(c.Name, func(t *testing.T) {
			z, err := ParseZeroDivision(c.ZeroDivision)
			if err != nil {
				t.Fatal(err)
			}
			opt := Options{Labels: c.Labels, Beta: math.Inf(1), ZeroDivision: z}
			if c.PosLabel != nil {
				opt.PosLabel = *c.PosLabel
			}
			rep, err := Evaluate(c.YTrue, c.YPred, c.Weights, opt)
			if err != nil {
				t.Fatal(err)
			}
			if got := rep.Signature.String(); !strings.Contains(got, "beta:inf") {
				t.Errorf("signature %s lacks beta:inf", got)
			}
			got, err := result.JSON(rep, "")
			if err != nil {
				t.Fatal(err)
			}
			diffs, err := golden.Diff(got, c.Expected, relTol, absTol)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range diffs {
				t.Error(d)
			}
		})
	}
}

// TestScikitLearnNormalize checks ConfusionMatrixNormalized against
// testdata/sklearn_normalize.json (scikit-learn 1.2.1
// confusion_matrix(normalize=…), tools/oracle/classify_normalize.py).
func TestScikitLearnNormalize(t *testing.T) {
	b, err := os.ReadFile("testdata/sklearn_normalize.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Source string `json:"source"`
		Cases  []struct {
			OracleCase
			Normalize string `json:"normalize"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Cases) < 60 || !strings.HasPrefix(doc.Source, "scikit-learn") {
		t.Fatalf("golden file: %d cases from %q", len(doc.Cases), doc.Source)
	}
	for _, c := range doc.Cases {
		t.Run(c.Name, func(t *testing.T) {
			how, err := ParseNormalization(c.Normalize)
			if err != nil {
				t.Fatal(err)
			}
			rep, err := Evaluate(c.YTrue, c.YPred, c.Weights, Options{Labels: c.Labels, Normalize: how})
			if err != nil {
				t.Fatal(err)
			}
			got, err := result.JSON(rep, "")
			if err != nil {
				t.Fatal(err)
			}
			diffs, err := golden.Diff(got, c.Expected, relTol, absTol)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range diffs {
				t.Error(d)
			}
		})
	}
}

// Options.Labels naming a subset of the labels (some left out, some absent,
// shuffled), with and without weights and a positive label inside or
// outside the list: testdata/sklearn_labels_subset.json (scikit-learn
// 1.2.1 with labels=, tools/oracle/classify_labels_subset.py). Each case
// is evaluated in one call, and again in two halves tallied apart and
// merged, and through the several-model state (the same report).
func TestScikitLearnLabelSubset(t *testing.T) {
	b, err := os.ReadFile("testdata/sklearn_labels_subset.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Source string       `json:"source"`
		Cases  []OracleCase `json:"cases"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Cases) < 100 || !strings.HasPrefix(doc.Source, "scikit-learn") {
		t.Fatalf("golden file: %d cases from %q", len(doc.Cases), doc.Source)
	}
	for _, c := range doc.Cases {
		t.Run(c.Name, func(t *testing.T) {
			z, err := ParseZeroDivision(c.ZeroDivision)
			if err != nil {
				t.Fatal(err)
			}
			opt := Options{Labels: c.Labels, Beta: c.Beta, ZeroDivision: z}
			if c.PosLabel != nil {
				opt.PosLabel = *c.PosLabel
			}
			check := func(how string, rep *Report) {
				t.Helper()
				got, err := result.JSON(rep, "")
				if err != nil {
					t.Fatal(err)
				}
				diffs, err := golden.Diff(got, c.Expected, relTol, absTol)
				if err != nil {
					t.Fatal(err)
				}
				for _, d := range diffs {
					t.Errorf("%s: %s", how, d)
				}
			}
			rep, err := Evaluate(c.YTrue, c.YPred, c.Weights, opt)
			if err != nil {
				t.Fatal(err)
			}
			check("evaluate", rep)

			half := len(c.YTrue) / 2
			a, b := NewTally(c.Labels), NewTally(c.Labels)
			ms := NewModels(1, c.Labels)
			for i := range c.YTrue {
				w := -1.0
				if c.Weights != nil {
					w = c.Weights[i]
				}
				tl := a
				if i >= half {
					tl = b
				}
				tl.Add([]byte(c.YTrue[i]), []byte(c.YPred[i]), w)
				ms.Add([]byte(c.YTrue[i]), [][]byte{[]byte(c.YPred[i])}, w)
			}
			enc, _ := b.MarshalBinary()
			var b2 Tally
			if err := b2.UnmarshalBinary(enc); err != nil {
				t.Fatal(err)
			}
			a.Merge(&b2)
			labels, conf := a.Sorted()
			merged, err := NewReport(labels, conf, opt)
			if err != nil {
				t.Fatal(err)
			}
			check("merged", merged)
			mr, err := NewModelsReport(ms, []string{"m"}, opt, board.Options{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			check("models", mr.Models[0].Report.(*Report))
		})
	}
}
