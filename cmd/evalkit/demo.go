package main

import (
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/evalkit-go/evalkit/learn"
	"github.com/evalkit-go/evalkit/learn/datasets"
	"github.com/evalkit-go/evalkit/plot"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/resample"
	"github.com/evalkit-go/evalkit/result"
)

func init() {
	register(&command{
		name:    "demo",
		summary: "the whole evaluation story on real data embedded in the binary (no files needed)",
		run:     runDemo,
	})
}

// demoLearner is a named built-in learner.
type demoLearner struct {
	name string
	new  func() learn.Model
}

func demoClassifiers() []demoLearner {
	return []demoLearner{
		{"majority", func() learn.Model { return &learn.Baseline{} }},
		{"naive_bayes", func() learn.Model { return &learn.GaussianNB{} }},
		{"logistic", func() learn.Model { return learn.Standardize(&learn.Logistic{C: 1}) }},
		{"knn5", func() learn.Model { return learn.Standardize(&learn.KNN{K: 5}) }},
		{"stump", func() learn.Model { return &learn.Tree{MaxDepth: 1} }},
		{"tree3", func() learn.Model { return &learn.Tree{MaxDepth: 3} }},
	}
}

func demoRegressors() []demoLearner {
	return []demoLearner{
		{"mean", func() learn.Model { return &learn.Baseline{} }},
		{"linear", func() learn.Model { return &learn.Linear{} }},
		{"ridge10", func() learn.Model { return learn.Standardize(&learn.Linear{Alpha: 10}) }},
		{"knn10", func() learn.Model { return learn.Standardize(&learn.KNN{K: 10}) }},
		{"tree3", func() learn.Model { return &learn.Tree{MaxDepth: 3} }},
	}
}

// demoData describes one embedded data set.
type demoData struct {
	Name     string   `json:"name"`
	Rows     int      `json:"rows"`
	Features int      `json:"features"`
	Classes  []string `json:"classes,omitempty"`
	Target   string   `json:"target"`
}

// demoCV is one learner cross-validated on one data set.
type demoCV struct {
	Dataset  string             `json:"dataset"`
	Learner  string             `json:"learner"`
	Measures []string           `json:"measures"`
	PerFold  [][]float64        `json:"per_fold"`
	Summary  []resample.Summary `json:"summary"`
}

type demoCurve struct {
	Dataset string                `json:"dataset"`
	Learner string                `json:"learner"`
	Measure string                `json:"measure"`
	Points  []resample.CurvePoint `json:"points"`
}

type demoBV struct {
	Dataset string `json:"dataset"`
	Learner string `json:"learner"`
	resample.Decomposition
}

type demoBoot struct {
	Dataset string `json:"dataset"`
	Learner string `json:"learner"`
	resample.BootstrapEstimate
	CV float64 `json:"cv_error"` // the 10-fold CV error, for comparison
}

// demoReport is the demo's JSON output.
type demoReport struct {
	Seed           uint64       `json:"seed"`
	Folds          int          `json:"folds"`
	Datasets       []demoData   `json:"datasets"`
	Classification []demoCV     `json:"classification"`
	Regression     []demoCV     `json:"regression"`
	Scores         *demoCompare `json:"scores,omitempty"`
	Tests          *demoTests   `json:"tests,omitempty"`
	LearningCurves []demoCurve  `json:"learning_curves"`
	BiasVariance   []demoBV     `json:"bias_variance"`
	Bootstrap      []demoBoot   `json:"bootstrap"`
	Warnings       []string     `json:"warnings,omitempty"`
	// Signature names every option that changes a number.
	Signature *result.Signature `json:"signature"`
	extra     []report.Block    // sections from the measure packages, for text
}

