package text

import "math"

// Limits of sacreBLEU's TER shift search (sacrebleu 2.6.0,
// metrics/lib_ter.py); the first three come from tercom.
const (
	terMaxShiftSize       = 10   // longest block of words moved by one shift
	terMaxShiftDist       = 50   // largest |start in hypothesis − start in reference| of a block
	terBeamWidth          = 25   // half-width of the edit-distance beam around the diagonal
	terMaxShiftCandidates = 1000 // shift candidates evaluated per hypothesis–reference pair
	terInf                = int32(1 << 29)
)

// Edit operations of the beam edit distance, as sacreBLEU records them
// while rewriting the hypothesis (rows) into the reference (columns).
const (
	terOpUndef = iota
	terOpNop
	terOpSub
	terOpDel // consumes a hypothesis word
	terOpIns // consumes a reference word
)

// terAligner holds the buffers for computing TER of one hypothesis against
// one reference at a time; it is reused across sentences by one goroutine so
// that the edit-distance loops allocate nothing.
type terAligner struct {
	ids     map[string]int32
	hyp     []int32 // hypothesis word ids
	ref     []int32 // reference word ids
	cur     []int32 // hypothesis after the shifts applied so far
	tmp     []int32 // a candidate shift of cur
	base    []int32 // beam edit-distance matrix of cur, banded: (nh+1)×band
	ops     []uint8 // the operation chosen in each cell of base
	scratch []int32 // matrix rows for candidates below their unchanged prefix
	lo, hi  []int   // beam [lo, hi) of each row
	start   []int   // column of the first stored cell of each row
	band    int     // stored cells a row
	align   []int   // align[r] = hypothesis position aligned to reference word r (−1 = before the first)
	hypErr  []int   // prefix sums of hypothesis words that are not matched
	refErr  []int   // prefix sums of reference words that are not matched
	trace   []uint8

	refWords [][]string // the tokenised references of the current sentence
}

func newTERAligner() *terAligner {
	return &terAligner{ids: make(map[string]int32)}
}

// intern maps words to ids that are equal exactly when the words are.
func (a *terAligner) intern(dst []int32, words []string) []int32 {
	dst = dst[:0]
	for _, w := range words {
		id, ok := a.ids[w]
		if !ok {
			id = int32(len(a.ids))
			a.ids[w] = id
		}
		dst = append(dst, id)
	}
	return dst
}

// sentence returns the fewest edits over the references and the total
// number of reference words (summed over the references).
func (a *terAligner) sentence(hyp []string, refs [][]string) (best int64, refWords int64) {
	clear(a.ids)
	a.hyp = a.intern(a.hyp, hyp)
	best = math.MaxInt64
	for _, r := range refs {
		a.ref = a.intern(a.ref, r)
		e := int64(a.editRate())
		refWords += int64(len(r))
		if e < best {
			best = e
		}
	}
	return best, refWords
}

// editRate returns the number of TER edits (shifts plus beam edit
// distance) of a.hyp against a.ref, following sacreBLEU's
// translation_edit_rate: greedily apply the best shift while it lowers the
// edit distance, stopping as well once the pair has evaluated
// terMaxShiftCandidates candidates (the round that crossed the limit is
// discarded).
func (a *terAligner) editRate() int {
	nh, nr := len(a.hyp), len(a.ref)
	if nr == 0 {
		return nh
	}
	a.setup(nh, nr)
	a.cur = append(a.cur[:0], a.hyp...)
	a.fillBase(0)
	shifts, checked := 0, 0
	for {
		pre := int(a.base[a.at(nh, nr)])
		if !a.alignment() {
			return shifts + pre
		}
		delta, start, length, target, found := a.bestShift(pre, &checked)
		if checked >= terMaxShiftCandidates || !found || delta <= 0 {
			return shifts + pre
		}
		shifts++
		terShift(&a.tmp, a.cur, start, length, target)
		a.cur, a.tmp = a.tmp, a.cur
		a.fillBase(min(start, target))
	}
}

