package cli

import (
	"reflect"
	"slices"
	"strings"
)

// The library's errors and warnings name options in its own terms: a Go
// name qualified by its package, such as rank.Options.Bins or
// task.Classify.True. The command line prints them as its flags. terms is
// the one table of that mapping, applied by [FlagText] to every error
// [ExitCode] prints and by [FlagWarnings] to every result's warnings
// before the result is written, by evalkit and evalkit-beam alike.
//
// Most entries map a name to its flag. A few map a phrase around a name,
// where the command line words it differently: clearing
// regress.StateOptions.KeepValues is giving --bounded-memory. Where a name and
// a phrase holding it both start at the same place, the phrase comes
// first (the first entry that matches wins).
var terms = [][2]string{
	// Phrases.
	{"an epsilon, regress.StateOptions.MAPEEpsilon, bounds", "an epsilon, --mape-epsilon on the command line, bounds"},
	{"(regress.StateOptions.KeepValues)", "(Options.KeepValues; --bounded-memory on the command line)"},
	{"set regress.StateOptions.KeepValues", "drop --bounded-memory"},
	{"clear regress.StateOptions.KeepValues", "use --bounded-memory"},
	{"(regress.StateOptions.Moments)", "(Options.Moments; --ci sets it on the command line)"},
	{"rank.Binned.Lo,Hi", "--bin-range"},
	{"gate.Options.Intervals unset", "without --ci"},
	{"rank.Table.WriteCurvesCSV", "--curves-out FILE"},
	{"(cluster.InternalOptions.Metric precomputed)", "(--precomputed)"},
	{"cluster.InternalOptions.SilhouetteSample)", "--sample)"},
	{"evaluate it with task.Regress", "evaluate it with evalkit regress --true COL --pred COL"},

	// Names.
	{"board.Options.Adjust", "--adjust"},
	{"board.Options.Baseline", "--baseline"},
	{"board.Options.Bootstrap", "--bootstrap"},
	{"board.Options.Check(names)", "--pred"},
	{"board.Options.Compare", "--compare"},
	{"board.Options.Level", "--level"},
	{"board.Options.Primary", "--primary"},
	{"cluster.InternalOptions.MaxPairwise", "--pairwise-limit"},
	{"cluster.Options.Beta", "--beta"},
	{"gate.Options.Intervals", "--ci"},
	{"rank.Options.CalBins", "--cal-bins"},
	{"rank.Options.Conf", "--level"},
	{"rank.Options.CostFN", "--cost-fn"},
	{"rank.Options.CostFP", "--cost-fp"},
	{"rank.Options.K", "--k"},
	{"rank.Options.MaxFPR", "--max-fpr"},
	{"rank.Options.LogLossEps", "--log-loss-eps"},
	{"rank.Options.PAUCRange", "--pauc-range"},
	{"rank.Options.PAUCFocus", "--pauc-focus"},
	{"rank.Options.PAUCCorrect", "--pauc-correct"},
	{"rank.Options.AtSpecificity", "--at-specificity"},
	{"rank.Options.AtSensitivity", "--at-sensitivity"},
	{"rank.MultilabelOptions.Graded", "--graded"},
	{"rank.MultilabelOptions.K", "--k"},
	{"task.RankMultilabel.Trues", "--true"},
	{"task.RankMultilabel.Scores", "--score"},
	{"rank.Options.Smooth", "--smooth"},
	{"rank.Options.SmoothBW", "--smooth-bw"},
	{"rank.Options.SmoothKernel", "--smooth-kernel"},
	{"hyptest.ROCPower.AUC", "--auc1"},
	{"hyptest.ROCPower.Cases", "--ncases"},
	{"hyptest.ROCPower.Controls", "--ncontrols"},
	{"hyptest.ROCPower.Kappa", "--kappa"},
	{"hyptest.ROCPower.SigLevel", "--sig-level"},
	{"hyptest.ROCPower.Power", "--power"},
	{"hyptest.ROCDiffPower.Cases", "--ncases"},
	{"hyptest.ROCDiffPower.Controls", "--ncontrols"},
	{"hyptest.ROCDiffPower.Kappa", "--kappa"},
	{"hyptest.ROCDiffPower.SigLevel", "--sig-level"},
	{"hyptest.ROCDiffPower.Power", "--power"},
	{"hyptest.ROCDiffPower.Delta", "--delta"},
	{"hyptest.BinormalPair.A1", "--a1"},
	{"hyptest.BinormalPair.A2", "--a2"},
	{"hyptest.BinormalPair.B1", "--b1"},
	{"hyptest.BinormalPair.B2", "--b2"},
	{"hyptest.BinormalPair.RCases", "--r-cases"},
	{"hyptest.BinormalPair.RControls", "--r-controls"},
	{"hyptest.BinormalPair.FPR", "--fpr-range"},
	{"regress.Options.NFeatures", "--n-features"},
	{"regress.Options.Multioutput", "--multioutput"},
	{"regress.Options.OutputWeights", "--output-weights"},
	{"task.RankMulti.Renormalize", "--renormalize"},
	{"task.ABMeans.A", "--a"},
	{"task.ABTest.Alpha", "--alpha"},
	{"task.ABTest.MDE", "--mde"},
	{"budget.New", "--memory"},
	{"classify.Options.Labels", "--labels"},
	{"classify.Options.MaxMatrix", "--max-matrix"},
	{"cluster.InternalOptions.Budget", "--memory"},
	{"cluster.InternalOptions.SilhouetteSample", "--sample"},
	{"hyptest.CIOptions", "--ci"},
	{"text.BLEUOptions.MaxNgramOrder", "--max-ngram-order"},
	{"hyptest.SignedRankOptions.KeepSamples", "--plot"},
	{"rank.Report.AddIntervals", "--ci"},
	{"rank.Options.Bins", "--bins"},
	{"rank.Options.CalStrategy", "--cal-strategy"},
	{"rank.Options.CurvePoints", "--curve-points"},
	{"table.Options.MaxField", "--max-field"},
	{"task.ABMeans.B", "--b"},
	{"task.Classify.FloatLabels", "--allow-float-labels"},
	{"task.Classify.Pred", "--pred"},
	{"task.Classify.True", "--true"},
	{"task.ClassifyModels.FloatLabels", "--allow-float-labels"},
	{"task.ClassifyModels.Preds", "--pred"},
	{"task.ClassifyModels.True", "--true"},
	{"task.Cluster.Features", "--features"},
	{"task.Cluster.Preds", "--pred"},
	{"task.Cluster.True", "--true"},
	{"task.Friedman.Control", "--control"},
	{"task.Multilabel.Pred", "--pred"},
	{"task.Multilabel.True", "--true"},
	{"task.RankModels.Budget", "--memory"},
	{"task.RankModels.Scores", "--score"},
	{"task.Slices.By", "--by"},
	{"task.Slices.MaxSlices", "--max-slices"},
	{"task.Slices.MinRows", "--min-slice-rows"},
	{"task.Split.IndexLists", "--emit json"},
	{"task.Split.Name", "--name"},
	{"task.SplitResult.WriteAssign", "--emit assign"},
	{"task.SplitResult.WriteData", "--emit data"},
}

