package rank

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"runtime"
	"sort"
	"sync"
)

// Placements are what DeLong's paired tests of m score columns of the same
// unweighted rows need from the columns' score tables: for each table and
// tie group g the integer numerators of the structural components,
//
//	K₁₀[g] = 2·N_{<g} + neg_g   (V₁₀ = K₁₀/(2N), a positive's placement)
//	K₀₁[g] = 2·P_{>g} + pos_g   (V₀₁ = K₀₁/(2P), a negative's placement)
//
// with N_{<g} the negatives scored below group g and P_{>g} the positives
// above it. [Placements.Add] looks up each row's groups and accumulates
// [PairedSums]; [Placements.Result] turns the sums into the AUCs and their
// DeLong covariance matrix. Placements are read-only once built and safe
// for concurrent use.
type Placements struct {
	tables   []*Table
	k10, k01 [][]int64
	p, n     int64
}

// NewPlacements returns the placements of tables, the score tables of m
// columns of the same rows. The tables must be unweighted (ErrWeighted)
// with at least 2 positives and 2 negatives (ErrTooFew), and hold the
// same numbers of positives and negatives.
func NewPlacements(tables []*Table) (*Placements, error) {
	pl := &Placements{tables: tables, k10: make([][]int64, len(tables)), k01: make([][]int64, len(tables))}
	for j, t := range tables {
		p, n, err := t.delongCheck()
		if err != nil {
			return nil, err
		}
		if j == 0 {
			pl.p, pl.n = int64(p), int64(n)
		} else if int64(p) != pl.p || int64(n) != pl.n {
			return nil, fmt.Errorf("rank: paired tables of %v/%v and %v/%v positives/negatives", pl.p, pl.n, p, n)
		}
		k10, k01 := make([]int64, len(t.Score)), make([]int64, len(t.Score))
		var above int64
		for g := range t.Score {
			pos := int64(t.Pos[g])
			k01[g] = 2*above + pos
			above += pos
		}
		var below int64
		for g := len(t.Score) - 1; g >= 0; g-- {
			neg := int64(t.Neg[g])
			k10[g] = 2*below + neg
			below += neg
		}
		pl.k10[j], pl.k01[j] = k10, k01
	}
	return pl, nil
}

// Models returns m, the number of score columns.
func (pl *Placements) Models() int { return len(pl.tables) }

// NewSums returns empty sums for pl's m columns.
func (pl *Placements) NewSums() *PairedSums {
	m := len(pl.tables)
	return &PairedSums{M: m, S10: make([]U128, m), S01: make([]U128, m), X: make([]U128, m*(m+1)/2), Y: make([]U128, m*(m+1)/2)}
}

// group returns the tie group of score s in t (its index in t.Score), or
// −1 when t holds no such score.
func group(t *Table, s float64) int {
	s += 0 // −0 is 0
	g := sort.Search(len(t.Score), func(g int) bool { return t.Score[g] <= s })
	if g == len(t.Score) || t.Score[g] != s {
		return -1
	}
	return g
}

// Add adds one row to s: its class and its m scores (the row the tables
// were built from). ks is scratch of length ≥ m, or nil. It returns an
// error for a score that no table holds (the row was not among the
// tables' rows).
func (pl *Placements) Add(s *PairedSums, positive bool, scores []float64, ks []int64) error {
	m := len(pl.tables)
	if len(ks) < m {
		ks = make([]int64, m)
	}
	for j, t := range pl.tables {
		g := group(t, scores[j])
		if g < 0 {
			return fmt.Errorf("rank: score %v of column %d is not in its table", scores[j], j)
		}
		if positive {
			ks[j] = pl.k10[j][g]
		} else {
			ks[j] = pl.k01[j][g]
		}
	}
	lin, sq := s.S01, s.Y
	if positive {
		lin, sq = s.S10, s.X
		s.P++
	} else {
		s.N++
	}
	i := 0
	for a := range m {
		ka := uint64(ks[a])
		lin[a].add(0, ka)
		for b := a; b < m; b++ {
			sq[i].add(bits.Mul64(ka, uint64(ks[b])))
			i++
		}
	}
	return nil
}

