package demo

import (
	"fmt"
	"io"
	"strings"

	"github.com/evalkit-go/evalkit/learn"
	"github.com/evalkit-go/evalkit/learn/datasets"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/resample"
	"github.com/evalkit-go/evalkit/result"
)

// learner is a named built-in learner.
type learner struct {
	name string
	new  func() learn.Model
}

// classifiers are the demo's classifiers, in the order of its tables.
func classifiers() []learner {
	return []learner{
		{"majority", func() learn.Model { return &learn.Baseline{} }},
		{"naive_bayes", func() learn.Model { return &learn.GaussianNB{} }},
		{"logistic", func() learn.Model { return learn.Standardize(&learn.Logistic{C: 1}) }},
		{"knn5", func() learn.Model { return learn.Standardize(&learn.KNN{K: 5}) }},
		{"stump", func() learn.Model { return &learn.Tree{MaxDepth: 1} }},
		{"tree3", func() learn.Model { return &learn.Tree{MaxDepth: 3} }},
	}
}

// regressors are the demo's regressors, in the order of its tables.
func regressors() []learner {
	return []learner{
		{"mean", func() learn.Model { return &learn.Baseline{} }},
		{"linear", func() learn.Model { return &learn.Linear{} }},
		{"ridge10", func() learn.Model { return learn.Standardize(&learn.Linear{Alpha: 10}) }},
		{"knn10", func() learn.Model { return learn.Standardize(&learn.KNN{K: 10}) }},
		{"tree3", func() learn.Model { return &learn.Tree{MaxDepth: 3} }},
	}
}

// Dataset describes one embedded data set.
type Dataset struct {
	Name     string   `json:"name"`
	Rows     int      `json:"rows"`
	Features int      `json:"features"`
	Classes  []string `json:"classes,omitempty"`
	Target   string   `json:"target"`
}

// CV is one learner cross-validated on one data set.
type CV struct {
	Dataset  string             `json:"dataset"`
	Learner  string             `json:"learner"`
	Measures []string           `json:"measures"`
	PerFold  [][]float64        `json:"per_fold"`
	Summary  []resample.Summary `json:"summary"`
}

// Curve is the learning curve of one learner on one data set: the
// training and validation scores of Measure at growing training sizes.
type Curve struct {
	Dataset string                `json:"dataset"`
	Learner string                `json:"learner"`
	Measure string                `json:"measure"`
	Points  []resample.CurvePoint `json:"points"`
}

// BiasVariance is the bias–variance decomposition of one learner's loss
// on one data set.
type BiasVariance struct {
	Dataset string `json:"dataset"`
	Learner string `json:"learner"`
	resample.Decomposition
}

// Bootstrap is the .632 and .632+ bootstrap error estimates of one
// learner on one data set, with its K-fold cross-validation error.
type Bootstrap struct {
	Dataset string `json:"dataset"`
	Learner string `json:"learner"`
	resample.BootstrapEstimate
	CV float64 `json:"cv_error"` // the 10-fold CV error, for comparison
}

// Report is the result of the demo.
type Report struct {
	Seed           uint64         `json:"seed"`
	Folds          int            `json:"folds"`
	Datasets       []Dataset      `json:"datasets"`
	Classification []CV           `json:"classification"`
	Regression     []CV           `json:"regression"`
	Scores         *Comparison    `json:"scores,omitempty"`
	Tests          *Tests         `json:"tests,omitempty"`
	LearningCurves []Curve        `json:"learning_curves"`
	BiasVariance   []BiasVariance `json:"bias_variance"`
	Bootstrap      []Bootstrap    `json:"bootstrap"`
	Warnings       []string       `json:"warnings,omitempty"`
	// Signature names every option that changes a number.
	Signature *result.Signature `json:"signature"`
}

