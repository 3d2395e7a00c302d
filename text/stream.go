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

// Stats are the statistics [ReadStats] computes: each system's sum, and
// with per-sentence statistics kept each system's sentences, packed.
type Stats[S any] struct {
	// Sums[k] is the sum of system k's sentence statistics.
	Sums []S
	// Sentences[k] holds system k's per-sentence statistics when they
	// were kept, and is empty otherwise.
	Sentences []*Packed[S]
	// N is the number of sentences of each system.
	N int
}

// Kept returns the bytes of the per-sentence statistics kept.
func (st *Stats[S]) Kept() int64 {
	var n int64
	for _, p := range st.Sentences {
		n += p.Bytes()
	}
	return n
}

// ReadOptions are what [ReadStats] does besides summing.
type ReadOptions[S any] struct {
	// Keep keeps every sentence's statistics (packed), for a paired test,
	// CorpusOptions.ConfidenceN or CorpusOptions.CI.
	Keep bool
	// Each, if set, is called with each batch of the first system's
	// sentence statistics as soon as they are computed, with the 1-based
	// line of the batch's first sentence (to score each sentence alone).
	Each func(first int, st []S) error
	// Charge, if set, is called with the bytes of the per-sentence
	// statistics kept so far, before the first batch and after each one;
	// its error stops the reading and is returned as is.
	Charge func(kept int64) error
}

// ReadStats reads the files of sys in step, in batches of [Batch]
// sentences, and computes each system's sentence statistics with corpus,
// a batch at a time, while the next batch is read; no line is kept. The
// statistics are summed with add and, with o.Keep, kept packed, so that
// memory grows by a few bytes a sentence only when the result needs every
// sentence. Every file must have as many lines as the first hypothesis.
// An error of corpus is returned wrapped with the name of the system's
// hypothesis file; with no sentence at all, corpus is still called once
// per system on empty input, for its errors. The command line and the
// Beam pipeline (each shard of files) read through it alike.
func ReadStats[S any](sys Systems, corpus func(hyps []string, refs [][]string) ([]S, error), add func(*S, S), o ReadOptions[S]) (*Stats[S], error) {
	nsys, nrefs := len(sys.Hyps), len(sys.Refs)
	st := &Stats[S]{Sums: make([]S, nsys), Sentences: make([]*Packed[S], nsys)}
	for k := range st.Sentences {
		st.Sentences[k] = &Packed[S]{}
	}
	charge := o.Charge
	if charge == nil {
		charge = func(int64) error { return nil }
	}
	if err := charge(0); err != nil {
		return nil, err
	}
	batches, stop := StreamLines(sys.Open, append(append([]string{}, sys.Hyps...), sys.Refs...), nsys, !sys.Raw)
	defer stop()
	for b := range batches {
		if b.Err != nil {
			return nil, b.Err
		}
		refs := b.Lines[nsys:]
		for k := range nsys {
			each, err := corpus(b.Lines[k], refs)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", sys.Hyps[k], err)
			}
			for i := range each {
				add(&st.Sums[k], each[i])
			}
			if o.Keep {
				if err := st.Sentences[k].Append(each...); err != nil {
					return nil, fmt.Errorf("%s: lines %d–%d: %w", sys.Hyps[k], st.N+1, st.N+len(each), err)
				}
			}
			if k == 0 && o.Each != nil {
				if err := o.Each(st.N+1, each); err != nil {
					return nil, err
				}
			}
		}
		if err := charge(st.Kept()); err != nil {
			return nil, err
		}
		st.N += len(b.Lines[0])
	}
	if st.N == 0 {
		for k := range nsys {
			if _, err := corpus(nil, make([][]string, nrefs)); err != nil {
				return nil, fmt.Errorf("%s: %w", sys.Hyps[k], err)
			}
		}
	}
	return st, nil
}

// Join adds next, the statistics of the sentences that follow st's (the
// same systems), to st: the sums with add, the kept sentences after st's.
func (st *Stats[S]) Join(next *Stats[S], add func(*S, S)) error {
	if len(st.Sums) != len(next.Sums) {
		return fmt.Errorf("text: joining statistics of %d systems to %d", len(next.Sums), len(st.Sums))
	}
	for k := range st.Sums {
		add(&st.Sums[k], next.Sums[k])
		if err := st.Sentences[k].AppendPacked(next.Sentences[k]); err != nil {
			return err
		}
	}
	st.N += next.N
	return nil
}
