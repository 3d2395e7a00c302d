package cluster

import (
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/internal/fsum"
)

// Average is how NMI and AMI average the two entropies H(C*) and H(C) into
// their normaliser (scikit-learn's average_method). The zero value is
// Arithmetic, scikit-learn's default.
type Average int

// The averages.
const (
	Arithmetic Average = iota // (H(C*) + H(C)) / 2
	Geometric                 // √(H(C*)·H(C))
	Min                       // min(H(C*), H(C))
	Max                       // max(H(C*), H(C))
)

// Averages lists the four averages in a fixed order.
var Averages = []Average{Min, Geometric, Arithmetic, Max}

func (a Average) String() string {
	switch a {
	case Geometric:
		return "geometric"
	case Min:
		return "min"
	case Max:
		return "max"
	}
	return "arithmetic"
}

// ParseAverage parses "min", "geometric", "arithmetic" or "max".
func ParseAverage(s string) (Average, error) {
	for _, a := range Averages {
		if a.String() == s {
			return a, nil
		}
	}
	return 0, fmt.Errorf("cluster: unknown average %q (want min, geometric, arithmetic or max)", s)
}

func (a Average) of(u, v float64) float64 {
	switch a {
	case Geometric:
		return math.Sqrt(u * v)
	case Min:
		return math.Min(u, v)
	case Max:
		return math.Max(u, v)
	}
	return (u + v) / 2
}

// Pairs are seed 002's pair counts over the m(m−1)/2 unordered pairs of
// rows (i < j), with C the predicted clustering and C* the reference:
//
//	A = |SS|: same cluster in C, same class in C*
//	B = |SD|: same cluster in C, different classes in C*
//	C = |DS|: different clusters in C, same class in C*
//	D = |DD|: different in both (seed 002 misprints it as |DS|)
//
// scikit-learn's pair_confusion_matrix is [[2D, 2B], [2C, 2A]] (it counts
// ordered pairs).
type Pairs struct {
	A, B, C, D int64
}

// Total returns A+B+C+D = m(m−1)/2.
func (p Pairs) Total() int64 { return p.A + p.B + p.C + p.D }

func (c *compact) pairs() Pairs {
	var a, ab, ac int64
	for _, x := range c.cells {
		a += pairs2(x.v)
	}
	for _, v := range c.clusters {
		ab += pairs2(v)
	}
	for _, v := range c.classes {
		ac += pairs2(v)
	}
	total := pairs2(c.n)
	return Pairs{A: a, B: ab - a, C: ac - a, D: total - ab - ac + a}
}

// Pairs returns the pair counts, computed from the table in O(r·c):
// A = Σ_ij n_ij(n_ij−1)/2, A+B = Σ_j b_j(b_j−1)/2 over cluster sizes b_j,
// A+C = Σ_i a_i(a_i−1)/2 over class sizes a_i, D = m(m−1)/2 − A − B − C.
// It returns ErrEmpty for an empty table and ErrTooLarge beyond 4·10⁹ rows.
func (t *Contingency) Pairs() (Pairs, error) {
	c, err := t.compact()
	if err != nil {
		return Pairs{}, err
	}
	return c.pairs(), nil
}

