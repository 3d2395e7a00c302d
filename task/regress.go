package task

import (
	"cmp"
	"fmt"
	"runtime"
	"slices"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/regress"
	"github.com/evalkit-go/evalkit/table"
)

// Regress is the regression measures of k outputs, each a target and a
// prediction column: one model of k outputs, or k models of one target
// (Options.Trues repeats it). The rows are read into a [regress.Multi].
type Regress struct {
	// Options names the columns (Trues, Preds: one of each per output;
	// Weights, "" for none) and holds the report's options.
	Options regress.Options
	State   regress.StateOptions
	CI      *hyptest.CIOptions // the intervals (State.Moments set), or nil
	// Budget is charged with the kept values (State.KeepValues).
	Budget *budget.Budget
	// Rows, if > 0, is an estimate of the number of rows
	// ([table.EstimateRows]): Read reserves room for the kept values at
	// once when that fits the budget.
	Rows int
	// Sample, if > 0, makes Read draw a sample of at most Sample rows for
	// figures (see [RegressSample]); with Density it also counts every row
	// in each output's density of actual against predicted.
	Sample  int
	Density bool
	// RowIndex, for ReadArrays, is each row's index in the caller's
	// input (a slice's rows, say), by which its messages name it; nil:
	// its index in the arrays.
	RowIndex []int32
}

// rowOf is the index by which messages name row i of arrays.
func (g *Regress) rowOf(i int) int {
	if g.RowIndex != nil {
		return int(g.RowIndex[i])
	}
	return i
}

// Columns returns the target and prediction column of each output in
// turn, then the weight column.
func (g *Regress) Columns() []string {
	k := len(g.Options.Trues)
	names := make([]string, 0, 2*k+1)
	for j := range k {
		names = append(names, g.Options.Trues[j], g.Options.Preds[j])
	}
	return append(names, g.Options.Weights)
}

// New returns an empty state of k outputs.
func (g *Regress) New() *regress.Multi { return regress.NewMulti(len(g.Options.Trues), g.State) }

// Fold adds the rows of r to st, a batch at a time; cols are the indexes
// of [Regress.Columns]. Each row's position is its input line.
func (g *Regress) Fold(st *regress.Multi, r *table.Reader, cols []int) error {
	return g.FoldAt(st, r, cols, 0)
}

// FoldAt is [Regress.Fold] with each row's position base plus its input
// line (so that the rows of several inputs have positions of their own).
// As every Fold, it leaves the check of r.Err() after the rows to the
// caller.
// The rows before a bad one are added before its error is returned, so
// that the error is the first of the input, be it a value that does not
// parse or a row regress rejects (y − ŷ overflowing).
func (g *Regress) FoldAt(st *regress.Multi, r *table.Reader, cols []int, base int64) error {
	b := newRegressBatch(cols)
	b.base = base
	return b.read(r, st, &RegressSample{}, false)
}

// Read reads the rows of r into a state of k outputs, on every core, and,
// with Sample > 0, draws a sample of them.
//
// [table.Reader.Parallel] cuts the input into chunks of whole rows and
// hands each to a worker, which adds its rows to a state of its own for
// that chunk, in batches. A chunk's state is merged into the result as
// soon as the chunks before it are (in input order:
// [table.Reader.Chunk]), then reset and reused. The result therefore does
// not depend on which worker read which chunk: a file gives the same
// numbers, to the last bit, on every run, equal to a sequential read's up
// to the rounding of the compensated sums. The kept values (median
// absolute error, D² scores) are appended in file order, into room
// reserved for Rows rows. Every row carries its input line as its
// position, which warnings print as file:line; a state keeps the
// smallest, so a warning names the first offending row of the file. An
// error is the first one in the file, as a sequential read would report
// it.
//
// The kept values are charged to Budget; past it the read stops with an
// error naming regress.StateOptions.KeepValues.
func (g *Regress) Read(r *table.Reader) (*regress.Multi, *RegressSample, error) {
	cols, err := table.Columns(r, g.Columns()...)
	if err != nil {
		return nil, nil, err
	}
	k := len(g.Options.Trues)
	name := func(line int64) string { return r.Position(int(line)) }
	m := g.New()
	m.SetRowName(name)
	acct := g.account()
	// The intervals and the paired bootstraps read the kept rows as one
	// slice: reserve room for the estimated rows when that fits the budget,
	// so that each chunk's values are copied there as it merges. Otherwise
	// they stay in the chunks' blocks, which merge without a copy (and the
	// quantile measures read them there); the budget stops them as they
	// grow.
	if n := g.Rows; n > 0 && g.State.KeepValues && (g.CI != nil || k > 1) && int64(n)*24*int64(k) <= g.Budget.Available() {
		for j := range k {
			m.Output(j).Grow(n)
		}
		if err := acct.Set(m.Bytes()); err != nil {
			return nil, nil, err
		}
	}
	merge := &table.Ordered[*regress.Multi]{
		Fresh: func() *regress.Multi {
			c := g.New()
			c.SetRowName(name)
			return c
		},
		Merge: m.Take,
		Reset: (*regress.Multi).Reset,
		Check: func() error { return acct.Set(m.Bytes()) },
	}
	workers := runtime.GOMAXPROCS(0)
	batches := make([]*regressBatch, workers)
	samples := make([]*RegressSample, workers)
	for i := range batches {
		batches[i] = newRegressBatch(cols)
		samples[i] = &RegressSample{size: g.Sample}
		if g.Density {
			samples[i].Density = make([]regress.Density, k)
		}
	}
	err = r.Parallel(workers, func(worker int, sub *table.Reader) error {
		if err := merge.Failed(); err != nil {
			return err
		}
		c := merge.Get()
		if err := batches[worker].read(sub, c, samples[worker], true); err != nil {
			return err
		}
		return merge.Put(sub.Chunk(), c)
	})
	if err != nil {
		return nil, nil, err
	}
	if merge.Pending() > 0 || m.Output(0).N() != int64(r.Rows()) {
		panic(fmt.Sprintf("evalkit: internal error: %d of %d rows merged, %d chunks left", m.Output(0).N(), r.Rows(), merge.Pending()))
	}
	return m, mergeSamples(samples, g.Sample), nil
}

