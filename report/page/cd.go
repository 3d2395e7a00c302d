package page

import (
	"fmt"
	"math"
	"slices"

	"github.com/evalkit-go/evalkit/report"
)

// A CDDiagram is Demšar's (2006) critical-difference diagram: an axis of
// average ranks from 1 (best) to k, each algorithm hung from its rank, a
// bar of length CD, and a thick bar joining each clique of algorithms
// that the post-hoc test does not tell apart.
type CDDiagram struct {
	Title    string
	Names    []string
	AvgRanks []float64
	CD       float64 // 0 draws no CD bar
	Cliques  [][]int // indices into Names
	Note     string
}

func (c *CDDiagram) write(w *writer) {
	id := w.id("fig-" + c.Title)
	k := len(c.Names)
	order := make([]int, k)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case c.AvgRanks[a] < c.AvgRanks[b]:
			return -1
		case c.AvgRanks[a] > c.AvgRanks[b]:
			return 1
		}
		return 0
	})
	half := (k + 1) / 2
	rows := max(half, k-half)
	h := 78 + 18*float64(rows) + 14*float64(len(c.Cliques)) + 10
	x0, x1 := 120.0, 360.0
	at := func(r float64) float64 { return x0 + (r-1)/math.Max(float64(k-1), 1)*(x1-x0) }
	desc := "Average ranks (1 is best): "
	for j, i := range order {
		if j > 0 {
			desc += ", "
		}
		desc += fmt.Sprintf("%s %s", c.Names[i], report.Sig(c.AvgRanks[i]))
	}
	desc += fmt.Sprintf(". Critical difference %s.", report.Sig(c.CD))
	for _, cl := range c.Cliques {
		desc += " Not told apart:"
		for _, i := range cl {
			desc += " " + c.Names[i]
		}
		desc += "."
	}
	w.f(`<figure id="%s" class="fig"><svg viewBox="0 0 480 %.0f" role="img" aria-labelledby="%s-t %s-d" xmlns="http://www.w3.org/2000/svg">`, id, h, id, id)
	w.s(`<title id="`, id, `-t">`)
	w.esc(c.Title)
	w.s(`</title><desc id="`, id, `-d">`)
	w.esc(desc)
	w.s(`</desc>`)
	axisY := 44.0
	if c.CD > 0 {
		w.f(`<path class="axis" d="M%.1f 16H%.1fM%.1f 12V20M%.1f 12V20"/><text class="tick" x="%.1f" y="11" text-anchor="middle">CD %s</text>`,
			at(1), at(1+c.CD), at(1), at(1+c.CD), (at(1)+at(1+c.CD))/2, report.Sig(c.CD))
	}
	w.f(`<path class="axis" d="M%.1f %.1fH%.1f"/>`, x0, axisY, x1)
	for r := 1; r <= k; r++ {
		w.f(`<path class="axis" d="M%.1f %.1fV%.1f"/><text class="tick" x="%.1f" y="%.1f" text-anchor="middle">%d</text>`, at(float64(r)), axisY-5, axisY, at(float64(r)), axisY-8, r)
	}
	for j, cl := range c.Cliques {
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, i := range cl {
			lo, hi = math.Min(lo, c.AvgRanks[i]), math.Max(hi, c.AvgRanks[i])
		}
		y := axisY + 10 + 14*float64(j)
		w.f(`<path class="ln s6" style="stroke-width:4" d="M%.1f %.1fH%.1f"/>`, at(lo)-3, y, at(hi)+3)
	}
	base := axisY + 18 + 14*float64(len(c.Cliques))
	for j, i := range order {
		x := at(c.AvgRanks[i])
		var y, tx float64
		anchor := "end"
		if j < half {
			y = base + 18*float64(j)
			tx = x0 - 8
		} else {
			y = base + 18*float64(k-1-j)
			tx = x1 + 8
			anchor = "start"
		}
		w.f(`<path class="ref" style="stroke-dasharray:none" d="M%.1f %.1fV%.1fH%.1f"/>`, x, axisY, y, tx+map[bool]float64{true: 4, false: -4}[anchor == "end"])
		w.f(`<text x="%.1f" y="%.1f" text-anchor="%s">`, tx, y+4, anchor)
		w.esc(fmt.Sprintf("%s (%s)", c.Names[i], report.Sig(c.AvgRanks[i])))
		w.s(`</text>`)
	}
	w.s("</svg>\n<figcaption><b>")
	w.esc(c.Title)
	w.s("</b>")
	if c.Note != "" {
		w.s(". ")
		w.esc(c.Note)
	}
	w.s("</figcaption></figure>\n")
}
