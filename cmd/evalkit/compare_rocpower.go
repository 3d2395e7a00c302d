package main

import (
	"errors"
	"flag"
	"math"
	"strings"

	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/task"
)

func init() {
	registerCompare(&compareTest{"roc-power", "power and sample size of a study of one AUC against 0.5 or of two paired AUCs, as pROC's power.roc.test (Obuchowski's method)", runROCPower})
}

// rocPowerBinormalFlags are the flags of the two-AUC form only.
var rocPowerBinormalFlags = []string{"auc2", "a1", "a2", "b1", "b2", "r-cases", "r-controls", "delta", "fpr-range"}

func runROCPower(e *env, args []string) error {
	fs, format := newCompareFlags("roc-power")
	auc := fs.Float64("auc1", math.NaN(), "the AUC to detect, in (0.5, 1); with --auc2, curve 1's AUC, in (0, 1)")
	auc2 := fs.Float64("auc2", math.NaN(), "curve 2's AUC, in (0, 1): a study of two paired AUCs (binormal, A = Φ⁻¹(AUC) √(1 + B²))")
	a1 := fs.Float64("a1", math.NaN(), "curve 1's binormal A, instead of --auc1")
	a2 := fs.Float64("a2", math.NaN(), "curve 2's binormal A, instead of --auc2")
	b1 := fs.Float64("b1", 1, "curve 1's binormal B, > 0")
	b2 := fs.Float64("b2", 1, "curve 2's binormal B, > 0")
	rCases := fs.Float64("r-cases", math.NaN(), "correlation of the two scores among the cases (pROC's ra; required with two AUCs)")
	rControls := fs.Float64("r-controls", math.NaN(), "correlation of the two scores among the controls (pROC's rn; required with two AUCs)")
	delta := fs.Float64("delta", math.NaN(), "the difference of the AUCs to detect (default AUC 1 − AUC 2; required with --fpr-range)")
	fprRange := fs.String("fpr-range", "", "LO,HI: the partial AUCs over this false positive rate range (two AUCs)")
	ncases := fs.Float64("ncases", math.NaN(), "positives (cases)")
	ncontrols := fs.Float64("ncontrols", math.NaN(), "negatives (controls)")
	kappa := fs.Float64("kappa", math.NaN(), "controls a case (default 1, or the data's, when only one of --ncases and --ncontrols is given, or neither)")
	power := fs.Float64("power", math.NaN(), "the power, in (0, 1)")
	sig := fs.Float64("sig-level", 0.05, "the significance level, in (0, 1); solved for when every other quantity is given and it is not")
	alternative := fs.String("alternative", "two-sided", "two-sided or one-sided")
	c := defineROCPair(fs, "; not offered: pROC has no power for unpaired curves")
	method := fs.String("method", "delong", "from data: the variances, delong, obuchowski (binormal) or bootstrap")
	boot := fs.Int("bootstrap", 2000, "--method bootstrap: replicates (at least 100)")
	seed := fs.Uint64("seed", 1, "--method bootstrap: seed of the replicates (PCG)")
	pos, f, err := filesTask(e, fs, args, format)
	if err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	oneSided := false
	switch *alternative {
	case "two-sided":
	case "one-sided":
		oneSided = true
	default:
		return usagef("%s: --alternative must be two-sided or one-sided, got %q", fs.Name(), *alternative)
	}
	if set["ncases"] && set["ncontrols"] && set["kappa"] {
		return usagef("%s: give two of --ncases, --ncontrols and --kappa, not three", fs.Name())
	}
	sample := set["ncases"] || set["ncontrols"]
	data := len(pos) > 0 || set["score-a"] || set["score-b"] || set["unpaired"] || set["true"] || set["pos-label"]
	two := false
	for _, n := range rocPowerBinormalFlags {
		two = two || set[n]
	}
	if given := givenOf(set, []string{"method", "bootstrap", "seed"}); !data && given != "" {
		return usagef("%s: %s applies to data (FILE with --score-a and --score-b)", fs.Name(), given)
	}
	if data {
		if given := givenOf(set, append([]string{"auc1"}, rocPowerBinormalFlags...)); given != "" {
			return usagef("%s: %s and data (FILE with --score-a and --score-b) do not go together: the data give the AUCs", fs.Name(), given)
		}
		if *c.unpaired {
			return usagef("%s: --unpaired is not offered: pROC's power.roc.test has no power for unpaired curves", fs.Name())
		}
		file, err := c.file(fs, pos)
		if err != nil {
			return err
		}
		if err := c.needScores(fs); err != nil {
			return err
		}
		if *method != "delong" && *method != "obuchowski" && *method != "bootstrap" {
			return usagef("%s: --method must be delong, obuchowski or bootstrap, got %q", fs.Name(), *method)
		}
		if (set["bootstrap"] || set["seed"]) && *method != "bootstrap" {
			return usagef("%s: --bootstrap and --seed go with --method bootstrap", fs.Name())
		}
		if *boot < 100 {
			return usagef("%s: --bootstrap must be at least 100, got %d", fs.Name(), *boot)
		}
		st := hyptest.ROCDiffPower{Cases: *ncases, Controls: *ncontrols, Kappa: *kappa, SigLevel: *sig, Power: *power, OneSided: oneSided}
		if !set["kappa"] {
			st.Kappa = 0
		}
		if !set["ncontrols"] {
			st.Controls = 0
		}
		if set["kappa"] && !set["power"] && !sample {
			return usagef("%s: with data and neither --power nor --ncases/--ncontrols, the sample is the data's: --kappa has nothing to set", fs.Name())
		}
		if set["power"] && sample {
			if set["sig-level"] {
				return usagef("%s: with data, --power, the sample and --sig-level leave nothing to solve: leave one out", fs.Name())
			}
			st.SigLevel = math.NaN()
		}
		t := task.ROCPower{DeLong: c.task(fs), Method: *method, Replicates: *boot, Seed: *seed, Study: st}
		out, err := readFile(e, file, t.Read)
		if err := rocPowerError(fs, delongError(err)); err != nil {
			return err
		}
		return emit(e, f, out, func() *report.Doc { return report.ROCPowerData(out) })
	}
	if len(pos) > 0 {
		return usagef("%s: takes no FILE without --score-a and --score-b, got %s", fs.Name(), strings.Join(pos, " "))
	}
	if !two {
		return rocPowerOne(e, fs, f, set, hyptest.ROCPower{AUC: *auc, Cases: *ncases, Controls: *ncontrols, Kappa: *kappa, SigLevel: *sig, Power: *power, OneSided: oneSided})
	}
	// Two AUCs, binormal.
	p := hyptest.ROCDiffPower{Delta: *delta, Cases: *ncases, Controls: *ncontrols, Kappa: *kappa, SigLevel: *sig, Power: *power, OneSided: oneSided}
	b := hyptest.BinormalPair{B1: *b1, B2: *b2, RCases: *rCases, RControls: *rControls}
	for _, cv := range []struct {
		auc, a, name string
		aucV, aV, bV float64
		dst          *float64
	}{{"auc1", "a1", "1", *auc, *a1, *b1, &b.A1}, {"auc2", "a2", "2", *auc2, *a2, *b2, &b.A2}} {
		switch {
		case set[cv.auc] && set[cv.a]:
			return usagef("%s: give --%s or --%s, not both", fs.Name(), cv.auc, cv.a)
		case set[cv.auc]:
			if !(cv.aucV > 0 && cv.aucV < 1) {
				return usagef("%s: --%s must be in (0, 1), got %v", fs.Name(), cv.auc, cv.aucV)
			}
			*cv.dst = hyptest.NormalQuantile(cv.aucV) * math.Hypot(1, cv.bV)
		case set[cv.a]:
			*cv.dst = cv.aV
		default:
			return usagef("%s: two AUCs need curve %s's --%s (or --%s)", fs.Name(), cv.name, cv.auc, cv.a)
		}
	}
	if !set["r-cases"] || !set["r-controls"] {
		return usagef("%s: two AUCs need --r-cases and --r-controls, the correlations of the two scores among the cases and among the controls", fs.Name())
	}
	if set["fpr-range"] {
		v, err := cli.ParseFloats(*fprRange, ",")
		if err != nil || len(v) != 2 {
			return usagef("%s: --fpr-range must be LO,HI, got %q", fs.Name(), *fprRange)
		}
		b.FPR = &[2]float64{v[0], v[1]}
		if !set["delta"] {
			return usagef("%s: --fpr-range needs --delta, the difference of the partial AUCs", fs.Name())
		}
	}
	if !set["kappa"] && !(set["ncases"] && set["ncontrols"]) {
		p.Kappa = 1 // pROC's default
	}
	if !set["sig-level"] && sample && set["power"] {
		p.SigLevel = math.NaN()
	}
	unknown := 0
	for _, given := range []bool{sample, !math.IsNaN(p.SigLevel), set["power"]} {
		if !given {
			unknown++
		}
	}
	if unknown != 1 {
		return usagef("%s: with two AUCs, give all but one of --ncases/--ncontrols (with --kappa), --power and --sig-level (default 0.05, solved when the rest are given): %d are missing", fs.Name(), unknown)
	}
	out, err := p.SolveBinormal(b)
	if err != nil {
		return usagef("%s: %v", fs.Name(), cli.FlagText(err.Error()))
	}
	return emit(e, f, &out, func() *report.Doc { return report.ROCDiffPower(&out) })
}