// SumsOf returns the sums of the rows given as columns: positive[i] the
// class of row i, scores[j][i] its score in column j. The rows are summed
// in parallel parts (integer sums: the same bits). It panics if the
// slices differ in length.
func (pl *Placements) SumsOf(positive []bool, scores [][]float64) (*PairedSums, error) {
	m := len(pl.tables)
	if len(scores) != m {
		panic(fmt.Sprintf("rank: SumsOf: %d columns for %d tables", len(scores), m))
	}
	for _, c := range scores {
		if len(c) != len(positive) {
			panic("rank: SumsOf: columns of different lengths")
		}
	}
	parts := min(runtime.GOMAXPROCS(0), max(1, len(positive)/(1<<16)))
	sums := make([]*PairedSums, parts)
	errs := make([]error, parts)
	var wg sync.WaitGroup
	for k := range parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := pl.NewSums()
			row, ks := make([]float64, m), make([]int64, m)
			lo, hi := len(positive)*k/parts, len(positive)*(k+1)/parts
			for i := lo; i < hi; i++ {
				for j := range m {
					row[j] = scores[j][i]
				}
				if err := pl.Add(s, positive[i], row, ks); err != nil {
					errs[k] = fmt.Errorf("row %d: %w", i+1, err)
					return
				}
			}
			sums[k] = s
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	for _, s := range sums[1:] {
		if err := sums[0].Merge(s); err != nil {
			return nil, err
		}
	}
	return sums[0], nil
}

// Result returns the m AUCs and their DeLong covariance matrix (row-major
// m×m),
//
//	S_ab = Σ_{i∈P} (V₁₀ᵃ_i − θ_a)(V₁₀ᵇ_i − θ_b) / (P(P−1)) + Σ_{j∈N} (V₀₁ᵃ_j − θ_a)(V₀₁ᵇ_j − θ_b) / (N(N−1))
//
// (DeLong, DeLong & Clarke-Pearson 1988; pROC's cov(roc1, roc2,
// method="delong")), each entry computed exactly from the integer sums and
// rounded once, so it is the same bits however the rows were split and
// merged. The AUCs are the tables' [Table.AUC]. It returns an error when s
// does not hold exactly the tables' rows.
func (pl *Placements) Result(s *PairedSums) (auc []float64, cov []float64, err error) {
	m := len(pl.tables)
	if s.M != m {
		return nil, nil, fmt.Errorf("rank: paired sums of %d columns for %d tables", s.M, m)
	}
	if s.P != pl.p || s.N != pl.n {
		return nil, nil, fmt.Errorf("rank: paired sums of %d positives and %d negatives, tables of %d and %d", s.P, s.N, pl.p, pl.n)
	}
	auc = make([]float64, m)
	for j, t := range pl.tables {
		auc[j], _ = t.AUC()
	}
	cov = make([]float64, m*m)
	// Σ(k_a/(2D) − k̄_a/(2D))(k_b/(2D) − k̄_b/(2D)) = (C·Σk_a k_b − Σk_a Σk_b) / (C·4D²)
	// over C rows, divided by C(C−1): one exact rational per part.
	part := func(sum U128, la, lb U128, c, d int64) *big.Rat {
		num := new(big.Int).Mul(sum.big(), big.NewInt(c))
		num.Sub(num, new(big.Int).Mul(la.big(), lb.big()))
		den := big.NewInt(c)
		den.Mul(den, big.NewInt(4))
		den.Mul(den, new(big.Int).Mul(big.NewInt(d), big.NewInt(d)))
		den.Mul(den, new(big.Int).Mul(big.NewInt(c), big.NewInt(c-1)))
		return new(big.Rat).SetFrac(num, den)
	}
	i := 0
	for a := range m {
		for b := a; b < m; b++ {
			v := part(s.X[i], s.S10[a], s.S10[b], s.P, s.N)
			v.Add(v, part(s.Y[i], s.S01[a], s.S01[b], s.N, s.P))
			f, _ := v.Float64()
			cov[a*m+b], cov[b*m+a] = f, f
			i++
		}
	}
	return auc, cov, nil
}

