package datasets

import (
	"math"
	"testing"
)

// TestShapes checks sizes, class counts and a few values against
// scikit-learn 1.2.1's load_iris, load_wine, load_breast_cancer and
// load_diabetes(scaled=False).
func TestShapes(t *testing.T) {
	tests := []struct {
		set            Set
		rows, features int
		classCounts    []int
		firstX, lastY  float64
		sumY           float64
	}{
		{Iris(), 150, 4, []int{50, 50, 50}, 5.1, 2, 150},
		{Wine(), 178, 13, []int{59, 71, 48}, 14.23, 2, 167},
		{BreastCancer(), 569, 30, []int{212, 357}, 17.99, 1, 357},
		{Diabetes(), 442, 10, nil, 59, 57, 67243},
	}
	for _, tt := range tests {
		t.Run(tt.set.Name, func(t *testing.T) {
			d := tt.set.Data
			if len(d.X) != tt.rows || d.Features() != tt.features || len(tt.set.Features) != tt.features {
				t.Fatalf("shape %d×%d (%d names)", len(d.X), d.Features(), len(tt.set.Features))
			}
			if d.Classes != len(tt.classCounts) || len(tt.set.ClassNames) != d.Classes {
				t.Fatalf("classes %d, names %v", d.Classes, tt.set.ClassNames)
			}
			counts := make([]int, d.Classes)
			sum := 0.0
			for _, y := range d.Y {
				if d.Classes > 0 {
					counts[int(y)]++
				}
				sum += y
			}
			for c := range counts {
				if counts[c] != tt.classCounts[c] {
					t.Errorf("class %d: %d rows, want %d", c, counts[c], tt.classCounts[c])
				}
			}
			if d.X[0][0] != tt.firstX || d.Y[len(d.Y)-1] != tt.lastY || math.Abs(sum-tt.sumY) > 1e-9 {
				t.Errorf("first x %v, last y %v, sum y %v", d.X[0][0], d.Y[len(d.Y)-1], sum)
			}
		})
	}
}
