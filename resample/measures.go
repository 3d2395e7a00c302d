package resample

import (
	"github.com/evalkit-go/evalkit/classify"
	"github.com/evalkit-go/evalkit/learn"
	"github.com/evalkit-go/evalkit/regress"
)

// DefaultMeasures returns every measure that applies to d's task, named as
// in the rest of evalkit: for classification, those of package classify
// from each split's confusion matrix (accuracy, error_rate,
// balanced_accuracy, macro_precision, macro_recall, macro_f1, cohen_kappa,
// mcc); for regression, those of package regress (mse, rmse, mae, medae,
// mape, r2, explained_variance, max_error). MCC is 0 where scikit-learn
// calls it undefined (a constant prediction), as scikit-learn returns.
func DefaultMeasures(d learn.Data) []Measure {
	if d.Classes > 0 {
		return classificationMeasures()
	}
	return regressionMeasures()
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
