package main

import (
	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/task"
)

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
	memory := cli.MemoryFlag(fs)
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
	if *plotPath != "" {
		if err := writeFigure(*plotPath, report.FriedmanFigure(out)); err != nil {
			return err
		}
		out.Plot = *plotPath
	}
	return emit(e, f, out, func() *report.Doc { return report.Friedman(out) })
}