// ReadSliced reads the rows of r once, on every core, into the state of
// every row and the state of each slice of s ([Sliced]): Read's state,
// and each slice's that of a file holding only its rows (each row keeps
// its input line as its position, so a slice's warning names the row of
// r). Sample and Density are not drawn. Its errors are Read's, a slicing
// column r lacks (before the task's columns), the budget's (charged with
// the slices' states, as the slices of task.Slices.By) and
// ErrTooManySlices.
func (g *Regress) ReadSliced(r *table.Reader, s *Slices) (*Sliced[*regress.Multi], error) {
	f, err := newSliceFold[*regress.Multi, *regress.Multi](s, r)
	if err != nil {
		return nil, err
	}
	cols, err := table.Columns(r, g.Columns()...)
	if err != nil {
		return nil, err
	}
	k := len(g.Options.Trues)
	name := func(line int64) string { return r.Position(int(line)) }
	fresh := func() *regress.Multi {
		c := g.New()
		c.SetRowName(name)
		return c
	}
	f.newChunk, f.newGlobal, f.reset = fresh, fresh, (*regress.Multi).Reset
	f.merge, f.bytes = (*regress.Multi).Merge, (*regress.Multi).Bytes
	// As in Read, room is reserved for the kept values only when the
	// intervals or the paired bootstraps will read them as one slice;
	// else they stay in blocks: copied from each chunk's slice states
	// into the slice's, and read there by the state of every row.
	keep := func(n int) bool {
		return n > 0 && g.State.KeepValues && (g.CI != nil || k > 1) && int64(n)*24*int64(k) <= g.Budget.Available()
	}
	f.est = g.Rows
	f.grow = func(m *regress.Multi, n int) {
		if keep(n) {
			for j := range k {
				m.Output(j).Grow(n)
			}
		}
	}
	type chunk struct {
		scratch *regress.Multi // names a bad row's error in input order
		sl      *sliceChunk[*regress.Multi]
	}
	merge := &table.Ordered[*chunk]{
		Fresh: func() *chunk { return &chunk{scratch: fresh(), sl: f.chunk()} },
		Merge: func(c *chunk) { f.mergeChunk(c.sl) },
		Reset: func(*chunk) {}, // mergeChunk emptied it: reuse its states
		Check: f.charge,
	}
	workers := runtime.GOMAXPROCS(0)
	batches := make([]*regressBatch, workers)
	for i := range batches {
		batches[i] = newRegressBatchOf(cols, slicedBatchRows)
	}
	none := &RegressSample{}
	err = r.Parallel(workers, func(worker int, sub *table.Reader) error {
		if err := merge.Failed(); err != nil {
			return err
		}
		c := merge.Get()
		b := batches[worker]
		b.sc = c.sl
		err := b.read(sub, c.scratch, none, true)
		b.sc = nil
		if err != nil {
			return err
		}
		return merge.Put(sub.Chunk(), c)
	})
	if err != nil {
		return nil, err
	}
	in, states, err := f.finish()
	if err != nil {
		return nil, err
	}
	// The state of every row is the merge of the slices' of the first
	// slicing, which partition the rows: a state's sums are exact and its
	// kept values are sorted for the measures that use them, so the
	// order of a merge makes no difference to the result (the rows of a
	// file, permuted, give the same result: regress's
	// TestChunkInvariance). Unless they are needed as one slice, the
	// kept values are the slices', read where they are.
	m := fresh()
	grown := keep(g.Rows)
	if grown {
		for j := range k {
			m.Output(j).Grow(g.Rows)
		}
	}
	acct := g.account()
	for i, st := range states {
		if in.Slices[i].Slicing == 0 {
			if grown {
				m.Merge(st)
			} else {
				m.Share(st)
			}
		}
	}
	if err := acct.Set(m.Bytes()); err != nil {
		return nil, err
	}
	if merge.Pending() > 0 || m.Output(0).N() != int64(r.Rows()) {
		panic(fmt.Sprintf("evalkit: internal error: %d of %d rows merged, %d chunks left", m.Output(0).N(), r.Rows(), merge.Pending()))
	}
	return &Sliced[*regress.Multi]{In: in, All: m, States: states}, nil
}

