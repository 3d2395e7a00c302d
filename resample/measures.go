package resample

import (
	"errors"
	"math"

	"github.com/evalkit-go/evalkit/classify"
	"github.com/evalkit-go/evalkit/learn"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/regress"
)

// DefaultMeasures returns every measure that applies to d's task, named as
// in the rest of evalkit: for classification, those of package classify
// from each split's confusion matrix (accuracy, error_rate,
// balanced_accuracy, macro_precision, macro_recall, macro_f1, cohen_kappa,
// mcc) and those of package rank from the predicted probabilities — with
// two classes roc_auc, average_precision, log_loss and brier (class 1 is
// the positive class), with more roc_auc (one-vs-rest, macro) and
// log_loss; for regression, those of package regress (mse, rmse, mae,
// medae, mape, r2, explained_variance, max_error). MCC is 0 where
// scikit-learn calls it undefined (a constant prediction), as scikit-learn
// returns. A probability measure on a model that gives no probabilities,
// or on a split with one class only, is undefined: NaN and a warning.
func DefaultMeasures(d learn.Data) []Measure {
	var ms []Measure
	if d.Classes > 0 {
		ms = append(classificationMeasures(), probabilityMeasures(d.Classes)...)
	} else {
		ms = regressionMeasures()
	}
	for i := range ms {
		ms[i].Range = measureRange[ms[i].Name]
	}
	return ms
}

// measureRange is the range of each default measure's values.
var measureRange = map[string][2]float64{
	"accuracy": {0, 1}, "error_rate": {0, 1}, "balanced_accuracy": {0, 1},
	"macro_precision": {0, 1}, "macro_recall": {0, 1}, "macro_f1": {0, 1},
	"cohen_kappa": {-1, 1}, "mcc": {-1, 1},
	"roc_auc": {0, 1}, "average_precision": {0, 1}, "brier": {0, 1}, "log_loss": {0, math.Inf(1)},
	"mse": {0, math.Inf(1)}, "rmse": {0, math.Inf(1)}, "mae": {0, math.Inf(1)}, "medae": {0, math.Inf(1)},
	"mape": {0, math.Inf(1)}, "max_error": {0, math.Inf(1)},
	"r2": {math.Inf(-1), 1}, "explained_variance": {math.Inf(-1), 1},
}

// confusion returns the confusion matrix of a split's predictions.
func confusion(p Predictions) (*classify.Confusion, error) {
	yt := make([]int, len(p.Y))
	yp := make([]int, len(p.Y))
	for i := range p.Y {
		yt[i], yp[i] = int(p.Y[i]), int(p.Pred[i])
	}
	return classify.FromIndices(yt, yp, p.Classes, nil)
}

// fromConfusion makes a measure of the confusion matrix.
func fromConfusion(name string, higher bool, f func(c *classify.Confusion) float64) Measure {
	return Measure{Name: name, HigherIsBetter: higher, Func: func(p Predictions) (float64, error) {
		c, err := confusion(p)
		if err != nil {
			return 0, err
		}
		return f(c), nil
	}}
}

func classificationMeasures() []Measure {
	macro := func(c *classify.Confusion) classify.PRF {
		return classify.Averaged(c.PerClass(1, classify.ZeroDivZero), nil)
	}
	return []Measure{
		fromConfusion("accuracy", true, (*classify.Confusion).Accuracy),
		fromConfusion("error_rate", false, (*classify.Confusion).ErrorRate),
		fromConfusion("balanced_accuracy", true, func(c *classify.Confusion) float64 { return c.BalancedAccuracy(false) }),
		fromConfusion("macro_precision", true, func(c *classify.Confusion) float64 { return macro(c).Precision }),
		fromConfusion("macro_recall", true, func(c *classify.Confusion) float64 { return macro(c).Recall }),
		fromConfusion("macro_f1", true, func(c *classify.Confusion) float64 { return macro(c).F1 }),
		fromConfusion("cohen_kappa", true, func(c *classify.Confusion) float64 { return c.CohenKappa(classify.KappaUnweighted) }),
		fromConfusion("mcc", true, func(c *classify.Confusion) float64 { v, _ := c.MCC(); return v }),
	}
}

// fromRegress makes a measure of one of package regress's one-call
// functions.
func fromRegress(name string, higher bool, f func(y, yhat, w []float64) (float64, error)) Measure {
	return Measure{Name: name, HigherIsBetter: higher, Func: func(p Predictions) (float64, error) {
		return f(p.Y, p.Pred, nil)
	}}
}

func regressionMeasures() []Measure {
	return []Measure{
		fromRegress("mse", false, regress.MSE),
		fromRegress("rmse", false, regress.RMSE),
		fromRegress("mae", false, regress.MAE),
		fromRegress("medae", false, regress.MedAE),
		fromRegress("mape", false, func(y, yhat, w []float64) (float64, error) { return regress.MAPE(y, yhat, w, 0) }),
		fromRegress("r2", true, regress.R2),
		fromRegress("explained_variance", true, regress.ExplainedVariance),
		fromRegress("max_error", false, func(y, yhat, _ []float64) (float64, error) { return regress.MaxError(y, yhat) }),
	}
}

// ErrNoProbabilities: a probability-based measure of a model that is not a
// learn.Prober.
var ErrNoProbabilities = errors.New("the model gives no class probabilities")

// ScoreTable returns the binary score table of a split's predictions: the
// probability of class 1 as the score, class 1 as the positive class.
func ScoreTable(p Predictions) (*rank.Table, error) {
	if p.Proba == nil {
		return nil, ErrNoProbabilities
	}
	pos := make([]bool, len(p.Y))
	score := make([]float64, len(p.Y))
	for i := range p.Y {
		pos[i], score[i] = p.Y[i] == 1, p.Proba[i][1]
	}
	return rank.NewTable(score, pos, nil)
}

func probabilityMeasures(classes int) []Measure {
	if classes == 2 {
		of := func(name string, higher bool, f func(t *rank.Table) (float64, error)) Measure {
			return Measure{Name: name, HigherIsBetter: higher, Func: func(p Predictions) (float64, error) {
				t, err := ScoreTable(p)
				if err != nil {
					return 0, err
				}
				return f(t)
			}}
		}
		return []Measure{
			of("roc_auc", true, (*rank.Table).AUC),
			of("average_precision", true, (*rank.Table).AveragePrecision),
			of("log_loss", false, (*rank.Table).LogLoss),
			of("brier", false, (*rank.Table).Brier),
		}
	}
	multi := func(p Predictions) (*rank.Multiclass, error) {
		if p.Proba == nil {
			return nil, ErrNoProbabilities
		}
		b := rank.NewMultiBuilder(classes)
		for i := range p.Y {
			if err := b.Add(int(p.Y[i]), p.Proba[i], 1); err != nil {
				return nil, err
			}
		}
		return b.Result(), nil
	}
	return []Measure{
		{Name: "roc_auc", HigherIsBetter: true, Func: func(p Predictions) (float64, error) {
			m, err := multi(p)
			if err != nil {
				return 0, err
			}
			a, err := m.AUC()
			return a.OvRMacro, err
		}},
		{Name: "log_loss", Func: func(p Predictions) (float64, error) {
			m, err := multi(p)
			if err != nil {
				return 0, err
			}
			return m.LogLoss()
		}},
	}
}
