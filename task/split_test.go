package task

import (
	"bufio"
	"bytes"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/table"
)

// The second pass of --emit data must see the rows of the first: an input
// that changed in between (more or fewer rows) is an error, not a file
// with shifted assignments.
func TestSplitInputChanged(t *testing.T) {
	for _, rows := range []string{"a\n1\n2\n", "a\n1\n2\n3\n4\n"} {
		r, err := table.NewReader(strings.NewReader(rows), "in.csv", table.CSV)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		w := bufio.NewWriter(&out)
		err = writeData(w, r, []string{"a"}, 3, []string{"fold"}, func(c, i int) string { return "0" })
		if err == nil || !strings.Contains(err.Error(), "changed while split read it twice") {
			t.Errorf("%q read as 3 rows: %v", rows, err)
		}
	}
}

func TestSplitKFold(t *testing.T) {
	r, err := table.NewReader(strings.NewReader("id\n1\n2\n3\n4\n5\n6\n"), "in.csv", table.CSV)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Split{KFold: 3, IndexLists: true}.Read(r)
	if err != nil {
		t.Fatal(err)
	}
	if res.Method != "kfold" || res.N != 6 || len(res.Splits) != 3 || len(res.Columns) != 1 || res.Columns[0] != "fold" {
		t.Fatalf("%+v", res)
	}
	// unshuffled K-fold tests consecutive blocks, as scikit-learn's KFold
	var got []string
	for i := range 6 {
		got = append(got, res.Value(0, i))
	}
	if strings.Join(got, " ") != "0 0 1 1 2 2" {
		t.Errorf("folds %v", got)
	}
}

// Stratified and grouped splits take labels that are all numbers by
// value: "1", "1.0" and " 1" are one class (one group), so the folds of
// spelled labels are those of the same labels spelled one way.
func TestSplitLabelSpellings(t *testing.T) {
	spelled := []string{"1", "0", "1.0", " 1", "0.0", "2", "1e0", "0", "2.0", "1", "0", "+2"}
	plain := []string{"1", "0", "1", "1", "0", "2", "1", "0", "2", "1", "0", "2"}
	folds := func(labels []string, s Split) string {
		r, err := table.NewReader(strings.NewReader("y\n"+strings.Join(labels, "\n")+"\n"), "in.csv", table.CSV)
		if err != nil {
			t.Fatal(err)
		}
		res, err := s.Read(r)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for i := range len(labels) {
			got = append(got, res.Value(0, i))
		}
		return strings.Join(got, " ")
	}
	for _, s := range []Split{{KFold: 3, Stratify: "y"}, {KFold: 3, Group: "y"}, {KFold: 3, Stratify: "y", Shuffle: true, Seed: 4}} {
		if a, b := folds(spelled, s), folds(plain, s); a != b {
			t.Errorf("%+v: spelled labels give folds %s, one spelling %s", s, a, b)
		}
	}
}