// Result returns the result of the merged state m: its measures and, with
// CI, their intervals. Its errors are a *result.OptionError for an invalid
// report option, or the intervals'.
func (g *Regress) Result(m *regress.Multi) (*regress.Result, error) {
	var ivs []*regress.Intervals
	if g.CI != nil {
		var err error
		// before the report, whose quantile measures reorder the kept values
		if ivs, err = m.Intervals(*g.CI, true); err != nil {
			return nil, err
		}
	}
	res, err := regress.NewResult(m, g.Options)
	if err != nil {
		return nil, err
	}
	res.SetIntervals(ivs)
	return res, nil
}

// Models returns the leaderboard and comparisons of several models of
// one target from the merged state m: Options.Trues repeats the target,
// Options.Preds are the models' columns. Its errors are those of
// [regress.NewModelsReport].
func (g *Regress) Models(m *regress.Multi, mo board.Options) (*board.Models, error) {
	ro := g.Options
	target, names := ro.Trues[0], ro.Preds
	ro.Trues, ro.Preds = nil, nil
	return regress.NewModelsReport(m, target, names, ro, mo, g.CI)
}

// ModelsRows is [Regress.Models] for a merged state m whose rows are
// not kept (a distributed evaluation): the paired bootstraps read rows,
// every row in input order ([regress.NewModelsReportRows]; nil: m's rows
// are not at hand, and a comparison is an error).
func (g *Regress) ModelsRows(m *regress.Multi, rows *regress.PairedRows, mo board.Options) (*board.Models, error) {
	ro := g.Options
	target, names := ro.Trues[0], ro.Preds
	ro.Trues, ro.Preds = nil, nil
	return regress.NewModelsReportRows(m, rows, target, names, ro, mo, g.CI)
}

// regressBatch is one worker's buffer of parsed rows: y[j][i], p[j][i]
// are output j of row i, w[i] its weight, lines[i] its position.
type regressBatch struct {
	tc, pc []int // the columns of each output's target and prediction
	wc     int   // the weight column, or -1
	base   int64 // added to the input line to make a row's position
	y, p   [][]float64
	w      []float64
	lines  []int64
	rows   int // the most rows of a batch
	// sc, when not nil, takes each row to its slices' states too: ids[k][i]
	// is row i's slice of slicing k (an id of sc), and the rows of each
	// slice are gathered into the batch's second half (gy, gp, gw, glines).
	sc     *sliceChunk[*regress.Multi]
	ids    [][]int
	gy, gp [][]float64
	gw     []float64
	glines []int64
	count  []int
}

// regressBatchRows is the rows of a batch; slicedBatchRows those of a
// sliced read's batch, whose rows are shared among the slices (100
// slices get about 650 rows each at a time, so that the per-call costs
// of their states' exact sums are spread over more rows).
const (
	regressBatchRows = 4096
	slicedBatchRows  = 65536
)

// newRegressBatch returns a batch over the columns of [Regress.Columns].
func newRegressBatch(cols []int) *regressBatch { return newRegressBatchOf(cols, regressBatchRows) }