// External holds every external index of a predicted clustering C against
// a reference C*. Fields are documented with their formulas; m = N.
type External struct {
	N        int64 // rows m (the sum of the frequency weights)
	Classes  int   // non-empty reference classes |C*|
	Clusters int   // non-empty predicted clusters |C|
	Pairs          // seed 002's a, b, c, d

	// Jaccard is JC = a/(a+b+c) (seed 002). When a+b+c = 0 (no pair is
	// grouped by either clustering: both put every row alone) the two
	// agree on every pair and JC is 1, as RI and ARI are then.
	Jaccard float64
	// FowlkesMallows is FMI = √(a/(a+b) · a/(a+c)) (seed 002;
	// scikit-learn fowlkes_mallows_score); 0 when a = 0, as scikit-learn.
	FowlkesMallows float64
	// RandIndex is RI = 2(a+d)/(m(m−1)) (seed 002; scikit-learn
	// rand_score); 1 for a single row or when b = c = 0.
	RandIndex float64
	// AdjustedRand is ARI = 2(ad − bc)/((a+c)(c+d) + (a+b)(b+d))
	// (Hubert & Arabie 1985; scikit-learn adjusted_rand_score), formed in
	// 128-bit integers; 1 when b = c = 0.
	AdjustedRand float64

	// MutualInfo is MI = Σ_ij (n_ij/m) log(m·n_ij/(a_i·b_j)) in nats
	// (scikit-learn mutual_info_score: terms below 2⁻⁵² in magnitude are
	// dropped and the sum is clipped at 0); 0 when either side has one group.
	MutualInfo float64
	// EntropyTrue and EntropyPred are H(C*) = −Σ_i (a_i/m) log(a_i/m) and
	// H(C), in nats.
	EntropyTrue, EntropyPred float64
	// ExpectedMutualInfo is E[MI] under the permutation model
	// (hypergeometric n_ij with fixed margins; Vinh, Epps & Bailey 2010).
	ExpectedMutualInfo float64
	// NMI is MI / avg(H(C*), H(C)), indexed by Average: 1 when both sides
	// have a single group, 0 when MI = 0 (scikit-learn
	// normalized_mutual_info_score).
	NMI [4]float64
	// AMI is (MI − E[MI]) / (avg(H(C*), H(C)) − E[MI]), indexed by
	// Average, with the denominator kept at least 2⁻⁵² in magnitude; 1 when
	// both sides have a single group (scikit-learn
	// adjusted_mutual_info_score). When the average is positive but equals
	// E[MI] to 12 digits (for instance every row alone in its cluster on
	// both sides) the ratio is 0/0 up to rounding, where scikit-learn
	// returns rounding noise; here it is NaN with a warning.
	AMI [4]float64

	// Homogeneity is h = MI/H(C*), 1 when H(C*) = 0; Completeness is
	// c = MI/H(C), 1 when H(C) = 0; VMeasure is
	// (1+β)·h·c/(β·h + c), 0 when h + c = 0 (scikit-learn
	// homogeneity_completeness_v_measure; note β, not β², as scikit-learn).
	Homogeneity, Completeness, VMeasure float64
	Beta                                float64

	// Purity is Σ_j max_i n_ij / m: each predicted cluster j is credited
	// with its largest reference class (Manning et al. 2008 §16.3). It is 1
	// when every cluster is pure, even when the clusters split classes.
	Purity float64

	Warnings []string
}

// External computes every external index from the table. beta weights
// completeness against homogeneity in the V-measure (1: their harmonic
// mean). It returns ErrEmpty for an empty table, ErrTooLarge beyond 4·10⁹
// rows, and an error for a beta that is not a positive finite number.
func (t *Contingency) External(beta float64) (External, error) {
	if !(beta > 0 && beta <= math.MaxFloat64) {
		return External{}, fmt.Errorf("cluster: beta %v is not a positive finite number", beta)
	}
	c, err := t.compact()
	if err != nil {
		return External{}, err
	}
	r := External{N: c.n, Classes: len(c.classes), Clusters: len(c.clusters), Pairs: c.pairs(), Beta: beta}
	p := r.Pairs

	if p.A+p.B+p.C == 0 {
		r.Jaccard = 1
	} else {
		r.Jaccard = float64(p.A) / float64(p.A+p.B+p.C)
	}
	if p.A != 0 {
		r.FowlkesMallows = math.Sqrt(float64(p.A)/float64(p.A+p.B)) * math.Sqrt(float64(p.A)/float64(p.A+p.C))
	}
	if tot := p.Total(); tot == 0 || p.B+p.C == 0 {
		r.RandIndex = 1
	} else {
		r.RandIndex = float64(p.A+p.D) / float64(tot)
	}
	r.AdjustedRand = adjustedRand(p)

	r.EntropyTrue = entropy(c.classes, c.n)
	r.EntropyPred = entropy(c.clusters, c.n)
	r.MutualInfo = c.mutualInfo()
	r.ExpectedMutualInfo = c.expectedMutualInfo()
	single := len(c.classes) == 1 && len(c.clusters) == 1
	for _, a := range Averages {
		switch {
		case single:
			r.NMI[a] = 1
		case r.MutualInfo == 0:
			r.NMI[a] = 0
		default:
			r.NMI[a] = r.MutualInfo / a.of(r.EntropyTrue, r.EntropyPred)
		}
		if single {
			r.AMI[a] = 1
			continue
		}
		norm := a.of(r.EntropyTrue, r.EntropyPred)
		den := norm - r.ExpectedMutualInfo
		if norm > 0 && math.Abs(den) <= 1e-12*math.Max(norm, r.ExpectedMutualInfo) {
			// 0/0 up to rounding: scikit-learn divides rounding noise by
			// 2⁻⁵² here and returns an arbitrary number.
			r.AMI[a] = math.NaN()
			r.Warnings = append(r.Warnings, fmt.Sprintf("AMI (%v) is undefined: the %v mean of the entropies equals the expected mutual information, as when every row is alone in its cluster", a, a))
			continue
		}
		const eps = 0x1p-52
		if den < 0 {
			den = math.Min(den, -eps)
		} else {
			den = math.Max(den, eps)
		}
		r.AMI[a] = (r.MutualInfo - r.ExpectedMutualInfo) / den
	}

	r.Homogeneity, r.Completeness = 1, 1
	if r.EntropyTrue != 0 {
		r.Homogeneity = r.MutualInfo / r.EntropyTrue
	}
	if r.EntropyPred != 0 {
		r.Completeness = r.MutualInfo / r.EntropyPred
	}
	if h, cc := r.Homogeneity, r.Completeness; h+cc != 0 {
		r.VMeasure = (1 + beta) * h * cc / (beta*h + cc)
	}

	best := make([]int64, len(c.clusters))
	for _, x := range c.cells {
		best[x.j] = max(best[x.j], x.v)
	}
	var pure int64
	for _, v := range best {
		pure += v
	}
	r.Purity = float64(pure) / float64(c.n)

	if c.n == 1 {
		r.Warnings = append(r.Warnings, "a single row: there are no pairs; pair-based indices take their conventional values (RI = ARI = JC = 1, FMI = 0)")
	}
	return r, nil
}

