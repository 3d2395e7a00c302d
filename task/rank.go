package task

import (
	"errors"
	"fmt"
	"github.com/evalkit-go/evalkit/internal/tempfile"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/label"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/table"
)

// Rank is the binary ranking task: a column of labels True, a column of
// scores Score (higher = more positive) and an optional column of weights
// Weight ("" for none).
//
// Read reads on every core: the input is cut into chunks of whole rows,
// each parsed into a state of its own (a rank.Builder of score keys; with
// Bins, the parsed rows), merged as soon as the chunks before it are, in
// input order. The keys of builders merged in input order are those of a
// sequential read, in the same order, and Bins takes the rows in input
// order: the score table, and every measure of it, is the same to the
// last bit whatever the chunks and the number of cores.
type Rank struct {
	True, Score, Weight string
	// PosLabel is the positive label; "" applies the default rule (see
	// PosRule).
	PosLabel string
	// Bins, if not nil, counts the scores in these bins (constant memory)
	// instead of building the exact score table.
	Bins *rank.Binned
	// Memory is the memory limit in bytes (≤ 0: none). The exact score
	// table's rows past it spill to a temporary folder.
	Memory int64
	// Rows is an estimate of the number of rows (0: unknown), which sizes
	// the spill's parts and the reservation of the table's keys.
	Rows int
}

// Columns returns the columns read: True, Score, Weight.
func (t *Rank) Columns() []string { return []string{t.True, t.Score, t.Weight} }

// RankPart is the state of one chunk of a binary read: the builder of its
// keys or, with Bins, its parsed rows (w empty when unweighted), added to
// the bins when the chunk is merged (a Binned a chunk would cost more than
// the rows: 100000 bins are 3.2 MB).
type RankPart struct {
	b      rank.Builder
	binned bool
	s      []float64
	pos    []bool
	w      []float64
	rule   *PosRule
	labels FirstLabels
	// sl, when slicing, holds the chunk's part of each slice (whose
	// names are the labels its rows hold).
	sl    *sliceChunk[*RankPart]
	names labelNames
	// sliceOnly, when slicing unweighted rows, adds each row's score to
	// its slices only: the table of every row is their union.
	sliceOnly bool
}

// New returns an empty state with a positive-label rule of its own.
func (t *Rank) New() *RankPart {
	return &RankPart{binned: t.Bins != nil, rule: NewPosRule(t.PosLabel)}
}

// Fold adds the rows of one chunk r, of the columns cols (of Columns), to
// st.
func (t *Rank) Fold(st *RankPart, r *table.Reader, cols []int) error {
	rr := NewRankRows(r, cols, st.rule, &st.labels, r.Chunk())
	weighted := rr.Weighted()
	for {
		ok, err := rr.Next()
		if !ok {
			return err
		}
		switch {
		case st.binned:
			st.s, st.pos = append(st.s, rr.Score), append(st.pos, rr.Pos)
			if weighted {
				st.w = append(st.w, rr.Weight)
			}
		case st.sliceOnly:
			// The table of every row takes the slices' rows (union).
		case weighted:
			err = st.b.Add(rr.Score, rr.Pos, rr.Weight)
		case rr.Pos:
			st.b.AddPositive(rr.Score)
		default:
			st.b.AddNegative(rr.Score)
		}
		if err != nil {
			return rr.Errorf(err)
		}
		if st.sl != nil {
			for _, p := range st.sl.row(r) {
				p.labels.See(r, r.Chunk(), rr.class, rr.label)
				p.names.add(rr.label)
				switch {
				case weighted:
					err = p.b.Add(rr.Score, rr.Pos, rr.Weight) // st.b took it
				case rr.Pos:
					p.b.AddPositive(rr.Score)
				default:
					p.b.AddNegative(rr.Score)
				}
				if err != nil {
					return rr.Errorf(err)
				}
			}
		}
	}
}

// labelNames is a set of labels (every spelling), in the order first
// met.
type labelNames struct {
	one  [256]bool
	many map[string]bool
	list []string
}

func (n *labelNames) add(b []byte) {
	if len(b) == 1 {
		if !n.one[b[0]] {
			n.one[b[0]] = true
			n.list = append(n.list, string(b))
		}
		return
	}
	if !n.many[string(b)] {
		if n.many == nil {
			n.many = map[string]bool{}
		}
		n.many[string(b)] = true
		n.list = append(n.list, string(b))
	}
}

