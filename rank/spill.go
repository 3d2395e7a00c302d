package rank

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"unsafe"
)

// ErrTooManyScores is returned by [Spill.Table] when the table would hold
// more than Spill.MaxScores distinct scores.
var ErrTooManyScores = errors.New("too many distinct scores for the memory limit")

// Spill is a [Builder] whose samples may exceed memory: past MaxRows
// samples held, they are written to temporary files, partitioned by the
// order-preserving bits of the score (the same keys the radix sort uses),
// and [Spill.Table] reads the parts back one at a time, highest scores
// first, radix-sorts each and appends its rows to the table. Each part
// holds whole tie groups in input order, so the table is the one a
// [Builder] fed the same samples gives, to the bit (scores, masses summed
// in the same order, and the collinear-vertex rule of [Table.ROC]).
//
// Memory is the samples held (8 bytes each, 16 with weights), the write
// buffers (about as much again; 4 KiB to 64 KiB a part and class) and, while the table is built, one
// part with its sort buffer plus the table itself (24 bytes a distinct
// score): spilling bounds the memory of the rows, not of the distinct
// scores.
//
// The partition is fixed at the first spill, from a sample of the keys
// then held (their quantiles, so the parts are about equal if the rest of
// the data is like its beginning); a part that comes back larger than
// MaxRows is still read whole.
type Spill struct {
	// MaxScores, when > 0, is the most distinct scores the table built
	// from spilled parts may hold: past it, Table returns an error
	// wrapping ErrTooManyScores instead of growing the table further.
	MaxScores int
	// PartRows, when more than half of maxRows, is the most records a
	// part read back by [Spill.Report] holds (a larger part is split
	// again), and half the records the write buffers hold together: a
	// floor under the parts and the writes when maxRows is a few rows,
	// which would otherwise make a part, and a file write, of every few
	// records. Set it before the first sample is added.
	PartRows int
	maxRows  int
	parts    int
	mkdir    func() (string, error)
	dir      string
	mem      Builder
	split    []uint64 // part p holds the keys in [split[p-1], split[p])
	files    []*spillFile
	bufRecs  int      // records a file buffers before writing
	rows     int64    // samples held by mem or the files
	count    [2]int64 // positives and negatives written to the files
	bufBytes int64    // the write buffers' bytes (and the enclosing spill's)
	err      error
	// Charge, when not nil, is told the bytes the spill holds besides the
	// samples in memory (its write buffers, and while its parts are read
	// back, the part with its sort buffer and table rows); an error from
	// it stops the spill.
	Charge func(bytes int64) error
}

// spillFile is one part of one class: its keys and, once the data is
// weighted, its weights, with their write buffers.
type spillFile struct {
	keyPath, wPath string
	keys           []uint64
	w              []float64
	n              int64 // records written (not counting the buffers)
	weighted       bool  // the weight file exists
}

// spillBuf is the most records a part's file buffers (64 KiB); the
// buffers of all parts hold about MaxRows records together (see held).
const spillBuf = 8192

// spillMinBuf is the least records a part's file buffers (512 bytes of
// keys): the parts are fewer when the records held would make smaller
// buffers (tests set it lower to write the files often).
var spillMinBuf = 64

// NewSpill returns an empty spilling builder that holds at most maxRows
// samples in memory (at least 1) and, past that, writes parts (about
// parts of them, 2 to 4096, fewer when the buffers of so many would hold
// fewer than 64 records each) to files in the folder returned by mkdir,
// called once, at the first spill. The caller removes that folder when
// done (and on interrupt); [Spill.Close] removes the files.
func NewSpill(maxRows, parts int, mkdir func() (string, error)) *Spill {
	return &Spill{maxRows: max(maxRows, 1), parts: min(max(parts, 2), 4096), mkdir: mkdir}
}

// Grow reserves room for pos and neg more samples held in memory, scaled
// down to at most MaxRows together.
func (s *Spill) Grow(pos, neg int) {
	if all := pos + neg; all > s.maxRows {
		pos = int(float64(pos) / float64(all) * float64(s.maxRows))
		neg = s.maxRows - pos
	}
	s.mem.Grow(pos, neg)
}

// Spilled reports whether samples were written to files.
func (s *Spill) Spilled() bool { return s.split != nil }

// Rows returns the number of samples added.
func (s *Spill) Rows() int64 { return s.rows + s.mem.rows }

// Add adds one sample, as [Builder.Add]; it also returns an error from
// writing a part.
func (s *Spill) Add(score float64, positive bool, weight float64) error {
	if err := s.mem.Add(score, positive, weight); err != nil {
		return err
	}
	return s.check()
}

// AddPositive adds an unweighted positive of finite score, as
// [Builder.AddPositive] (no check of the score), and AddNegative a
// negative; each returns an error from writing a part. The samples enter
// the memory the Spill holds (room reserved by [Spill.Grow]) with no
// copy on the way.
func (s *Spill) AddPositive(score float64) error {
	s.mem.add1(score, true)
	if len(s.mem.posK)+len(s.mem.negK) < s.maxRows {
		return nil
	}
	return s.check()
}

