package cluster

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/result"
)

// Joint counts the rows of two clusterings of the same rows by (reference
// class, cluster of A, cluster of B): the sufficient statistic of a paired
// bootstrap of an external index. Classes and clusters are the indices of
// the two models' contingency tables.
type Joint struct {
	index map[[3]int32]int
	Cells [][3]int32
	Count []int64
}

// NewJoint returns an empty joint table.
func NewJoint() *Joint { return &Joint{index: map[[3]int32]int{}} }

// Bytes returns an estimate of the memory the table holds: a cell, its
// count and its index entry (about 56 bytes) a distinct triple.
func (j *Joint) Bytes() int64 {
	return 12*int64(cap(j.Cells)) + 8*int64(cap(j.Count)) + 36*int64(len(j.index))
}

// Add counts n rows of class t put in cluster a by A and b by B.
func (j *Joint) Add(t, a, b int, n int64) {
	k := [3]int32{int32(t), int32(a), int32(b)}
	i, ok := j.index[k]
	if !ok {
		i = len(j.Cells)
		j.index[k] = i
		j.Cells = append(j.Cells, k)
		j.Count = append(j.Count, 0)
	}
	j.Count[i] += n
}

// Merge adds o with its classes and clusters renumbered by the maps.
func (j *Joint) Merge(o *Joint, classes, clustersA, clustersB []int) {
	for i, c := range o.Cells {
		j.Add(classes[c[0]], clustersA[c[1]], clustersB[c[2]], o.Count[i])
	}
}

// externalMeasures are the indices a paired bootstrap compares.
var externalMeasures = map[string]func(e External, avg Average) float64{
	"jaccard":             func(e External, _ Average) float64 { return e.Jaccard },
	"fowlkes_mallows":     func(e External, _ Average) float64 { return e.FowlkesMallows },
	"rand_index":          func(e External, _ Average) float64 { return e.RandIndex },
	"adjusted_rand_index": func(e External, _ Average) float64 { return e.AdjustedRand },
	"mutual_info":         func(e External, _ Average) float64 { return e.MutualInfo },
	"nmi":                 func(e External, a Average) float64 { return e.NMI[a] },
	"ami":                 func(e External, a Average) float64 { return e.AMI[a] },
	"homogeneity":         func(e External, _ Average) float64 { return e.Homogeneity },
	"completeness":        func(e External, _ Average) float64 { return e.Completeness },
	"v_measure":           func(e External, _ Average) float64 { return e.VMeasure },
	"purity":              func(e External, _ Average) float64 { return e.Purity },
}

func comparedKeys() []string {
	var k []string
	for key := range externalMeasures {
		k = append(k, key)
	}
	slices.Sort(k)
	return k
}

// checkCompare returns an option error for a measure a paired bootstrap
// of clusterings cannot compare.
func checkCompare(keys []string) error {
	for _, c := range keys {
		if externalMeasures[c] == nil {
			return &result.OptionError{Task: "cluster", Option: "board.Options.Compare", Problem: fmt.Sprintf("%q is not an external index a paired bootstrap compares (indices: %s)", c, strings.Join(comparedKeys(), ", "))}
		}
	}
	return nil
}

// pairedBootstrap compares index key of two clusterings by a bootstrap of
// the rows (a multinomial draw over the joint cells: the same rows for
// both), mo.Bootstrap replicates from mo.Seed.
func (j *Joint) pairedBootstrap(key string, opt Options, mo board.Options) (board.Comparison, int, error) {
	f := externalMeasures[key]
	diff := func(cnt []int64) float64 {
		var ta, tb Contingency
		for i, c := range j.Cells {
			if cnt[i] > 0 {
				ta.Add(int(c[0]), int(c[1]), cnt[i])
				tb.Add(int(c[0]), int(c[2]), cnt[i])
			}
		}
		ea, e1 := ta.External(opt.Beta)
		eb, e2 := tb.External(opt.Beta)
		if e1 != nil || e2 != nil {
			return math.NaN()
		}
		return f(ea, opt.Average) - f(eb, opt.Average)
	}
	est := diff(j.Count)
	bs := &hyptest.Bootstrap{Estimate: est, Replicates: make([]float64, mo.Bootstrap)}
	type scratch struct {
		cnt []int64
		buf []uint8
	}
	hyptest.Replicate(mo.Bootstrap, mo.Seed, 0, func() *scratch { return &scratch{cnt: make([]int64, len(j.Count))} },
		func(r int, rng *rand.Rand, s *scratch) {
			s.buf = hyptest.ResampleRows(rng, j.Count, s.cnt, s.buf)
			bs.Replicates[r] = diff(s.cnt)
		})
	c := board.Comparison{Test: "paired-bootstrap", Diff: est, Statistic: est, PValue: hyptest.BootstrapPValue(bs)}
	lo, hi, dropped, err := hyptest.FinitePercentile(bs, mo.Level)
	if err == nil {
		c.CI = &[2]float64{lo, hi}
	}
	return c, dropped, nil
}