func runDemo(e *env, args []string) error {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	format := fs.String("format", "text", "output format: text, json, markdown or csv")
	folds := fs.Int("folds", 10, "number of cross-validation folds")
	seed := fs.Uint64("seed", 1, "seed for shuffled splits and bootstrap samples")
	rounds := fs.Int("rounds", 50, "bootstrap rounds for the bias–variance and .632 estimates")
	workers := fs.Int("workers", 0, "models trained at once (default: all CPUs); results do not depend on it")
	plotDir := fs.String("plot", "", "also write the learning curves (DIR/learning_curves.svg, .png) and the critical-difference diagram (DIR/cd_diagram.svg, .png)")
	reportPath := fs.String("report", "", "write the demo's whole story as one self-contained HTML page to this file (and print nothing)")
	pos, err := parseFlags(fs, e, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("demo: takes no files")
	}
	if *folds < 2 || *rounds < 2 {
		return usagef("demo: --folds and --rounds must be at least 2")
	}
	f, err := outputFormat(e, *format)
	if err != nil {
		return err
	}
	var progress io.Writer
	if e.stderrTerm {
		progress = e.stderr
	}
	rep, err := buildDemo(*folds, *seed, *rounds, *workers, progress)
	if err != nil {
		return err
	}
	if *plotDir != "" {
		var series []plot.CurveSeries
		for _, c := range rep.LearningCurves {
			s := plot.CurveSeries{Name: c.Learner}
			for _, p := range c.Points {
				s.Sizes = append(s.Sizes, float64(p.TrainSize))
				s.Train = append(s.Train, p.Train.Mean)
				s.Valid = append(s.Valid, p.Valid.Mean)
			}
			series = append(series, s)
		}
		p, err := plot.LearningCurve("Learning curves, breast cancer", "accuracy", series)
		if err != nil {
			return err
		}
		if err := plot.Save(p, *plotDir, "learning_curves"); err != nil {
			return err
		}
		if rep.Tests != nil {
			if err := saveCD(*plotDir, rep.Tests.Friedman); err != nil {
				return err
			}
		}
	}
	if *reportPath != "" {
		return writePage(demoPage(rep), *reportPath, "")
	}
	return emit(e, f, rep, func() *report.Doc { return demoDoc(rep) })
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

func classCodes(d learn.Data) []int {
	y := make([]int, len(d.Y))
	for i, v := range d.Y {
		y[i] = int(v)
	}
	return y
}

func buildDemo(k int, seed uint64, rounds, workers int, progress io.Writer) (*demoReport, error) {
	pl := &progressLine{w: progress}
	defer pl.done()
	rep := &demoReport{Seed: seed, Folds: k,
		Signature: result.NewSignature("demo").Int("folds", k).Int("rounds", rounds).Add("seed", strconv.FormatUint(seed, 10))}
	cfg := func(what string) resample.Config {
		return resample.Config{Workers: workers, Progress: func(done, total int) {
			pl.show("evalkit demo: %s %d/%d", what, done, total)
		}}
	}
	cls := datasets.Classification()
	diab := datasets.Diabetes()
	for _, s := range append(cls, diab) {
		rep.Datasets = append(rep.Datasets, demoData{Name: s.Name, Rows: len(s.Data.Y), Features: s.Data.Features(),
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
		for _, l := range demoClassifiers() {
			cv, err := resample.CrossValidate(l.new, s.Data, folds.Splits(), classificationMeasures(s.Data.Classes),
				cfg("cross-validating "+l.name+" on "+s.Name))
			if err != nil {
				return nil, fmt.Errorf("%s, %s: %w", s.Name, l.name, err)
			}
			rep.Classification = append(rep.Classification, demoCV{Dataset: s.Name, Learner: l.name,
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
	for _, l := range demoRegressors() {
		cv, err := resample.CrossValidate(l.new, diab.Data, rf.Splits(), regressionMeasures(), cfg("cross-validating "+l.name+" on diabetes"))
		if err != nil {
			return nil, fmt.Errorf("diabetes, %s: %w", l.name, err)
		}
		rep.Regression = append(rep.Regression, demoCV{Dataset: "diabetes", Learner: l.name,
			Measures: cv.Measures, PerFold: cv.PerSplit, Summary: cv.Summary})
	}

	// 3. comparisons and score summaries from the measure packages
	if err := demoExtras(rep, oof, cls, k, seed, workers, cfg); err != nil {
		return nil, err
	}

	// 3b. significance tests (hyptest)
	if err := demoSignificance(rep, oof, cls, seed, cfg); err != nil {
		return nil, err
	}

	// 4. learning curves: a shallow and a deep tree on breast cancer
	bc := cls[0]
	bcFolds, _ := resample.StratifiedKFold(classCodes(bc.Data), k, resample.Options{Shuffle: true, Seed: seed})
	for _, l := range []demoLearner{
		{"stump", func() learn.Model { return &learn.Tree{MaxDepth: 1} }},
		{"tree8", func() learn.Model { return &learn.Tree{MaxDepth: 8} }},
		{"naive_bayes", func() learn.Model { return &learn.GaussianNB{} }},
	} {
		pts, err := resample.LearningCurve(l.new, bc.Data, bcFolds.Splits(), resample.Accuracy,
			resample.CurveOptions{Sizes: []float64{0.05, 0.1, 0.25, 0.5, 1}, Shuffle: true, Seed: seed}, cfg("learning curve of "+l.name))
		if err != nil {
			return nil, fmt.Errorf("learning curve, %s: %w", l.name, err)
		}
		rep.LearningCurves = append(rep.LearningCurves, demoCurve{Dataset: bc.Name, Learner: l.name, Measure: "accuracy", Points: pts})
	}

	// 5. bias–variance: 0-1 loss on wine (held-out third), squared loss on diabetes
	wine := cls[2]
	ho, err := resample.StratifiedHoldOut(classCodes(wine.Data), 1.0/3, seed)
	if err != nil {
		return nil, err
	}
	for _, l := range []demoLearner{
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
		rep.BiasVariance = append(rep.BiasVariance, demoBV{Dataset: wine.Name, Learner: l.name, Decomposition: *d})
	}
	dho, err := resample.HoldOut(len(diab.Data.Y), 1.0/3, resample.Options{Shuffle: true, Seed: seed})
	if err != nil {
		return nil, err
	}
	for _, l := range []demoLearner{
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
		rep.BiasVariance = append(rep.BiasVariance, demoBV{Dataset: diab.Name, Learner: l.name, Decomposition: *d})
	}

	// 6. bootstrap .632 / .632+ error estimates on breast cancer
	for _, l := range demoClassifiers()[1:] {
		b, err := resample.BootstrapError(l.new, bc.Data, resample.ZeroOneLoss, rounds, seed, cfg(".632 bootstrap of "+l.name))
		if err != nil {
			return nil, fmt.Errorf("bootstrap, %s: %w", l.name, err)
		}
		db := demoBoot{Dataset: bc.Name, Learner: l.name, BootstrapEstimate: *b}
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

func demoDoc(r *demoReport) *report.Doc {
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
		dt.Rows = append(dt.Rows, []string{s.Name, fmt.Sprint(s.Rows), fmt.Sprint(s.Features), t})
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
			t.Rows = append(t.Rows, row)
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
				t.Rows = append(t.Rows, row)
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
		rt.Rows = append(rt.Rows, row)
	}
	add(rt)
	add(r.extra...)
	if r.Tests != nil {
		add(significanceBlocks(r.Tests)...)
	}

	lt := &report.Table{Title: "Learning curves on breast_cancer (accuracy, mean over folds): training vs validation",
		Header: []string{"learner", "training rows", "train", "validation", "gap"}}
	for _, c := range r.LearningCurves {
		for _, p := range c.Points {
			lt.Rows = append(lt.Rows, []string{c.Learner, fmt.Sprint(p.TrainSize), report.Sig(p.Train.Mean),
				report.Sig(p.Valid.Mean), report.Sig(p.Train.Mean - p.Valid.Mean)})
		}
	}
	add(lt, report.Note("Read it as seed 001 §5 does: a training score well above the validation score is overfitting\n"+
		"(variance), and the gap should narrow as rows are added; low scores on both sides are\n"+
		"underfitting (bias), which more rows do not cure."))

	bt := &report.Table{Title: fmt.Sprintf("Bias–variance decomposition by bootstrap (%d rounds; held-out third as test set)", r.BiasVariance[0].Rounds),
		Header: []string{"data set", "learner", "loss", "expected loss", "bias (squared: bias²)", "variance", "net variance"}}
	for _, b := range r.BiasVariance {
		bt.Rows = append(bt.Rows, []string{b.Dataset, b.Learner, b.Loss, report.Sig(b.ExpectedLoss), report.Sig(b.Bias),
			report.Sig(b.Variance), report.Sig(b.NetVariance)})
	}
	add(bt, report.Note("Each learner is trained on bootstrap samples of the training part; its predictions on every\n"+
		"test point are split into the main (mean or most frequent) prediction and the spread around it.\n"+
		"Squared loss: expected loss = bias² + variance. 0-1 loss (Domingos 2000): expected loss =\n"+
		"bias + net variance, where variance on points whose main prediction is wrong lowers the loss."))

	ot := &report.Table{Title: "Bootstrap error estimates on breast_cancer (0-1 loss)",
		Header: []string{"learner", "training error", "out-of-bag Err¹", ".632", ".632+", fmt.Sprintf("%d-fold CV", r.Folds)}}
	for _, b := range r.Bootstrap {
		ot.Rows = append(ot.Rows, []string{b.Learner, report.Sig(b.Train), report.Sig(b.OOB), report.Sig(b.E632),
			report.Sig(b.E632Plus), report.Sig(b.CV)})
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
