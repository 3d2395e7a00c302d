package main

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/label"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/table"
)

// Reading for "evalkit rank". Both the binary and the multiclass readers
// use table.Parallel: the input is cut into chunks of whole rows, each
// parsed on some core into a state of its own (a rank.Builder of score
// keys; for --bins the parsed rows; a rank.MultiBuilder). A chunk's state
// is merged into the result as soon as the chunks before it are, in input
// order, then reset and reused, so memory is the result plus a few chunks
// per worker. The keys of builders merged in input order are those of a
// sequential read, in the same order, and --bins adds the rows to its bins
// in input order: the score table, and every measure of it, is the same to
// the last bit whatever the chunks and the number of workers. (The
// multiclass log loss is a compensated sum merged chunk by chunk: the same
// run to run and for any number of workers; with another chunk size it may
// differ in the rounding of the sum.)

// rankKind is what a binary label is under scikit-learn's default rule.
type rankKind int8

const (
	kindOther  rankKind = iota // any label, when --pos-label is given
	kindZero                   // a label whose value is 0
	kindMinus1                 // … −1
	kindOne                    // … 1: the positive class
)

type rankClass struct {
	pos  bool
	kind rankKind
}

// rankLabeler classifies the labels of one worker: positive if it is
// --pos-label, else by its value (1 positive, 0 or −1 negative, anything
// else an error). A label's class depends on the label alone; what depends
// on the order of the rows (which label with value 1 is reported, 0 and −1
// together) is decided from the first row of each kind in each chunk
// (rankChunkLabels).
type rankLabeler struct {
	set      *label.Set
	class    []rankClass // by label id
	posLabel string
	given    bool
	one      [256]rankClass // one-byte labels seen, without a map lookup
	oneSeen  [256]bool
}

func newRankLabeler(f *rankFlags) *rankLabeler {
	return &rankLabeler{set: label.NewSet(nil), posLabel: f.PosLabel, given: f.PosLabel != ""}
}

func (l *rankLabeler) classOf(r *table.Reader, b []byte) (rankClass, error) {
	if len(b) == 1 && l.oneSeen[b[0]] {
		return l.one[b[0]], nil
	}
	id, _ := l.set.ID(b)
	if id < len(l.class) {
		return l.class[id], nil
	}
	name := string(b)
	var c rankClass
	if l.given {
		c.pos = name == l.posLabel
	} else {
		v, err := strconv.ParseFloat(strings.TrimSpace(name), 64)
		switch {
		case err != nil || (v != 0 && v != 1 && v != -1):
			return c, usagef("rank: %s: label %q: the labels are not {0, 1} or {-1, 1}, so --pos-label is required", r.Position(r.Line()), name)
		case v == 1:
			c = rankClass{pos: true, kind: kindOne}
		case v == 0:
			c.kind = kindZero
		default:
			c.kind = kindMinus1
		}
	}
	l.class = append(l.class, c)
	if len(b) == 1 {
		l.one[b[0]], l.oneSeen[b[0]] = c, true
	}
	return c, nil
}

// rankChunkLabels records, for one chunk, the line of its first row of
// each kind of label and the first label of value 1.
type rankChunkLabels struct {
	first   [4]int // by rankKind; 0: none
	posName string
}

func (c *rankChunkLabels) see(r *table.Reader, k rankKind, name []byte) {
	if k != kindOther && c.first[k] == 0 {
		c.first[k] = r.Line()
		if k == kindOne {
			c.posName = string(name)
		}
	}
}

// rankLabelLog collects the chunks' label records and the first chunk
// that failed.
type rankLabelLog struct {
	mu     sync.Mutex
	chunks map[int]rankChunkLabels
	failed int // the first chunk whose work returned an error, or -1
}

func (g *rankLabelLog) add(chunk int, c rankChunkLabels, failed bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.chunks[chunk] = c
	if failed && (g.failed < 0 || chunk < g.failed) {
		g.failed = chunk
	}
}

// resolve returns the label of value 1 met first in the file and, when
// labels of value 0 and −1 both occur, the error a sequential read gives
// at the row where the second kind first appears — but only if that row
// comes no later than the row of err, the first error of the read (the
// label of a row is read before its score). Rows of chunks after the
// failed one are not rows a sequential read would have reached.
func (g *rankLabelLog) resolve(r *table.Reader, err error) (posName string, _ error) {
	firstLine := [4]int{}
	posChunk := -1
	for chunk, c := range g.chunks {
		if g.failed >= 0 && chunk > g.failed {
			continue
		}
		for k, line := range c.first {
			if line > 0 && (firstLine[k] == 0 || line < firstLine[k]) {
				firstLine[k] = line
			}
		}
		if c.first[kindOne] > 0 && (posChunk < 0 || chunk < posChunk) {
			posChunk, posName = chunk, c.posName
		}
	}
	if z, m := firstLine[kindZero], firstLine[kindMinus1]; z > 0 && m > 0 {
		return "", usagef("rank: %s: labels include 0 and -1, so --pos-label is required", r.Position(max(z, m)))
	}
	return posName, err
}

// rankPart is the state of one chunk of a binary read: the builder of its
// keys or, for --bins, its parsed rows (w nil when unweighted), added to
// the bins when the chunk is merged (a Binned a chunk would cost more than
// the rows: --bins 100000 is 3.2 MB).
type rankPart struct {
	b      rank.Builder
	binned bool
	s      []float64
	pos    []bool
	w      []float64
	labels rankChunkLabels
}

