package main

import (
	"fmt"
	"strings"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/figure"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/task"
)

var postHocTitles = map[string]string{"nemenyi": "Nemenyi", "bonferroni-dunn": "Bonferroni–Dunn", "holm": "Holm",
	"shaffer": "Shaffer (static)", "bergmann": "Bergmann–Hommel", "wilcoxon-holm": "Wilcoxon signed-rank with Holm"}

// runFriedman reads a table whose first column names the data set and
// whose other columns hold one algorithm's score each.
func runFriedman(e *env, args []string) error {
	fs, format := newCompareFlags("friedman")
	lower := fs.Bool("lower-is-better", false, "rank the lowest score first (errors, losses); default: highest first")
	alpha := fs.Float64("alpha", 0.05, "significance level of the Nemenyi critical difference")
	tie := fs.Bool("tie-correction", false, "divide χ²_F by the tie correction, as scipy.stats.friedmanchisquare")
	plotPath := fs.String("plot", "", "write the critical-difference diagram, with the cliques of the post-hoc procedure, to this file (SVG, or PNG for a .png name)")
	postS := fs.String("posthoc", "nemenyi", "post-hoc procedure: nemenyi, holm, shaffer, bergmann (≤ 9 algorithms) or wilcoxon-holm; with --control: nemenyi (Bonferroni–Dunn), bonferroni-dunn, holm or wilcoxon-holm")
	control := fs.String("control", "", "compare every algorithm with this one (a column name) instead of all pairs")
	memory := budget.Flag(fs)
	file, f, err := fileTask(e, fs, args, format)
	if err != nil {
		return err
	}
	if !(*alpha > 0 && *alpha < 1) {
		return usagef("%s: --alpha %v outside (0, 1)", fs.Name(), *alpha)
	}
	opt := hyptest.FriedmanOptions{LowerIsBetter: *lower, TieCorrection: *tie, Alpha: *alpha}
	if *postS == "bonferroni-dunn" {
		if *control == "" {
			return usagef("%s: --posthoc bonferroni-dunn compares with a control: give --control NAME", fs.Name())
		}
	} else if opt.PostHoc, err = hyptest.ParsePostHoc(*postS); err != nil {
		return usagef("%s: --posthoc %q: want nemenyi, holm, shaffer, bergmann, wilcoxon-holm or (with --control) bonferroni-dunn", fs.Name(), *postS)
	}
	if *control != "" && (opt.PostHoc == hyptest.PostHocShaffer || opt.PostHoc == hyptest.PostHocBergmann) {
		return usagef("%s: --posthoc %s compares all pairs; with --control use bonferroni-dunn, holm or wilcoxon-holm", fs.Name(), *postS)
	}
	t := task.Friedman{Options: opt, Control: *control, Name: fs.Name(), Budget: memory.Budget()}
	out, err := readFile(e, file, t.Read)
	if err != nil {
		return err
	}
	res, algs := out.Friedman, out.Algorithms
	if *plotPath != "" {
		title := fmt.Sprintf("Critical difference (Nemenyi, α = %g, N = %d)", res.Alpha, res.N)
		if out.PostHoc.Method != "nemenyi" {
			title = fmt.Sprintf("%s, α = %g, N = %d", postHocTitles[out.PostHoc.Method], res.Alpha, res.N)
			if ph := res.PostHoc; ph.Control >= 0 {
				title += ", control " + algs[ph.Control]
			}
		}
		best := map[bool]string{false: "highest", true: "lowest"}[*lower]
		fig := figure.CDDiagram(title, algs, res.AvgRanks, res.PostHoc.CD, res.PostHoc.Cliques,
			"Average rank 1 is the "+best+" score; algorithms joined by a thick bar are not told apart by the post-hoc procedure.")
		if err := writeFigure(*plotPath, fig); err != nil {
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
			ranks.Rows = append(ranks.Rows, report.Row(a, report.Sig(res.AvgRanks[j])))
		}
		nem := &report.Table{Title: "Nemenyi p-values", Header: append([]string{""}, algs...)}
		for i, a := range algs {
			row := []string{a}
			for j := range algs {
				row = append(row, report.Sig(res.NemenyiP[i][j]))
			}
			nem.Rows = append(nem.Rows, report.Row(row...))
		}
		d := &report.Doc{Title: "Friedman test with Nemenyi post-hoc", Blocks: []report.Block{sum, ranks, nem}}
		if out.PostHoc.Method != "nemenyi" {
			d.Title = "Friedman test with " + postHocTitles[out.PostHoc.Method] + " post-hoc"
			d.Blocks = append(d.Blocks, postHocTable(out.PostHoc))
		}
		if len(out.PostHoc.Cliques) > 0 {
			var cl []string
			for _, c := range out.PostHoc.Cliques {
				cl = append(cl, "{"+strings.Join(c, ", ")+"}")
			}
			d.Blocks = append(d.Blocks, report.Note("not significantly different (cliques): "+strings.Join(cl, " ")))
		}
		if out.Plot != "" {
			d.Blocks = append(d.Blocks, report.Note("CD diagram written to "+out.Plot))
		}
		for _, w := range out.Warnings {
			d.Blocks = append(d.Blocks, report.Note("warning: "+w))
		}
		d.Blocks = append(d.Blocks, report.SignatureNote(out.Signature))
		return d
	}
	return emit(e, f, out, doc)
}

// postHocTable lists the comparisons of a post-hoc procedure.
func postHocTable(o task.PostHoc) *report.Table {
	stat := "z"
	if o.Method == "wilcoxon-holm" {
		stat = "W"
	}
	t := &report.Table{Title: fmt.Sprintf("%s (α = %g)", postHocTitles[o.Method], o.Alpha),
		Header: []string{"a", "b", stat, "p", "adjusted p", "differ"}}
	for _, p := range o.Pairs {
		v := "no"
		if p.Significant {
			v = "yes"
		}
		t.Rows = append(t.Rows, report.Row(p.A, p.B, report.Sig(p.Statistic), report.Sig(p.PValue), report.Sig(p.PAdjusted), v))
	}
	return t
}
