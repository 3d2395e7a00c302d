package hyptest

import (
	"fmt"
	"math"
	"slices"
)

// PostHocMethod is a post-hoc procedure after the Friedman test.
type PostHocMethod int

// The post-hoc procedures (Demšar 2006 §3.2.2; García & Herrera 2008).
// With a control (FriedmanOptions.VsControl) only PostHocNemenyi (which
// becomes Bonferroni–Dunn), PostHocHolm and PostHocWilcoxonHolm apply.
const (
	// PostHocNemenyi compares all pairs by the studentized range of the average
	// ranks (the critical difference CD); with a control it is
	// Bonferroni–Dunn: min(1, (k−1)·p).
	PostHocNemenyi PostHocMethod = iota
	// PostHocHolm is Holm's step-down procedure on the rank z statistics.
	PostHocHolm
	// PostHocShaffer is Shaffer's static procedure on the rank z statistics (all
	// pairs only).
	PostHocShaffer
	// PostHocBergmann is the Bergmann–Hommel procedure on the rank z statistics
	// (all pairs, at most MaxBergmannHommel algorithms).
	PostHocBergmann
	// PostHocWilcoxonHolm replaces the rank statistics by a Wilcoxon signed-rank
	// test of each pair over the data sets (scipy's defaults), adjusted by
	// Holm (Benavoli, Corani & Mangili 2016).
	PostHocWilcoxonHolm
)

var postHocNames = []string{"nemenyi", "holm", "shaffer", "bergmann", "wilcoxon-holm"}

func (m PostHocMethod) String() string {
	if m >= 0 && int(m) < len(postHocNames) {
		return postHocNames[m]
	}
	return fmt.Sprintf("PostHocMethod(%d)", int(m))
}

// ParsePostHoc parses nemenyi, holm, shaffer, bergmann or wilcoxon-holm.
func ParsePostHoc(s string) (PostHocMethod, error) {
	if i := slices.Index(postHocNames, s); i >= 0 {
		return PostHocMethod(i), nil
	}
	return 0, fmt.Errorf("%w: post-hoc procedure %q (want nemenyi, holm, shaffer, bergmann or wilcoxon-holm)", ErrInvalid, s)
}

// PairTest is one comparison of a post-hoc procedure.
type PairTest struct {
	A, B int // algorithm indices; with a control, B is the control
	// Statistic is z = (R_A − R_B)/√(k(k+1)/(6N)) for the rank-based
	// procedures and the Wilcoxon statistic min(R⁺, R⁻) for PostHocWilcoxonHolm.
	Statistic   float64
	P           float64 // unadjusted p-value (two-sided)
	PAdjusted   float64
	Significant bool // PAdjusted < α
}

// PostHocResult is the result of a post-hoc procedure.
type PostHocResult struct {
	Method  PostHocMethod
	Control int // index of the control algorithm, −1 for all pairs
	Alpha   float64
	// Pairs are in the order of the algorithms (A before B), or each
	// algorithm against the control in the order of the algorithms.
	Pairs []PairTest
	// CD is the critical difference of average ranks when the procedure
	// has one (Nemenyi; Bonferroni–Dunn: z_{α/(2(k−1))}·√(k(k+1)/(6N))),
	// else 0.
	CD float64
	// Cliques are the groups the CD diagram joins: maximal runs of
	// algorithms adjacent in average rank no two of which differ
	// significantly (untested pairs do not differ), runs of one left out.
	// Each lists algorithm indices, best rank first.
	Cliques  [][]int
	Warnings []string
}

// PairError is the error of the test of one pair of algorithms (A, B
// their indices); it wraps the test's error.
type PairError struct {
	A, B int
	Err  error
}

func (e *PairError) Error() string {
	return fmt.Sprintf("test of algorithms %d and %d: %v", e.A, e.B, e.Err)
}

func (e *PairError) Unwrap() error { return e.Err }