// merge adds the labels of o, met after n's.
func (n *labelNames) merge(o *labelNames) {
	for _, l := range o.list {
		n.add([]byte(l))
	}
}

func (n *labelNames) reset() {
	n.one = [256]bool{}
	clear(n.many)
	n.list = n.list[:0]
}

// rankSlice is a slice's state of a binary read: its score table (spilled
// past Memory, as the table of every row), where each kind of label first
// occurs, and its labels.
type rankSlice struct {
	spill *rankSpill
	first FirstLabels
	names labelNames
	err   error // the first error spilling
}

// ReadSliced reads the rows of r once, on every core, into the scores of
// every row and those of each slice of s ([Sliced]): Read's scores, and
// each slice's those of a file holding only its rows, or, in errs, the
// error Read gives for that file once its rows are read (a positive label
// the slice lacks, say). Bins is not taken (it panics if set). Its errors
// are Read's, a slicing column r lacks (before the task's columns), the
// budget's and ErrTooManySlices. Close each result's scores.
func (t *Rank) ReadSliced(r *table.Reader, s *Slices) (st *Sliced[*RankScores], errs []error, err error) {
	if t.Bins != nil {
		panic("task: Rank.ReadSliced with Bins")
	}
	f, err := newSliceFold[*RankPart, *rankSlice](s, r)
	if err != nil {
		return nil, nil, err
	}
	cols, err := table.Columns(r, t.Columns()...)
	if err != nil {
		return nil, nil, err
	}
	weighted := cols[2] >= 0
	slice := *t
	slice.Rows = 0
	f.newChunk = t.New
	f.reset = func(p *RankPart) {
		p.b.Reset()
		p.labels = FirstLabels{}
		p.names.reset()
	}
	f.newGlobal = func() *rankSlice { return &rankSlice{spill: slice.newSpill(weighted)} }
	// Each slice's keys are reserved at once, for its share of the
	// estimated rows in the first chunk it is met in, split between the
	// classes as there: no growing and copying as the chunks merge.
	f.est = t.Rows
	f.growChunk = func(g *rankSlice, p *RankPart, n int) {
		pos, neg := p.b.Len()
		if all := pos + neg; all > 0 {
			g.spill.Grow(int(float64(n)*float64(pos)/float64(all))+64, int(float64(n)*float64(neg)/float64(all))+64)
		}
	}
	f.merge = func(g *rankSlice, p *RankPart) {
		if g.err == nil {
			g.err = g.spill.Merge(&p.b)
		}
		g.first.Merge(&p.labels)
		g.names.merge(&p.names)
	}
	all := &RankScores{name: r.Name(), column: t.True, weighted: weighted, spill: t.newSpill(weighted)}
	closeAll := func() {
		all.Close()
		for k := range f.sets {
			for _, g := range f.sets[k].states {
				g.spill.cleanup()
			}
		}
	}
	if err := t.read(r, cols, all, f); err != nil {
		closeAll()
		return nil, nil, err
	}
	in, states, err := f.finish()
	if err == nil && !weighted {
		err = all.union(f.sets[0].states)
	}
	if err != nil {
		closeAll()
		return nil, nil, err
	}
	st = &Sliced[*RankScores]{In: in, All: all, States: make([]*RankScores, len(states))}
	errs = make([]error, len(states))
	for i, g := range states {
		sc := &RankScores{name: all.name, column: t.True, weighted: weighted, spill: g.spill}
		st.States[i] = sc
		if g.err != nil {
			errs[i] = &SpillError{Err: g.err}
			continue
		}
		pos, err := g.first.Resolve()
		if err == nil {
			err = t.checkPosLabel(sc, g.names.list, pos)
		}
		errs[i] = err
	}
	return st, errs, nil
}

// union gives s, read unweighted with no score of its own (RankPart.
// sliceOnly), the scores of the slices of one slicing, which hold every
// row once: s takes every slice's rows, as if they had been read into it
// (unweighted, their order does not matter), and spills as it would have.
func (s *RankScores) union(slices []*rankSlice) error {
	spills := make([]*rank.Spill, len(slices))
	for i, g := range slices {
		if g.err != nil {
			return &SpillError{Err: g.err}
		}
		spills[i] = g.spill.Spill
	}
	if err := s.spill.AbsorbAll(spills); err != nil {
		return &SpillError{Err: err}
	}
	return nil
}