// Pair returns DeLong's paired test of columns a and b from Result's AUCs
// and covariance matrix.
func Pair(auc, cov []float64, a, b int) DeLong {
	m := len(auc)
	r := DeLong{AUCA: auc[a], AUCB: auc[b], VarA: cov[a*m+a], VarB: cov[b*m+b], Cov: cov[a*m+b]}
	d := r.AUCA - r.AUCB
	sig := math.Sqrt(max(r.VarA+r.VarB-2*r.Cov, 0))
	switch {
	case d == 0 && sig == 0:
		r.Z = 0
	default:
		r.Z = d / sig
	}
	r.P = math.Erfc(math.Abs(r.Z) / math.Sqrt2)
	return r
}

// U128 is an unsigned 128-bit integer, Hi·2⁶⁴ + Lo.
type U128 struct{ Hi, Lo uint64 }

func (u *U128) add(hi, lo uint64) {
	var c uint64
	u.Lo, c = bits.Add64(u.Lo, lo, 0)
	u.Hi, _ = bits.Add64(u.Hi, hi, c)
}

func (u U128) big() *big.Int {
	x := new(big.Int).SetUint64(u.Hi)
	x.Lsh(x, 64)
	return x.Or(x, new(big.Int).SetUint64(u.Lo))
}

// PairedSums is the mergeable state of DeLong's paired tests of m score
// columns ([Placements]): the numbers of positive and negative rows, per
// column the sums of the rows' placement numerators K₁₀ (positives) and
// K₀₁ (negatives), and per pair a ≤ b (upper triangle, row by row) the
// sums of their products. Integer sums: merges in any order give the same
// bits.
type PairedSums struct {
	M        int
	P, N     int64
	S10, S01 []U128
	X, Y     []U128
}

// Merge adds o's rows to s. It returns an error when the two have
// different numbers of columns.
func (s *PairedSums) Merge(o *PairedSums) error {
	if s.M != o.M {
		return fmt.Errorf("rank: merging paired sums of %d and %d columns", s.M, o.M)
	}
	s.P += o.P
	s.N += o.N
	for _, v := range [][2][]U128{{s.S10, o.S10}, {s.S01, o.S01}, {s.X, o.X}, {s.Y, o.Y}} {
		for i := range v[0] {
			v[0][i].add(v[1][i].Hi, v[1][i].Lo)
		}
	}
	return nil
}

const pairedVersion = 1

// MarshalBinary encodes s: a version byte, then m, P and N as uvarints,
// then the sums S10, S01, X, Y as 16 bytes each (big-endian Hi, Lo).
func (s *PairedSums) MarshalBinary() ([]byte, error) {
	b := []byte{pairedVersion}
	b = binary.AppendUvarint(b, uint64(s.M))
	b = binary.AppendUvarint(b, uint64(s.P))
	b = binary.AppendUvarint(b, uint64(s.N))
	for _, v := range [][]U128{s.S10, s.S01, s.X, s.Y} {
		for _, u := range v {
			b = binary.BigEndian.AppendUint64(b, u.Hi)
			b = binary.BigEndian.AppendUint64(b, u.Lo)
		}
	}
	return b, nil
}

var errPairedCorrupt = errors.New("rank: corrupt paired sums")

// UnmarshalBinary decodes what MarshalBinary encoded.
func (s *PairedSums) UnmarshalBinary(b []byte) error {
	if len(b) == 0 || b[0] != pairedVersion {
		return errPairedCorrupt
	}
	b = b[1:]
	var hdr [3]uint64
	for i := range hdr {
		v, k := binary.Uvarint(b)
		if k <= 0 || v > math.MaxInt64 {
			return errPairedCorrupt
		}
		hdr[i], b = v, b[k:]
	}
	m := hdr[0]
	if m > 1<<16 {
		return errPairedCorrupt
	}
	tri := m * (m + 1) / 2
	if uint64(len(b)) != 16*(2*m+2*tri) {
		return errPairedCorrupt
	}
	read := func(n uint64) []U128 {
		v := make([]U128, n)
		for i := range v {
			v[i] = U128{binary.BigEndian.Uint64(b), binary.BigEndian.Uint64(b[8:])}
			b = b[16:]
		}
		return v
	}
	*s = PairedSums{M: int(m), P: int64(hdr[1]), N: int64(hdr[2])}
	s.S10, s.S01, s.X, s.Y = read(m), read(m), read(tri), read(tri)
	return nil
}