// Options are the demo's settings. The zero value is not valid: Folds
// and Rounds are at least 2.
type Options struct {
	Folds   int    // cross-validation folds
	Seed    uint64 // of the shuffled splits and the bootstrap samples
	Rounds  int    // bootstrap rounds of the bias–variance and .632 estimates
	Workers int    // models trained at once (0: all CPUs); the results do not depend on it
	// Progress, if not nil, receives a progress line rewritten in place
	// (for a terminal).
	Progress io.Writer
}

// progressLine rewrites one line on a terminal.
type progressLine struct {
	w    io.Writer
	last string
}

func (p *progressLine) show(format string, args ...any) {
	if p == nil || p.w == nil {
		return
	}
	s := fmt.Sprintf(format, args...)
	pad := max(0, len(p.last)-len(s))
	fmt.Fprintf(p.w, "\r%s%s", s, strings.Repeat(" ", pad))
	p.last = s
}

func (p *progressLine) done() {
	if p == nil || p.w == nil || p.last == "" {
		return
	}
	fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", len(p.last)))
}

// classCodes are the class labels of d as integer codes.
func classCodes(d learn.Data) []int {
	y := make([]int, len(d.Y))
	for i, v := range d.Y {
		y[i] = int(v)
	}
	return y
}

// Run computes the demo. Its errors are those of the learners and of
// package resample, naming the data set and the learner.
func Run(opt Options) (*Report, error) {
	k, seed, rounds, workers := opt.Folds, opt.Seed, opt.Rounds, opt.Workers
	pl := &progressLine{w: opt.Progress}
	defer pl.done()
	rep := &Report{Seed: seed, Folds: k,
		Signature: result.NewSignature("demo").Int("folds", k).Int("rounds", rounds).Seed("seed", seed)}
	cfg := func(what string) resample.Config {
		return resample.Config{Workers: workers, Progress: func(done, total int) {
			pl.show("evalkit demo: %s %d/%d", what, done, total)
		}}
	}
	cls := datasets.Classification()
	diab := datasets.Diabetes()
	for _, s := range append(cls, diab) {
		rep.Datasets = append(rep.Datasets, Dataset{Name: s.Name, Rows: len(s.Data.Y), Features: s.Data.Features(),
			Classes: s.ClassNames, Target: s.Target})
	}

	// 1. stratified K-fold cross-validation of every classifier
	oof := map[string]map[string]*resample.Predictions{} // dataset → learner → out-of-fold
	for _, s := range cls {
		folds, err := resample.StratifiedKFold(classCodes(s.Data), k, resample.Options{Shuffle: true, Seed: seed})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s.Name, err)
		}
		oof[s.Name] = map[string]*resample.Predictions{}
		for _, l := range classifiers() {
			cv, err := resample.CrossValidate(l.new, s.Data, folds.Splits(), classificationMeasures(s.Data.Classes),
				cfg("cross-validating "+l.name+" on "+s.Name))
			if err != nil {
				return nil, fmt.Errorf("%s, %s: %w", s.Name, l.name, err)
			}
			rep.Classification = append(rep.Classification, CV{Dataset: s.Name, Learner: l.name,
				Measures: cv.Measures, PerFold: cv.PerSplit, Summary: cv.Summary})
			for _, w := range cv.Warnings {
				rep.Warnings = append(rep.Warnings, fmt.Sprintf("%s, %s: %s", s.Name, l.name, w))
			}
			oof[s.Name][l.name] = cv.OutOfFold
		}
	}

	// 2. K-fold cross-validation of the regressors on diabetes
	rf, err := resample.KFold(len(diab.Data.Y), k, resample.Options{Shuffle: true, Seed: seed})
	if err != nil {
		return nil, err
	}
	for _, l := range regressors() {
		cv, err := resample.CrossValidate(l.new, diab.Data, rf.Splits(), regressionMeasures(), cfg("cross-validating "+l.name+" on diabetes"))
		if err != nil {
			return nil, fmt.Errorf("diabetes, %s: %w", l.name, err)
		}
		rep.Regression = append(rep.Regression, CV{Dataset: "diabetes", Learner: l.name,
			Measures: cv.Measures, PerFold: cv.PerSplit, Summary: cv.Summary})
	}

	// 3. comparisons and score summaries from the measure packages
	if err := extras(rep, oof, cls); err != nil {
		return nil, err
	}

	// 3b. significance tests (hyptest)
	if err := significance(rep, oof, cls, seed, cfg); err != nil {
		return nil, err
	}

	// 4. learning curves: a shallow and a deep tree on breast cancer
	bc := cls[0]
	bcFolds, _ := resample.StratifiedKFold(classCodes(bc.Data), k, resample.Options{Shuffle: true, Seed: seed})
	for _, l := range []learner{
		{"stump", func() learn.Model { return &learn.Tree{MaxDepth: 1} }},
		{"tree8", func() learn.Model { return &learn.Tree{MaxDepth: 8} }},
		{"naive_bayes", func() learn.Model { return &learn.GaussianNB{} }},
	} {
		pts, err := resample.LearningCurve(l.new, bc.Data, bcFolds.Splits(), resample.Accuracy,
			resample.CurveOptions{Sizes: []float64{0.05, 0.1, 0.25, 0.5, 1}, Shuffle: true, Seed: seed}, cfg("learning curve of "+l.name))
		if err != nil {
			return nil, fmt.Errorf("learning curve, %s: %w", l.name, err)
		}
		rep.LearningCurves = append(rep.LearningCurves, Curve{Dataset: bc.Name, Learner: l.name, Measure: "accuracy", Points: pts})
	}

	// 5. bias–variance: 0-1 loss on wine (held-out third), squared loss on diabetes
	wine := cls[2]
	ho, err := resample.StratifiedHoldOut(classCodes(wine.Data), 1.0/3, seed)
	if err != nil {
		return nil, err
	}
	for _, l := range []learner{
		{"stump", func() learn.Model { return &learn.Tree{MaxDepth: 1} }},
		{"tree3", func() learn.Model { return &learn.Tree{MaxDepth: 3} }},
		{"tree8", func() learn.Model { return &learn.Tree{MaxDepth: 8} }},
		{"knn1", func() learn.Model { return learn.Standardize(&learn.KNN{K: 1}) }},
		{"knn15", func() learn.Model { return learn.Standardize(&learn.KNN{K: 15}) }},
		{"naive_bayes", func() learn.Model { return &learn.GaussianNB{} }},
	} {
		d, err := resample.BiasVariance(l.new, wine.Data.Subset(ho.Train), wine.Data.Subset(ho.Test), resample.ZeroOneLoss, rounds, seed, cfg("bias–variance of "+l.name))
		if err != nil {
			return nil, fmt.Errorf("bias–variance, %s: %w", l.name, err)
		}
		rep.BiasVariance = append(rep.BiasVariance, BiasVariance{Dataset: wine.Name, Learner: l.name, Decomposition: *d})
	}
	dho, err := resample.HoldOut(len(diab.Data.Y), 1.0/3, resample.Options{Shuffle: true, Seed: seed})
	if err != nil {
		return nil, err
	}
	for _, l := range []learner{
		{"linear", func() learn.Model { return &learn.Linear{} }},
		{"tree2", func() learn.Model { return &learn.Tree{MaxDepth: 2} }},
		{"tree8", func() learn.Model { return &learn.Tree{MaxDepth: 8} }},
		{"knn1", func() learn.Model { return learn.Standardize(&learn.KNN{K: 1}) }},
		{"knn20", func() learn.Model { return learn.Standardize(&learn.KNN{K: 20}) }},
	} {
		d, err := resample.BiasVariance(l.new, diab.Data.Subset(dho.Train), diab.Data.Subset(dho.Test), resample.SquaredLoss, rounds, seed, cfg("bias–variance of "+l.name))
		if err != nil {
			return nil, fmt.Errorf("bias–variance, %s: %w", l.name, err)
		}
		rep.BiasVariance = append(rep.BiasVariance, BiasVariance{Dataset: diab.Name, Learner: l.name, Decomposition: *d})
	}

	// 6. bootstrap .632 / .632+ error estimates on breast cancer
	for _, l := range classifiers()[1:] {
		b, err := resample.BootstrapError(l.new, bc.Data, resample.ZeroOneLoss, rounds, seed, cfg(".632 bootstrap of "+l.name))
		if err != nil {
			return nil, fmt.Errorf("bootstrap, %s: %w", l.name, err)
		}
		db := Bootstrap{Dataset: bc.Name, Learner: l.name, BootstrapEstimate: *b}
		for _, c := range rep.Classification {
			if c.Dataset == bc.Name && c.Learner == l.name {
				for j, m := range c.Measures {
					if m == "error_rate" {
						db.CV = c.Summary[j].Mean
					}
				}
			}
		}
		rep.Bootstrap = append(rep.Bootstrap, db)
	}
	return rep, nil
}

