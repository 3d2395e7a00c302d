package main

import (
	"fmt"
	"math"
	"strings"

	"github.com/evalkit-go/evalkit/figure"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/learn/datasets"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/resample"
)

// demoTests are the significance tests of the demo (package hyptest).
type demoTests struct {
	Dataset  string        `json:"dataset"`
	Learners [2]string     `json:"learners"`
	McNemar  demoMcNemar   `json:"mcnemar"`
	CV5x2    demoCV5x2     `json:"cv5x2"`
	Friedman *demoFriedman `json:"friedman"`
}

type demoMcNemar struct {
	N01         int64   `json:"n01"` // first learner wrong, second right
	N10         int64   `json:"n10"`
	Statistic   float64 `json:"statistic"` // χ² with continuity correction
	PValue      float64 `json:"p_value"`
	ExactPValue float64 `json:"exact_p_value"`
}

type demoCV5x2 struct {
	ErrorsA   []float64 `json:"errors_a"` // replication 1 fold 1, replication 1 fold 2, …
	ErrorsB   []float64 `json:"errors_b"`
	Statistic float64   `json:"statistic"`
	PValue    float64   `json:"p_value"`
}

type demoFriedman struct {
	Measure        string             `json:"measure"`
	Datasets       []string           `json:"datasets"`
	Learners       []string           `json:"learners"`
	AvgRanks       map[string]float64 `json:"avg_ranks"`
	Statistic      float64            `json:"statistic"`
	PValue         float64            `json:"p_value"`
	ImanDavenport  float64            `json:"iman_davenport"`
	ImanDavenportP float64            `json:"iman_davenport_p_value"`
	CD             float64            `json:"cd"`
	NemenyiP       [][]float64        `json:"nemenyi_p"`
	ranks          []float64
}

// demoSignificance runs McNemar's test and the 5×2cv t-test of two learners
// on breast cancer and the Friedman test with Nemenyi's post-hoc test of all
// classifiers across the three classification data sets.
func demoSignificance(rep *demoReport, oof map[string]map[string]*resample.Predictions, cls []datasets.Set, seed uint64, cfg func(string) resample.Config) error {
	bc := cls[0]
	la, lb := "logistic", "naive_bayes"
	tests := &demoTests{Dataset: bc.Name, Learners: [2]string{la, lb}}
	a, b := oof[bc.Name][la], oof[bc.Name][lb]
	n01, n10 := hyptest.Discordant(a.Y, a.Pred, b.Pred)
	mc, err := hyptest.McNemar(n01, n10, hyptest.McNemarOptions{})
	if err != nil {
		return fmt.Errorf("McNemar: %w", err)
	}
	mx, err := hyptest.McNemar(n01, n10, hyptest.McNemarOptions{Exact: true})
	if err != nil {
		return fmt.Errorf("McNemar: %w", err)
	}
	tests.McNemar = demoMcNemar{N01: n01, N10: n10, Statistic: mc.Statistic, PValue: mc.PValue, ExactPValue: mx.PValue}

	reps, err := resample.RepeatedStratifiedKFold(classCodes(bc.Data), 2, 5, seed)
	if err != nil {
		return err
	}
	learners := map[string]demoLearner{}
	for _, l := range demoClassifiers() {
		learners[l.name] = l
	}
	for _, f := range reps {
		for _, name := range []string{la, lb} {
			cv, err := resample.CrossValidate(learners[name].new, bc.Data, f.Splits(), []resample.Measure{resample.ZeroOneLoss.Measure()}, cfg("5×2cv of "+name))
			if err != nil {
				return fmt.Errorf("5×2cv, %s: %w", name, err)
			}
			for _, row := range cv.PerSplit {
				if name == la {
					tests.CV5x2.ErrorsA = append(tests.CV5x2.ErrorsA, row[0])
				} else {
					tests.CV5x2.ErrorsB = append(tests.CV5x2.ErrorsB, row[0])
				}
			}
		}
	}
	c5, err := hyptest.CV5x2(tests.CV5x2.ErrorsA, tests.CV5x2.ErrorsB)
	if err != nil {
		return fmt.Errorf("5×2cv: %w", err)
	}
	tests.CV5x2.Statistic, tests.CV5x2.PValue = c5.Statistic, c5.PValue

	// Friedman over the data sets, on mean accuracy
	fr := &demoFriedman{Measure: "accuracy", AvgRanks: map[string]float64{}}
	for _, l := range demoClassifiers() {
		fr.Learners = append(fr.Learners, l.name)
	}
	var scores [][]float64
	for _, s := range cls {
		fr.Datasets = append(fr.Datasets, s.Name)
		row := make([]float64, len(fr.Learners))
		for _, c := range rep.Classification {
			if c.Dataset != s.Name {
				continue
			}
			for j, name := range fr.Learners {
				if c.Learner == name {
					row[j] = c.Summary[0].Mean // accuracy is the first measure
				}
			}
		}
		scores = append(scores, row)
	}
	res, err := hyptest.Friedman(scores, hyptest.FriedmanOptions{})
	if err != nil {
		return fmt.Errorf("Friedman: %w", err)
	}
	for j, name := range fr.Learners {
		fr.AvgRanks[name] = res.AvgRanks[j]
	}
	fr.ranks = res.AvgRanks
	fr.Statistic, fr.PValue = res.ChiSquare, res.PValue
	fr.ImanDavenport, fr.ImanDavenportP = res.ImanDavenport, res.ImanDavenportP
	fr.CD, fr.NemenyiP = res.CD, res.NemenyiP
	tests.Friedman = fr
	rep.Tests = tests
	rep.Warnings = append(rep.Warnings, res.Warnings...)
	return nil
}

