package task

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/table"
)

// TestSlicesRead: slices in the order of their values (numbers by value),
// an empty value a slice of its own, combinations of two columns, the
// rows of each in input order, MinRows, MaxSlices and the budget.
func TestSlicesRead(t *testing.T) {
	data := "n,c,y\n10,x,1\n9,y,2\n10,,3\n-1,x,4\n9,x,5\n"
	read := func(s Slices) (*SlicedInput, error) {
		r, err := table.NewReader(strings.NewReader(data), "t.csv", table.CSV)
		if err != nil {
			t.Fatal(err)
		}
		return s.Read(r, []string{"y", "missing"})
	}
	in, err := read(Slices{By: [][]string{{"n"}, {"c", "n"}}, MinRows: 2})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range in.Slices {
		var keys []string
		for _, m := range s.By {
			keys = append(keys, m.Key+"="+m.Value.(string))
		}
		var ys []string
		if s.Reader != nil {
			col, _ := s.Reader.Col("y")
			for s.Reader.Next() {
				ys = append(ys, string(s.Reader.Field(col)))
			}
		}
		got = append(got, strings.Join(keys, ",")+":"+strings.Join(ys, ""))
	}
	want := "n=-1:|n=9:25|n=10:13|c=,n=10:|c=x,n=-1:|c=x,n=9:|c=x,n=10:|c=y,n=9:"
	if g := strings.Join(got, "|"); g != want {
		t.Errorf("slices %s\nwant   %s", g, want)
	}
	if in.Small != 6 || in.Rows() != 5 || in.Slices[4].Slicing != 1 {
		t.Errorf("small %d, rows %d, slicing %d", in.Small, in.Rows(), in.Slices[4].Slicing)
	}
	// The rest of slice n=9: rows 1, 3, 4 (y = 1, 3, 4).
	rest := in.Rest(1)
	col, _ := rest.Col("y")
	var ys []string
	for rest.Next() {
		ys = append(ys, string(rest.Field(col)))
	}
	if strings.Join(ys, "") != "134" {
		t.Errorf("rest of n=9: %v", ys)
	}
	_, err = read(Slices{By: [][]string{{"n"}}, MaxSlices: 2})
	if !errors.Is(err, ErrTooManySlices) || !strings.Contains(err.Error(), `column "n" has 3 values`) {
		t.Errorf("MaxSlices 2: %v", err)
	}
	_, err = read(Slices{By: [][]string{{"c", "n"}}, MaxSlices: 4})
	if !errors.Is(err, ErrTooManySlices) || !strings.Contains(err.Error(), `columns "c,n" have 5 combinations`) {
		t.Errorf("MaxSlices 4: %v", err)
	}
	_, err = read(Slices{By: [][]string{{"n"}}, Budget: budget.New(64)})
	if !errors.Is(err, budget.ErrExceeded) {
		t.Errorf("budget of 64 B: %v", err)
	}
	_, err = read(Slices{By: [][]string{{"nope"}}})
	if !errors.Is(err, table.ErrMissingColumn) {
		t.Errorf("missing column: %v", err)
	}
}

// TestSlicesCounted: the slices counted in parts, given in any order,
// are Read's slices of the whole (order, values, rows, the small ones),
// and past MaxSlices the error is Read's.
func TestSlicesCounted(t *testing.T) {
	data := "n,c,y\n10,x,1\n9,y,2\n10,,3\n-1,x,4\n9,x,5\n1e1,x,6\n"
	s := Slices{By: [][]string{{"n"}, {"c", "n"}}, MinRows: 2}
	r, err := table.NewReader(strings.NewReader(data), "t.csv", table.CSV)
	if err != nil {
		t.Fatal(err)
	}
	in, err := s.Read(r, []string{"y"})
	if err != nil {
		t.Fatal(err)
	}
	var counts []SliceCount
	for i := len(in.Slices) - 1; i >= 0; i-- {
		x := in.Slices[i]
		var values []string
		for _, m := range x.By {
			values = append(values, m.Value.(string))
		}
		counts = append(counts, SliceCount{Slicing: x.Slicing, Values: values, Rows: x.Rows})
	}
	got, err := s.Counted("t.csv", counts)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Slices) != len(in.Slices) || got.Small != in.Small || got.MinRows != in.MinRows || got.Rows() != in.Rows() {
		t.Fatalf("counted: %d slices, %d small, %d rows; read: %d, %d, %d", len(got.Slices), got.Small, got.Rows(), len(in.Slices), in.Small, in.Rows())
	}
	for i, x := range in.Slices {
		g := got.Slices[i]
		if g.Slicing != x.Slicing || g.Rows != x.Rows || len(g.By) != len(x.By) {
			t.Fatalf("slice %d: %+v, want %+v", i, g, x)
		}
		for j := range x.By {
			if g.By[j] != x.By[j] {
				t.Errorf("slice %d: by %v, want %v", i, g.By, x.By)
			}
		}
	}
	s.MaxSlices = 3
	r, _ = table.NewReader(strings.NewReader(data), "t.csv", table.CSV)
	_, want := s.Read(r, nil)
	_, err = s.Counted("t.csv", counts)
	if !errors.Is(err, ErrTooManySlices) || want == nil || err.Error() != want.Error() {
		t.Errorf("MaxSlices: %v, want %v", err, want)
	}
}

