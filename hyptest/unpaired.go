package hyptest

import (
	"fmt"
	"math"
)

// UnpairedAUC is DeLong's test of two ROC AUCs estimated on independent
// samples (DeLong, DeLong & Clarke-Pearson 1988; Hanley & McNeil 1982),
// each with its DeLong variance:
//
//	z = (AUC_B − AUC_A) / √(V_A + V_B),
//
// as pROC's roc.test(rocA, rocB, paired = FALSE, method = "delong")
// computes it (with rocB first its statistic is this z). The confidence
// interval of AUC_B − AUC_A at level (0 means 0.95) is diff ± z_{1−α/2}
// √(V_A + V_B).
//
// Errors: ErrNotFinite for a NaN or infinite input, ErrInvalid for a
// negative variance or a bad level, ErrZeroVariance when both variances
// are 0.
func UnpairedAUC(aucA, varA, aucB, varB float64, alt Alternative, level float64) (ABResult, error) {
	return waldDiff(aucA, varA, aucB, varB, alt, level)
}

// WaldDiff is the z test of the difference of two estimates from
// independent samples with standard errors seA and seB:
//
//	z = (x_B − x_A) / √(se_A² + se_B²),
//
// with the interval diff ± z_{1−α/2} √(se_A² + se_B²) at level (0 means
// 0.95). Its errors are those of [UnpairedAUC].
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
