package hyptest

import (
	"fmt"
	"math"
)

// UnpairedAUC is DeLong's test of two ROC AUCs estimated on independent
// samples of nA and nB rows (DeLong, DeLong & Clarke-Pearson 1988), each
// with its DeLong variance, as pROC's roc.test(rocB, rocA, paired =
// FALSE, method = "delong") computes it: a t statistic with Welch–
// Satterthwaite's degrees of freedom over the rows of each curve,
//
//	t = (AUC_B − AUC_A) / √(V_A + V_B),
//	df = (V_A + V_B)² / (V_A²/(n_A − 1) + V_B²/(n_B − 1)).
//
// The confidence interval of AUC_B − AUC_A at level (0 means 0.95) is
// diff ± t_{df, 1−α/2} √(V_A + V_B).
//
// Errors: ErrTooFew unless both samples have 2 rows or more,
// ErrNotFinite for a NaN or infinite input, ErrInvalid for a negative
// variance or a bad level, ErrZeroVariance when both variances are 0.
func UnpairedAUC(aucA, varA float64, nA int64, aucB, varB float64, nB int64, alt Alternative, level float64) (ABResult, error) {
	if nA < 2 || nB < 2 {
		return ABResult{Level: level}, fmt.Errorf("%w: each curve needs at least 2 rows, got %d and %d", ErrTooFew, nA, nB)
	}
	r, err := waldDiff(aucA, varA, aucB, varB, alt, level)
	if err != nil {
		return r, err
	}
	v := varA + varB
	r.DF = v * v / (varA*varA/float64(nA-1) + varB*varB/float64(nB-1))
	r.PValue = pFromT(r.Statistic, r.DF, alt)
	t := tISF((1-r.Level)/2, r.DF)
	se := math.Sqrt(v)
	r.CI = [2]float64{r.Diff - t*se, r.Diff + t*se}
	return r, nil
}

// WaldDiff is the z test of the difference of two estimates from
// independent samples with standard errors seA and seB:
//
//	z = (x_B − x_A) / √(se_A² + se_B²),
//
// with the interval diff ± z_{1−α/2} √(se_A² + se_B²) at level (0 means
// 0.95).
//
// Errors: ErrNotFinite for a NaN or infinite input, ErrInvalid for a
// negative standard error or a bad level, ErrZeroVariance when both are 0.
func WaldDiff(xA, seA, xB, seB float64, alt Alternative, level float64) (ABResult, error) {
	return waldDiff(xA, seA*seA, xB, seB*seB, alt, level)
}

func waldDiff(a, va, b, vb float64, alt Alternative, level float64) (ABResult, error) {
	if level == 0 {
		level = 0.95
	}
	r := ABResult{DF: math.Inf(1), Level: level}
	for _, v := range []float64{a, va, b, vb} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return r, fmt.Errorf("%w: %v", ErrNotFinite, v)
		}
	}
	if va < 0 || vb < 0 {
		return r, fmt.Errorf("%w: negative variance", ErrInvalid)
	}
	if err := checkLevel(level); err != nil {
		return r, err
	}
	se := math.Sqrt(va + vb)
	if se == 0 {
		return r, fmt.Errorf("%w: both variances are 0", ErrZeroVariance)
	}
	r.Diff = b - a
	r.Statistic = r.Diff / se
	r.PValue = pFromZ(r.Statistic, alt)
	z := normISF((1 - level) / 2)
	r.CI = [2]float64{r.Diff - z*se, r.Diff + z*se}
	return r, nil
}