// RankScores is a binary input read: its labels and its scores, in a
// score table (spilled past Memory) or in bins.
type RankScores struct {
	Labels   []string // the labels read: their classes, sorted (PosLabelOf)
	PosLabel string   // the positive label: given, or by the default rule
	// Comparison is how the labels compared (PosLabelOf).
	Comparison label.Comparison
	name       string
	column     string
	weighted   bool
	spill      *rankSpill
	bins       *rank.Binned
	table      *rank.Table // built elsewhere (Scores)
}

// Read reads every row of r, on every core. An error is the first of the
// input, as a sequential read reports it. Close removes what the result
// spilled.
func (t *Rank) Read(r *table.Reader) (*RankScores, error) {
	cols, err := table.Columns(r, t.Columns()...)
	if err != nil {
		return nil, err
	}
	s := &RankScores{name: r.Name(), column: t.True, weighted: cols[2] >= 0, bins: t.Bins}
	if t.Bins == nil {
		s.spill = t.newSpill(cols[2] >= 0)
	}
	if err := t.read(r, cols, s, nil); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// read reads the rows of r into s and, with f, each slice's.
func (t *Rank) read(r *table.Reader, cols []int, s *RankScores, f *sliceFold[*RankPart, *rankSlice]) error {
	workers := runtime.GOMAXPROCS(0)
	bn, b, wc := t.Bins, s.spill, cols[2]
	var spillErr error // the first error writing a spilled part
	order := &table.Ordered[*RankPart]{
		Fresh: func() *RankPart {
			p := t.New()
			if f != nil {
				p.sl = f.chunk()
				p.sliceOnly = cols[2] < 0
			}
			return p
		},
		Merge: func(p *RankPart) {
			if f != nil {
				f.mergeChunk(p.sl)
			}
			if bn != nil {
				for i, s := range p.s {
					w := 1.0
					if wc >= 0 {
						w = p.w[i]
					}
					if err := bn.Add(s, p.pos[i], w); err != nil {
						// The parsed scores are finite, the weights finite
						// and ≥ 0: Binned.Add has nothing to reject.
						panic("task: internal error: " + err.Error())
					}
				}
				return
			}
			if p.sliceOnly {
				return
			}
			if t.Rows > 0 && b.Rows() == 0 {
				// Reserve the keys of the whole input at once, split as in
				// the first chunk (with a margin): no growing and copying.
				pos, neg := p.b.Len()
				if all := pos + neg; all > 0 {
					est := float64(t.Rows) * 1.02
					b.Grow(int(est*float64(pos)/float64(all))+1024, int(est*float64(neg)/float64(all))+1024)
				}
			}
			if spillErr == nil {
				spillErr = b.Merge(&p.b)
			}
		},
		Reset: func(p *RankPart) {
			p.b.Reset()
			p.s, p.pos, p.w = p.s[:0], p.pos[:0], p.w[:0]
			p.labels = FirstLabels{}
		},
	}
	if f != nil {
		order.Check = f.charge
	}
	// The rule of a worker classifies each label once; what depends on
	// the order of the rows is decided from each chunk's first rows of
	// each kind, of the chunks a sequential read reaches.
	var mu sync.Mutex
	chunks := map[int]FirstLabels{}
	failed := -1 // the first chunk whose reading failed
	rules := make([]*PosRule, workers)
	for i := range rules {
		rules[i] = NewPosRule(t.PosLabel)
	}
	err := r.Parallel(workers, func(worker int, sub *table.Reader) error {
		p := order.Get()
		p.rule = rules[worker]
		err := t.Fold(p, sub, cols)
		mu.Lock()
		chunks[sub.Chunk()] = p.labels
		if (err != nil || sub.Err() != nil) && (failed < 0 || sub.Chunk() < failed) {
			failed = sub.Chunk()
		}
		mu.Unlock()
		if err != nil {
			return err
		}
		return order.Put(sub.Chunk(), p)
	})
	// Labels of 0 and −1 are an error at the row where the second kind
	// first appears, if that row comes no later than the first error of
	// the read (the label of a row is read before its score). Rows of
	// chunks after the failed one are not rows a sequential read would
	// have reached.
	var first FirstLabels
	for chunk, c := range chunks {
		if failed < 0 || chunk <= failed {
			first.Merge(&c)
		}
	}
	pos, err := resolve(&first, err)
	if err != nil {
		return err
	}
	if spillErr != nil {
		return &SpillError{Err: spillErr}
	}
	if bn == nil && (f == nil || wc >= 0) && b.Rows() != int64(r.Rows()) {
		panic(fmt.Sprintf("task: internal error: %d of %d rows merged", b.Rows(), r.Rows()))
	}
	set := label.NewSet(nil)
	for _, l := range rules {
		for _, name := range l.set.Names() {
			set.ID([]byte(name))
		}
	}
	return t.checkPosLabel(s, set.Names(), pos)
}

// checkPosLabel sets the labels, their comparison and the positive label
// of s from labels, every label read (each spelling), and rulePos, the
// positive label of the default rule ([PosLabelOf]).
func (t *Rank) checkPosLabel(s *RankScores, labels []string, rulePos string) error {
	var err error
	s.Comparison, s.Labels, s.PosLabel, err = PosLabelOf(s.name, t.True, t.PosLabel, rulePos, labels)
	return err
}

// Scores returns the scores of an input named name read elsewhere (by
// units of a Beam pipeline, say) into the score table tbl, or into bins
// if not nil: its labels, and first where each kind of label first
// occurs. Its errors are Read's.
func (t *Rank) Scores(name string, first *FirstLabels, labels []string, tbl *rank.Table, bins *rank.Binned) (*RankScores, error) {
	pos, err := first.Resolve()
	if err != nil {
		return nil, err
	}
	s := &RankScores{name: name, column: t.True, weighted: tbl.Weighted, bins: bins, table: tbl}
	return s, t.checkPosLabel(s, labels, pos)
}

// resolve returns the positive label of first, or its error, which comes
// before err: every row it records was read before err's (and so a label
// err finds the rule cannot read is a stray one if first records any).
func resolve(first *FirstLabels, err error) (string, error) {
	pos, lerr := first.Resolve()
	if lerr != nil {
		return "", lerr
	}
	if le := (*LabelError)(nil); errors.As(err, &le) && !le.Mixed && first.any() {
		le.Stray = true
	}
	return pos, err
}

// SpillError is an error writing or reading the spilled score table.
type SpillError struct {
	File string // the input's name; "" while reading it
	Err  error
}

func (e *SpillError) Error() string {
	if e.File == "" {
		return "spilling the score table: " + e.Err.Error()
	}
	return e.File + ": spilling the score table: " + e.Err.Error()
}

func (e *SpillError) Unwrap() error { return e.Err }

// Close removes the spilled parts, if any.
func (s *RankScores) Close() {
	if s.spill != nil {
		s.spill.cleanup()
	}
}

// Spilled reports whether the score table was spilled past Memory: then
// Streamed computes the measures and curves, and Table may fail with
// rank.ErrTooManyScores.
func (s *RankScores) Spilled() bool { return s.spill != nil && s.bins == nil && s.spill.Spilled() }

// Weighted reports whether the rows had weights.
func (s *RankScores) Weighted() bool { return s.weighted }

// Options returns opt with the positive label read and how the labels
// compared.
func (s *RankScores) Options(opt rank.Options) rank.Options {
	opt.PosLabel = s.PosLabel
	opt.LabelComparison = s.Comparison.String()
	return opt
}

// Table returns the score table: of the bins, or built from the spill (an
// error wrapping rank.ErrTooManyScores when it does not fit Memory).
func (s *RankScores) Table() (*rank.Table, error) {
	if s.bins != nil {
		return s.bins.Table(), nil
	}
	if s.table != nil {
		return s.table, nil
	}
	t, err := s.spill.Table()
	if err != nil && !errors.Is(err, rank.ErrTooManyScores) {
		return nil, &SpillError{File: s.name, Err: err}
	}
	return t, err
}

// Report returns the report of t (from Table) under opt, with the
// positive label read.
func (s *RankScores) Report(t *rank.Table, opt rank.Options) (*rank.Report, error) {
	var rep *rank.Report
	var err error
	if s.bins != nil {
		rep, err = s.bins.Report(s.Options(opt))
	} else {
		rep, err = rank.NewReport(t, s.Options(opt))
	}
	return rep, s.reportError(err)
}

// Streamed returns the report of a spilled table computed part by part
// (rank.Spill.Report), writing every vertex of the curves to curves if it
// is not nil. It fails with rank.ErrStreamed when the options need the
// whole table.
func (s *RankScores) Streamed(opt rank.Options, curves io.Writer) (*rank.Report, error) {
	rep, err := s.spill.Report(s.Options(opt), curves)
	if errors.Is(err, rank.ErrStreamed) {
		return nil, err
	}
	return rep, s.reportError(err)
}

// reportError names the input in err, and the labels read when they
// make one class.
func (s *RankScores) reportError(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, rank.ErrOneClass) || errors.Is(err, rank.ErrEmpty):
		return fmt.Errorf("%s: column %q: %w (labels found: %s)", s.name, s.column, err, strings.Join(s.Labels, ", "))
	}
	return fmt.Errorf("%s: %w", s.name, err)
}