// significanceBlocks renders the tests for people.
func significanceBlocks(t *demoTests) []report.Block {
	m := t.McNemar
	c := t.CV5x2
	p := &report.Pairs{Title: fmt.Sprintf("Is %s better than %s on %s?", t.Learners[0], t.Learners[1], t.Dataset)}
	p.Add("McNemar, out-of-fold predictions", fmt.Sprintf("n01 = %d (%s wrong, %s right), n10 = %d", m.N01, t.Learners[0], t.Learners[1], m.N10))
	p.Add("  χ² with continuity correction", fmt.Sprintf("%s, p = %s (exact binomial p = %s)", report.Sig(m.Statistic), report.Sig(m.PValue), report.Sig(m.ExactPValue)))
	p.Add("5×2cv paired t-test (Dietterich)", fmt.Sprintf("t = %s, p = %s (5 df; error rates of 5 replications of 2-fold CV)", report.Sig(c.Statistic), report.Sig(c.PValue)))
	f := t.Friedman
	ft := &report.Table{Title: fmt.Sprintf("Friedman test of the %d classifiers across %s (mean cross-validated %s; rank 1 = best)", len(f.Learners), strings.Join(f.Datasets, ", "), f.Measure),
		Header: []string{"learner", "average rank"}}
	for j, name := range f.Learners {
		ft.Rows = append(ft.Rows, []string{name, report.Sig(f.ranks[j])})
	}
	fp := &report.Pairs{}
	fp.Add("Friedman χ²_F", fmt.Sprintf("%s, p = %s", report.Sig(f.Statistic), report.Sig(f.PValue)))
	fp.Add("Iman–Davenport τ_F", fmt.Sprintf("%s, p = %s", report.Sig(f.ImanDavenport), report.Sig(f.ImanDavenportP)))
	fp.Add("Nemenyi critical difference (α = 0.05)", report.Sig(f.CD))
	var sig []string
	for i := range f.Learners {
		for j := i + 1; j < len(f.Learners); j++ {
			if f.NemenyiP[i][j] < 0.05 {
				sig = append(sig, fmt.Sprintf("%s–%s (p = %s)", f.Learners[i], f.Learners[j], report.Sig(f.NemenyiP[i][j])))
			}
		}
	}
	if len(sig) == 0 {
		fp.Add("pairs differing at α = 0.05", "none")
	} else {
		fp.Add("pairs differing at α = 0.05", strings.Join(sig, ", "))
	}
	note := report.Note("McNemar's test sees one run of cross-validation, so it ignores how much the models change with\n" +
		"the training set; Dietterich's 5×2cv test accounts for that and is more cautious. With few data\n" +
		"sets the Nemenyi test has little power: two learners differ only if their average ranks are\n" +
		"more than the critical difference apart.")
	return []report.Block{p, ft, fp, note}
}

// saveCD writes the critical-difference diagram.
func saveCD(dir string, f *demoFriedman) error {
	cliques := hyptest.Cliques(f.ranks, func(a, b int) bool { return math.Abs(f.ranks[a]-f.ranks[b]) >= f.CD })
	fig := figure.CDDiagram("Nemenyi test, accuracy", f.Learners, f.ranks, f.CD, cliques,
		"Average rank 1 is the highest accuracy; learners joined by a thick bar differ by less than the critical difference.")
	return saveFigures(dir, []string{"cd_diagram"}, []*figure.Figure{fig})
}
