package figure

import (
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/evalkit-go/evalkit/classify"
	"github.com/evalkit-go/evalkit/cluster"
	"github.com/evalkit-go/evalkit/result"
	"github.com/evalkit-go/evalkit/text"
)

// ClassBars is precision, recall and F1 of each class as grouped bars.
func ClassBars(labels []string, per []classify.ClassStats) *Figure {
	f := &Figure{Title: "Precision, recall and F1 by class", XLabel: "class", YLabel: "score (0–1)",
		X: Axis{Min: -0.5, Max: float64(len(per)) - 0.5}, Y: Axis{Min: 0, Max: 1.35}}
	f.XNames = labels
	desc := "Grouped bars, one group per class:"
	for i, name := range []string{"precision", "recall", "F1"} {
		b := Bars{Name: name, Style: i}
		for j, c := range per {
			v := []float64{c.Precision, c.Recall, c.F1}[i]
			b.Left = append(b.Left, float64(j)-0.4+0.8*float64(i)/3)
			b.Right = append(b.Right, float64(j)-0.4+0.8*float64(i+1)/3-0.02)
			if !(v >= 0) {
				v = 0
			}
			b.Y = append(b.Y, v)
		}
		f.Bars = append(f.Bars, b)
	}
	for _, c := range per {
		desc += fmt.Sprintf(" %s: P %s, R %s, F1 %s;", c.Label, result.Sig(c.Precision), result.Sig(c.Recall), result.Sig(c.F1))
	}
	f.Desc = desc
	return f
}

// Silhouette is the mean silhouette of each cluster as bars, with the
// zero line.
func Silhouette(clusters []cluster.ClusterDetail) *Figure {
	f := &Figure{Title: "Silhouette by cluster", XLabel: "cluster", YLabel: "mean silhouette (−1 to 1)", Y: Axis{Min: -1, Max: 1},
		X: Axis{Min: -0.5, Max: float64(len(clusters)) - 0.5}}
	b := Bars{Style: 0}
	f.Desc = "Mean silhouette of each cluster's rows:"
	for i, c := range clusters {
		f.XNames = append(f.XNames, c.Label)
		v := c.Silhouette
		if math.IsNaN(v) {
			v = 0
		}
		b.Left, b.Right, b.Y = append(b.Left, float64(i)-0.35), append(b.Right, float64(i)+0.35), append(b.Y, v)
		f.Desc += fmt.Sprintf(" %s %s;", c.Label, result.Sig(c.Silhouette))
	}
	f.Bars = []Bars{b}
	f.Refs = []Series{{X: []float64{f.X.Min, f.X.Max}, Y: []float64{0, 0}}}
	return f
}

// NGramPrecisions is BLEU's clipped n-gram precisions, one bar an order
// (four by default).
func NGramPrecisions(r text.BLEUResult) *Figure {
	n := len(r.Precisions)
	names, ps := make([]string, n), make([]string, n)
	for i, p := range r.Precisions {
		names[i], ps[i] = strconv.Itoa(i+1), fmt.Sprintf("%.2f", p)
	}
	f := &Figure{Title: "Modified n-gram precisions", XLabel: "n-gram order", YLabel: "precision (%)", X: Axis{Min: -0.5, Max: float64(n) - 0.5}, Y: Axis{Min: 0, Max: 100},
		XNames: names, Desc: fmt.Sprintf("Clipped n-gram precisions: %s %%; brevity penalty %.4f.", strings.Join(ps, ", "), r.BP)}
	b := Bars{Style: 0}
	for i := range n {
		b.Left, b.Right, b.Y = append(b.Left, float64(i)-0.35), append(b.Right, float64(i)+0.35), append(b.Y, r.Precisions[i])
	}
	f.Bars = []Bars{b}
	return f
}

// Systems is the score of each system as bars, with the bootstrap mean ±
// its 95% half-width as a whisker where computed.
func Systems(metric string, rows []text.SystemRow) *Figure {
	f := &Figure{Title: metric + " by system", XLabel: "system", YLabel: metric, X: Axis{Min: -0.5, Max: float64(len(rows)) - 0.5}, Y: Axis{Min: 0, Max: 0}}
	b := Bars{Style: 0}
	desc := metric + " of each system:"
	for i, r := range rows {
		if r.Mean != nil {
			f.Refs = append(f.Refs, Series{X: []float64{float64(i), float64(i)}, Y: []float64{*r.Mean - *r.CI, *r.Mean + *r.CI}})
			f.Y.Max = max(f.Y.Max, *r.Mean+*r.CI)
		}
		b.Left, b.Right, b.Y = append(b.Left, float64(i)-0.35), append(b.Right, float64(i)+0.35), append(b.Y, r.Score)
		f.Y.Max = max(f.Y.Max, r.Score)
		f.XNames = append(f.XNames, shortName(r.System))
		desc += fmt.Sprintf(" %s %.2f;", r.System, r.Score)
	}
	f.Y.Max *= 1.1
	if f.Y.Max == 0 {
		f.Y.Max = 1
	}
	f.Bars, f.Desc = []Bars{b}, desc+" dashed whiskers: the bootstrap mean ± its 95% half-width, where computed."
	return f
}

// shortName is a system's file name without its folder, cut to 16
// characters, for an axis.
func shortName(s string) string {
	s = filepath.Base(s)
	if r := []rune(s); len(r) > 16 {
		s = string(r[:15]) + "…"
	}
	return s
}

// Sentences is the histogram of the sentence scores of d, each scored
// alone with metric.
func Sentences(metric string, d text.Distribution) *Figure {
	f := &Figure{Title: metric + " of each sentence", XLabel: metric + " of a sentence", YLabel: "sentences",
		X:    Axis{Min: d.Edges[0], Max: d.Edges[len(d.Edges)-1]},
		Desc: fmt.Sprintf("Histogram of the %d sentence scores in %d equal-width bins from %s to %s; median %s, quartiles %s and %s.", d.N, len(d.Counts), result.Sig(d.Min), result.Sig(d.Max), result.Sig(d.Median), result.Sig(d.Q1), result.Sig(d.Q3))}
	b := Bars{Style: 0}
	for i, c := range d.Counts {
		b.Left, b.Right, b.Y = append(b.Left, d.Edges[i]), append(b.Right, d.Edges[i+1]), append(b.Y, float64(c))
		f.Y.Max = math.Max(f.Y.Max, float64(c)*1.1)
	}
	f.Bars = []Bars{b}
	return f
}
