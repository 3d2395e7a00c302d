package demo

import (
	"fmt"
	"strings"

	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/learn/datasets"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/resample"
)

// Tests are the significance tests of the demo (package hyptest).
type Tests struct {
	Dataset  string    `json:"dataset"`
	Learners [2]string `json:"learners"`
	McNemar  McNemar   `json:"mcnemar"`
	CV5x2    CV5x2     `json:"cv5x2"`
	Friedman *Friedman `json:"friedman"`
}

// McNemar is McNemar's test of the out-of-fold predictions of two
// learners, in the χ² form with continuity correction and the exact form.
type McNemar struct {
	N01         int64   `json:"n01"` // first learner wrong, second right
	N10         int64   `json:"n10"`
	Statistic   float64 `json:"statistic"` // χ² with continuity correction
	PValue      float64 `json:"p_value"`
	ExactPValue float64 `json:"exact_p_value"`
}

// CV5x2 is Dietterich's 5×2cv paired t-test of two learners' error rates.
type CV5x2 struct {
	ErrorsA   []float64 `json:"errors_a"` // replication 1 fold 1, replication 1 fold 2, …
	ErrorsB   []float64 `json:"errors_b"`
	Statistic float64   `json:"statistic"`
	PValue    float64   `json:"p_value"`
}

// Friedman is the Friedman test of the classifiers across the data sets,
// with the Nemenyi post-hoc test.
type Friedman struct {
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
}

// ranks returns the average ranks in the order of the learners.
func (f *Friedman) ranks() []float64 {
	r := make([]float64, len(f.Learners))
	for j, name := range f.Learners {
		r[j] = f.AvgRanks[name]
	}
	return r
}

// significance runs McNemar's test and the 5×2cv t-test of two learners
// on breast cancer and the Friedman test with Nemenyi's post-hoc test of all
// classifiers across the three classification data sets.
func significance(rep *Report, oof map[string]map[string]*resample.Predictions, cls []datasets.Set, seed uint64, cfg func(string) resample.Config) error {
	bc := cls[0]
	la, lb := "logistic", "naive_bayes"
	tests := &Tests{Dataset: bc.Name, Learners: [2]string{la, lb}}
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
	tests.McNemar = McNemar{N01: n01, N10: n10, Statistic: mc.Statistic, PValue: mc.PValue, ExactPValue: mx.PValue}

	reps, err := resample.RepeatedStratifiedKFold(classCodes(bc.Data), 2, 5, seed)
	if err != nil {
		return err
	}
	learners := map[string]learner{}
	for _, l := range classifiers() {
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
	fr := &Friedman{Measure: "accuracy", AvgRanks: map[string]float64{}}
	for _, l := range classifiers() {
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
	fr.Statistic, fr.PValue = res.ChiSquare, res.PValue
	fr.ImanDavenport, fr.ImanDavenportP = res.ImanDavenport, res.ImanDavenportP
	fr.CD, fr.NemenyiP = res.CD, res.NemenyiP
	tests.Friedman = fr
	rep.Tests = tests
	rep.Warnings = append(rep.Warnings, res.Warnings...)
	return nil
}

// significanceBlocks renders the tests for people.
func significanceBlocks(t *Tests) []report.Block {
	m := t.McNemar
	c := t.CV5x2
	p := &report.Pairs{Title: fmt.Sprintf("Is %s better than %s on %s?", t.Learners[0], t.Learners[1], t.Dataset)}
	p.Add("McNemar, out-of-fold predictions", fmt.Sprintf("n01 = %d (%s wrong, %s right), n10 = %d", m.N01, t.Learners[0], t.Learners[1], m.N10))
	p.Add("  χ² with continuity correction", fmt.Sprintf("%s, p = %s (exact binomial p = %s)", report.Sig(m.Statistic), report.Sig(m.PValue), report.Sig(m.ExactPValue)))
	p.Add("5×2cv paired t-test (Dietterich)", fmt.Sprintf("t = %s, p = %s (5 df; error rates of 5 replications of 2-fold CV)", report.Sig(c.Statistic), report.Sig(c.PValue)))
	f := t.Friedman
	ft := &report.Table{Title: fmt.Sprintf("Friedman test of the %d classifiers across %s (mean cross-validated %s; rank 1 = best)", len(f.Learners), strings.Join(f.Datasets, ", "), f.Measure),
		Header: []string{"learner", "average rank"}}
	for _, name := range f.Learners {
		ft.Rows = append(ft.Rows, report.Row(name, report.Sig(f.AvgRanks[name])))
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
