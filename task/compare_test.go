package task

import (
	"errors"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/table"
)

func reader(t *testing.T, name, csv string) *table.Reader {
	t.Helper()
	r, err := table.NewReader(strings.NewReader(csv), name, table.CSV)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

const folds = "fold,a,b\n1,0.86,0.85\n2,0.80,0.77\n3,0.91,0.90\n4,0.84,0.86\n5,0.88,0.81\n"

// The file path gives the result of the in-memory path: the test of the
// slices read.
func TestTTestReadIsInMemory(t *testing.T) {
	got, err := TTest{Pairs: Pairs{A: "a", B: "b"}, Alternative: hyptest.TwoSided}.Read(reader(t, "folds.csv", folds))
	if err != nil {
		t.Fatal(err)
	}
	a := []float64{0.86, 0.80, 0.91, 0.84, 0.88}
	b := []float64{0.85, 0.77, 0.90, 0.86, 0.81}
	want, err := hyptest.PairedTTest(a, b, hyptest.TwoSided)
	if err != nil {
		t.Fatal(err)
	}
	if got.N != 5 || got.Statistic != want.Statistic || got.PValue != want.PValue || got.DF != want.DF || got.Alternative != "two-sided" {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

func TestPairsErrors(t *testing.T) {
	// the rows past the budget: the budget's error, naming the test
	_, err := Pairs{A: "a", B: "b", Name: "compare ttest", Budget: budget.New(64)}.Read(reader(t, "folds.csv", folds))
	if !errors.Is(err, budget.ErrExceeded) || !strings.Contains(err.Error(), "compare ttest's rows (two scores a row)") {
		t.Errorf("64 B budget: %v", err)
	}
	// a test's error names the input
	_, err = CV5x2{Pairs: Pairs{A: "a", B: "b"}}.Read(reader(t, "folds.csv", folds))
	if err == nil || !strings.HasPrefix(err.Error(), "folds.csv: 5×2cv needs 10 rows") {
		t.Errorf("5 rows for 5×2cv: %v", err)
	}
}

func TestABMeansLabels(t *testing.T) {
	in := "g,v\nx,1\ny,2\nz,3\nx,2\ny,4\nz,1\n"
	_, err := ABMeans{Groups: Groups{Group: "g", Value: "v"}, Level: 0.95, Alpha: 0.05, Power: 0.8}.Read(reader(t, "in.csv", in))
	var ge *GroupsError
	if !errors.As(err, &ge) || len(ge.Labels) != 3 {
		t.Errorf("three labels, none chosen: %v", err)
	}
	res, err := ABMeans{Groups: Groups{Group: "g", Value: "v"}, A: "x", B: "z", Level: 0.95, Alpha: 0.05, Power: 0.8}.Read(reader(t, "in.csv", in))
	if err != nil {
		t.Fatal(err)
	}
	// mean of x: (1+2)/2, of z: (3+1)/2
	if *res.LabelA != "x" || *res.LabelB != "z" || res.MeanA != 1.5 || res.MeanB != 2 || res.NA != 2 {
		t.Errorf("x against z: %+v", res)
	}
}

func TestFriedmanReadErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"set,a,b\ns1,1,2\n", "at least 3 algorithms"},
		{"set,a,b,c\ns1,1,2,3\ns2,2,1,3\ns3,1,3,2\n", ""},
	} {
		_, err := Friedman{Control: "d"}.Read(reader(t, "in.csv", c.in))
		if c.want == "" {
			c.want = `"d" is not an algorithm column`
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.in, err, c.want)
		}
	}
}
