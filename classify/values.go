package classify

import (
	"math"
	"runtime"
	"sync"
)

// maxValueRange is the widest range of integer labels that
// [ConfusionOfValues] codes by a table (one entry a value of the range).
const maxValueRange = 1 << 20

// ConfusionOfValues returns the confusion matrix of labels that are
// numbers: its classes are the distinct values of yTrue and yPred in
// increasing order (values), row i's true class that of yTrue[i], its
// predicted class that of yPred[i], its weight w[i] (w nil: unweighted).
// It is the matrix a [Tally] of the labels' decimal texts gives
// ([Tally.Sorted]), with the same bits: an unweighted cell is a count
// (whatever order rows are counted in, on every processor), a weighted
// one the compensated sum of its rows' weights in row order. The labels
// are coded by a table, without sorting the rows. It returns ok = false,
// and no matrix, when a label is not an integer (NaN, ±Inf, a fraction)
// or the labels span more than 2²⁰ values, or a weight is negative or
// not finite. It panics if the lengths differ.
func ConfusionOfValues[T float64 | int64](yTrue, yPred []T, w []float64) (values []float64, c *Confusion, ok bool) {
	if len(yTrue) != len(yPred) || w != nil && len(w) != len(yTrue) {
		panic("classify: ConfusionOfValues of columns of different lengths")
	}
	lo, hi, integral := valueRange(yTrue, yPred)
	if !integral || !(hi-lo < maxValueRange) || !(math.Abs(lo) <= 1<<53 && math.Abs(hi) <= 1<<53) {
		return nil, nil, false
	}
	for _, x := range w {
		if !(x >= 0 && x <= math.MaxFloat64) {
			return nil, nil, false
		}
	}
	base := int(lo)
	r := int(hi-lo) + 1
	present := make([]bool, r)
	for _, col := range [][]T{yTrue, yPred} {
		for _, v := range col {
			present[int(v)-base] = true
		}
	}
	code := make([]int32, r) // the class of value base+i
	for i, p := range present {
		if p {
			code[i] = int32(len(values))
			values = append(values, float64(base+i))
		}
	}
	k := len(values)
	c = NewConfusion(k)
	if w != nil {
		for i, t := range yTrue {
			c.AddWeighted(int(code[int(t)-base]), int(code[int(yPred[i])-base]), w[i])
		}
		return values, c, true
	}
	// Counts by class pairs, on every processor.
	workers := max(1, min(runtime.GOMAXPROCS(0), len(yTrue)>>16))
	if k > 2048 { // a table of k² counts a processor is too large: one pass of Add
		for i, t := range yTrue {
			c.Add(int(code[int(t)-base]), int(code[int(yPred[i])-base]))
		}
		return values, c, true
	}
	counts := make([][]int64, workers)
	count := func(p int) {
		cnt := make([]int64, k*k)
		for i := p * len(yTrue) / workers; i < (p+1)*len(yTrue)/workers; i++ {
			cnt[int(code[int(yTrue[i])-base])*k+int(code[int(yPred[i])-base])]++
		}
		counts[p] = cnt
	}
	if workers == 1 {
		count(0) // no goroutine: a call from a thread of C's is quickest alone
	} else {
		var wg sync.WaitGroup
		for p := range counts {
			wg.Add(1)
			go func() {
				defer wg.Done()
				count(p)
			}()
		}
		wg.Wait()
	}
	for t := range k {
		for p := range k {
			var n int64
			for _, cnt := range counts {
				n += cnt[t*k+p]
			}
			if n > 0 {
				at := c.cell(t, p)
				c.n += n
				c.cnt[at] += n
			}
		}
	}
	return values, c, true
}

// valueRange returns the least and greatest label of the columns, as
// float64, and whether every label is an integer (for float64 columns:
// no NaN, ±Inf or fraction).
func valueRange[T float64 | int64](cols ...[]T) (lo, hi float64, integral bool) {
	integral = true
	var zero T
	if _, isFloat := any(zero).(float64); !isFloat {
		first := true
		var l, h T
		for _, col := range cols {
			for _, v := range col {
				if first {
					l, h, first = v, v, false
				}
				l, h = min(l, v), max(h, v)
			}
		}
		if first {
			return math.Inf(1), math.Inf(-1), true
		}
		return float64(l), float64(h), true
	}
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, col := range cols {
		for _, v := range col {
			f := float64(v)
			lo, hi = min(lo, f), max(hi, f)
			integral = integral && f == math.Trunc(f) // NaN fails
		}
	}
	return lo, hi, integral
}