// rocPowerOne is the one-AUC form of compare roc-power.
func rocPowerOne(e *env, fs *flag.FlagSet, f report.Format, set map[string]bool, p hyptest.ROCPower) error {
	if !set["kappa"] && !(set["ncases"] && set["ncontrols"]) {
		p.Kappa = 1 // pROC's default
	}
	sample := set["ncases"] || set["ncontrols"]
	if !set["sig-level"] && set["auc1"] && sample && set["power"] {
		p.SigLevel = math.NaN()
	}
	unknown := 0
	for _, given := range []bool{set["auc1"], sample, !math.IsNaN(p.SigLevel), set["power"]} {
		if !given {
			unknown++
		}
	}
	if unknown != 1 {
		return usagef("%s: give all but one of --auc1, --ncases/--ncontrols (with --kappa), --power and --sig-level (default 0.05, solved when the rest are given): %d are missing", fs.Name(), unknown)
	}
	out, err := p.Solve()
	if err != nil {
		return usagef("%s: %v", fs.Name(), cli.FlagText(err.Error()))
	}
	return emit(e, f, &out, func() *report.Doc { return report.ROCPower(&out) })
}

// givenOf returns the first of names that was set, as a flag ("--name"),
// or "".
func givenOf(set map[string]bool, names []string) string {
	for _, n := range names {
		if set[n] {
			return "--" + n
		}
	}
	return ""
}

// rocPowerError words a data study's errors of the options (out of
// range, no solution in range) as usage errors; the data's errors (such
// as a variance that is not positive) stay as they are.
func rocPowerError(fs *flag.FlagSet, err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, hyptest.ErrNoRoot) || strings.Contains(err.Error(), "hyptest.ROCDiffPower.") {
		return usagef("%s: %v", fs.Name(), cli.FlagText(err.Error()))
	}
	return err
}