// The memory of the exact score table, which Memory bounds.
const (
	// RankSpillFloor is the least budget the spill's own memory is
	// charged against.
	RankSpillFloor = 1 << 20
	// rankSpillRowBytes is the memory a row held by the score table
	// builder may come to: 8 bytes of key and 8 of sort buffer, and, if
	// its score is distinct, 24 bytes of table and 16 of cumulative sums.
	rankSpillRowBytes = 56
	// rankTableBytes is the memory of a distinct score in the table:
	// score, two masses and two cumulative sums. A spilled table stops
	// past Memory / rankTableBytes distinct scores. A weighted table keeps
	// rankStatsBytes more: each cell's rows and Σw² (for intervals),
	// charged to a weighted row held too.
	rankTableBytes = 40
	rankStatsBytes = 32
	// rankSpillPartRows is the least rows of a spilled part read back
	// whole: with its sort buffer and table rows at most 288 KiB
	// (weighted), and 128 KiB of write buffers, within RankSpillFloor.
	rankSpillPartRows = 4096
)

// TableBytes is the memory of a distinct score in the score table, more
// when weighted.
func TableBytes(weighted bool) int64 {
	if weighted {
		return rankTableBytes + rankStatsBytes
	}
	return rankTableBytes
}

// rankSpill is the score table builder of Rank: it holds up to
// Memory / rankSpillRowBytes rows and spills the rest to a temporary
// folder, removed by cleanup.
type rankSpill struct {
	*rank.Spill
	dir     string
	release func()
}

