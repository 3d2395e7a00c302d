package main

import (
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/plot"
	"github.com/evalkit-go/evalkit/report"
)

type friedmanOut struct {
	Test                string             `json:"test"`
	Datasets            int                `json:"n_datasets"`
	Algorithms          []string           `json:"algorithms"`
	LowerIsBetter       bool               `json:"lower_is_better"`
	TieCorrection       bool               `json:"tie_correction"`
	Statistic           float64            `json:"statistic"`
	PValue              float64            `json:"p_value"`
	ImanDavenport       float64            `json:"iman_davenport"`
	ImanDavenportPValue float64            `json:"iman_davenport_p_value"`
	AvgRanks            map[string]float64 `json:"avg_ranks"`
	Alpha               float64            `json:"alpha"`
	QAlpha              float64            `json:"q_alpha"`
	CD                  float64            `json:"cd"`
	NemenyiP            [][]float64        `json:"nemenyi_p"`
	Plot                string             `json:"plot,omitempty"`
	Warnings            []string           `json:"warnings,omitempty"`
}

// runFriedman reads a table whose first column names the data set and
// whose other columns hold one algorithm's score each.
func runFriedman(e *env, args []string) error {
	fs, format := newCompareFlags("friedman")
	lower := fs.Bool("lower-is-better", false, "rank the lowest score first (errors, losses); default: highest first")
	alpha := fs.Float64("alpha", 0.05, "significance level of the Nemenyi critical difference")
	tie := fs.Bool("tie-correction", false, "divide χ²_F by the tie correction, as scipy.stats.friedmanchisquare")
	plotPath := fs.String("plot", "", "write the critical-difference diagram to this SVG file")
	file, f, err := fileTask(e, fs, args, format)
	if err != nil {
		return err
	}
	if !(*alpha > 0 && *alpha < 1) {
		return usagef("%s: --alpha %v outside (0, 1)", fs.Name(), *alpha)
	}
	r, err := e.open(file)
	if err != nil {
		return err
	}
	defer r.Close()
	header := r.Header()
	if len(header) < 4 {
		return fmt.Errorf("%s: the first column names the data set and each further column is an algorithm; the Friedman test needs at least 3 algorithms, the header has %d columns", r.Name(), len(header))
	}
	algs := append([]string(nil), header[1:]...)
	var scores [][]float64
	for r.Next() {
		if _, err := r.Text(0); err != nil {
			return err
		}
		row := make([]float64, len(algs))
		for j := range algs {
			if row[j], err = r.Float(j + 1); err != nil {
				return err
			}
		}
		scores = append(scores, row)
	}
	if err := r.Err(); err != nil {
		return err
	}
	res, err := hyptest.Friedman(scores, hyptest.FriedmanOptions{LowerIsBetter: *lower, TieCorrection: *tie, Alpha: *alpha})
	if err != nil {
		return dataError(file, err)
	}
	out := friedmanOut{Test: "friedman", Datasets: res.N, Algorithms: algs, LowerIsBetter: *lower, TieCorrection: *tie,
		Statistic: res.ChiSquare, PValue: res.PValue, ImanDavenport: res.ImanDavenport, ImanDavenportPValue: res.ImanDavenportP,
		AvgRanks: map[string]float64{}, Alpha: res.Alpha, QAlpha: res.QAlpha, CD: res.CD, NemenyiP: res.NemenyiP, Warnings: res.Warnings}
	if math.IsInf(res.ImanDavenport, 1) {
		out.ImanDavenport = math.NaN() // JSON null, explained in warnings
	}
	for j, a := range algs {
		if _, dup := out.AvgRanks[a]; dup {
			return fmt.Errorf("%s: algorithm column %q appears twice", r.Name(), a)
		}
		out.AvgRanks[a] = res.AvgRanks[j]
	}
	if *plotPath != "" {
		title := fmt.Sprintf("Critical difference (Nemenyi, α = %g, N = %d)", res.Alpha, res.N)
		svg, err := plot.CDDiagram(title, algs, res.AvgRanks, res.CD, *lower)
		if err != nil {
			return err
		}
		if err := plot.WriteFileAtomic(*plotPath, svg); err != nil {
			return err
		}
		out.Plot = *plotPath
	}
	doc := func() *report.Doc {
		sum := &report.Pairs{Items: [][2]string{
			kv("data sets × algorithms", fmt.Sprintf("%d × %d", res.N, res.K)),
			kv("ranking", map[bool]string{false: "higher score is better", true: "lower score is better"}[*lower]),
			kv("Friedman χ²", report.Sig(res.ChiSquare)), kv("p-value", report.Sig(res.PValue)),
			kv("Iman–Davenport F", report.Sig(res.ImanDavenport)), kv("p-value (F)", report.Sig(res.ImanDavenportP)),
			kv(fmt.Sprintf("Nemenyi q_α (α = %g)", res.Alpha), report.Sig(res.QAlpha)),
			kv("critical difference", report.Sig(res.CD)),
		}}
		ranks := &report.Table{Title: "Average ranks (1 = best)", Header: []string{"algorithm", "rank"}}
		for j, a := range algs {
			ranks.Rows = append(ranks.Rows, []string{a, report.Sig(res.AvgRanks[j])})
		}
		nem := &report.Table{Title: "Nemenyi p-values", Header: append([]string{""}, algs...)}
		for i, a := range algs {
			row := []string{a}
			for j := range algs {
				row = append(row, report.Sig(res.NemenyiP[i][j]))
			}
			nem.Rows = append(nem.Rows, row)
		}
		d := &report.Doc{Title: "Friedman test with Nemenyi post-hoc", Blocks: []report.Block{sum, ranks, nem}}
		if out.Plot != "" {
			d.Blocks = append(d.Blocks, report.Note("CD diagram written to "+out.Plot))
		}
		for _, w := range res.Warnings {
			d.Blocks = append(d.Blocks, report.Note("warning: "+w))
		}
		return d
	}
	return emit(e, f, out, doc)
}
