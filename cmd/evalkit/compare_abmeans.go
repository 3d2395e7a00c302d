package main

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/result"
)

func init() {
	registerCompare(&compareTest{"abmeans", "A/B test of two means (Welch), with interval, power and sample size", runABMeans})
}

type abmeansOut struct {
	Test        string            `json:"test"`
	LabelA      *string           `json:"label_a,omitempty"`
	LabelB      *string           `json:"label_b,omitempty"`
	NA          int64             `json:"n_a"`
	NB          int64             `json:"n_b"`
	MeanA       float64           `json:"mean_a"`
	MeanB       float64           `json:"mean_b"`
	SDA         float64           `json:"sd_a"`
	SDB         float64           `json:"sd_b"`
	Diff        float64           `json:"diff"`
	Statistic   float64           `json:"statistic"`
	DF          float64           `json:"df"`
	PValue      float64           `json:"p_value"`
	CI          [2]float64        `json:"ci"`
	Level       float64           `json:"level"`
	Alternative string            `json:"alternative"`
	EffectSize  float64           `json:"effect_size_d"`
	Power       float64           `json:"power"`
	TargetPower float64           `json:"target_power"`
	RequiredNA  *float64          `json:"required_n_a"`
	RequiredNB  *float64          `json:"required_n_b"`
	Warnings    []string          `json:"warnings,omitempty"`
	Signature   *result.Signature `json:"signature"`
}

func runABMeans(e *env, args []string) error {
	fs, format := newCompareFlags("abmeans")
	group := fs.String("group", "", "column naming each row's group (with --value and FILE)")
	value := fs.String("value", "", "column of the observations")
	la := fs.String("a", "", "label of group A (default: the first label in sorted order)")
	lb := fs.String("b", "", "label of group B (default: the second)")
	ma := fs.Float64("mean-a", math.NaN(), "mean of group A (summaries instead of a file)")
	sa := fs.Float64("sd-a", math.NaN(), "standard deviation of group A (n − 1 denominator)")
	na := fs.Int64("n-a", 0, "size of group A")
	mb := fs.Float64("mean-b", math.NaN(), "mean of group B")
	sb := fs.Float64("sd-b", math.NaN(), "standard deviation of group B")
	nb := fs.Int64("n-b", 0, "size of group B")
	altS := fs.String("alternative", "two-sided", "alternative: two-sided, greater (B's mean is larger) or less")
	level := fs.Float64("level", 0.95, "confidence level of the interval of mean_b − mean_a")
	alpha := fs.Float64("alpha", 0.05, "significance level for power and sample size")
	target := fs.Float64("power", 0.8, "target power for the required sample size")
	mde := fs.Float64("mde", 0, "minimum detectable difference mean_b − mean_a for power and sample size (default: the observed difference)")
	memory := budget.Flag(fs)
	maxFieldFlag(fs, e)
	inputFormatFlag(fs, e)
	pos, err := parseFlags(fs, e, args)
	if err != nil {
		return err
	}
	f, err := outputFormat(e, *format)
	if err != nil {
		return err
	}
	alt, err := parseAlternative(fs, *altS)
	if err != nil {
		return err
	}
	if !(*level > 0 && *level < 1) || !(*alpha > 0 && *alpha < 1) || !(*target > 0 && *target < 1) {
		return usagef("%s: --level, --alpha and --power must lie in (0, 1)", fs.Name())
	}
	summaries := !math.IsNaN(*ma) || !math.IsNaN(*mb) || !math.IsNaN(*sa) || !math.IsNaN(*sb) || *na != 0 || *nb != 0
	var A, B hyptest.Summary
	out := abmeansOut{Test: "abmeans", Level: *level, Alternative: alt.String(), TargetPower: *target}
	file := ""
	switch {
	case summaries:
		if len(pos) > 0 || *group != "" || *value != "" {
			return usagef("%s: give either summaries (--mean-a …) or --group COL --value COL FILE, not both", fs.Name())
		}
		if math.IsNaN(*ma) || math.IsNaN(*mb) || math.IsNaN(*sa) || math.IsNaN(*sb) || *na == 0 || *nb == 0 {
			return usagef("%s: summaries need --mean-a, --sd-a, --n-a, --mean-b, --sd-b and --n-b", fs.Name())
		}
		A = hyptest.Summary{Mean: *ma, SD: *sa, N: *na}
		B = hyptest.Summary{Mean: *mb, SD: *sb, N: *nb}
		if *na < 2 || *nb < 2 || *sa < 0 || *sb < 0 {
			return usagef("%s: each group needs n ≥ 2 and sd ≥ 0", fs.Name())
		}
	default:
		if *group == "" || *value == "" {
			return usagef("%s: give --group COL --value COL [FILE], or the summaries --mean-a --sd-a --n-a --mean-b --sd-b --n-b", fs.Name())
		}
		if file, err = oneFile(fs, pos); err != nil {
			return err
		}
		labels, groups, err := readGroups(e, file, *group, *value, memory.Budget().Account(fs.Name()+"'s rows (a value a row, and the group labels)", ""))
		if err != nil {
			return err
		}
		a, b := *la, *lb
		if a == "" || b == "" {
			if len(labels) != 2 {
				return fmt.Errorf("%s: column %q has %d labels (%v); A/B needs two, or choose them with --a LABEL --b LABEL", displayName(file), *group, len(labels), labels)
			}
			a, b = labels[0], labels[1]
		}
		for _, l := range []string{a, b} {
			if _, ok := groups[l]; !ok {
				return fmt.Errorf("%s: no row has %s = %q (labels: %v)", displayName(file), *group, l, labels)
			}
		}
		if a == b {
			return usagef("%s: --a and --b name the same label %q", fs.Name(), a)
		}
		out.LabelA, out.LabelB = &a, &b
		A, B = hyptest.SummaryOf(groups[a]), hyptest.SummaryOf(groups[b])
	}
	res, err := hyptest.TwoMeans(A, B, false, alt, *level)
	if err != nil {
		if errors.Is(err, hyptest.ErrInvalid) && summaries {
			return usagef("%s: %v", fs.Name(), err)
		}
		return dataError(file, err)
	}
	out.NA, out.NB, out.MeanA, out.MeanB, out.SDA, out.SDB = A.N, B.N, A.Mean, B.Mean, A.SD, B.SD
	out.Diff, out.Statistic, out.DF, out.PValue, out.CI = res.Diff, res.Statistic, res.DF, res.PValue, res.CI
	d := hyptest.CohenD(A, B)
	if *mde != 0 {
		d = *mde / math.Sqrt((float64(A.N-1)*A.SD*A.SD+float64(B.N-1)*B.SD*B.SD)/float64(A.N+B.N-2))
	}
	out.EffectSize = d
	if math.IsNaN(d) || math.IsInf(d, 0) {
		out.Power = math.NaN()
		out.Warnings = append(out.Warnings, "effect size undefined (pooled standard deviation 0): no power or sample size")
	} else {
		out.Power = hyptest.PowerT(d, float64(A.N), float64(B.N), *alpha, alt)
		ratio := float64(B.N) / float64(A.N)
		n, err := hyptest.SampleSize(hyptest.PowerT, d, *alpha, *target, ratio, alt)
		if err != nil {
			out.Warnings = append(out.Warnings, "required sample size undefined: "+err.Error())
		} else {
			nB := n * ratio
			out.RequiredNA, out.RequiredNB = &n, &nB
		}
	}
	nameA, nameB := "A", "B"
	if out.LabelA != nil {
		nameA, nameB = "A ("+*out.LabelA+")", "B ("+*out.LabelB+")"
	}
	eff := "observed"
	if *mde != 0 {
		eff = "--mde"
	}
	doc := func() *report.Doc {
		items := [][2]string{
			kv("mean "+nameA, fmt.Sprintf("%s (sd %s, n %d)", report.Sig(A.Mean), report.Sig(A.SD), A.N)),
			kv("mean "+nameB, fmt.Sprintf("%s (sd %s, n %d)", report.Sig(B.Mean), report.Sig(B.SD), B.N)),
			kv("difference B − A", report.Sig(res.Diff)),
			kv(report.Pct(*level)+" interval (Welch)", "["+report.Sig(res.CI[0])+", "+report.Sig(res.CI[1])+"]"),
			kv("Welch t", report.Sig(res.Statistic)), kv("df", report.Sig(res.DF)),
			kv("p-value ("+alt.String()+")", report.Sig(res.PValue)),
			kv("effect size d ("+eff+")", report.Sig(d)),
			kv("power at these sizes", report.Sig(out.Power)),
		}
		if out.RequiredNA != nil {
			items = append(items, kv("n for power "+report.Sig(*target), fmt.Sprintf("A %s, B %s", report.Sig(*out.RequiredNA), report.Sig(*out.RequiredNB))))
		}
		return &report.Doc{Title: "A/B test of two means", Blocks: []report.Block{&report.Pairs{Items: items}}}
	}
	src := "summaries"
	if file != "" || out.LabelA != nil {
		src = "file"
	}
	out.Signature = result.NewSignature("compare-abmeans").Add("input", src).Add("test", "welch").Add("alternative", alt.String()).
		Float("level", *level).Float("alpha", *alpha).Float("power", *target).Float("mde", *mde)
	return emit(e, f, out, withSignature(out.Signature, withWarnings(doc, out.Warnings)))
}