func (t *Rank) newSpill(weighted bool) *rankSpill {
	limit := t.Memory
	maxRows := 1 << 62
	if limit > 0 {
		maxRows = int(max(1, limit/(rankSpillRowBytes+TableBytes(weighted)-rankTableBytes)))
	}
	// Parts of about a quarter of the rows held (or of the floor's
	// parts): a part read back with its sort buffer and table rows fits
	// the memory of the rows held, and one twice as large as planned is
	// not split again.
	parts := 256
	if t.Rows > 0 {
		parts = 4 * (t.Rows/max(maxRows, 2*rankSpillPartRows) + 1)
	}
	s := &rankSpill{}
	s.Spill = rank.NewSpill(maxRows, parts, func() (string, error) {
		dir, release, err := tempfile.MkdirTemp("rank")
		if err == nil {
			s.dir, s.release = dir, release
		}
		return dir, err
	})
	// Whatever Memory, a part read back may hold rankSpillPartRows rows
	// (and the write buffers twice as many): below, a part and a file
	// write of every few rows made a run of 10⁶ rows at --memory 1 take
	// more than a minute of system time.
	s.PartRows = rankSpillPartRows
	if limit > 0 {
		s.MaxScores = int(max(1, limit/TableBytes(weighted)))
		// The spill's buffers and the part read back are charged against
		// Memory (at least RankSpillFloor: below it a few records a file
		// are more than the limit).
		acct := budget.New(max(limit, RankSpillFloor)).Account("rank's spill (its write buffers, and the part being read back with its sort buffer and table rows)", "")
		s.Charge = acct.Set
	}
	return s
}

func (s *rankSpill) cleanup() {
	if s.dir != "" {
		s.Close()
		os.RemoveAll(s.dir)
		s.release()
		s.dir = ""
	}
}
