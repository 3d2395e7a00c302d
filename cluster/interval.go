package cluster

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/result"
)

// maxJackknifeCells bounds the tables whose indices get BCa intervals (the
// jackknife recomputes every index once per non-empty cell); larger tables
// get the percentile interval, which their method says.
const maxJackknifeCells = 1000

// externalKeys are the external indices that get intervals, in output
// order (the pair counts and entropies are not headline numbers).
var externalKeys = []string{"jaccard", "fowlkes_mallows", "rand_index", "adjusted_rand_index", "mutual_info",
	"nmi", "ami", "homogeneity", "completeness", "v_measure", "purity"}

func externalValues(e *External, avg Average, out []float64) {
	copy(out, []float64{e.Jaccard, e.FowlkesMallows, e.RandIndex, e.AdjustedRand, e.MutualInfo,
		e.NMI[avg], e.AMI[avg], e.Homogeneity, e.Completeness, e.VMeasure, e.Purity})
}

// AddIntervals sets o.Level and o.Intervals: a bootstrap interval for each
// external index of tab, the table o was computed from with opt
// (docs/ci.md). A replicate is a row bootstrap of the table, a multinomial draw of
// its n rows over its non-empty cells ([hyptest.ResampleRows]); replicate
// b draws from PCG(ci.Seed, b), so the intervals are the same bits on any
// number of cores. BCa (the default) up to 1000 non-empty cells, else the
// percentile interval. The internal indices get intervals from their
// delta-method standard errors, when the report was computed with them
// (internalIntervals); the Dunn index gets none. Warnings says which
// index has no interval and why. It returns an error for bad options.
func (o *Report) AddIntervals(tab *Contingency, opt Options, ci hyptest.CIOptions) error {
	if err := ci.Check(); err != nil {
		return err
	}
	ci = ci.WithDefaults()
	if o.Signature != nil {
		o.Signature.CI = &result.SignatureCI{Method: ci.Method, Level: ci.Level, Bootstrap: ci.Bootstrap, Seed: ci.Seed}
	}
	o.Level = ci.Level
	o.Intervals = map[string]hyptest.Interval{}
	if in := o.InternalReport; in != nil {
		if err := o.internalIntervals(in, ci.Level); err != nil {
			return err
		}
	}
	if o.ExternalReport == nil || tab == nil {
		return nil
	}
	var ci0, cj []int
	var cnt []int64
	tab.each(func(i, j int, v int64) {
		ci0, cj, cnt = append(ci0, i), append(cj, j), append(cnt, v)
	})
	avg := opt.Average
	nk := len(externalKeys)
	values := func(counts []int64, out []float64) error {
		var t Contingency
		for c, v := range counts {
			if v > 0 {
				t.Add(ci0[c], cj[c], v)
			}
		}
		e, err := t.External(opt.Beta)
		if err != nil {
			return err
		}
		externalValues(&e, avg, out)
		return nil
	}
	est := make([]float64, nk)
	if err := values(cnt, est); err != nil {
		return err
	}
	reps := make([][]float64, nk)
	for i := range reps {
		reps[i] = make([]float64, ci.Bootstrap)
	}
	type scratch struct {
		cnt  []int64
		buf  []uint8
		vals []float64
	}
	hyptest.Replicate(ci.Bootstrap, ci.Seed, ci.Workers, func() *scratch {
		return &scratch{cnt: make([]int64, len(cnt)), vals: make([]float64, nk)}
	}, func(b int, rng *rand.Rand, s *scratch) {
		s.buf = hyptest.ResampleRows(rng, cnt, s.cnt, s.buf)
		if values(s.cnt, s.vals) != nil {
			for i := range s.vals {
				s.vals[i] = math.NaN()
			}
		}
		for i, v := range s.vals {
			reps[i][b] = v
		}
	})
	method := ci.BootMethod()
	var jack [][]float64
	var jw []float64
	if method == hyptest.CIBCa && len(cnt) <= maxJackknifeCells && tab.N() > 1 {
		jack = make([][]float64, nk)
		leave := append([]int64(nil), cnt...)
		vals := make([]float64, nk)
		for c, v := range cnt {
			leave[c]--
			err := values(leave, vals)
			leave[c]++
			if err != nil {
				jack = nil
				break
			}
			for i, x := range vals {
				jack[i] = append(jack[i], x)
			}
			jw = append(jw, float64(v))
		}
	} else if method == hyptest.CIBCa {
		method = hyptest.CIPercentile
	}
	bci := ci
	bci.Method = method
	for i, key := range externalKeys {
		if math.IsNaN(est[i]) {
			continue
		}
		bs := &hyptest.Bootstrap{Estimate: est[i], Replicates: reps[i]}
		if jack != nil {
			bs.Jackknife, bs.JackknifeWeights = jack[i], jw
		}
		iv, w := bs.CI(bci)
		if w != "" {
			o.Warnings = append(o.Warnings, fmt.Sprintf("%s: %s", key, w))
		}
		if iv.Method != "" {
			o.Intervals[key] = iv
		}
	}
	return nil
}