// readGroups reads the value column of file grouped by the label column;
// labels come back sorted. The values (8 bytes each) and the labels (their
// text and about 64 bytes of map entry and slice header) are charged to
// acct.
func readGroups(e *env, file, group, value string, acct *budget.Account) ([]string, map[string][]float64, error) {
	r, err := e.open(file)
	if err != nil {
		return nil, nil, err
	}
	defer r.Close()
	gc, err := r.Col(group)
	if err != nil {
		return nil, nil, err
	}
	vc, err := r.Col(value)
	if err != nil {
		return nil, nil, err
	}
	groups := map[string][]float64{}
	for r.Next() {
		l, err := r.Text(gc)
		if err != nil {
			return nil, nil, err
		}
		v, err := r.Float(vc)
		if err != nil {
			return nil, nil, err
		}
		g, ok := groups[string(l)]
		if !ok {
			if err := acct.Grow(int64(len(l)) + 64); err != nil {
				return nil, nil, err
			}
		}
		was := cap(g)
		g = append(g, v)
		groups[string(l)] = g
		if err := acct.Grow(8 * int64(cap(g)-was)); err != nil {
			return nil, nil, err
		}
	}
	if err := r.Err(); err != nil {
		return nil, nil, err
	}
	labels := make([]string, 0, len(groups))
	for l := range groups {
		labels = append(labels, l)
	}
	slices.Sort(labels)
	return labels, groups, nil
}