// setup computes each row's beam as sacreBLEU does — a band of ±beam
// width around the pseudo-diagonal ⌊i·nr/nh⌋, widened when the lengths
// differ by more than a factor of 50, the last row open to the right end —
// and sizes the matrices to store only the band: row i keeps the columns
// start[i] … start[i]+band−1, where start[i] = lo[i]−1 (a cell that is
// always infinite, the left neighbour of the first computed one) and band
// covers both the row's own beam and the columns that the next row reads.
// Every stored cell starts at terInf; cells outside the beam are never
// written afterwards, so they read as infinite, as in sacreBLEU. Row 0
// holds j insertions.
func (a *terAligner) setup(nh, nr int) {
	w := nr + 1
	a.lo = terGrowInt(a.lo, nh+1)
	a.hi = terGrowInt(a.hi, nh+1)
	a.start = terGrowInt(a.start, nh+1)
	ratio := 1.0
	if nh > 0 {
		ratio = float64(nr) / float64(nh)
	}
	beam := terBeamWidth
	if float64(terBeamWidth) < ratio/2 {
		beam = int(math.Ceil(ratio/2 + terBeamWidth))
	}
	a.lo[0], a.hi[0] = 0, w
	for i := 1; i <= nh; i++ {
		diag := int(math.Floor(float64(i) * ratio))
		a.lo[i] = max(0, diag-beam)
		a.hi[i] = min(w, diag+beam)
		if i == nh {
			a.hi[i] = w
		}
		a.start[i] = a.lo[i] - 1
	}
	band := w
	a.start[0] = 0
	if nh > 0 {
		a.start[0] = max(0, a.lo[1]-1)
		band = 1
		for i := 1; i <= nh; i++ {
			band = max(band, a.hi[i]-a.start[i], a.hi[i]-a.start[i-1])
		}
	}
	a.band = band
	n := (nh + 1) * band
	a.base = terGrow32(a.base, n)
	a.scratch = terGrow32(a.scratch, n)
	if cap(a.ops) < n {
		a.ops = make([]uint8, n)
	}
	a.ops = a.ops[:n]
	for i := range a.base {
		a.base[i] = terInf
		a.scratch[i] = terInf
		a.ops[i] = terOpUndef
	}
	for k := 0; k < band && a.start[0]+k <= nr; k++ {
		a.base[k] = int32(a.start[0] + k)
		a.ops[k] = terOpIns
	}
}

// at returns the index of cell (i, j) in the banded matrices; j must be a
// stored column of row i.
func (a *terAligner) at(i, j int) int { return i*a.band + j - a.start[i] }

func terGrow32(s []int32, n int) []int32 {
	if cap(s) < n {
		return make([]int32, n)
	}
	return s[:n]
}

func terGrowInt(s []int, n int) []int {
	if cap(s) < n {
		return make([]int, n)
	}
	return s[:n]
}

// fillBase computes rows p+1… of the matrix of a.cur, with the operations
// sacreBLEU prefers on ties: match/substitution, then deletion (a
// hypothesis word), then insertion (a reference word). Rows 0…p are those
// of the previous hypothesis, which has the same first p words.
func (a *terAligner) fillBase(p int) {
	nh := len(a.cur)
	ref := a.ref
	base, ops := a.base, a.ops
	for i := p + 1; i <= nh; i++ {
		po := (i-1)*a.band - a.start[i-1] // base[po+j] is cell (i−1, j)
		ro := i*a.band - a.start[i]       // base[ro+j] is cell (i, j)
		j, hi := a.lo[i], a.hi[i]
		if j == 0 {
			base[ro] = base[po] + 1
			ops[ro] = terOpDel
			j = 1
		}
		hw := a.cur[i-1]
		left := base[ro+j-1]
		for ; j < hi; j++ {
			c, op := terInf, uint8(terOpUndef)
			if hw == ref[j-1] {
				if d := base[po+j-1]; d < c {
					c, op = d, terOpNop
				}
			} else if d := base[po+j-1] + 1; d < c {
				c, op = d, terOpSub
			}
			if d := base[po+j] + 1; d < c {
				c, op = d, terOpDel
			}
			if d := left + 1; d < c {
				c, op = d, terOpIns
			}
			base[ro+j], ops[ro+j] = c, op
			left = c
		}
	}
}

// cost returns the beam edit distance of the words in a.tmp, whose first p
// words equal those of a.cur, reusing rows 0…p of the matrix of a.cur.
func (a *terAligner) cost(p int) int32 {
	nh := len(a.tmp)
	ref := a.ref
	words := a.tmp
	for i := p + 1; i <= nh; i++ {
		prev := a.scratch
		if i-1 == p {
			prev = a.base
		}
		po := (i-1)*a.band - a.start[i-1] // prev[po+j] is cell (i−1, j)
		ro := i*a.band - a.start[i]       // scratch[ro+j] is cell (i, j)
		j, hi := a.lo[i], a.hi[i]
		if j == 0 {
			a.scratch[ro] = prev[po] + 1
			j = 1
		}
		if j >= hi {
			continue
		}
		// Columns j−1 … hi−1 of rows i−1 and i, and the reference words
		// of columns j … hi−1.
		rr := ref[j-1 : hi-1]
		pr := prev[po+j-1 : po+hi]
		row := a.scratch[ro+j-1 : ro+hi]
		pr, row = pr[:len(rr)+1], row[:len(rr)+1]
		hw := words[i-1]
		left := row[0]
		for m, rw := range rr {
			c := pr[m]
			if hw != rw {
				c++
			}
			if d := pr[m+1] + 1; d < c {
				c = d
			}
			if d := left + 1; d < c {
				c = d
			}
			if c > terInf {
				c = terInf
			}
			row[m+1] = c
			left = c
		}
	}
	if p >= nh {
		return a.base[a.at(nh, len(ref))]
	}
	return a.scratch[a.at(nh, len(ref))]
}

