package classify

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/hyptest"
)

// Labels that are all numbers compare as numbers in Evaluate: "1", "1.0"
// and " 1" are one class, named "1" (scikit-learn on the floats: accuracy
// 5/6, tools/oracle/label_spellings.py "spellings"); with a label that is
// not a number they compare as spelled.
func TestEvaluateSpellings(t *testing.T) {
	yt := []string{"1", "0", " 1", "1.0", "0", "0.0"}
	yp := []string{"1.0", "0.0", "1", " 1", "1.0", "0"}
	r, err := Evaluate(yt, yp, nil, Options{PosLabel: "1.0"})
	if err != nil {
		t.Fatal(err)
	}
	if r.LabelComparison != "numeric" || strings.Join(r.Labels, ",") != "0,1" || r.Accuracy != 5.0/6 || r.Binary.Label != "1" {
		t.Errorf("numeric: %q %q accuracy %v binary %q", r.LabelComparison, r.Labels, r.Accuracy, r.Binary.Label)
	}
	r, err = Evaluate(append(yt, "x"), append(yp, "x"), nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.LabelComparison != "string" || len(r.Labels) != 6 || r.Accuracy != 1.0/7 {
		t.Errorf("string: %q %q accuracy %v", r.LabelComparison, r.Labels, r.Accuracy)
	}
}

// Multilabel sets compare their labels as the other tasks do: as numbers
// when every label is a number (1 and 1.0 are the label 1, also within
// one row), with a fixed list of numbers too; as spelled with a label
// that is not a number.
func TestMultilabelSpellings(t *testing.T) {
	rows := [][2][]string{{{"1", "2"}, {"1.0", "2"}}, {{"2"}, {"2.0"}}}
	for _, c := range []struct {
		fixed  []string
		extra  bool // a row with the label "x"
		cmp    string
		labels string
		subset float64
	}{
		{nil, false, "numeric", "1,2", 1},
		{[]string{"1", "2"}, false, "numeric", "1,2", 1},
		{nil, true, "string", "1,1.0,2,2.0,x", 1.0 / 3},
	} {
		m := NewMultilabel(c.fixed, 1)
		add := rows
		if c.extra {
			add = append(add, [2][]string{{"x"}, {"x"}})
		}
		for _, r := range add {
			if bad, ok := m.Add(byteSets(r[0]), byteSets(r[1]), 1); !ok {
				t.Fatalf("label %q", bad)
			}
		}
		rep, err := m.Report(ZeroDivZero)
		if err != nil {
			t.Fatal(err)
		}
		if rep.LabelComparison != c.cmp || strings.Join(rep.Labels, ",") != c.labels || rep.SubsetAccuracy != c.subset || strings.Contains(strings.Join(rep.Warnings, "\n"), "one number") {
			t.Errorf("%v: %q %q, subset accuracy %v, warnings %q", c.fixed, rep.LabelComparison, rep.Labels, rep.SubsetAccuracy, rep.Warnings)
		}
	}
}

func byteSets(s []string) [][]byte {
	var out [][]byte
	for _, l := range s {
		out = append(out, []byte(l))
	}
	return out
}

// TestMultilabelByValue: with labels that are all numbers, the report is
// that of the same rows with every label spelled label.Canonical (as
// spelled, where nothing is left to merge), whether the rows are folded
// at once or in parts merged in any order, through the encoding or not,
// with or without the cross-label moments; a label that is not a number,
// in any part, makes it the report as spelled.
func TestMultilabelByValue(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	spell := map[string][]string{"1": {"1", "1.0", " 1", "1e0"}, "2": {"2", "2.00", "+2"}, "10": {"10", "1e1"}, "0.5": {"0.5", ".5"}}
	vals := []string{"1", "2", "10", "0.5"}
	set := func(canon bool, sp float64) (out [][]byte, plain [][]byte) {
		for _, v := range vals {
			if rng.IntN(2) == 0 {
				s := v
				if rng.Float64() < sp {
					s = spell[v][rng.IntN(len(spell[v]))]
				}
				out = append(out, []byte(s))
				plain = append(plain, []byte(v))
				if rng.IntN(6) == 0 { // the same number again, spelled another way
					out = append(out, []byte(spell[v][rng.IntN(len(spell[v]))]))
				}
			}
		}
		return out, plain
	}
	for _, tc := range []struct {
		name     string
		spelling float64 // the chance of another spelling
		noCross  bool
		x        int // the row with label "x" (-1: none)
	}{
		{"canonical", 0, false, -1}, {"spelled", 0.5, false, -1}, {"rare", 0.02, false, -1},
		{"spelled, no cross", 0.5, true, -1}, {"x first", 0.5, false, 0}, {"x late", 0.5, false, 150},
	} {
		t.Run(tc.name, func(t *testing.T) {
			type row struct {
				t, p, tc, pc [][]byte
				w            float64
			}
			var rows []row
			for i := range 200 {
				a, ac := set(false, tc.spelling)
				b, bc := set(false, tc.spelling)
				if i == tc.x {
					a, ac = append(a, []byte("x")), append(ac, []byte("x"))
				}
				rows = append(rows, row{a, b, ac, bc, float64(1 + rng.IntN(4))})
			}
			state := func() *Multilabel {
				m := NewMultilabel(nil, 1.5)
				if tc.noCross {
					m.NoCross()
				}
				return m
			}
			report := func(m *Multilabel) string {
				r, err := m.Report(ZeroDivZero)
				if err != nil {
					t.Fatal(err)
				}
				if err := r.AddIntervals(hyptest.CIOptions{Level: 0.9, Bootstrap: 50, Seed: 1}); err != nil {
					t.Fatal(err)
				}
				b, _ := json.Marshal(r)
				return string(b)
			}
			whole, canon := state(), state()
			for _, r := range rows {
				whole.Add(r.t, r.p, r.w)
				if tc.x < 0 {
					canon.Add(r.tc, r.pc, r.w)
				} else {
					canon.Add(r.t, r.p, r.w)
				}
			}
			want := report(canon)
			if got := report(whole); got != want {
				t.Fatalf("one pass:\n%s\nwant\n%s", got, want)
			}
			if !strings.Contains(want, map[bool]string{true: `"label_comparison":"string"`, false: `"label_comparison":"numeric"`}[tc.x >= 0]) {
				t.Fatalf("comparison: %s", want)
			}
			for k := range 6 {
				cuts := []int{0, rng.IntN(201), rng.IntN(201), rng.IntN(201), 200}
				slices.Sort(cuts)
				var parts []*Multilabel
				for i := range 4 {
					p := state()
					for _, r := range rows[cuts[i]:cuts[i+1]] {
						p.Add(r.t, r.p, r.w)
					}
					if k%2 == 1 {
						b, _ := p.MarshalBinary()
						p = new(Multilabel)
						if err := p.UnmarshalBinary(b); err != nil {
							t.Fatal(err)
						}
					}
					parts = append(parts, p)
				}
				// Merged in a tree: (0+1) + (2+3).
				parts[0].Merge(parts[1])
				parts[2].Merge(parts[3])
				parts[0].Merge(parts[2])
				if got := report(parts[0]); got != want {
					t.Fatalf("parts %v:\n%s\nwant\n%s", cuts, got, want)
				}
			}
		})
	}
}