// termReplacer replaces the longest name first, so that an option whose
// name extends another's (rank.Options.SmoothBW, rank.Options.Smooth) is
// replaced whole: a strings.Replacer tries its pairs in order.
var termReplacer = func() *strings.Replacer {
	sorted := slices.Clone(terms)
	slices.SortStableFunc(sorted, func(a, b [2]string) int { return len(b[0]) - len(a[0]) })
	var pairs []string
	for _, t := range sorted {
		pairs = append(pairs, t[0], t[1])
	}
	return strings.NewReplacer(pairs...)
}()

// FlagText returns s, a message of the library, in the command line's
// terms: each option the library names is replaced by its flag.
func FlagText(s string) string { return termReplacer.Replace(s) }

// FlagWarnings rewrites in place, with [FlagText], every warning of the
// result v: each string of a field Warnings []string of v or of any value
// v holds through exported fields, pointers, interfaces, slices, arrays
// and maps. Call it once, before v is written.
func FlagWarnings(v any) {
	flagWarnings(reflect.ValueOf(v), map[uintptr]bool{})
}

var stringsType = reflect.TypeOf([]string(nil))

func flagWarnings(v reflect.Value, seen map[uintptr]bool) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() || seen[v.Pointer()] {
			return
		}
		seen[v.Pointer()] = true
		flagWarnings(v.Elem(), seen)
	case reflect.Interface:
		if !v.IsNil() {
			flagWarnings(v.Elem(), seen)
		}
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			if f.Name == "Warnings" && f.Type == stringsType {
				// Elements of a slice can be set even when the struct
				// holding it cannot (a map's value, an interface's).
				w := v.Field(i)
				for j := range w.Len() {
					w.Index(j).SetString(FlagText(w.Index(j).String()))
				}
				continue
			}
			flagWarnings(v.Field(i), seen)
		}
	case reflect.Slice, reflect.Array:
		if !composite(v.Type().Elem().Kind()) {
			return
		}
		for i := range v.Len() {
			flagWarnings(v.Index(i), seen)
		}
	case reflect.Map:
		if !composite(v.Type().Elem().Kind()) {
			return
		}
		for it := v.MapRange(); it.Next(); {
			flagWarnings(it.Value(), seen)
		}
	}
}

// composite reports whether a value of kind k may hold warnings.
func composite(k reflect.Kind) bool {
	switch k {
	case reflect.Pointer, reflect.Interface, reflect.Struct, reflect.Slice, reflect.Array, reflect.Map:
		return true
	}
	return false
}
