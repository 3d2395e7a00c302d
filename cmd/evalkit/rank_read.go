package main

import (
	"bytes"
	"math"
	"strconv"
	"unsafe"

	"github.com/evalkit-go/evalkit/table"
)

// rankBatch holds rows whose labels and weights are read but whose scores
// are still text.
type rankBatch struct {
	text  []byte  // the score fields, concatenated
	ends  []int32 // end of each field in text
	pos   []bool
	w     []float64 // nil when unweighted
	lines []int
}

const rankBatchRows = 1 << 14

// rankRead reads every row of r: labels (through lab) and weights on this
// goroutine, the scores parsed on a second goroutine, which calls add in
// row order. So reading a large file uses both cores. The first error in
// row order is returned, positioned as the table reader positions it.
func rankRead(r *table.Reader, tc, sc, wc int, lab *rankLabeler, add func(s float64, pos bool, w float64) error) error {
	file, column := r.Name(), r.Header()[sc]
	batches := make(chan *rankBatch, 4)
	free := make(chan *rankBatch, 8)
	done := make(chan error, 1)
	go func() {
		var first error
		for bt := range batches {
			if first == nil {
				first = rankParse(bt, file, column, add)
			}
			select {
			case free <- bt:
			default:
			}
		}
		done <- first
	}()
	newBatch := func() *rankBatch {
		select {
		case bt := <-free:
			bt.text, bt.ends, bt.pos, bt.lines = bt.text[:0], bt.ends[:0], bt.pos[:0], bt.lines[:0]
			if bt.w != nil {
				bt.w = bt.w[:0]
			}
			return bt
		default:
			bt := &rankBatch{text: make([]byte, 0, 24*rankBatchRows), ends: make([]int32, 0, rankBatchRows),
				pos: make([]bool, 0, rankBatchRows), lines: make([]int, 0, rankBatchRows)}
			if wc >= 0 {
				bt.w = make([]float64, 0, rankBatchRows)
			}
			return bt
		}
	}
	readErr := func() error {
		bt := newBatch()
		defer func() { batches <- bt }()
		for r.Next() {
			y, err := r.Text(tc)
			if err != nil {
				return err
			}
			isPos, err := lab.classOf(r, tc, y)
			if err != nil {
				return err
			}
			s, err := r.Text(sc)
			if err != nil {
				return err
			}
			if wc >= 0 {
				w, err := r.Weight(wc)
				if err != nil {
					return err
				}
				bt.w = append(bt.w, w)
			}
			bt.text = append(bt.text, s...)
			bt.ends = append(bt.ends, int32(len(bt.text)))
			bt.pos = append(bt.pos, isPos)
			bt.lines = append(bt.lines, r.Line())
			if len(bt.ends) == rankBatchRows {
				batches <- bt
				bt = newBatch()
			}
		}
		return r.Err()
	}()
	close(batches)
	if err := <-done; err != nil {
		return err // an earlier row than readErr's
	}
	return readErr
}

// rankParse parses a batch's scores and adds them in order.
func rankParse(bt *rankBatch, file, column string, add func(s float64, pos bool, w float64) error) error {
	start := int32(0)
	for i, end := range bt.ends {
		f := bytes.TrimSpace(bt.text[start:end])
		start = end
		// No allocation on the good path: the string aliases the batch.
		v, err := strconv.ParseFloat(unsafe.String(unsafe.SliceData(f), len(f)), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			_, perr := table.ParseFloat(bytes.Clone(f))
			if perr == nil { // strconv accepted nothing table.ParseFloat accepts
				perr = err
			}
			return &table.ParseError{File: file, Line: bt.lines[i], Column: column, Err: perr}
		}
		w := 1.0
		if bt.w != nil {
			w = bt.w[i]
		}
		if err := add(v, bt.pos[i], w); err != nil {
			return &table.ParseError{File: file, Line: bt.lines[i], Column: column, Err: err}
		}
	}
	return nil
}
