package main

import (
	"flag"
	"math"

	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/report"
)

func init() {
	registerCompare(&compareTest{"roc-power", "power and sample size of a study of one AUC against 0.5, as pROC's power.roc.test (Obuchowski's method)", runROCPower})
}

func runROCPower(e *env, args []string) error {
	fs, format := newCompareFlags("roc-power")
	auc := fs.Float64("auc1", math.NaN(), "the AUC to detect, in (0.5, 1)")
	ncases := fs.Float64("ncases", math.NaN(), "positives (cases)")
	ncontrols := fs.Float64("ncontrols", math.NaN(), "negatives (controls)")
	kappa := fs.Float64("kappa", math.NaN(), "controls a case (default 1 when only one of --ncases and --ncontrols is given, or neither)")
	power := fs.Float64("power", math.NaN(), "the power, in (0, 1)")
	sig := fs.Float64("sig-level", 0.05, "the significance level, in (0, 1); solved for when every other quantity is given and it is not")
	alternative := fs.String("alternative", "two-sided", "two-sided or one-sided")
	f, err := noFileTask(e, fs, args, format)
	if err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	if set["auc2"] {
		return usagef("%s: --auc2 is not offered", fs.Name())
	}
	p := hyptest.ROCPower{AUC: *auc, Cases: *ncases, Controls: *ncontrols, Kappa: *kappa, SigLevel: *sig, Power: *power}
	switch *alternative {
	case "two-sided":
	case "one-sided":
		p.OneSided = true
	default:
		return usagef("%s: --alternative must be two-sided or one-sided, got %q", fs.Name(), *alternative)
	}
	if set["ncases"] && set["ncontrols"] && set["kappa"] {
		return usagef("%s: give two of --ncases, --ncontrols and --kappa, not three", fs.Name())
	}
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
