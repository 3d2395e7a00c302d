package task

import (
	"errors"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/label"
	"github.com/evalkit-go/evalkit/table"
)

// readLabels classifies the labels of a one-column CSV under the rule of
// posLabel, recording them as chunk 0.
func readLabels(t *testing.T, csv, posLabel string) ([]LabelClass, *FirstLabels, error) {
	t.Helper()
	r, err := table.NewReader(strings.NewReader("y\n"+csv), "in.csv", table.CSV)
	if err != nil {
		t.Fatal(err)
	}
	rule := NewPosRule(posLabel)
	var first FirstLabels
	var out []LabelClass
	for r.Next() {
		y, err := r.Text(0)
		if err != nil {
			t.Fatal(err)
		}
		c, err := rule.Class(r, y)
		if err != nil {
			return out, &first, err
		}
		first.See(r, 0, c, y)
		out = append(out, c)
	}
	return out, &first, r.Err()
}

func TestPosRule(t *testing.T) {
	tests := []struct {
		name, csv, pos string
		want           []bool
		posName        string
		err            string
	}{
		{"zero-one", "0\n1\n1.0\n0\n", "", []bool{false, true, true, false}, "1", ""},
		{"minus-one", "-1\n1\n", "", []bool{false, true}, "1", ""},
		{"first one wins", "1.0\n1\n", "", []bool{true, true}, "1.0", ""},
		{"given", "spam\nham\n", "spam", []bool{true, false}, "", ""},
		{"not binary", "0\nspam\n", "", nil, "", `in.csv:3: label "spam": the labels are not {0, 1} or {-1, 1}, so the positive label is required`},
		{"two", "0\n2\n", "", nil, "", `in.csv:3: label "2": the labels are not {0, 1} or {-1, 1}`},
		{"mixed", "0\n1\n-1\n0\n", "", nil, "", "in.csv:4: labels include 0 and -1, so the positive label is required"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, first, err := readLabels(t, tt.csv, tt.pos)
			posName := ""
			if err == nil {
				posName, err = first.Resolve()
			}
			if tt.err != "" {
				var le *LabelError
				if err == nil || !errors.As(err, &le) || !strings.HasPrefix(err.Error(), tt.err) {
					t.Fatalf("error %v, want a *LabelError %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for i, c := range got {
				if c.Pos != tt.want[i] {
					t.Errorf("row %d: positive %v, want %v", i, c.Pos, tt.want[i])
				}
			}
			if posName != tt.posName {
				t.Errorf("positive label %q, want %q", posName, tt.posName)
			}
		})
	}
}

// Chunks' records merged in any order give the record of one sequential
// read: the earliest row of each kind, by chunk then line.
func TestFirstLabelsMerge(t *testing.T) {
	at := func(chunk, line int) LabelAt { return LabelAt{Chunk: chunk, Line: line, Where: "x"} }
	a := FirstLabels{First: [4]LabelAt{KindZero: at(1, 40), KindOne: at(1, 41)}, PosName: "1.0"}
	b := FirstLabels{First: [4]LabelAt{KindOne: at(0, 9)}, PosName: "1"}
	c := FirstLabels{First: [4]LabelAt{KindMinus1: at(2, 70)}}
	for _, order := range [][]*FirstLabels{{&a, &b, &c}, {&c, &b, &a}, {&b, &c, &a}} {
		var m FirstLabels
		for _, f := range order {
			m.Merge(f)
		}
		if m.PosName != "1" || m.First[KindOne] != at(0, 9) || m.First[KindZero] != at(1, 40) {
			t.Errorf("merged %+v", m)
		}
		_, err := m.Resolve()
		var le *LabelError
		if !errors.As(err, &le) || !le.Mixed || le.Where != "x" {
			t.Errorf("resolve: %v", err)
		}
	}
}

// label.Number reads the numbers a table's number columns read
// (table.ParseFloat), and no others, but those whose float64 does not
// hold their decimal (1e-400 reads as 0; 2⁵³ + 1 as 2⁵³): as labels
// they would be one label with another.
func TestLabelNumberIsTableNumber(t *testing.T) {
	for _, s := range []string{"1", "1.0", " 1", "1 ", "+1", "-0", ".5", "5.", "1e0", "1E+2", "1e999", "1e-400", "9007199254740993",
		"", " ", "x", "1_0", "0x1p-3", "inf", "-Infinity", "nan", "NaN", "1e", "--1", "1 0", "0b1", "١"} {
		v, ok := label.Number(s)
		w, err := table.ParseFloat([]byte(s))
		if ok != (err == nil && label.Exact(s, w)) || (ok && v != w) {
			t.Errorf("%q: label.Number %v, %v; table.ParseFloat %v, %v", s, v, ok, w, err)
		}
	}
}

func TestPosLabelOf(t *testing.T) {
	cases := []struct {
		pos, rule string
		labels    []string
		cmp       label.Comparison
		want      string
		err       string
	}{
		{"", "1.0", []string{"0", "1.0", " 1"}, label.Numbers, "1", ""},
		{"1", "", []string{"0.0", "1.0", " 1"}, label.Numbers, "1", ""},
		{"1.0", "", []string{"0", "1"}, label.Numbers, "1", ""},
		{"spam", "", []string{"spam", "ham"}, label.Strings, "spam", ""},
		{"1", "", []string{"1", "x"}, label.Strings, "1", ""},
		{"2", "", []string{"0", "1"}, label.Numbers, "", `positive label "2" is not among the labels of column "y" (found: 0, 1)`},
		{"1", "", []string{"1", "1.0", "x"}, label.Strings, "", `label "1.0" is the positive label "1" only as a number, but the labels compare as strings ("x" is not a number)`},
	}
	for _, c := range cases {
		cmp, _, pos, err := PosLabelOf("f.csv", "y", c.pos, c.rule, c.labels)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("PosLabelOf(%q, %q): error %v, want %q", c.pos, c.labels, err, c.err)
			}
			continue
		}
		if err != nil || cmp != c.cmp || pos != c.want {
			t.Errorf("PosLabelOf(%q, %q) = %v, %q, %v; want %v, %q", c.pos, c.labels, cmp, pos, err, c.cmp, c.want)
		}
	}
}