// newRegressBatchOf returns a batch of at most rows rows.
func newRegressBatchOf(cols []int, rows int) *regressBatch {
	k := len(cols) / 2
	b := &regressBatch{tc: make([]int, k), pc: make([]int, k), wc: cols[2*k], y: make([][]float64, k), p: make([][]float64, k), rows: rows}
	for j := range k {
		b.tc[j], b.pc[j] = cols[2*j], cols[2*j+1]
		b.y[j] = make([]float64, 0, b.rows)
		b.p[j] = make([]float64, 0, b.rows)
	}
	if b.wc >= 0 {
		b.w = make([]float64, 0, b.rows)
	}
	b.lines = make([]int64, 0, b.rows)
	return b
}

// truncate keeps the first n rows (n ≤ b.rows; the slices keep
// their full capacity, which parse fills by index).
func (b *regressBatch) truncate(n int) {
	for j := range b.y {
		b.y[j], b.p[j] = b.y[j][:n], b.p[j][:n]
	}
	if b.w != nil {
		b.w = b.w[:n]
	}
	b.lines = b.lines[:n]
}

// read adds the rows of one chunk to m, a batch at a time, and offers them
// to the sample. The rows before a bad one are added before its error is
// returned, so that the first error of the chunk is reported, be it a
// value that does not parse or one regress rejects (y − ŷ overflowing).
// With end, the reader's own error at the end of the rows is returned
// too; without, it is left to the caller (as Fold leaves it).
func (b *regressBatch) read(sub *table.Reader, m *regress.Multi, sample *RegressSample, end bool) error {
	for {
		b.truncate(b.rows)
		n := 0
		var bad error
		for n < b.rows && sub.Next() {
			if bad = b.parse(sub, n); bad != nil {
				break
			}
			n++
		}
		if bad == nil && end {
			bad = sub.Err()
		}
		b.truncate(n)
		if n > 0 && b.sc != nil {
			// The rows go to their slices' states alone (m is a scratch
			// state); a row regress rejects is the error of the first such
			// row of the batch, which m names.
			if err := b.addSlices(n); err != nil {
				if merr := m.AddBatchAt(b.y, b.p, b.w, b.lines); merr != nil {
					return merr
				}
				return err
			}
		} else if n > 0 {
			if err := m.AddBatchAt(b.y, b.p, b.w, b.lines); err != nil {
				return err
			}
			sample.add(b)
		}
		if bad != nil || n < b.rows {
			return bad
		}
	}
}

// parse stores the current row of sub as row i of the batch (by index,
// not append: the slices are full-length here); on an error the row may be
// half stored (read drops it).
func (b *regressBatch) parse(sub *table.Reader, i int) error {
	for j := range b.tc {
		y, err := sub.Float(b.tc[j])
		if err != nil {
			return err
		}
		p, err := sub.Float(b.pc[j])
		if err != nil {
			return err
		}
		b.y[j][i], b.p[j][i] = y, p
	}
	if b.wc >= 0 {
		w, err := sub.Weight(b.wc)
		if err != nil {
			return err
		}
		b.w[i] = w
	}
	b.lines[i] = b.base + int64(sub.Line())
	if b.sc != nil {
		if b.ids == nil {
			b.ids = make([][]int, len(b.sc.cols))
			for k := range b.ids {
				b.ids[k] = make([]int, b.rows)
			}
		}
		for k, id := range b.sc.slices(sub) {
			b.ids[k][i] = id
		}
	}
	return nil
}

// addSlices adds the batch's n rows to their slices' states, the rows of
// each slice in input order.
func (b *regressBatch) addSlices(n int) error {
	if b.gy == nil {
		b.gy, b.gp = make([][]float64, len(b.y)), make([][]float64, len(b.y))
		for j := range b.y {
			b.gy[j], b.gp[j] = make([]float64, b.rows), make([]float64, b.rows)
		}
		if b.w != nil {
			b.gw = make([]float64, b.rows)
		}
		b.glines = make([]int64, b.rows)
	}
	for k, ids := range b.ids {
		set := &b.sc.sets[k]
		// A counting sort of the rows by slice: start[id] is where the
		// slice's rows go.
		b.count = append(b.count[:0], make([]int, len(set.keys)+1)...)
		for _, id := range ids[:n] {
			b.count[id+1]++
		}
		for id := 1; id < len(b.count); id++ {
			b.count[id] += b.count[id-1]
		}
		next := b.count[:len(set.keys)]
		for i, id := range ids[:n] {
			at := next[id]
			next[id]++
			for j := range b.y {
				b.gy[j][at], b.gp[j][at] = b.y[j][i], b.p[j][i]
			}
			if b.w != nil {
				b.gw[at] = b.w[i]
			}
			b.glines[at] = b.lines[i]
		}
		// next[id] is now the end of slice id's rows, and its start
		// the end of the slice before.
		lo := 0
		ys, ps := make([][]float64, len(b.y)), make([][]float64, len(b.y))
		for id, hi := range next {
			if hi == lo {
				continue
			}
			for j := range b.y {
				ys[j], ps[j] = b.gy[j][lo:hi], b.gp[j][lo:hi]
			}
			var w []float64
			if b.w != nil {
				w = b.gw[lo:hi]
			}
			if err := set.states[id].AddBatchAt(ys, ps, w, b.glines[lo:hi]); err != nil {
				return err
			}
			lo = hi
		}
	}
	return nil
}