// postHoc runs the procedure of opt on the Friedman result r computed from
// scores.
func postHoc(scores [][]float64, r *FriedmanResult, opt FriedmanOptions) (*PostHocResult, error) {
	k := r.K
	ph := &PostHocResult{Method: opt.PostHoc, Control: -1, Alpha: r.Alpha}
	control := opt.VsControl
	if control {
		if opt.Control < 0 || opt.Control >= k {
			return nil, fmt.Errorf("%w: control algorithm %d of %d", ErrInvalid, opt.Control, k)
		}
		ph.Control = opt.Control
	}
	if control && (opt.PostHoc == PostHocShaffer || opt.PostHoc == PostHocBergmann) {
		return nil, fmt.Errorf("%w: %v compares all pairs; against a control use nemenyi (Bonferroni–Dunn), holm or wilcoxon-holm", ErrInvalid, opt.PostHoc)
	}
	if !(opt.PostHoc >= PostHocNemenyi && opt.PostHoc <= PostHocWilcoxonHolm) {
		return nil, fmt.Errorf("%w: unknown post-hoc procedure %v", ErrInvalid, opt.PostHoc)
	}
	var pairs [][2]int
	if control {
		for a := 0; a < k; a++ {
			if a != opt.Control {
				pairs = append(pairs, [2]int{a, opt.Control})
			}
		}
	} else {
		pairs = Pairs(k)
	}
	se := math.Sqrt(float64(k) * float64(k+1) / (6 * float64(r.N)))
	p := make([]float64, len(pairs))
	for i, pr := range pairs {
		t := PairTest{A: pr[0], B: pr[1]}
		if opt.PostHoc == PostHocWilcoxonHolm {
			x := make([]float64, r.N)
			y := make([]float64, r.N)
			for d, row := range scores {
				x[d], y[d] = row[pr[0]], row[pr[1]]
			}
			w, err := Wilcoxon(x, y, WilcoxonOptions{})
			if err != nil {
				return nil, &PairError{A: pr[0], B: pr[1], Err: err}
			}
			t.Statistic, t.P = w.Statistic, w.PValue
			for _, m := range w.Warnings {
				ph.Warnings = append(ph.Warnings, fmt.Sprintf("Wilcoxon test of algorithms %d and %d: %s", pr[0], pr[1], m))
			}
		} else {
			t.Statistic = (r.AvgRanks[pr[0]] - r.AvgRanks[pr[1]]) / se
			t.P = math.Min(1, 2*normSF(math.Abs(t.Statistic)))
		}
		p[i] = t.P
		ph.Pairs = append(ph.Pairs, t)
	}
	var adj []float64
	var err error
	switch {
	case opt.PostHoc == PostHocNemenyi && control:
		adj, err = AdjustPValues(p, Bonferroni)
		ph.CD = normISF(r.Alpha/(2*float64(k-1))) * se
	case opt.PostHoc == PostHocNemenyi:
		adj = make([]float64, len(pairs))
		for i, pr := range pairs {
			adj[i] = r.NemenyiP[pr[0]][pr[1]]
		}
		ph.CD = r.CD
	case opt.PostHoc == PostHocHolm || opt.PostHoc == PostHocWilcoxonHolm:
		adj, err = AdjustPValues(p, Holm)
	case opt.PostHoc == PostHocShaffer:
		adj, err = ShafferStatic(p, k)
	case opt.PostHoc == PostHocBergmann:
		adj, err = BergmannHommel(p, k)
	}
	if err != nil {
		return nil, err
	}
	differ := make([][]bool, k)
	for i := range differ {
		differ[i] = make([]bool, k)
	}
	for i := range ph.Pairs {
		t := &ph.Pairs[i]
		t.PAdjusted = adj[i]
		t.Significant = adj[i] < r.Alpha
		differ[t.A][t.B], differ[t.B][t.A] = t.Significant, t.Significant
	}
	ph.Cliques = Cliques(r.AvgRanks, func(a, b int) bool { return differ[a][b] })
	return ph, nil
}

// Cliques returns the maximal runs of algorithms adjacent in the order of
// avgRanks (ascending, ties in index order) no two of which differ, runs
// of one left out, as lists of algorithm indices. differ must be
// symmetric. With differ(a, b) = |r_a − r_b| ≥ CD the runs are the bars
// of Demšar's CD diagram (Nemenyi's p < α is the same condition).
func Cliques(avgRanks []float64, differ func(a, b int) bool) [][]int {
	order := ascending(avgRanks)
	var out [][]int
	lastEnd := -1
	for i := range order {
		j := i
	extend:
		for j+1 < len(order) {
			for x := i; x <= j; x++ {
				if differ(order[x], order[j+1]) {
					break extend
				}
			}
			j++
		}
		if j > i && j > lastEnd {
			out = append(out, slices.Clone(order[i:j+1]))
			lastEnd = j
		}
	}
	return out
}
