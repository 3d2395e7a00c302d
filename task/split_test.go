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