// internalIntervals sets the intervals of the internal indices from their
// delta-method standard errors, with n − 1 degrees of freedom:
//
//   - silhouette (InternalOptions.SilhouetteSE, silci.go): θ̂ ± t·se, clipped to
//     [−1, 1];
//   - davies_bouldin, davies_bouldin_avgpair (InternalOptions.IndexSE,
//     indexci.go): on the scale of log θ, θ̂·exp(±t·se/θ̂), which covers
//     more than θ̂ ± t·se where the index is biased low (n = 50:
//     TestIndexCoverage);
//   - calinski_harabasz (InternalOptions.IndexSE): θ̂ ± t·se, clipped at 0.
//
// The Dunn index, a least distance between rows of two clusters over the
// greatest within one, gets none: an extreme's bootstrap is inconsistent
// and it has no smooth influence for the delta method.
func (o *Report) internalIntervals(in *InternalReport, level float64) error {
	n := in.SilhouetteRows
	tq, err := hyptest.TCritical(level, float64(n-1))
	if n < 3 || err != nil {
		tq = math.NaN()
	}
	if se := in.silhouetteSE; !math.IsNaN(se) && !math.IsNaN(in.Silhouette) && !math.IsNaN(tq) {
		o.Intervals["silhouette"] = hyptest.Interval{Low: in.Silhouette - tq*se, High: in.Silhouette + tq*se, Method: hyptest.CIDelta}.Clip(-1, 1)
	} else if !math.IsNaN(in.Silhouette) {
		why := "its delta-method error needs a second O(n²) pass, Options.Internal.SilhouetteSE"
		if in.seAsked[0] {
			why = fmt.Sprintf("its delta-method error holds n × k mean distances, at most %d", maxSECells)
		}
		o.Warnings = append(o.Warnings, "silhouette: no interval ("+why+")")
	}
	tq, err = hyptest.TCritical(level, float64(o.N-1))
	if o.N < 3 || err != nil {
		tq = math.NaN()
	}
	var none []string
	for _, c := range []struct {
		key     string
		est, se float64
	}{{"davies_bouldin", in.DaviesBouldin, in.dbSE}, {"davies_bouldin_avgpair", in.DaviesBouldinAvgPair, in.dbAvgSE},
		{"calinski_harabasz", in.CalinskiHarabasz, in.chSE}} {
		switch {
		case math.IsNaN(c.est): // a warning says why
		case math.IsNaN(c.se) || math.IsNaN(tq):
			if !in.seAsked[1] {
				none = append(none, c.key)
			} // else EvaluateInternal's warning says why
		case c.key == "calinski_harabasz":
			o.Intervals[c.key] = hyptest.Interval{Low: c.est - tq*c.se, High: c.est + tq*c.se, Method: hyptest.CIDelta}.Clip(0, math.Inf(1))
		default:
			f := math.Exp(tq * c.se / c.est)
			o.Intervals[c.key] = hyptest.Interval{Low: c.est / f, High: c.est * f, Method: hyptest.CIDeltaLogNormal}
		}
	}
	if len(none) > 0 {
		o.Warnings = append(o.Warnings, strings.Join(none, ", ")+": no interval (their delta-method errors need Options.Internal.IndexSE)")
	}
	if !math.IsNaN(in.Dunn) {
		o.Warnings = append(o.Warnings, "dunn: no interval (the least distance between two clusters' rows over the greatest within one: a ratio of extremes, whose bootstrap is inconsistent and which has no smooth influence for the delta method)")
	}
	return nil
}