// entropy returns −Σ (v/n) log(v/n) over the (positive) sizes, 0 for one
// group (scikit-learn entropy).
func entropy(sizes []int64, n int64) float64 {
	if len(sizes) <= 1 {
		return 0
	}
	logn := math.Log(float64(n))
	var s fsum.Sum
	for _, v := range sizes {
		p := float64(v) / float64(n)
		s.Add(-p * (math.Log(float64(v)) - logn))
	}
	return s.Value()
}

func (c *compact) mutualInfo() float64 {
	if len(c.classes) == 1 || len(c.clusters) == 1 {
		return 0
	}
	la := logs(c.classes)
	lb := logs(c.clusters)
	n := float64(c.n)
	logn := math.Log(n)
	var s fsum.Sum
	for _, x := range c.cells {
		p := float64(x.v) / n
		t := p * (math.Log(float64(x.v)) + logn - la[x.i] - lb[x.j])
		if math.Abs(t) < 0x1p-52 {
			continue
		}
		s.Add(t)
	}
	return math.Max(s.Value(), 0)
}

func logs(v []int64) []float64 {
	l := make([]float64, len(v))
	for i, x := range v {
		l[i] = math.Log(float64(x))
	}
	return l
}

// expectedMutualInfo returns E[MI] = Σ_i Σ_j Σ_k (k/m) log(m·k/(a_i b_j))
// · P(n_ij = k), with P hypergeometric (Vinh, Epps & Bailey 2010, eq. 24a).
// For each (i, j) it starts at the mode of the distribution, whose
// probability is computed from log-gamma functions, and walks outwards by
// the ratio recurrence P(k+1)/P(k) = (a−k)(b−k)/((k+1)(m−a−b+k+1)),
// stopping on each side once the remaining terms' total probability is
// below 10⁻¹⁸ (the distribution is unimodal, so the terms left out weigh
// less than 10⁻¹⁸·log m in all). The term of (i, j) depends only on the
// sizes a_i and b_j, so it is computed once per pair of distinct sizes
// (at most √(2m) of each) and multiplied by the number of such pairs. It
// is 0 when either side has one group.
func (c *compact) expectedMutualInfo() float64 {
	if len(c.classes) == 1 || len(c.clusters) == 1 {
		return 0
	}
	m := c.n
	fm := float64(m)
	logm := math.Log(fm)
	lgm := lgamma(fm + 1)
	var s fsum.Sum
	as, ac := distinct(c.classes)
	bs, bc := distinct(c.clusters)
	for ia, a := range as {
		lga := lgamma(float64(a)+1) + lgamma(float64(m-a)+1)
		la := math.Log(float64(a))
		for ib, b := range bs {
			lo := max(1, a+b-m)
			hi := min(a, b)
			if lo > hi {
				continue
			}
			lb := math.Log(float64(b))
			mode := int64((float64(a) + 1) * (float64(b) + 1) / (fm + 2))
			mode = min(max(mode, lo), hi)
			lgb := lgamma(float64(b)+1) + lgamma(float64(m-b)+1)
			k := float64(mode)
			lp := lga + lgb - lgm - lgamma(k+1) - lgamma(float64(a)-k+1) - lgamma(float64(b)-k+1) - lgamma(float64(m-a-b)+k+1)
			p0 := math.Exp(lp)
			term := func(k int64, p float64) float64 {
				fk := float64(k)
				return fk / fm * (logm + math.Log(fk) - la - lb) * p
			}
			var part fsum.Sum
			part.Add(term(mode, p0))
			const tiny = 1e-18
			p := p0
			for k := mode; k < hi; k++ {
				p *= float64(a-k) * float64(b-k) / (float64(k+1) * float64(m-a-b+k+1))
				part.Add(term(k+1, p))
				if p*float64(hi-k) < tiny {
					break
				}
			}
			p = p0
			for k := mode; k > lo; k-- {
				p *= float64(k) * float64(m-a-b+k) / (float64(a-k+1) * float64(b-k+1))
				part.Add(term(k-1, p))
				if p*float64(k-lo) < tiny {
					break
				}
			}
			s.Add(part.Value() * float64(ac[ia]) * float64(bc[ib]))
		}
	}
	return s.Value()
}

