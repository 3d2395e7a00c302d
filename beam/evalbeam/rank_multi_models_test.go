package evalbeam

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/table"
	"github.com/evalkit-go/evalkit/task"
)

// A unit's part (its state, and its slices' keys and rows) round-trips
// through its encoding; truncated or padded encodings are errors.
func TestMultiModelsPartEncoding(t *testing.T) {
	tk := &task.RankMultiModels{True: "y", Weight: "w", Classes: []string{"a", "b"}, Models: [][]string{{"m_a", "m_b"}, {"n_a", "n_b"}}, Names: []string{"m", "n"}}
	csv := "y,m_a,m_b,n_a,n_b,w\na,0.75,0.25,0.5,0.5,1\nb,0.25,0.75,1,0,0.5\nb,0,1,0.5,0.5,2\n"
	r, err := table.NewReader(strings.NewReader(csv), "unit.csv", table.CSV)
	if err != nil {
		t.Fatal(err)
	}
	cols, err := table.Columns(r, tk.Columns()...)
	if err != nil {
		t.Fatal(err)
	}
	st := tk.New()
	if err := tk.Fold(st, r, cols); err != nil {
		t.Fatal(err)
	}
	for _, p := range []*multiModelsPart{
		{Unit: 3, State: tk.New()},
		{Unit: 0, State: st, Keys: []string{"0\x00x", "0\x00y", "1\x00"}, Rows: [][]int32{{0, 2}, {1}, {0, 1, 2}}},
	} {
		b, err := encodeMultiModelsPart(p)
		if err != nil {
			t.Fatal(err)
		}
		back, err := decodeMultiModelsPart(b)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := p.State.MarshalBinary()
		got, _ := back.State.MarshalBinary()
		if back.Unit != p.Unit || !bytes.Equal(got, want) || !reflect.DeepEqual(back.Keys, p.Keys) || !reflect.DeepEqual(back.Rows, p.Rows) {
			t.Errorf("part %+v decodes as %+v", p, back)
		}
		for cut := range len(b) {
			if _, err := decodeMultiModelsPart(b[:cut]); err == nil {
				t.Fatalf("%d bytes of %d decoded", cut, len(b))
			}
		}
		if _, err := decodeMultiModelsPart(append(b, 0)); err == nil {
			t.Error("a padded part decoded")
		}
	}
}
