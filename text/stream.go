package text

import (
	"fmt"

	"github.com/evalkit-go/evalkit/table"
)

// Batch is the number of sentences [StreamLines] reads, and [ReadStats]
// tokenises and counts, at once.
const Batch = 4096

// LineBatch is up to [Batch] lines of every file, in step: Lines[j][i] is
// line i of the batch in file j; or Err.
type LineBatch struct {
	Lines [][]string
	Err   error
}

// StreamLines reads the files paths (nhyps hypotheses, then the
// references), opened with open, in step on its own goroutine, and sends
// batches of their lines (with strip, trailing whitespace removed as
// sacreBLEU's command line does) until the end or the first error. When a
// file ends before the others, every file is read to its end to count its
// lines, and the error names the first file whose count differs from the
// first file's. stop ends the reading early and closes the files.
func StreamLines(open func(path string) (*table.LineReader, error), paths []string, nhyps int, strip bool) (batches <-chan LineBatch, stop func()) {
	ch := make(chan LineBatch, 1)
	quit := make(chan struct{})
	send := func(b LineBatch) bool {
		select {
		case ch <- b:
			return true
		case <-quit:
			return false
		}
	}
	go func() {
		defer close(ch)
		rs := make([]*table.LineReader, 0, len(paths))
		defer func() {
			for _, r := range rs {
				r.Close()
			}
		}()
		for _, p := range paths {
			r, err := open(p)
			if err != nil {
				send(LineBatch{Err: err})
				return
			}
			rs = append(rs, r)
		}
		for {
			b := LineBatch{Lines: make([][]string, len(rs))}
			for j := range rs {
				b.Lines[j] = make([]string, 0, Batch)
			}
			ended := 0
			for len(b.Lines[0]) < Batch && ended == 0 {
				for j, r := range rs {
					line, ok, err := r.Next()
					if err != nil {
						send(LineBatch{Err: err})
						return
					}
					if !ok {
						ended++
						continue
					}
					l := string(line)
					if strip {
						l = pyRstrip(l)
					}
					b.Lines[j] = append(b.Lines[j], l)
				}
			}
			if ended > 0 && ended < len(rs) {
				send(LineBatch{Err: countMismatch(paths, nhyps, rs)})
				return
			}
			if len(b.Lines[0]) > 0 && !send(b) {
				return
			}
			if ended > 0 {
				return
			}
		}
	}()
	return ch, func() {
		close(quit)
		for range ch {
		}
	}
}

// countMismatch reads every file to its end and returns the error for the
// first file whose line count differs from the first file's: the
// references (paths[nhyps:]) first, then the further hypotheses.
func countMismatch(paths []string, nhyps int, rs []*table.LineReader) error {
	for _, r := range rs {
		for {
			_, ok, err := r.Next()
			if err != nil {
				return err
			}
			if !ok {
				break
			}
		}
	}
	order := make([]int, 0, len(rs))
	for j := nhyps; j < len(rs); j++ {
		order = append(order, j)
	}
	for j := 1; j < nhyps; j++ {
		order = append(order, j)
	}
	for _, j := range order {
		if r := rs[j]; r.Lines() != rs[0].Lines() {
			return fmt.Errorf("%s has %d lines but the hypothesis %s has %d", paths[j], r.Lines(), paths[0], rs[0].Lines())
		}
	}
	return nil
}

// Systems are the aligned files of a text measure: one hypothesis file
// per system (the first is the baseline of a paired test), one file per
// reference, each holding one sentence a line.
type Systems struct {
	Hyps, Refs []string
	// Open opens a file for reading line by line (table.OpenLines, or a
	// reader of a remote file system).
	Open func(path string) (*table.LineReader, error)
	// Raw keeps each line as read; by default trailing whitespace is
	// stripped, as sacreBLEU's command line does (wer keeps it).
	Raw bool
}

// ReadStats reads the files of sys in step, in batches of [Batch]
// sentences, and computes each system's
// sentence statistics with corpus, a batch at a time, while the next batch
// is read; no line is kept. With keep, every sentence's statistics are
// kept (stats[k][i] is sentence i of system k) and grow, if not nil, is
// called with each batch's; otherwise stats[k] holds one element, the sum
// (by add) of system k's, and grow is called with the sums at the end. A
// non-nil error of grow stops the reading and is returned as is. n is the
// number of sentences. Every file must have as many lines as the first
// hypothesis. An error of corpus is returned wrapped with the name of the
// system's hypothesis file; with no sentence at all, corpus is still
// called once per system on empty input, for its errors.
func ReadStats[S any](sys Systems, corpus func(hyps []string, refs [][]string) ([]S, error), add func(*S, S), keep bool, grow func([]S) error) (stats [][]S, n int, err error) {
	nsys, nrefs := len(sys.Hyps), len(sys.Refs)
	stats = make([][]S, nsys)
	if !keep {
		for k := range stats {
			stats[k] = make([]S, 1)
		}
	}
	if grow == nil {
		grow = func([]S) error { return nil }
	}
	batches, stop := StreamLines(sys.Open, append(append([]string{}, sys.Hyps...), sys.Refs...), nsys, !sys.Raw)
	defer stop()
	for b := range batches {
		if b.Err != nil {
			return nil, 0, b.Err
		}
		refs := b.Lines[nsys:]
		for k := range nsys {
			st, err := corpus(b.Lines[k], refs)
			if err != nil {
				return nil, 0, fmt.Errorf("%s: %w", sys.Hyps[k], err)
			}
			if keep {
				stats[k] = append(stats[k], st...)
				if err := grow(st); err != nil {
					return nil, 0, err
				}
			} else {
				for i := range st {
					add(&stats[k][0], st[i])
				}
			}
		}
		n += len(b.Lines[0])
	}
	if n == 0 {
		for k := range nsys {
			if _, err := corpus(nil, make([][]string, nrefs)); err != nil {
				return nil, 0, fmt.Errorf("%s: %w", sys.Hyps[k], err)
			}
		}
	}
	if !keep {
		for k := range stats {
			if err := grow(stats[k]); err != nil {
				return nil, 0, err
			}
		}
	}
	return stats, n, nil
}