// distinct returns the distinct values of v, in order of first appearance,
// and how often each occurs.
func distinct(v []int64) (vals, counts []int64) {
	idx := map[int64]int{}
	for _, x := range v {
		i, ok := idx[x]
		if !ok {
			i = len(vals)
			idx[x] = i
			vals = append(vals, x)
			counts = append(counts, 0)
		}
		counts[i]++
	}
	return vals, counts
}

func lgamma(x float64) float64 {
	v, _ := math.Lgamma(x)
	return v
}

// Evaluate is the one-call form: it builds the contingency table of truth
// (C*) and pred (C), with optional integer frequency weights, and returns
// every external index with V-measure β = 1. Errors as [NewContingency].
func Evaluate(truth, pred []int, weights []int64) (External, error) {
	t, err := NewContingency(truth, pred, weights)
	if err != nil {
		return External{}, err
	}
	return t.External(1)
}

func eval(truth, pred []int) (External, error) { return Evaluate(truth, pred, nil) }

// RandIndex returns RI = 2(a+d)/(m(m−1)) (see [External]).
func RandIndex(truth, pred []int) (float64, error) {
	r, err := eval(truth, pred)
	return r.RandIndex, err
}

// AdjustedRandIndex returns ARI (see [External]).
func AdjustedRandIndex(truth, pred []int) (float64, error) {
	r, err := eval(truth, pred)
	return r.AdjustedRand, err
}

// Jaccard returns JC = a/(a+b+c) (see [External]).
func Jaccard(truth, pred []int) (float64, error) {
	r, err := eval(truth, pred)
	return r.Jaccard, err
}

// FowlkesMallows returns FMI = √(a/(a+b) · a/(a+c)) (see [External]).
func FowlkesMallows(truth, pred []int) (float64, error) {
	r, err := eval(truth, pred)
	return r.FowlkesMallows, err
}

// MutualInfo returns MI in nats (see [External]).
func MutualInfo(truth, pred []int) (float64, error) {
	r, err := eval(truth, pred)
	return r.MutualInfo, err
}

// NMI returns the normalised mutual information with the given average.
func NMI(truth, pred []int, avg Average) (float64, error) {
	r, err := eval(truth, pred)
	return r.NMI[avg], err
}

// AMI returns the adjusted mutual information with the given average.
func AMI(truth, pred []int, avg Average) (float64, error) {
	r, err := eval(truth, pred)
	return r.AMI[avg], err
}

// HomogeneityCompletenessV returns homogeneity, completeness and the
// V-measure with weight beta (see [External]).
func HomogeneityCompletenessV(truth, pred []int, beta float64) (h, c, v float64, err error) {
	t, err := NewContingency(truth, pred, nil)
	if err != nil {
		return 0, 0, 0, err
	}
	r, err := t.External(beta)
	return r.Homogeneity, r.Completeness, r.VMeasure, err
}

// Purity returns Σ_j max_i n_ij / m over predicted clusters j.
func Purity(truth, pred []int) (float64, error) {
	r, err := eval(truth, pred)
	return r.Purity, err
}
