package report

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/result"
)

// rowShareHeatMap is the heat map of a table of counts m (rows × cols),
// each cell shaded by its share of its row; key(i, j) is the JSON key of
// cell i, j.
func rowShareHeatMap(caption, rowTitle, colTitle string, rows, cols []string, m [][]float64, key func(i, j int) string) *HeatMap {
	hm := &HeatMap{Title: caption, RowTitle: rowTitle, ColTitle: colTitle, RowLabels: rows, ColLabels: cols}
	for i, row := range m {
		var cells []Cell
		var shade []float64
		tot := 0.0
		for _, v := range row {
			tot += v
		}
		for j, v := range row {
			cells = append(cells, C(key(i, j), v))
			s := 0.0
			if tot > 0 {
				s = v / tot
			}
			shade = append(shade, s)
		}
		hm.Cells = append(hm.Cells, cells)
		hm.Shade = append(hm.Shade, shade)
	}
	return hm
}

// cellInterval adds to c the interval of measure key (a path within the
// report at prefix) from the report's intervals, if it has one.
func cellInterval(c Cell, prefix, key string, ivs map[string]hyptest.Interval) Cell {
	if iv, ok := ivs[key]; ok {
		c = c.WithCI(Join(prefix, "intervals", key, "low"), iv.Low, Join(prefix, "intervals", key, "high"), iv.High)
	}
	return c
}

// levelText is a confidence level as people write it: 0.95 → "95%".
func levelText(l float64) string {
	return strconv.FormatFloat(100*l, 'g', -1, 64) + "%"
}

// ciIntro says what the brackets of a report are: the level, and what
// each interval was computed from (its method, and for the bootstraps the
// replicates and seed of the signature), naming the JSON keys of each.
func ciIntro(level float64, ivs map[string]hyptest.Interval, sig *result.Signature) string {
	byMethod := map[string][]string{}
	for k, iv := range ivs {
		byMethod[iv.Method] = append(byMethod[iv.Method], k)
	}
	methods := make([]string, 0, len(byMethod))
	for m := range byMethod {
		methods = append(methods, m)
	}
	sort.Strings(methods)
	boot := "bootstrap"
	if sig != nil && sig.CI != nil {
		boot = fmt.Sprintf("bootstrap, %d replicates, seed %d", sig.CI.Bootstrap, sig.CI.Seed)
	}
	var parts []string
	for _, m := range methods {
		keys := byMethod[m]
		sort.Strings(keys)
		what, ok := map[string]string{
			hyptest.CIDeLong: "DeLong's variance", hyptest.CIT: "t-interval of the mean of the per-row values",
			hyptest.CIDeLongWeighted: "DeLong's variance of weighted rows", hyptest.CITWeighted: "t-interval of the weighted mean of the per-row values",
			hyptest.CISqrtT: "square roots of the MSE's t-interval", hyptest.CIPercentile: "percentile " + boot,
			hyptest.CIBCa: "BCa " + boot, hyptest.CIWilson: "Wilson score interval", hyptest.CIClopperPearson: "Clopper–Pearson exact interval",
			hyptest.CIAgrestiCoull: "Agresti–Coull interval", hyptest.CIJeffreys: "Jeffreys interval", hyptest.CIWald: "Wald interval",
			hyptest.CIDelta: "delta method (t-interval of the linearised variance)", hyptest.CIDeltaLog: "delta method on the scale of log(1 − θ)",
			hyptest.CIDeltaSqrt: "square roots of the MSE's delta-method interval", hyptest.CIAverageBound: "the same average of the outputs' interval ends (conservative)",
			hyptest.CIDeltaLogNormal: "delta method on the scale of log θ",
			hyptest.CIDeltaLogit:     "delta method on the logit scale",
		}[m]
		if !ok {
			what = m
		}
		parts = append(parts, what+" ("+strings.Join(keys, ", ")+")")
	}
	return fmt.Sprintf("Brackets give each number's %s confidence interval, computed from every row by: %s.", levelText(level), strings.Join(parts, "; "))
}
