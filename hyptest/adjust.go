package hyptest

import (
	"fmt"
	"math"
	"slices"
)

// Adjustment is a method of adjusting p-values for multiple comparisons:
// the adjusted p-value of a hypothesis is the smallest family-wise level
// at which the procedure rejects it (Wright 1992; García & Herrera 2008,
// §3.2).
type Adjustment int

// The adjustments of AdjustPValues.
const (
	// Bonferroni multiplies each p-value by the number m of hypotheses:
	// min(1, m·pᵢ). Bonferroni–Dunn's comparison with a control is this
	// over the k − 1 hypotheses.
	Bonferroni Adjustment = iota
	// Holm is Holm's (1979) step-down procedure: with the p-values sorted
	// ascending, p₍₁₎ ≤ … ≤ p₍ₘ₎,
	//
	//	APV₍ᵢ₎ = min(1, max_{j ≤ i} (m − j + 1) p₍ⱼ₎).
	//
	// It agrees with statsmodels multipletests(method="holm").
	Holm
)

func (a Adjustment) String() string {
	switch a {
	case Bonferroni:
		return "bonferroni"
	case Holm:
		return "holm"
	}
	return fmt.Sprintf("Adjustment(%d)", int(a))
}

// ParseAdjustment parses "bonferroni" or "holm".
func ParseAdjustment(s string) (Adjustment, error) {
	switch s {
	case "bonferroni":
		return Bonferroni, nil
	case "holm":
		return Holm, nil
	}
	return 0, fmt.Errorf("%w: adjustment %q (want bonferroni or holm)", ErrInvalid, s)
}

// AdjustPValues returns the adjusted p-values of the family p (in the
// order of p; p is not modified). A NaN p-value is an error (ErrNotFinite);
// a p-value outside [0, 1] is ErrInvalid.
func AdjustPValues(p []float64, method Adjustment) ([]float64, error) {
	if err := checkPValues(p); err != nil {
		return nil, err
	}
	m := float64(len(p))
	switch method {
	case Bonferroni:
		out := make([]float64, len(p))
		for i, v := range p {
			out[i] = math.Min(1, m*v)
		}
		return out, nil
	case Holm:
		return stepDown(p, func(i int) float64 { return m - float64(i) }), nil
	}
	return nil, fmt.Errorf("%w: unknown adjustment %v", ErrInvalid, method)
}

func checkPValues(p []float64) error {
	for i, v := range p {
		if math.IsNaN(v) {
			return fmt.Errorf("%w: p-value %d is NaN", ErrNotFinite, i)
		}
		if !(v >= 0 && v <= 1) {
			return fmt.Errorf("%w: p-value %d = %v outside [0, 1]", ErrInvalid, i, v)
		}
	}
	return nil
}

// stepDown returns min(1, max_{j ≤ i} c(j) p₍ⱼ₎) for the p-values sorted
// ascending (position j from 0), put back in the order of p.
func stepDown(p []float64, c func(j int) float64) []float64 {
	order := ascending(p)
	out := make([]float64, len(p))
	run := 0.0
	for j, i := range order {
		run = math.Max(run, c(j)*p[i])
		out[i] = math.Min(1, run)
	}
	return out
}

// ascending returns the indices of p sorted by p, ties in index order.
func ascending(p []float64) []int {
	order := make([]int, len(p))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case p[a] < p[b]:
			return -1
		case p[a] > p[b]:
			return 1
		}
		return 0
	})
	return order
}

// Pairs returns the k(k−1)/2 pairs (a, b), a < b, of k algorithms in the
// order (0,1), (0,2), …, (0,k−1), (1,2), …: the order of the p-values that
// ShafferStatic and BergmannHommel take.
func Pairs(k int) [][2]int {
	var out [][2]int
	for a := 0; a < k; a++ {
		for b := a + 1; b < k; b++ {
			out = append(out, [2]int{a, b})
		}
	}
	return out
}

// ShafferTrue returns S(k), the possible numbers of simultaneously true
// hypotheses among the k(k−1)/2 pairwise comparisons of k algorithms,
// ascending (Shaffer 1986):
//
//	S(k) = ⋃_{j=1..k} { C(j,2) + x : x ∈ S(k−j) },  S(0) = S(1) = {0}.
//
// S(4) = {0, 1, 2, 3, 6}. It panics if k < 0.
func ShafferTrue(k int) []int {
	if k < 0 {
		panic(fmt.Sprintf("hyptest: ShafferTrue(%d)", k))
	}
	sets := make([]map[int]bool, k+1)
	sets[0] = map[int]bool{0: true}
	for n := 1; n <= k; n++ {
		sets[n] = map[int]bool{}
		for j := 1; j <= n; j++ {
			for x := range sets[n-j] {
				sets[n][j*(j-1)/2+x] = true
			}
		}
	}
	out := make([]int, 0, len(sets[k]))
	for v := range sets[k] {
		out = append(out, v)
	}
	slices.Sort(out)
	return out
}

