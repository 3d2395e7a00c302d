package table

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
)

// TestRecordingReader: a Recording's reader over some rows reads their
// recorded values, lines and errors as the input's reader did, in input
// order, sequentially and through Parallel (one chunk per chunk of the
// input that holds its rows).
func TestRecordingReader(t *testing.T) {
	for _, c := range []struct {
		name, data string
		format     Format
	}{
		{"t.csv", "g,y,x\na,1,p\nb,2,q\na,,r\nb,4,s\na,x5,t\n", CSV},
		{"t.jsonl", `{"g":"a","y":1,"x":"p"}` + "\n" + `{"g":"b","y":2,"x":"q"}` + "\n" + `{"g":"a","y":null,"x":"r"}` + "\n" + `{"g":"b","y":4,"x":"s"}` + "\n" + `{"g":"a","y":"x5","x":"t"}` + "\n", JSONL},
	} {
		for _, chunk := range []int{1, 1 << 20} {
			r, err := NewReaderWith(strings.NewReader(c.data), c.name, Options{Format: c.format, ChunkSize: chunk})
			if err != nil {
				t.Fatal(err)
			}
			cols, err := Columns(r, "y", "g")
			if err != nil {
				t.Fatal(err)
			}
			var grown int64
			rec, err := Record(r, cols, func(n int64) error { grown += n; return nil })
			if err != nil {
				t.Fatal(err)
			}
			if rec.Rows() != 5 || grown != rec.Bytes() || grown <= 0 {
				t.Fatalf("%s: %d rows, %d bytes grown, %d held", c.name, rec.Rows(), grown, rec.Bytes())
			}
			a := rec.Reader([]int32{0, 2, 4})
			y, _ := a.Col("y")
			g, _ := a.Col("g")
			if _, err := a.Col("x"); !errors.Is(err, ErrMissingColumn) {
				t.Errorf("column x: %v", err)
			}
			var lines []int
			var errs []string
			for a.Next() {
				lines = append(lines, a.Line())
				if string(a.Field(g)) != "a" {
					t.Errorf("%s: g = %q", c.name, a.Field(g))
				}
				if _, err := a.Float(y); err != nil {
					errs = append(errs, err.Error())
				}
			}
			h := 1 // the header's line
			if c.format == JSONL {
				h = 0
			}
			if a.Err() != nil || a.Rows() != 3 || len(lines) != 3 || lines[0] != h+1 || lines[1] != h+3 || lines[2] != h+5 {
				t.Errorf("%s: lines %v, rows %d, err %v", c.name, lines, a.Rows(), a.Err())
			}
			empty := "empty value"
			if c.format == JSONL {
				empty = "empty value: null"
			}
			want := []string{fmt.Sprintf("%s:%d: column \"y\": %s", c.name, h+3, empty), fmt.Sprintf("%s:%d: column \"y\": value \"x5\" is not a number", c.name, h+5)}
			if strings.Join(errs, "|") != strings.Join(want, "|") {
				t.Errorf("%s: errors\n%q\nwant\n%q", c.name, errs, want)
			}
			// Parallel: every row once, chunks numbered from 0, the
			// first error in input order.
			p := rec.Reader(nil)
			var mu sync.Mutex
			sum := 0.0
			chunks := map[int]bool{}
			err = p.Parallel(3, func(_ int, sub *Reader) error {
				for sub.Next() {
					v, err := sub.Float(y)
					if err != nil {
						return err
					}
					mu.Lock()
					sum += v
					mu.Unlock()
				}
				mu.Lock()
				chunks[sub.Chunk()] = true
				mu.Unlock()
				return nil
			})
			if err == nil || err.Error() != want[0] {
				t.Errorf("%s: Parallel error %v, want %s", c.name, err, want[0])
			}
			b := rec.Reader([]int32{1, 3})
			sum = 0
			err = b.Parallel(0, func(_ int, sub *Reader) error {
				for sub.Next() {
					v, err := sub.Float(y)
					if err != nil {
						return err
					}
					mu.Lock()
					sum += v
					mu.Unlock()
				}
				return nil
			})
			if err != nil || sum != 6 || b.Rows() != 2 || b.KnownRows() != 2 {
				t.Errorf("%s: Parallel over rows 1, 3: sum %v, rows %d, err %v", c.name, sum, b.Rows(), err)
			}
		}
	}
}
