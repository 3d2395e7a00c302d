package cluster

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/report"
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
// external index of tab, the table o was computed from with opt (SPEC
// §2.8). A replicate is a row bootstrap of the table, a multinomial draw of
// its n rows over its non-empty cells ([hyptest.ResampleRows]); replicate
// b draws from PCG(ci.Seed, b), so the intervals are the same bits on any
// number of cores. BCa (the default) up to 1000 non-empty cells, else the
// percentile interval. The silhouette gets the t-interval of its
// delta-method standard error (silci.go) when the report was computed
// with Options.SilhouetteSE; the other internal indices (which a
// bootstrap would recompute from the features) get none; Warnings says
// so. It returns an error for bad options.
func (o *Report) AddIntervals(tab *Contingency, opt ReportOptions, ci hyptest.CIOptions) error {
	if err := ci.Check(); err != nil {
		return err
	}
	ci = ci.WithDefaults()
	if o.Signature != nil {
		o.Signature.CI = &report.SignatureCI{Method: ci.Method, Level: ci.Level, Bootstrap: ci.Bootstrap, Seed: ci.Seed}
	}
	o.Level = ci.Level
	o.Intervals = map[string]hyptest.Interval{}
	if in := o.InternalReport; in != nil {
		if se := in.silhouetteSE; !math.IsNaN(se) && !math.IsNaN(in.Silhouette) && in.SilhouetteRows >= 3 {
			tq, err := hyptest.TCritical(ci.Level, float64(in.SilhouetteRows-1))
			if err != nil {
				return err
			}
			o.Intervals["silhouette"] = hyptest.Interval{Low: in.Silhouette - tq*se, High: in.Silhouette + tq*se, Method: hyptest.CIDelta}.Clip(-1, 1)
			o.Warnings = append(o.Warnings, "davies_bouldin, davies_bouldin_avgpair, dunn, calinski_harabasz: no interval (a bootstrap would recompute them from the features)")
		} else {
			o.Warnings = append(o.Warnings, "internal indices: no interval (a bootstrap would recompute them from the features; the silhouette's delta-method error needs its O(n²) pass, ReportOptions.Internal.SilhouetteSE)")
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
