package resample

import (
	"encoding/json"
	"math"
	"os"
	"reflect"
	"testing"

	"github.com/evalkit-go/evalkit/learn"
	"github.com/evalkit-go/evalkit/learn/datasets"
)

type runnerGolden struct {
	CV []struct {
		Name   string    `json:"name"`
		Scores []float64 `json:"scores"`
	} `json:"cv"`
	Multi []struct {
		Name   string               `json:"name"`
		Scores map[string][]float64 `json:"scores"`
	} `json:"multi"`
	Curves []struct {
		Name  string    `json:"name"`
		Sizes []int     `json:"sizes"`
		Train []float64 `json:"train"`
		Valid []float64 `json:"valid"`
	} `json:"curves"`
	CI []struct {
		Values []float64 `json:"values"`
		Level  float64   `json:"level"`
		Mean   float64   `json:"mean"`
		Std    float64   `json:"std"`
		Lo     float64   `json:"lo"`
		Hi     float64   `json:"hi"`
	} `json:"ci"`
}

func loadRunner(t *testing.T) *runnerGolden {
	t.Helper()
	b, err := os.ReadFile("testdata/runner.json")
	if err != nil {
		t.Fatal(err)
	}
	var g runnerGolden
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	return &g
}

func near(a, b, rel float64) bool {
	return a == b || math.Abs(a-b) <= rel*math.Max(math.Abs(a), math.Abs(b))
}