// rankReadBinary reads every row of r into b (or bn when it is not nil),
// on every core. It returns the set of labels met and the label of value 1
// met first (scikit-learn's positive class, when --pos-label is not
// given). An error is the first of the file, as a sequential read reports
// it.
func rankReadBinary(e *env, r *table.Reader, path string, tc, sc, wc int, f *rankFlags, b *rank.Spill, bn *rank.Binned) (*label.Set, string, error) {
	workers := runtime.GOMAXPROCS(0)
	est := table.EstimateRows(r)
	var spillErr error // the first error writing a spilled part
	order := &table.Ordered[*rankPart]{
		Fresh: func() *rankPart { return &rankPart{binned: bn != nil} },
		Merge: func(p *rankPart) {
			if bn != nil {
				for i, s := range p.s {
					w := 1.0
					if wc >= 0 {
						w = p.w[i]
					}
					if err := bn.Add(s, p.pos[i], w); err != nil {
						// The parsed scores are finite, the weights finite
						// and ≥ 0: Binned.Add has nothing to reject.
						panic("evalkit: internal error: " + err.Error())
					}
				}
				return
			}
			if est > 0 && b.Rows() == 0 {
				// Reserve the keys of the whole file at once, split as in
				// the first chunk (with a margin): no growing and copying.
				pos, neg := p.b.Len()
				if all := pos + neg; all > 0 {
					b.Grow(int(float64(est)*1.02*float64(pos)/float64(all))+1024, int(float64(est)*1.02*float64(neg)/float64(all))+1024)
				}
			}
			if spillErr == nil {
				spillErr = b.Merge(&p.b)
			}
		},
		Reset: func(p *rankPart) {
			p.b.Reset()
			p.s, p.pos, p.w = p.s[:0], p.pos[:0], p.w[:0]
			p.labels = rankChunkLabels{}
		},
	}
	labelLog := &rankLabelLog{chunks: map[int]rankChunkLabels{}, failed: -1}
	labelers := make([]*rankLabeler, workers)
	for i := range labelers {
		labelers[i] = newRankLabeler(f)
	}
	stop := progress(e, r)
	err := r.Parallel(workers, func(worker int, sub *table.Reader) error {
		p := order.Get()
		err := rankReadChunk(sub, tc, sc, wc, labelers[worker], p)
		labelLog.add(sub.Chunk(), p.labels, err != nil || sub.Err() != nil)
		if err != nil {
			return err
		}
		order.Put(sub.Chunk(), p)
		return nil
	})
	stop()
	posName, err := labelLog.resolve(r, err)
	if err != nil {
		return nil, "", err
	}
	if spillErr != nil {
		return nil, "", fmt.Errorf("spilling the score table (--memory): %w", spillErr)
	}
	if bn == nil && b.Rows() != int64(r.Rows()) {
		panic(fmt.Sprintf("evalkit: internal error: %d of %d rows merged", b.Rows(), r.Rows()))
	}
	set := label.NewSet(nil)
	for _, l := range labelers {
		for _, name := range l.set.Names() {
			set.ID([]byte(name))
		}
	}
	return set, posName, nil
}

// rankReadChunk adds the rows of one chunk to p. The parts of a row are
// checked in the order of the sequential reader this replaced: the label,
// an empty score, the weight, then the score's value.
func rankReadChunk(sub *table.Reader, tc, sc, wc int, lab *rankLabeler, p *rankPart) error {
	for sub.Next() {
		y, err := sub.Text(tc)
		if err != nil {
			return err
		}
		c, err := lab.classOf(sub, y)
		if err != nil {
			return err
		}
		p.labels.see(sub, c.kind, y)
		if err := sub.CheckValue(sc); err != nil {
			return err
		}
		w := 1.0
		if wc >= 0 {
			if w, err = sub.Weight(wc); err != nil {
				return err
			}
		}
		s, err := sub.Float(sc)
		if err != nil {
			return err
		}
		switch {
		case p.binned:
			p.s, p.pos = append(p.s, s), append(p.pos, c.pos)
			if wc >= 0 {
				p.w = append(p.w, w)
			}
		case wc >= 0:
			err = p.b.Add(s, c.pos, w)
		case c.pos:
			p.b.AddPositive(s)
		default:
			p.b.AddNegative(s)
		}
		if err != nil {
			return sub.Errorf(sc, err)
		}
	}
	return nil
}

// rankReadMulti reads every row of r into m, on every core; errors as
// rankReadBinary's.
func rankReadMulti(e *env, r *table.Reader, cols cli.MultiCols, m *rank.MultiBuilder, acct *budget.Account) error {
	k := len(cols.Scores)
	workers := runtime.GOMAXPROCS(0)
	order := &table.Ordered[*rank.MultiBuilder]{
		Fresh: func() *rank.MultiBuilder { return rank.NewMultiBuilder(k) },
		Merge: func(c *rank.MultiBuilder) { m.Merge(c) },
		Reset: func(c *rank.MultiBuilder) { c.Reset() },
		Check: func() error { return acct.Set(m.Bytes()) },
	}
	probs := make([][]float64, workers)
	for i := range probs {
		probs[i] = make([]float64, k)
	}
	defer progress(e, r)()
	return r.Parallel(workers, func(worker int, sub *table.Reader) error {
		c := order.Get()
		if err := cli.ReadMultiRows(sub, cols, probs[worker], c); err != nil {
			return err
		}
		return order.Put(sub.Chunk(), c)
	})
}
