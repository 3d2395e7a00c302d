package hyptest

import (
	"errors"
	"fmt"
	"math"
)

// Sentinel errors; the returned errors wrap them with details.
var (
	ErrTooFew       = errors.New("too few observations")
	ErrNotFinite    = errors.New("value is not finite")
	ErrZeroVariance = errors.New("zero variance")
	ErrInvalid      = errors.New("invalid parameter")
)

// Alternative is the alternative hypothesis of a test.
type Alternative int

// The alternatives. Greater: the first sample (or the statistic) is larger
// than under the null hypothesis; Less: smaller.
const (
	TwoSided Alternative = iota
	Less
	Greater
)

func (a Alternative) String() string {
	switch a {
	case TwoSided:
		return "two-sided"
	case Less:
		return "less"
	case Greater:
		return "greater"
	}
	return fmt.Sprintf("Alternative(%d)", int(a))
}

// ParseAlternative parses "two-sided", "less" or "greater".
func ParseAlternative(s string) (Alternative, error) {
	switch s {
	case "two-sided", "two_sided", "":
		return TwoSided, nil
	case "less":
		return Less, nil
	case "greater":
		return Greater, nil
	}
	return 0, fmt.Errorf("%w: alternative %q (want two-sided, less or greater)", ErrInvalid, s)
}

// pFromZ returns the p-value of a standard normal statistic z.
func pFromZ(z float64, alt Alternative) float64 {
	switch alt {
	case Less:
		return normCDF(z)
	case Greater:
		return normSF(z)
	}
	return math.Min(1, 2*normSF(math.Abs(z)))
}

// pFromT returns the p-value of a t statistic with df degrees of freedom.
func pFromT(t, df float64, alt Alternative) float64 {
	switch alt {
	case Less:
		return tCDF(t, df)
	case Greater:
		return tSF(t, df)
	}
	return math.Min(1, 2*tSF(math.Abs(t), df))
}

func checkFinite(name string, x []float64) error {
	for i, v := range x {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("%w: %s[%d] = %v", ErrNotFinite, name, i, v)
		}
	}
	return nil
}

func checkAlpha(alpha float64) error {
	if !(alpha > 0 && alpha < 1) {
		return fmt.Errorf("%w: alpha = %v, want 0 < alpha < 1", ErrInvalid, alpha)
	}
	return nil
}

func samelen(a, b []float64) {
	if len(a) != len(b) {
		panic(fmt.Sprintf("hyptest: slices of different lengths %d and %d", len(a), len(b)))
	}
}