// TestSliceLossesCounted: slices counted, their losses given by
// SliceLosses (in another order), are compared as slices read, their
// losses read by Losses: the same Welch tests.
func TestSliceLossesCounted(t *testing.T) {
	data := "g,l\na,1\nb,4\na,2.5\nc,0.5\nb,3\na,7\nc,1.5\nb,2\nc,9\na,0\n"
	r, err := table.NewReader(strings.NewReader(data), "t.csv", table.CSV)
	if err != nil {
		t.Fatal(err)
	}
	s := Slices{By: [][]string{{"g"}}}
	in, err := s.Read(r, []string{"l"})
	if err != nil {
		t.Fatal(err)
	}
	read := func(r *table.Reader) []float64 {
		var out []float64
		for r.Next() {
			v, err := r.Float(1)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, v)
		}
		return out
	}
	// a result: the mean loss ("mse") of the rows and their number
	result := func(l []float64) any {
		sum := 0.0
		for _, v := range l {
			sum += v
		}
		return json.RawMessage(fmt.Sprintf(`{"n":%d,"mse":%v}`, len(l), sum/float64(len(l))))
	}
	overall := result(read(in.All()))
	compare := func(in *SlicedInput, c SliceCompare, losses func(i int, rest bool) []float64) []SliceTest {
		results, rests := make([]any, len(in.Slices)), make([]any, len(in.Slices))
		for i := range in.Slices {
			results[i], rests[i] = result(losses(i, false)), result(losses(i, true))
		}
		out := NewSlicesResult(in, overall, results)
		c.Measures = []string{"mse"}
		if err := c.Compare(in, out, rests); err != nil {
			t.Fatal(err)
		}
		var tests []SliceTest
		for _, s := range out.Slices {
			tests = append(tests, s.VsRest...)
		}
		return tests
	}
	want := compare(in, SliceCompare{Losses: func(path string, r *table.Reader) ([]float64, bool, error) {
		return read(r), true, nil
	}}, func(i int, rest bool) []float64 {
		if rest {
			return read(in.Rest(i))
		}
		return read(in.Reopen(i))
	})
	var counts []SliceCount
	for _, x := range in.Slices {
		counts = append(counts, SliceCount{Slicing: x.Slicing, Values: []string{x.By[0].Value.(string)}, Rows: x.Rows})
	}
	cin, err := s.Counted("t.csv", counts)
	if err != nil {
		t.Fatal(err)
	}
	losses := func(i int, rest bool) []float64 {
		l := read(in.Reopen(i))
		if rest {
			l = read(in.Rest(i))
		}
		slices.Reverse(l)
		return l
	}
	got := compare(cin, SliceCompare{SliceLosses: func(path string, i int, rest bool) ([]float64, bool, error) {
		return losses(i, rest), true, nil
	}}, losses)
	if len(got) != 3 || len(want) != 3 {
		t.Fatalf("%d and %d tests, want 3", len(got), len(want))
	}
	for i := range want {
		if got[i].Method != "welch t" || !reflect.DeepEqual(got[i], want[i]) {
			t.Errorf("slice %d: counted %+v, read %+v", i, got[i], want[i])
		}
	}
}
