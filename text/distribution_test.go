package text_test

import (
	"reflect"
	"testing"

	"github.com/evalkit-go/evalkit/text"
)

// TestDistribution: mean, quartiles and histogram as numpy 1.24 gives
// them for the same scores (np.mean, np.quantile(s, p, method="lower"),
// np.histogram(s, bins=4)), and the sentence each quartile is.
func TestDistribution(t *testing.T) {
	s := []float64{53.7284965911771, 39.43223765116288, 34.66806371753173, 0, 100, 12.5, 39.43223765116288}
	d := text.NewDistribution(s, 4, 2)
	want := []float64{39.9658622301478, 12.5, 39.43223765116288, 39.43223765116288, 0, 100}
	got := []float64{d.Mean, d.Q1, d.Median, d.Q3, d.Min, d.Max}
	for i := range want {
		if diff := got[i] - want[i]; diff > 1e-12 || diff < -1e-12 {
			t.Errorf("stat %d: %v, numpy %v", i, got[i], want[i])
		}
	}
	if at := []int{d.MinAt, d.Q1At, d.MedianAt, d.Q3At, d.MaxAt}; !reflect.DeepEqual(at, []int{3, 5, 1, 6, 4}) {
		t.Errorf("the quartiles' sentences %v, numpy's stable argsort gives [3 5 1 6 4]", at)
	}
	if !reflect.DeepEqual(d.Counts, []int{2, 3, 1, 1}) || d.N != 7 {
		t.Errorf("counts %v, numpy [2 3 1 1]", d.Counts)
	}
	if !reflect.DeepEqual(d.Lowest, []int{3, 5}) || !reflect.DeepEqual(d.Highest, []int{4, 0}) {
		t.Errorf("lowest %v, highest %v", d.Lowest, d.Highest)
	}
	if z := text.NewDistribution(nil, 4, 2); z.N != 0 {
		t.Errorf("no scores: %+v", z)
	}
}