func stratified(t *testing.T, d learn.Data, k int) []Split {
	y := make([]int, len(d.Y))
	for i, v := range d.Y {
		y[i] = int(v)
	}
	f, err := StratifiedKFold(y, k, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return f.Splits()
}

func kfold(t *testing.T, n, k int) []Split {
	f, err := KFold(n, k, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return f.Splits()
}

// TestCrossValidateOracle: per-fold scores vs scikit-learn 1.2.1
// cross_val_score (tools/oracle/resample_runner.py) — the same folds and
// learners that agree with scikit-learn's, so accuracies are equal exactly
// and MSE to 1e-9.
func TestCrossValidateOracle(t *testing.T) {
	g := loadRunner(t)
	iris, wine, cancer, diab := datasets.Iris().Data, datasets.Wine().Data, datasets.BreastCancer().Data, datasets.Diabetes().Data
	cases := map[string]func() (*CV, error){
		"gnb_iris_skf10": func() (*CV, error) {
			return CrossValidate(func() learn.Model { return &learn.GaussianNB{} }, iris, stratified(t, iris, 10), []Measure{Accuracy}, Config{})
		},
		"gnb_cancer_skf10": func() (*CV, error) {
			return CrossValidate(func() learn.Model { return &learn.GaussianNB{} }, cancer, stratified(t, cancer, 10), []Measure{Accuracy}, Config{})
		},
		"knn5_wine_skf5": func() (*CV, error) {
			return CrossValidate(func() learn.Model { return learn.Standardize(&learn.KNN{K: 5}) }, wine, stratified(t, wine, 5), []Measure{Accuracy}, Config{})
		},
		"linear_diabetes_kf5": func() (*CV, error) {
			return CrossValidate(func() learn.Model { return &learn.Linear{} }, diab, kfold(t, len(diab.Y), 5), []Measure{SquaredLoss.Measure()}, Config{})
		},
		"logistic_cancer_skf10": func() (*CV, error) {
			return CrossValidate(func() learn.Model { return learn.Standardize(&learn.Logistic{}) }, cancer, stratified(t, cancer, 10), []Measure{Accuracy}, Config{})
		},
	}
	for _, c := range g.CV {
		t.Run(c.Name, func(t *testing.T) {
			cv, err := cases[c.Name]()
			if err != nil {
				t.Fatal(err)
			}
			for s, want := range c.Scores {
				if got := cv.PerSplit[s][0]; !near(got, want, 1e-9) {
					t.Errorf("split %d: %v, want %v", s, got, want)
				}
			}
		})
	}
}

// TestLearningCurveOracle: mean train and validation scores per size vs
// scikit-learn 1.2.1 learning_curve (shuffle=False).
func TestLearningCurveOracle(t *testing.T) {
	g := loadRunner(t)
	cancer, diab := datasets.BreastCancer().Data, datasets.Diabetes().Data
	for _, c := range g.Curves {
		t.Run(c.Name, func(t *testing.T) {
			var pts []CurvePoint
			var err error
			switch c.Name {
			case "gnb_cancer_kf5":
				pts, err = LearningCurve(func() learn.Model { return &learn.GaussianNB{} }, cancer, kfold(t, len(cancer.Y), 5),
					Accuracy, CurveOptions{Sizes: []float64{0.1, 0.325, 0.55, 0.775, 1}}, Config{})
			case "linear_diabetes_kf4":
				pts, err = LearningCurve(func() learn.Model { return &learn.Linear{} }, diab, kfold(t, len(diab.Y), 4),
					SquaredLoss.Measure(), CurveOptions{Sizes: []float64{0.2, 0.6, 1}}, Config{})
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(pts) != len(c.Sizes) {
				t.Fatalf("%d sizes, want %d", len(pts), len(c.Sizes))
			}
			for i, p := range pts {
				if p.TrainSize != c.Sizes[i] || !near(p.Train.Mean, c.Train[i], 1e-9) || !near(p.Valid.Mean, c.Valid[i], 1e-9) {
					t.Errorf("size %d: %d %v %v, want %d %v %v", i, p.TrainSize, p.Train.Mean, p.Valid.Mean, c.Sizes[i], c.Train[i], c.Valid[i])
				}
			}
		})
	}
}

// TestSummarizeOracle: mean, sample standard deviation and
// scipy.stats.t.interval (scipy 1.10.1).
func TestSummarizeOracle(t *testing.T) {
	g := loadRunner(t)
	for _, c := range g.CI {
		s := Summarize("x", c.Values, c.Level)
		if !near(s.Mean, c.Mean, 1e-12) || !near(s.Std, c.Std, 1e-12) || !near(s.Lo, c.Lo, 1e-9) || !near(s.Hi, c.Hi, 1e-9) {
			t.Errorf("n=%d level=%v: %+v, want %v %v [%v, %v]", len(c.Values), c.Level, s, c.Mean, c.Std, c.Lo, c.Hi)
		}
	}
	s := Summarize("x", []float64{math.NaN(), 0.5}, 0)
	if s.N != 1 || s.Mean != 0.5 || !math.IsNaN(s.Std) {
		t.Errorf("one value: %+v", s)
	}
}

// TestWorkersIdentical: the runner's results are the same for 1 and 2
// workers (property from issue 6).
func TestWorkersIdentical(t *testing.T) {
	cancer := datasets.BreastCancer().Data
	splits := stratified(t, cancer, 10)
	measures := []Measure{Accuracy, ZeroOneLoss.Measure()}
	newModel := func() learn.Model { return learn.Standardize(&learn.Logistic{}) }
	var results []*CV
	var curves [][]CurvePoint
	var bvs []*Decomposition
	var boots []*BootstrapEstimate
	for _, w := range []int{1, 2} {
		c := Config{Workers: w}
		cv, err := CrossValidate(newModel, cancer, splits, measures, c)
		if err != nil {
			t.Fatal(err)
		}
		results = append(results, cv)
		lc, err := LearningCurve(func() learn.Model { return &learn.Tree{MaxDepth: 2} }, cancer, splits, Accuracy, CurveOptions{Shuffle: true, Seed: 4}, c)
		if err != nil {
			t.Fatal(err)
		}
		curves = append(curves, lc)
		bv, err := BiasVariance(func() learn.Model { return &learn.Tree{MaxDepth: 3} }, cancer.Subset(splits[0].Train), cancer.Subset(splits[0].Test), ZeroOneLoss, 20, 9, c)
		if err != nil {
			t.Fatal(err)
		}
		bvs = append(bvs, bv)
		be, err := BootstrapError(func() learn.Model { return &learn.GaussianNB{} }, cancer, ZeroOneLoss, 20, 5, c)
		if err != nil {
			t.Fatal(err)
		}
		boots = append(boots, be)
	}
	if !reflect.DeepEqual(results[0], results[1]) {
		t.Error("cross-validation differs between 1 and 2 workers")
	}
	if !reflect.DeepEqual(curves[0], curves[1]) {
		t.Error("learning curve differs")
	}
	if !reflect.DeepEqual(bvs[0], bvs[1]) {
		t.Error("bias–variance differs")
	}
	if !reflect.DeepEqual(boots[0], boots[1]) {
		t.Error("bootstrap estimate differs")
	}
	if results[0].OutOfFold == nil || len(results[0].OutOfFold.Pred) != len(cancer.Y) || results[0].OutOfFold.Proba == nil {
		t.Error("no out-of-fold predictions for K-fold")
	}
}

// TestDecomposeByHand checks the decomposition on a small prediction
// matrix computed by hand from the definitions in the Decomposition doc.
func TestDecomposeByHand(t *testing.T) {
	// 4 rounds × 3 test points, 3 classes; targets 0, 1, 2
	preds := [][]float64{
		{0, 1, 0},
		{0, 2, 0},
		{1, 1, 1},
		{0, 1, 2},
	}
	y := []float64{0, 1, 2}
	// point 0: main 0, B=0, V=1/4, loss 1/4
	// point 1: main 1, B=0, V=1/4, loss 1/4
	// point 2: main 0 (votes 2,1,1), B=1, V=2/4, P(y=t)=1/4 → loss 3/4,
	//          c·V = −1/4
	d := decompose(preds, y, ZeroOneLoss, 3)
	want := Decomposition{Loss: "zero_one", Rounds: 4, TestRows: 3,
		ExpectedLoss: 1.25 / 3, Bias: 1.0 / 3, Variance: 1.0 / 3,
		NetVariance: 0.25 / 3, UnbiasedVariance: 0.5 / 3, BiasedVariance: 0.5 / 3}
	check := func(name string, got, want float64) {
		if !near(got, want, 1e-15) {
			t.Errorf("%s = %v, want %v", name, got, want)
		}
	}
	check("loss", d.ExpectedLoss, want.ExpectedLoss)
	check("bias", d.Bias, want.Bias)
	check("variance", d.Variance, want.Variance)
	check("net", d.NetVariance, want.NetVariance)
	check("unbiased", d.UnbiasedVariance, want.UnbiasedVariance)
	check("biased", d.BiasedVariance, want.BiasedVariance)

	// squared loss: targets 1, 2; predictions 0,2 and 2,2 →
	// point 0: main 1, bias 0, var 1, loss 1; point 1: main 2, bias 0, var 0, loss 0
	sq := decompose([][]float64{{0, 2}, {2, 2}}, []float64{1, 2}, SquaredLoss, 0)
	check("sq loss", sq.ExpectedLoss, 0.5)
	check("sq bias", sq.Bias, 0)
	check("sq variance", sq.Variance, 0.5)
}

// TestDecompositionIdentity: loss = bias + net variance (0-1, Domingos)
// and loss = bias² + variance (squared) on real learners.
func TestDecompositionIdentity(t *testing.T) {
	wine := datasets.Wine().Data
	splits := stratified(t, wine, 3)
	train, test := wine.Subset(splits[0].Train), wine.Subset(splits[0].Test)
	for _, m := range []func() learn.Model{
		func() learn.Model { return &learn.Tree{MaxDepth: 2} },
		func() learn.Model { return learn.Standardize(&learn.KNN{K: 1}) },
	} {
		d, err := BiasVariance(m, train, test, ZeroOneLoss, 30, 1, Config{})
		if err != nil {
			t.Fatal(err)
		}
		if !near(d.ExpectedLoss, d.Bias+d.NetVariance, 1e-12) || !near(d.Variance, d.UnbiasedVariance+d.BiasedVariance, 1e-12) {
			t.Errorf("0-1 identity fails: %+v", d)
		}
	}
	diab := datasets.Diabetes().Data
	f, _ := KFold(len(diab.Y), 2, Options{Shuffle: true, Seed: 2})
	sp := f.Splits()[0]
	d, err := BiasVariance(func() learn.Model { return &learn.Tree{MaxDepth: 4} }, diab.Subset(sp.Train), diab.Subset(sp.Test), SquaredLoss, 25, 3, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if !near(d.ExpectedLoss, d.Bias+d.Variance, 1e-12) || d.NetVariance != d.Variance {
		t.Errorf("squared identity fails: %+v", d)
	}
}

// TestEstimate632 checks the .632 and .632+ formulas (Efron & Tibshirani
// 1997, eqs. 24, 28–32) on hand-computed values.
func TestEstimate632(t *testing.T) {
	// err = 0.1, Err¹ = 0.3: .632 = 0.368·0.1 + 0.632·0.3 = 0.2264
	if got := Estimate632(0.1, 0.3); !near(got, 0.2264, 1e-14) {
		t.Errorf("Err.632 = %v", got)
	}
	// γ = 0.5: R = (0.3−0.1)/(0.5−0.1) = 0.5, w = 0.632/(1−0.184) =
	// 0.774509803921…, Err.632+ = 0.1 + w·0.2 = 0.254901960784…
	if got := Estimate632Plus(0.1, 0.3, 0.5); !near(got, 0.1+0.632/0.816*0.2, 1e-14) {
		t.Errorf("Err.632+ = %v", got)
	}
	// no overfitting (Err¹ ≤ err): R = 0, .632+ = .632
	if got := Estimate632Plus(0.3, 0.2, 0.5); !near(got, Estimate632(0.3, 0.2), 1e-14) {
		t.Errorf("R = 0 case: %v", got)
	}
	// Err¹ beyond γ is clipped to γ, R = 1, .632+ = γ
	if got := Estimate632Plus(0.1, 0.7, 0.5); !near(got, 0.5, 1e-14) {
		t.Errorf("R = 1 case: %v", got)
	}
	// γ for 0-1 loss: p = (1/2, 1/2), q = (3/4, 1/4) → ½·¼ + ½·¾ = 0.5
	if got := NoInformation(ZeroOneLoss, []float64{0, 0, 1, 1}, []float64{0, 0, 0, 1}); got != 0.5 {
		t.Errorf("γ = %v", got)
	}
	// γ for squared loss = mean over all pairs: y = (0, 2), ŷ = (1, 1) → 1
	if got := NoInformation(SquaredLoss, []float64{0, 2}, []float64{1, 1}); got != 1 {
		t.Errorf("γ squared = %v", got)
	}
}

func TestBootstrapErrorOrder(t *testing.T) {
	cancer := datasets.BreastCancer().Data
	// 1-NN has zero resubstitution error: a strongly overfitting model
	e, err := BootstrapError(func() learn.Model { return learn.Standardize(&learn.KNN{K: 1}) }, cancer, ZeroOneLoss, 30, 1, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if e.Train != 0 || !(e.Train <= e.E632 && e.E632 <= e.E632Plus && e.E632Plus <= e.OOB) {
		t.Errorf("expected 0 = err ≤ .632 ≤ .632+ ≤ Err¹: %+v", e)
	}
	if e.Covered != len(cancer.Y) {
		t.Errorf("%d rows never out of bag in 30 rounds", len(cancer.Y)-e.Covered)
	}
}

type failing struct{ learn.Baseline }

func (f *failing) Fit(d learn.Data) error {
	if len(d.Y) < 8 {
		return learn.ErrEmpty
	}
	return f.Baseline.Fit(d)
}

// TestRunnerErrors: a fit error names the first failing split; a measure
// that is undefined on a split gives NaN there, a warning, and a summary of
// the others.
func TestRunnerErrors(t *testing.T) {
	d := learn.Data{X: make([][]float64, 10), Y: make([]float64, 10), Classes: 2}
	for i := range d.X {
		d.X[i] = []float64{float64(i)}
		d.Y[i] = float64(i % 2)
	}
	splits := []Split{{Train: []int{0, 1, 2, 3, 4, 5, 6, 7, 8}, Test: []int{9}}, {Train: []int{0, 1}, Test: []int{2, 3}}, {Train: []int{0}, Test: []int{1}}}
	_, err := CrossValidate(func() learn.Model { return &failing{} }, d, splits, []Measure{Accuracy}, Config{Workers: 2})
	if err == nil || err.Error() != "split 2: fit: no rows" {
		t.Errorf("got %v", err)
	}
	odd := Measure{Name: "odd", Func: func(p Predictions) (float64, error) {
		if p.Rows[0]%2 == 1 {
			return 0, learn.ErrLabel
		}
		return 1, nil
	}}
	cv, err := CrossValidate(func() learn.Model { return &learn.Baseline{} }, d, []Split{splits[0], {Train: []int{1, 2, 3}, Test: []int{0}}}, []Measure{odd}, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if !math.IsNaN(cv.PerSplit[0][0]) || cv.PerSplit[1][0] != 1 || len(cv.Warnings) != 1 || cv.Summary[0].N != 1 || cv.Summary[0].Mean != 1 {
		t.Errorf("got %+v", cv)
	}
	if cv.OutOfFold != nil {
		t.Error("out-of-fold predictions for splits that do not partition the rows")
	}
}

// TestDefaultMeasuresOracle: every default measure on every fold vs
// scikit-learn 1.2.1 cross_validate with the matching scorers
// (tools/oracle/resample_runner.py), to 1e-9 — except log loss, to 1e-6:
// Gaussian naive Bayes on breast cancer has joint log-likelihoods near
// 1e10, where rounding (1e-16 relative, summed in a different order here
// than in NumPy) moves a tiny probability by 1e-6 relative, and the log
// loss inherits that.
func TestDefaultMeasuresOracle(t *testing.T) {
	g := loadRunner(t)
	wine, cancer, diab := datasets.Wine().Data, datasets.BreastCancer().Data, datasets.Diabetes().Data
	runs := map[string]func() (*CV, error){
		"gnb_wine_skf5": func() (*CV, error) {
			return CrossValidate(func() learn.Model { return &learn.GaussianNB{} }, wine, stratified(t, wine, 5), DefaultMeasures(wine), Config{})
		},
		"gnb_cancer_skf10": func() (*CV, error) {
			return CrossValidate(func() learn.Model { return &learn.GaussianNB{} }, cancer, stratified(t, cancer, 10), DefaultMeasures(cancer), Config{})
		},
		"linear_diabetes_kf5": func() (*CV, error) {
			return CrossValidate(func() learn.Model { return &learn.Linear{} }, diab, kfold(t, len(diab.Y), 5), DefaultMeasures(diab), Config{})
		},
		"ridge1_diabetes_kf3": func() (*CV, error) {
			return CrossValidate(func() learn.Model { return &learn.Linear{Alpha: 1} }, diab, kfold(t, len(diab.Y), 3), DefaultMeasures(diab), Config{})
		},
	}
	checked := 0
	for _, c := range g.Multi {
		t.Run(c.Name, func(t *testing.T) {
			cv, err := runs[c.Name]()
			if err != nil {
				t.Fatal(err)
			}
			for j, m := range cv.Measures {
				want, ok := c.Scores[m]
				if !ok {
					if m != "error_rate" {
						t.Errorf("no reference for %s", m)
					}
					continue
				}
				tol := 1e-9
				if m == "log_loss" {
					tol = 1e-6
				}
				for s := range want {
					if got := cv.PerSplit[s][j]; !near(got, want[s], tol) {
						t.Errorf("%s split %d: %v, want %v", m, s, got, want[s])
					}
					checked++
				}
			}
		})
	}
	if checked < 150 {
		t.Errorf("only %d values checked", checked)
	}
}
