package report

import (
	"fmt"
	"sort"
	"strconv"

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

// ciIntro says what the brackets of a report are (its level) and how
// each interval was computed: the methods in words, each with the JSON
// keys of the intervals it gave (Methods; for the bootstraps, with the
// replicates and seed of the signature).
func ciIntro(level float64, ivs map[string]hyptest.Interval, sig *result.Signature) (string, *Methods) {
	byMethod := map[string][]string{}
	for k, iv := range ivs {
		byMethod[iv.Method] = append(byMethod[iv.Method], k)
	}
	methods := make([]string, 0, len(byMethod))
	for m := range byMethod {
		methods = append(methods, m)
	}
	boot := "bootstrap"
	if sig != nil && sig.CI != nil {
		boot = fmt.Sprintf("bootstrap, %d replicates, seed %d", sig.CI.Bootstrap, sig.CI.Seed)
	}
	words := map[string]string{
		hyptest.CIDeLong: "DeLong's variance", hyptest.CIT: "t-interval of the mean of the per-row values",
		hyptest.CIDeLongWeighted: "DeLong's variance of weighted rows", hyptest.CITWeighted: "t-interval of the weighted mean of the per-row values",
		hyptest.CISqrtT: "square roots of the MSE's t-interval", hyptest.CIPercentile: "percentile " + boot,
		hyptest.CIBCa: "BCa " + boot, hyptest.CIWilson: "Wilson score interval", hyptest.CIClopperPearson: "Clopper–Pearson exact interval",
		hyptest.CIAgrestiCoull: "Agresti–Coull interval", hyptest.CIJeffreys: "Jeffreys interval", hyptest.CIWald: "Wald interval",
		hyptest.CIDelta: "delta method (t-interval of the linearised variance)", hyptest.CIDeltaLog: "delta method on the scale of log(1 − θ)",
		hyptest.CIDeltaSqrt: "square roots of the MSE's delta-method interval", hyptest.CIAverageBound: "the same average of the outputs' interval ends (conservative)",
		hyptest.CIDeltaLogNormal: "delta method on the scale of log θ",
		hyptest.CIDeltaLogit:     "delta method on the logit scale",
		hyptest.CILogitBoot:      "normal interval on the logit scale, its standard error from the " + boot,
		hyptest.CIBootT:          "studentized (bootstrap-t) interval of the mean of the per-row values, " + boot,
		hyptest.CISqrtBootT:      "square roots of the MSE's studentized bootstrap interval, " + boot,
		hyptest.CIDeLongBound:    "z times the average of the DeLong standard errors (conservative)",
		hyptest.CISacreBLEU:      "paired-resampling " + boot + " (as sacreBLEU's)",
	}
	what := func(m string) string {
		if w, ok := words[m]; ok {
			return w
		}
		return hyptest.MethodWords(m)
	}
	sort.Slice(methods, func(i, j int) bool { return what(methods[i]) < what(methods[j]) })
	ms := &Methods{Title: "How each interval was computed"}
	for _, m := range methods {
		keys := byMethod[m]
		sort.Strings(keys)
		ms.Groups = append(ms.Groups, MethodGroup{What: what(m), Keys: keys})
	}
	return fmt.Sprintf("Brackets give each number's %s confidence interval, computed from every row.", levelText(level)), ms
}