// AddNegative adds an unweighted negative of finite score (see
// [Spill.AddPositive]).
func (s *Spill) AddNegative(score float64) error {
	s.mem.add1(score, false)
	if len(s.mem.posK)+len(s.mem.negK) < s.maxRows {
		return nil
	}
	return s.check()
}

// Merge appends the samples of o, as [Builder.Merge]; it returns an error
// from writing a part, after which the Spill is unusable.
func (s *Spill) Merge(o *Builder) error {
	if s.err != nil {
		return s.err
	}
	s.mem.Merge(o)
	return s.check()
}

func (s *Spill) check() error {
	if p, n := s.mem.Len(); p+n < s.maxRows {
		return nil
	}
	if s.err = s.spill(); s.err != nil {
		s.Close()
	}
	return s.err
}

// spill writes the samples held to the parts' buffers (and the full
// buffers to their files), choosing the parts at the first call.
func (s *Spill) spill() error {
	b := &s.mem
	if s.split == nil {
		dir, err := s.mkdir()
		if err != nil {
			return err
		}
		s.dir = dir
		s.split = splitters(b.posK, b.negK, s.fanOut(s.parts))
		if err := s.newFiles(dir); err != nil {
			return err
		}
	}
	if b.posW != nil {
		// From now on every part keeps weights; rows spilled before had
		// weight 1.
		for _, f := range s.files {
			if !f.weighted {
				if err := f.startWeights(); err != nil {
					return err
				}
			}
		}
	}
	for c, keys := range [2][]uint64{b.posK, b.negK} {
		if err := s.write(c, keys, [2][]float64{b.posW, b.negW}[c]); err != nil {
			return err
		}
	}
	s.rows += b.rows
	b.Reset()
	return nil
}

// write adds the records of class c (0 positive, 1 negative), with their
// weights (nil: 1), to their parts' buffers and the full buffers to
// their files.
func (s *Spill) write(c int, keys []uint64, w []float64) error {
	s.count[c] += int64(len(keys))
	for i, k := range keys {
		f := s.files[2*s.part(k)+c]
		f.keys = append(f.keys, k)
		if f.weighted {
			if w != nil {
				f.w = append(f.w, w[i])
			} else {
				f.w = append(f.w, 1)
			}
		}
		if len(f.keys) >= s.bufRecs {
			if err := f.flush(); err != nil {
				return err
			}
		}
	}
	return nil
}

// newFiles makes the parts' files (and their buffers) in dir for the
// splitters s.split.
func (s *Spill) newFiles(dir string) error {
	s.files = make([]*spillFile, 2*(len(s.split)+1))
	s.bufRecs = min(max(s.held()/len(s.files), spillMinBuf), spillBuf)
	for i := range s.files {
		s.files[i] = &spillFile{
			keyPath: filepath.Join(dir, fmt.Sprintf("part%04d.%s.keys", i/2, [2]string{"pos", "neg"}[i%2])),
			wPath:   filepath.Join(dir, fmt.Sprintf("part%04d.%s.weights", i/2, [2]string{"pos", "neg"}[i%2])),
		}
	}
	// The write buffers: up to bufRecs keys (and weights) a file.
	s.bufBytes += int64(len(s.files)) * int64(s.bufRecs) * 16
	return s.charge(0)
}

// partRows returns the most records of a part read back whole.
func (s *Spill) partRows() int { return max(s.maxRows/2, s.PartRows, 1) }

// held returns the records the write buffers of all parts hold together
// (about MaxRows, or twice PartRows if more).
func (s *Spill) held() int { return max(s.maxRows, 2*s.PartRows) }

// fanOut returns the number of parts to cut into, at most parts: as many
// as keep each file's buffer at least spillMinBuf records, and at least 2.
func (s *Spill) fanOut(parts int) int {
	return max(2, min(parts, s.held()/(2*spillMinBuf)))
}

// charge tells Charge the bytes held: the write buffers and bytes more.
func (s *Spill) charge(bytes int64) error {
	if s.Charge == nil {
		return nil
	}
	return s.Charge(s.bufBytes + bytes)
}

// part returns the part of key k.
func (s *Spill) part(k uint64) int {
	return sort.Search(len(s.split), func(i int) bool { return s.split[i] > k })
}

// splitters returns up to parts−1 distinct keys cutting a sample of the
// keys into about equal parts.
func splitters(pk, nk []uint64, parts int) []uint64 {
	n := len(pk) + len(nk)
	step := max(1, n/65536)
	var sample []uint64
	for i := 0; i < n; i += step {
		if i < len(pk) {
			sample = append(sample, pk[i])
		} else {
			sample = append(sample, nk[i-len(pk)])
		}
	}
	slices.Sort(sample)
	var split []uint64
	for p := 1; p < parts; p++ {
		k := sample[p*len(sample)/parts]
		if len(split) == 0 || k > split[len(split)-1] {
			split = append(split, k)
		}
	}
	return split
}

// bytesOf views a slice of 8-byte numbers as bytes (the files are read by
// the same process: native byte order).
func bytesOf[T uint64 | float64](a []T) []byte {
	if len(a) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(a))), 8*len(a))
}

