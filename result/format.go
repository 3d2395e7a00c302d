package result

import (
	"math"
	"strconv"
)

// Sig formats v to 4 significant digits without an exponent for ordinary
// magnitudes (0.8333, 12.35, 1235, 123457); "—" for NaN; "∞" for infinities.
func Sig(v float64) string {
	switch {
	case math.IsNaN(v):
		return "—"
	case math.IsInf(v, 1):
		return "∞"
	case math.IsInf(v, -1):
		return "-∞"
	case v == 0:
		return "0"
	}
	a := math.Abs(v)
	if a < 1e-4 || a >= 1e9 {
		return strconv.FormatFloat(v, 'g', 4, 64)
	}
	// Round to 4 significant digits first, so that 0.99996 shows as 1.000.
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 4, 64), 64)
	digits := 3 - int(math.Floor(math.Log10(math.Abs(r))))
	if digits < 0 {
		digits = 0
	}
	return strconv.FormatFloat(r, 'f', digits, 64)
}

// Int formats a count that is held as a float (a weighted count): with no
// decimals when it is whole, else to 4 significant digits.
func Int(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return Sig(v)
}

// Interval formats a confidence interval as "[low, high]", each end as
// Sig does.
func Interval(lo, hi float64) string { return "[" + Sig(lo) + ", " + Sig(hi) + "]" }

// Pct formats a fraction as a percentage with 4 significant digits.
func Pct(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return Sig(v)
	}
	return Sig(100*v) + " %"
}