// RegressSample is a sample of at most Regress.Sample rows for figures:
// the rows whose hashed input line is smallest (a bottom-k sample). The
// hash, SplitMix64's finalizer, mixes the bits of the line number well
// enough for the sample to be uniform, and is a bijection, so no two lines
// share a hash: the sample depends on the file alone — not on how its
// chunks were shared among workers — and the samples of parts merge into
// the sample of the whole. The same file gives the same figure on every
// run.
type RegressSample struct {
	size int
	rows []sampleRow // a max-heap on h
	// Density, with Regress.Density, is each output's density of actual
	// against predicted over every row.
	Density []regress.Density
}

type sampleRow struct {
	h    uint64
	line int64
	y, p []float64 // one value per output
}

// lineHash is SplitMix64 (Steele, Lea & Flood 2014) at the line number: a
// bijection of uint64.
func lineHash(line int64) uint64 {
	z := uint64(line) + 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// add offers the rows of a batch.
func (s *RegressSample) add(b *regressBatch) {
	for j := range s.Density {
		d := &s.Density[j]
		for i, y := range b.y[j] {
			d.Add(y, b.p[j][i])
		}
	}
	if s.size == 0 {
		return
	}
	for i, line := range b.lines {
		h := lineHash(line)
		var at int
		switch {
		case len(s.rows) < s.size:
			s.rows = append(s.rows, sampleRow{y: make([]float64, len(b.y)), p: make([]float64, len(b.y))})
			at = len(s.rows) - 1
		case h < s.rows[0].h:
			at = 0 // replaces the largest hash
		default:
			continue
		}
		r := &s.rows[at]
		r.h, r.line = h, line
		for j := range b.y {
			r.y[j], r.p[j] = b.y[j][i], b.p[j][i]
		}
		if at == 0 {
			s.down()
		} else {
			s.up(at)
		}
	}
}

// up restores the max-heap order after row i was appended.
func (s *RegressSample) up(i int) {
	for i > 0 {
		parent := (i - 1) / 2
		if s.rows[parent].h >= s.rows[i].h {
			return
		}
		s.rows[parent], s.rows[i] = s.rows[i], s.rows[parent]
		i = parent
	}
}

// down restores the max-heap order after the root was replaced.
func (s *RegressSample) down() {
	i, n := 0, len(s.rows)
	for {
		big := i
		for _, c := range []int{2*i + 1, 2*i + 2} {
			if c < n && s.rows[c].h > s.rows[big].h {
				big = c
			}
		}
		if big == i {
			return
		}
		s.rows[big], s.rows[i] = s.rows[i], s.rows[big]
		i = big
	}
}

// mergeSamples returns the sample of the union of the parts' rows: the
// size rows of smallest hash among them, in input order.
func mergeSamples(parts []*RegressSample, size int) *RegressSample {
	all := &RegressSample{size: size}
	for _, p := range parts {
		all.rows = append(all.rows, p.rows...)
		if p.Density != nil && all.Density == nil {
			all.Density = make([]regress.Density, len(p.Density))
		}
		for j := range p.Density {
			all.Density[j].Merge(&p.Density[j])
		}
	}
	slices.SortFunc(all.rows, func(a, b sampleRow) int { return cmp.Compare(a.h, b.h) })
	all.rows = all.rows[:min(len(all.rows), size)]
	slices.SortFunc(all.rows, func(a, b sampleRow) int { return cmp.Compare(a.line, b.line) })
	return all
}

// Columns returns the sampled targets and predictions of each of k
// outputs, in input order.
func (s *RegressSample) Columns(k int) (ys, ps [][]float64) {
	ys, ps = make([][]float64, k), make([][]float64, k)
	for j := range k {
		for _, r := range s.rows {
			ys[j] = append(ys[j], r.y[j])
			ps[j] = append(ps[j], r.p[j])
		}
	}
	return ys, ps
}

// account is the budget's account of the values g keeps.
func (g *Regress) account() *budget.Account {
	return g.Budget.Account("regress's kept values (every row's target and absolute error, for medae and the D² scores)",
		"or clear regress.StateOptions.KeepValues to skip those measures")
}
