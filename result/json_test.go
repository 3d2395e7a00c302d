package result

import "testing"

// Whole numbers print as integers (counts as sums of float weights: 10⁹
// rows' positives), others with the fewest digits.
func TestFormatFloatWhole(t *testing.T) {
	for f, want := range map[float64]string{
		5.00000793e+08: "500000793", 1e6: "1000000", -3e15: "-3000000000000000", 1e21: "1e+21",
		0.5: "0.5", 1234567.5: "1.2345675e+06", 1e-7: "1e-07", 2: "2",
	} {
		if got := FormatFloat(f); got != want {
			t.Errorf("FormatFloat(%v) = %s, want %s", f, got, want)
		}
	}
}
