package main

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/plot"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/result"
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
	PostHoc             postHocOut         `json:"posthoc"`
	Plot                string             `json:"plot,omitempty"`
	Warnings            []string           `json:"warnings,omitempty"`
	Signature           *result.Signature  `json:"signature"`
}

// postHocOut is the "posthoc" object of friedman's JSON (issue 13).
type postHocOut struct {
	Method  string     `json:"method"`
	Control *string    `json:"control"`
	Alpha   float64    `json:"alpha"`
	CD      *float64   `json:"cd"` // null for procedures without one critical difference
	Pairs   []pairOut  `json:"pairs"`
	Cliques [][]string `json:"cliques"`
}

type pairOut struct {
	A           string  `json:"a"`
	B           string  `json:"b"`
	Statistic   float64 `json:"statistic"`
	PValue      float64 `json:"p_value"`
	PAdjusted   float64 `json:"p_adjusted"`
	Significant bool    `json:"significant"`
}

// postHocName is the name of the procedure: Nemenyi against a control is
// Bonferroni–Dunn.
func postHocName(ph *hyptest.PostHocResult) string {
	if ph.Method == hyptest.PostHocNemenyi && ph.Control >= 0 {
		return "bonferroni-dunn"
	}
	return ph.Method.String()
}

var postHocTitles = map[string]string{"nemenyi": "Nemenyi", "bonferroni-dunn": "Bonferroni–Dunn", "holm": "Holm",
	"shaffer": "Shaffer (static)", "bergmann": "Bergmann–Hommel", "wilcoxon-holm": "Wilcoxon signed-rank with Holm"}

func newPostHocOut(ph *hyptest.PostHocResult, algs []string) postHocOut {
	o := postHocOut{Method: postHocName(ph), Alpha: ph.Alpha, Pairs: []pairOut{}, Cliques: [][]string{}}
	if ph.Control >= 0 {
		o.Control = &algs[ph.Control]
	}
	if ph.CD > 0 {
		cd := ph.CD
		o.CD = &cd
	}
	for _, p := range ph.Pairs {
		o.Pairs = append(o.Pairs, pairOut{A: algs[p.A], B: algs[p.B], Statistic: p.Statistic, PValue: p.P, PAdjusted: p.PAdjusted, Significant: p.Significant})
	}
	for _, cl := range ph.Cliques {
		var names []string
		for _, j := range cl {
			names = append(names, algs[j])
		}
		o.Cliques = append(o.Cliques, names)
	}
	return o
}

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
	opt := hyptest.FriedmanOptions{LowerIsBetter: *lower, TieCorrection: *tie, Alpha: *alpha, VsControl: *control != ""}
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
	if *control != "" {
		if opt.Control = slices.Index(algs, *control); opt.Control < 0 {
			return fmt.Errorf("%s: --control %q is not an algorithm column (the columns after the first: %s)", r.Name(), *control, strings.Join(algs, ", "))
		}
	}
	// Each row holds k scores (8 bytes each and a slice header); the
	// post-hoc tests add k×k tables (Nemenyi p-values, which pairs differ)
	// and one record a pair.
	bud := memory.Budget()
	rows := bud.Account(fs.Name()+"'s rows (a score per algorithm a data set)", "")
	k := int64(len(algs))
	if err := bud.Account(fs.Name()+"'s post-hoc tables (k×k for k = "+fmt.Sprint(k)+" algorithms)", "").Grow(k*k*9 + k*(k-1)/2*64); err != nil {
		return err
	}
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
		if err := rows.Grow(8*k + 24); err != nil {
			return err
		}
	}
	if err := r.Err(); err != nil {
		return err
	}
	res, err := hyptest.Friedman(scores, opt)
	if err != nil {
		var pe *hyptest.PairError
		if errors.As(err, &pe) {
			err = fmt.Errorf("Wilcoxon test of %s and %s: %w", algs[pe.A], algs[pe.B], pe.Err)
		}
		return dataError(file, err)
	}
	out := friedmanOut{Test: "friedman", Datasets: res.N, Algorithms: algs, LowerIsBetter: *lower, TieCorrection: *tie,
		Statistic: res.ChiSquare, PValue: res.PValue, ImanDavenport: res.ImanDavenport, ImanDavenportPValue: res.ImanDavenportP,
		AvgRanks: map[string]float64{}, Alpha: res.Alpha, QAlpha: res.QAlpha, CD: res.CD, NemenyiP: res.NemenyiP, PostHoc: newPostHocOut(res.PostHoc, algs),
		Warnings: append(slices.Clone(res.Warnings), res.PostHoc.Warnings...), Signature: opt.Signature(algs)}
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
		if out.PostHoc.Method != "nemenyi" {
			title = fmt.Sprintf("%s, α = %g, N = %d", postHocTitles[out.PostHoc.Method], res.Alpha, res.N)
			if ph := res.PostHoc; ph.Control >= 0 {
				title += ", control " + algs[ph.Control]
			}
		}
		svg, err := plot.CDDiagramCliques(figureFormat(*plotPath), title, algs, res.AvgRanks, res.PostHoc.CD, res.PostHoc.Cliques, *lower)
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
func postHocTable(o postHocOut) *report.Table {
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
		t.Rows = append(t.Rows, []string{p.A, p.B, report.Sig(p.Statistic), report.Sig(p.PValue), report.Sig(p.PAdjusted), v})
	}
	return t
}