// pm formats mean ± std.
func pm(s resample.Summary) string {
	return report.Sig(s.Mean) + " ± " + report.Sig(s.Std)
}

// Doc lays the demo out as a document for text and Markdown.
func (r *Report) Doc() *report.Doc {
	d := &report.Doc{Title: "evalkit demo: evaluating six small learners on four real data sets"}
	add := func(b ...report.Block) { d.Blocks = append(d.Blocks, b...) }
	add(report.Note(fmt.Sprintf("Everything below is computed now, from data embedded in the binary (scikit-learn's copies\n"+
		"of the UCI sets; see learn/datasets/data/ATTRIBUTION.md), with seed %d: run \"evalkit demo --format json\"\n"+
		"for every number, or \"evalkit split\" to reuse the same kind of folds with any model.", r.Seed)))
	dt := &report.Table{Title: "Data sets", Header: []string{"data set", "rows", "features", "target"}}
	for _, s := range r.Datasets {
		t := s.Target
		if s.Classes != nil {
			t = fmt.Sprintf("%d classes: %s", len(s.Classes), strings.Join(s.Classes, ", "))
		}
		dt.Rows = append(dt.Rows, report.Row(s.Name, fmt.Sprint(s.Rows), fmt.Sprint(s.Features), t))
	}
	add(dt)

	// classification: one table per data set, mean ± std over folds
	add(report.Note(fmt.Sprintf("%d-fold stratified cross-validation (shuffled). Each cell is the mean ± standard deviation over\n"+
		"the %d test folds; every fold keeps the class shares of the whole set to within one row.", r.Folds, r.Folds)))
	shown := []string{"accuracy", "balanced_accuracy", "macro_f1", "mcc", "roc_auc", "log_loss"}
	for _, ds := range []string{"breast_cancer", "iris", "wine"} {
		var t *report.Table
		for _, c := range r.Classification {
			if c.Dataset != ds {
				continue
			}
			var cols []int
			for _, name := range shown {
				for j, m := range c.Measures {
					if m == name {
						cols = append(cols, j)
					}
				}
			}
			if t == nil {
				t = &report.Table{Title: ds, Header: []string{"learner"}}
				for _, j := range cols {
					t.Header = append(t.Header, c.Measures[j])
				}
			}
			row := []string{c.Learner}
			for _, j := range cols {
				row = append(row, pm(c.Summary[j]))
			}
			t.Rows = append(t.Rows, report.Row(row...))
		}
		add(t)
	}
	// per-fold detail for one pair
	for _, c := range r.Classification {
		if c.Dataset == "breast_cancer" && c.Learner == "logistic" {
			t := &report.Table{Title: "breast_cancer, logistic regression: every measure on every fold",
				Header: []string{"measure"}}
			for f := range c.PerFold {
				t.Header = append(t.Header, fmt.Sprint(f+1))
			}
			t.Header = append(t.Header, "mean", "95% CI")
			for j, m := range c.Measures {
				row := []string{m}
				for _, fold := range c.PerFold {
					row = append(row, report.Sig(fold[j]))
				}
				s := c.Summary[j]
				row = append(row, report.Sig(s.Mean), report.Sig(s.Lo)+"–"+report.Sig(s.Hi))
				t.Rows = append(t.Rows, report.Row(row...))
			}
			add(t)
		}
	}
	rt := &report.Table{Title: fmt.Sprintf("diabetes (regression), %d-fold cross-validation (shuffled)", r.Folds)}
	rshown := []string{"mse", "rmse", "mae", "mape", "r2"}
	for _, c := range r.Regression {
		var cols []int
		for _, name := range rshown {
			for j, m := range c.Measures {
				if m == name {
					cols = append(cols, j)
				}
			}
		}
		if rt.Header == nil {
			rt.Header = []string{"learner"}
			for _, j := range cols {
				rt.Header = append(rt.Header, c.Measures[j])
			}
		}
		row := []string{c.Learner}
		for _, j := range cols {
			row = append(row, pm(c.Summary[j]))
		}
		rt.Rows = append(rt.Rows, report.Row(row...))
	}
	add(rt)
	add(scoreBlocks(r)...)
	if r.Tests != nil {
		add(significanceBlocks(r.Tests)...)
	}

	lt := &report.Table{Title: "Learning curves on breast_cancer (accuracy, mean over folds): training vs validation",
		Header: []string{"learner", "training rows", "train", "validation", "gap"}}
	for _, c := range r.LearningCurves {
		for _, p := range c.Points {
			lt.Rows = append(lt.Rows, report.Row(c.Learner, fmt.Sprint(p.TrainSize), report.Sig(p.Train.Mean),
				report.Sig(p.Valid.Mean), report.Sig(p.Train.Mean-p.Valid.Mean)))
		}
	}
	add(lt, report.Note("Read it as seed 001 §5 does: a training score well above the validation score is overfitting\n"+
		"(variance), and the gap should narrow as rows are added; low scores on both sides are\n"+
		"underfitting (bias), which more rows do not cure."))

	bt := &report.Table{Title: fmt.Sprintf("Bias–variance decomposition by bootstrap (%d rounds; held-out third as test set)", r.BiasVariance[0].Rounds),
		Header: []string{"data set", "learner", "loss", "expected loss", "bias (squared: bias²)", "variance", "net variance"}}
	for _, b := range r.BiasVariance {
		bt.Rows = append(bt.Rows, report.Row(b.Dataset, b.Learner, b.Loss, report.Sig(b.ExpectedLoss), report.Sig(b.Bias),
			report.Sig(b.Variance), report.Sig(b.NetVariance)))
	}
	add(bt, report.Note("Each learner is trained on bootstrap samples of the training part; its predictions on every\n"+
		"test point are split into the main (mean or most frequent) prediction and the spread around it.\n"+
		"Squared loss: expected loss = bias² + variance. 0-1 loss (Domingos 2000): expected loss =\n"+
		"bias + net variance, where variance on points whose main prediction is wrong lowers the loss."))

	ot := &report.Table{Title: "Bootstrap error estimates on breast_cancer (0-1 loss)",
		Header: []string{"learner", "training error", "out-of-bag Err¹", ".632", ".632+", fmt.Sprintf("%d-fold CV", r.Folds)}}
	for _, b := range r.Bootstrap {
		ot.Rows = append(ot.Rows, report.Row(b.Learner, report.Sig(b.Train), report.Sig(b.OOB), report.Sig(b.E632),
			report.Sig(b.E632Plus), report.Sig(b.CV)))
	}
	add(ot, report.Note("A row is out of bag with probability (1 − 1/n)ⁿ ≈ 0.368; .632 mixes the optimistic training error\n"+
		"with the pessimistic out-of-bag error, .632+ shifts weight to the latter when a model overfits."))
	if len(r.Warnings) > 0 {
		add(report.Note("Warnings:\n  " + strings.Join(r.Warnings, "\n  ")))
	}
	if r.Signature != nil {
		add(report.SignatureNote(r.Signature))
	}
	return d
}