// ShafferStatic returns the adjusted p-values of Shaffer's static
// procedure for all pairwise comparisons of k algorithms (García & Herrera
// 2008, §3.2): p holds one p-value per pair in the order of Pairs(k); with
// p₍₁₎ ≤ … ≤ p₍ₘ₎ and tⱼ the largest number in S(k) not above m − j + 1
// (the most hypotheses that can be true once j − 1 are false),
//
//	APV₍ᵢ₎ = min(1, max_{j ≤ i} tⱼ p₍ⱼ₎).
//
// It never exceeds Holm's. Errors as AdjustPValues; it panics if
// len(p) ≠ k(k−1)/2.
func ShafferStatic(p []float64, k int) ([]float64, error) {
	checkPairs(p, k)
	if err := checkPValues(p); err != nil {
		return nil, err
	}
	s := ShafferTrue(k)
	m := len(p)
	return stepDown(p, func(j int) float64 {
		limit := m - j // m − (j+1) + 1 with j from 0
		t := 0
		for _, v := range s {
			if v <= limit {
				t = v
			}
		}
		return float64(t)
	}), nil
}

// MaxBergmannHommel is the largest number of algorithms BergmannHommel
// handles: the exhaustive sets of k algorithms are the Bell(k) partitions
// of them, 21147 for k = 9 and 115975 for k = 10.
const MaxBergmannHommel = 9

// BergmannHommel returns the adjusted p-values of Bergmann and Hommel's
// (1988) procedure for all pairwise comparisons of k algorithms (García &
// Herrera 2008, §3.3), p in the order of Pairs(k). A set I of pairs is
// exhaustive when all its hypotheses can be true together: the pairs
// inside the blocks of a partition of the algorithms. Then
//
//	APVᵢ = min(1, max{ |I| · min_{j ∈ I} pⱼ : I exhaustive, i ∈ I }).
//
// It never exceeds Shaffer's. Errors: ErrInvalid for k > MaxBergmannHommel,
// and as AdjustPValues; it panics if len(p) ≠ k(k−1)/2.
func BergmannHommel(p []float64, k int) ([]float64, error) {
	checkPairs(p, k)
	if err := checkPValues(p); err != nil {
		return nil, err
	}
	if k > MaxBergmannHommel {
		return nil, fmt.Errorf("%w: the Bergmann–Hommel procedure is computed for at most %d algorithms, got %d (Shaffer's static procedure is nearly as powerful)", ErrInvalid, MaxBergmannHommel, k)
	}
	idx := make([][]int, k) // idx[a][b]: position of pair (a, b), a < b
	for i := range idx {
		idx[i] = make([]int, k)
	}
	for i, pr := range Pairs(k) {
		idx[pr[0]][pr[1]] = i
	}
	out := make([]float64, len(p))
	block := make([]int, k) // restricted growth string: block of each algorithm
	members := make([]int, 0, len(p))
	var visit func(a, blocks int)
	visit = func(a, blocks int) {
		if a == k {
			members = members[:0]
			minP := math.Inf(1)
			for x := 0; x < k; x++ {
				for y := x + 1; y < k; y++ {
					if block[x] == block[y] {
						i := idx[x][y]
						members = append(members, i)
						minP = math.Min(minP, p[i])
					}
				}
			}
			v := float64(len(members)) * minP
			for _, i := range members {
				out[i] = math.Max(out[i], v)
			}
			return
		}
		for b := 0; b <= blocks; b++ {
			block[a] = b
			nb := blocks
			if b == blocks {
				nb++
			}
			visit(a+1, nb)
		}
	}
	visit(0, 0)
	for i := range out {
		out[i] = math.Min(1, out[i])
	}
	return out, nil
}

func checkPairs(p []float64, k int) {
	if k < 2 || len(p) != k*(k-1)/2 {
		panic(fmt.Sprintf("hyptest: %d p-values for %d algorithms, want k(k−1)/2 with k ≥ 2", len(p), k))
	}
}