// alignment walks back the operations of the matrix of a.cur and derives,
// as sacreBLEU's trace_to_alignment does on the flipped trace, the
// reference-to-hypothesis alignment and the unmatched words on both sides
// (as prefix sums). It reports false if the walk meets a cell outside the
// beam (sacreBLEU would raise an exception; the beam makes it impossible).
func (a *terAligner) alignment() bool {
	nh, nr := len(a.cur), len(a.ref)
	a.trace = a.trace[:0]
	i, j := nh, nr
	for i > 0 || j > 0 {
		op := uint8(terOpIns) // row 0
		if i > 0 {
			k := j - a.start[i]
			if k < 0 || k >= a.band {
				return false
			}
			op = a.ops[i*a.band+k]
		}
		a.trace = append(a.trace, op)
		switch op {
		case terOpNop, terOpSub:
			i--
			j--
		case terOpIns:
			j--
		case terOpDel:
			i--
		default:
			return false
		}
		if i < 0 || j < 0 {
			return false
		}
	}
	a.align = terGrowInt(a.align, nr)
	a.hypErr = terGrowInt(a.hypErr, nh+1)
	a.refErr = terGrowInt(a.refErr, nr+1)
	a.hypErr[0], a.refErr[0] = 0, 0
	ph, pr := -1, -1
	for k := len(a.trace) - 1; k >= 0; k-- {
		switch a.trace[k] {
		case terOpNop, terOpSub:
			e := 0
			if a.trace[k] == terOpSub {
				e = 1
			}
			ph++
			pr++
			a.align[pr] = ph
			a.hypErr[ph+1] = a.hypErr[ph] + e
			a.refErr[pr+1] = a.refErr[pr] + e
		case terOpDel: // a hypothesis word without a partner
			ph++
			a.hypErr[ph+1] = a.hypErr[ph] + 1
		case terOpIns: // a reference word without a partner
			pr++
			a.align[pr] = ph
			a.refErr[pr+1] = a.refErr[pr] + 1
		}
	}
	return true
}

// bestShift evaluates the shift candidates of sacreBLEU's _shift in its
// order and returns the best one by (edit-distance reduction, block length,
// −start, −target), largest first. checked counts evaluated candidates
// across the rounds of one pair; the search stops after the block whose
// evaluation reaches terMaxShiftCandidates.
func (a *terAligner) bestShift(pre int, checked *int) (delta, start, length, target int, found bool) {
	h, r := a.cur, a.ref
	nh, nr := len(h), len(r)
	for sh := 0; sh < nh; sh++ {
		for sr := max(0, sh-terMaxShiftDist); sr < nr && sr <= sh+terMaxShiftDist; sr++ {
			for l := 0; l < terMaxShiftSize && h[sh+l] == r[sr+l]; {
				l++
				// The block h[sh:sh+l] = r[sr:sr+l].
				if a.hypErr[sh+l]-a.hypErr[sh] != 0 && a.refErr[sr+l]-a.refErr[sr] != 0 &&
					!(sh <= a.align[sr] && a.align[sr] < sh+l) {
					prevIdx := -1
					for off := -1; off < l; off++ {
						idx := 0
						if sr+off != -1 {
							idx = a.align[sr+off] + 1
						}
						if idx == prevIdx {
							continue
						}
						prevIdx = idx
						var c int
						if idx == sh {
							c = pre // moving the block to where it is
						} else {
							terShift(&a.tmp, h, sh, l, idx)
							c = int(a.cost(min(sh, idx)))
						}
						*checked++
						d := pre - c
						if !found || d > delta || d == delta && (l > length ||
							l == length && (sh < start || sh == start && idx < target)) {
							delta, start, length, target, found = d, sh, l, idx, true
						}
					}
					if *checked >= terMaxShiftCandidates {
						return
					}
				}
				if nh == sh+l || nr == sr+l {
					break
				}
			}
		}
	}
	return
}

// terShift writes into *dst the words w with the block w[start:start+length]
// moved to before position target, with Python's slice semantics as in
// sacreBLEU's _perform_shift (a target inside the block moves it right by
// target−start, clipped at the end).
func terShift(dst *[]int32, w []int32, start, length, target int) {
	n := len(w)
	sl := func(i, j int) []int32 {
		i, j = min(max(i, 0), n), min(max(j, 0), n)
		if i >= j {
			return nil
		}
		return w[i:j]
	}
	d := (*dst)[:0]
	switch {
	case target < start:
		d = append(d, sl(0, target)...)
		d = append(d, sl(start, start+length)...)
		d = append(d, sl(target, start)...)
		d = append(d, sl(start+length, n)...)
	case target > start+length:
		d = append(d, sl(0, start)...)
		d = append(d, sl(start+length, target)...)
		d = append(d, sl(start, start+length)...)
		d = append(d, sl(target, n)...)
	default:
		d = append(d, sl(0, start)...)
		d = append(d, sl(start+length, length+target)...)
		d = append(d, sl(start, start+length)...)
		d = append(d, sl(length+target, n)...)
	}
	*dst = d
}