func appendFile(path string, b []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return err
	}
	_, err = f.Write(b)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

func (f *spillFile) flush() error {
	if len(f.keys) == 0 {
		return nil
	}
	if err := appendFile(f.keyPath, bytesOf(f.keys)); err != nil {
		return err
	}
	if f.weighted {
		if err := appendFile(f.wPath, bytesOf(f.w)); err != nil {
			return err
		}
	}
	f.n += int64(len(f.keys))
	f.keys, f.w = f.keys[:0], f.w[:0]
	return nil
}

// startWeights writes weight 1 for every record so far.
func (f *spillFile) startWeights() error {
	f.weighted = true
	ones := make([]float64, min(f.n, spillBuf))
	for i := range ones {
		ones[i] = 1
	}
	for left := f.n; left > 0; {
		m := min(left, int64(len(ones)))
		if err := appendFile(f.wPath, bytesOf(ones[:m])); err != nil {
			return err
		}
		left -= m
	}
	f.w = slices.Grow(f.w[:0], len(f.keys))
	for range f.keys {
		f.w = append(f.w, 1)
	}
	return nil
}

// read returns the part's keys and weights (nil when unweighted).
func (f *spillFile) read() ([]uint64, []float64, error) {
	keys := make([]uint64, f.n+int64(len(f.keys)))
	if f.n > 0 {
		if err := readInto(f.keyPath, bytesOf(keys[:f.n])); err != nil {
			return nil, nil, err
		}
	}
	copy(keys[f.n:], f.keys)
	if !f.weighted {
		return keys, nil, nil
	}
	w := make([]float64, len(keys))
	if f.n > 0 {
		if err := readInto(f.wPath, bytesOf(w[:f.n])); err != nil {
			return nil, nil, err
		}
	}
	copy(w[f.n:], f.w)
	return keys, w, nil
}

func readInto(path string, b []byte) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	for len(b) > 0 {
		n, err := f.Read(b)
		if n == 0 && err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		b = b[n:]
	}
	return nil
}

// Table returns the score table of every sample added: the in-memory
// [Builder.Table] when nothing was spilled; otherwise the parts are read
// back, highest keys first, and their rows appended. It removes the files.
func (s *Spill) Table() (*Table, error) {
	if s.err != nil {
		return nil, s.err
	}
	if s.split == nil {
		return s.mem.Table(), nil
	}
	defer s.Close()
	weighted := s.mem.posW != nil || (len(s.files) > 0 && s.files[0].weighted)
	if p, n := s.mem.Len(); p+n > 0 || s.mem.rows > 0 {
		if err := s.spill(); err != nil {
			return nil, err
		}
	}
	t := &Table{Rows: s.rows, Weighted: weighted}
	var np *npCum
	if weighted {
		np = &npCum{}
	}
	for p := len(s.files)/2 - 1; p >= 0; p-- {
		pf, nf := s.files[2*p], s.files[2*p+1]
		pk, pw, err := pf.read()
		if err != nil {
			return nil, err
		}
		nk, nw, err := nf.read()
		if err != nil {
			return nil, err
		}
		os.Remove(pf.keyPath)
		os.Remove(nf.keyPath)
		os.Remove(pf.wPath)
		os.Remove(nf.wPath)
		b := Builder{posK: pk, negK: nk, posW: pw, negW: nw}
		b.sortKeys()
		d := distinctKeys(pk, nk)
		g0 := len(t.Score)
		if s.MaxScores > 0 && g0+d > s.MaxScores {
			return nil, fmt.Errorf("more than %d distinct scores: %w", s.MaxScores, ErrTooManyScores)
		}
		t.Score = slices.Grow(t.Score, d)[:g0+d]
		t.Pos = slices.Grow(t.Pos, d)[:g0+d]
		t.Neg = slices.Grow(t.Neg, d)[:g0+d]
		var st *cellStats
		if weighted {
			t.PosRows = slices.Grow(t.PosRows, d)[:g0+d]
			t.NegRows = slices.Grow(t.NegRows, d)[:g0+d]
			t.PosSq = slices.Grow(t.PosSq, d)[:g0+d]
			t.NegSq = slices.Grow(t.NegSq, d)[:g0+d]
			st = &cellStats{t.PosRows[g0:], t.NegRows[g0:], t.PosSq[g0:], t.NegSq[g0:]}
		}
		if np != nil {
			for len(np.flat)*64 < g0+d {
				np.flat = append(np.flat, 0)
			}
		}
		fillRows(t.Score[g0:], t.Pos[g0:], t.Neg[g0:], st, g0, pk, nk, pw, nw, np)
	}
	if np != nil {
		t.npFlat = np.flat
	}
	return t, nil
}

// Close removes the spilled files (not the folder, which the caller's
// mkdir made). It is safe to call more than once.
func (s *Spill) Close() error {
	var errs []error
	for _, f := range s.files {
		for _, p := range []string{f.keyPath, f.wPath} {
			if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
				errs = append(errs, err)
			}
		}
	}
	s.files = nil
	return errors.Join(errs...)
}

// Dir returns the folder of the spilled files ("" before the first spill).
func (s *Spill) Dir() string { return s.dir }
