package demo

import (
	"fmt"

	"github.com/evalkit-go/evalkit/learn"
	"github.com/evalkit-go/evalkit/learn/datasets"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/resample"
)

// classificationMeasures are the measures reported per fold.
func classificationMeasures(classes int) []resample.Measure {
	return resample.DefaultMeasures(learn.Data{Classes: classes})
}

// regressionMeasures are the regression measures reported per fold.
func regressionMeasures() []resample.Measure {
	return resample.DefaultMeasures(learn.Data{})
}

// Score summarises one learner's pooled out-of-fold probabilities of a
// binary data set (package rank).
type Score struct {
	Learner          string  `json:"learner"`
	AUC              float64 `json:"roc_auc"`
	AUCLow           float64 `json:"roc_auc_ci_low"` // DeLong 95 % interval
	AUCHigh          float64 `json:"roc_auc_ci_high"`
	AveragePrecision float64 `json:"average_precision"`
	BEP              float64 `json:"bep"`
	LogLoss          float64 `json:"log_loss"`
	Brier            float64 `json:"brier"`
}

// DeLong is DeLong's test of two correlated AUCs.
type DeLong struct {
	A, B      string  `json:"-"`
	Learners  string  `json:"learners"`
	AUCA      float64 `json:"auc_a"`
	AUCB      float64 `json:"auc_b"`
	Statistic float64 `json:"statistic"`
	PValue    float64 `json:"p_value"`
}

// Comparison holds the score summaries and statistical comparisons.
type Comparison struct {
	Dataset string  `json:"dataset"`
	Scores  []Score `json:"scores"`
	DeLong  *DeLong `json:"delong,omitempty"`
}

// extras adds the sections that come from the measure and test
// packages: ROC/PR summaries of the pooled out-of-fold probabilities and
// DeLong's test of two AUCs (rank).
func extras(rep *Report, oof map[string]map[string]*resample.Predictions, cls []datasets.Set) error {
	bc := cls[0].Name
	cmp := &Comparison{Dataset: bc}
	for _, l := range classifiers() {
		p := oof[bc][l.name]
		t, err := resample.ScoreTable(*p)
		if err != nil {
			return fmt.Errorf("%s, %s: %w", bc, l.name, err)
		}
		s := Score{Learner: l.name}
		var errs [5]error
		s.AUC, s.AUCLow, s.AUCHigh, errs[0] = t.AUCCI(0.95)
		s.AveragePrecision, errs[1] = t.AveragePrecision()
		s.BEP, errs[2] = t.BEP()
		s.LogLoss, errs[3] = t.LogLoss()
		s.Brier, errs[4] = t.Brier()
		for _, err := range errs {
			if err != nil {
				rep.Warnings = append(rep.Warnings, fmt.Sprintf("%s, %s: %v", bc, l.name, err))
			}
		}
		cmp.Scores = append(cmp.Scores, s)
	}
	a, b := oof[bc]["logistic"], oof[bc]["knn5"]
	pos := make([]bool, len(a.Y))
	sa := make([]float64, len(a.Y))
	sb := make([]float64, len(a.Y))
	for i := range a.Y {
		pos[i], sa[i], sb[i] = a.Y[i] == 1, a.Proba[i][1], b.Proba[i][1]
	}
	dl, err := rank.DeLongTest(pos, sa, sb)
	if err != nil {
		return fmt.Errorf("DeLong test: %w", err)
	}
	cmp.DeLong = &DeLong{A: "logistic", B: "knn5", Learners: "logistic vs knn5", AUCA: dl.AUCA, AUCB: dl.AUCB, Statistic: dl.Z, PValue: dl.P}
	rep.Scores = cmp

	return nil
}

// scoreBlocks lays out the score summaries and DeLong's test for text.
func scoreBlocks(r *Report) []report.Block {
	cmp := r.Scores
	if cmp == nil {
		return nil
	}
	pos := ""
	for _, d := range r.Datasets {
		if d.Name == cmp.Dataset && len(d.Classes) > 1 {
			pos = d.Classes[1]
		}
	}
	t := &report.Table{Title: fmt.Sprintf("%s: ROC and precision–recall summary of the pooled out-of-fold probabilities (positive class: %s)", cmp.Dataset, pos),
		Header: []string{"learner", "ROC AUC", "95% CI (DeLong)", "average precision", "BEP", "log loss", "Brier"}}
	for _, s := range cmp.Scores {
		t.Rows = append(t.Rows, report.Row(s.Learner, report.Sig(s.AUC), report.Sig(s.AUCLow)+"–"+report.Sig(s.AUCHigh),
			report.Sig(s.AveragePrecision), report.Sig(s.BEP), report.Sig(s.LogLoss), report.Sig(s.Brier)))
	}
	d := cmp.DeLong
	return []report.Block{t, report.Note(fmt.Sprintf(
		"DeLong's test of the two correlated AUCs, %s: %s vs %s, z = %s, p = %s.",
		d.Learners, report.Sig(d.AUCA), report.Sig(d.AUCB), report.Sig(d.Statistic), report.Sig(d.PValue)))}
}
