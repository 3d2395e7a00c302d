package table_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/table"
)

// TestHeaderMaxField: the limit on fields applies to the header as to the
// rows — a header longer than the default passes with no limit (before:
// an error even with --max-field 0) — and a long header field is named
// by its place in the header (before: the whole header was "field 1").
func TestHeaderMaxField(t *testing.T) {
	long := strings.Repeat("x", 3<<16) // longer than the reader's buffer
	for _, c := range []struct {
		name, data string
		opt        table.Options
		err        string // "" for no error
	}{
		{"no limit", "a,b," + long + "\n1,2,3\n", table.Options{MaxField: -1}, ""},
		{"limit above", "a,b," + long + "\n1,2,3\n", table.Options{MaxField: 1 << 20}, ""},
		{"csv third field", "a,b," + long + "\n1,2,3\n", table.Options{MaxField: 100}, "field 3 has more than 100 bytes"},
		{"tsv second field", "a\t" + long + "\tc\n1\t2\t3\n", table.Options{MaxField: 100}, "field 2 has more than 100 bytes"},
		{"csv given", "a," + long + "\n1,2\n", table.Options{Format: table.CSV, MaxField: 100}, "field 2 has more than 100 bytes"},
		{"short header", "a,b\n1," + long + "\n", table.Options{MaxField: 100}, `column "b"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, err := table.NewReaderWith(strings.NewReader(c.data), "h.csv", c.opt)
			if err == nil {
				for r.Next() {
				}
				err = r.Err()
			}
			switch {
			case c.err == "" && err != nil:
				t.Errorf("error %v", err)
			case c.err != "" && (!errors.Is(err, table.ErrFieldTooLong) || !strings.Contains(err.Error(), c.err)):
				t.Errorf("error %v, want ErrFieldTooLong with %q", err, c.err)
			}
		})
	}
}
