package rank

import (
	"compress/gzip"
	"encoding/json"
	"math"
	"os"
	"slices"
	"strconv"
	"testing"
)

// within reports whether got agrees with want to 1e-9 relative (absolute
// near zero). Both NaN (null in the golden files) also agree.
func within(got, want float64) bool {
	if math.IsNaN(want) || math.IsInf(want, 0) {
		return math.IsNaN(got) && math.IsNaN(want) || got == want
	}
	return math.Abs(got-want) <= 1e-9*math.Max(1, math.Abs(want))
}

// fnum is a JSON number that may be null (NaN or ±∞ in the oracle).
type fnum float64

func (f *fnum) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*f = fnum(math.NaN())
		return nil
	}
	v, err := strconv.ParseFloat(string(b), 64)
	*f = fnum(v)
	return err
}

func floats(a []fnum) []float64 {
	out := make([]float64, len(a))
	for i, v := range a {
		out[i] = float64(v)
	}
	return out
}

type binaryCase struct {
	Name     string    `json:"name"`
	Labels   []string  `json:"labels"`
	PosLabel *string   `json:"pos_label"`
	Y        []bool    `json:"y"`
	Score    []float64 `json:"score"`
	Weight   []float64 `json:"weight"`
	Expected struct {
		N             int                `json:"n"`
		Positives     float64            `json:"positives"`
		Negatives     float64            `json:"negatives"`
		ROCAUC        float64            `json:"roc_auc"`
		AP            float64            `json:"average_precision"`
		PRAUC         float64            `json:"pr_auc_trapezoid"`
		BEP           float64            `json:"bep"`
		RankLoss      *float64           `json:"rank_loss"`
		LogLoss       *float64           `json:"log_loss"`
		Brier         *float64           `json:"brier"`
		ECE10         *float64           `json:"ece_10"`
		PartialAUC    map[string]float64 `json:"partial_auc"`
		ROC           map[string][]fnum  `json:"roc_curve"`
		ROCFull       map[string][]fnum  `json:"roc_curve_full"`
		PR            map[string][]fnum  `json:"pr_curve"`
		DET           map[string][]fnum  `json:"det_curve"`
		CalUniform5   map[string][]fnum  `json:"calibration_uniform_5"`
		CalUniform10  map[string][]fnum  `json:"calibration_uniform_10"`
		CalQuantile5  map[string][]fnum  `json:"calibration_quantile_5"`
		CalQuantile10 map[string][]fnum  `json:"calibration_quantile_10"`
		Thresholds    map[string]any     `json:"thresholds"`
		// hinge_loss, log_loss(normalize=False) and log_loss(eps=…)
		HingeLoss     float64            `json:"hinge_loss"`
		LogLossSum    *float64           `json:"log_loss_sum"`
		LogLossEps    map[string]float64 `json:"log_loss_eps"`
		LogLossSumEps map[string]float64 `json:"log_loss_sum_eps"`
	} `json:"expected"`
}

type binaryGolden struct {
	Source string       `json:"source"`
	Cases  []binaryCase `json:"cases"`
}

func loadGz(t testing.TB, path string, v any) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.NewDecoder(z).Decode(v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

var binaryCache *binaryGolden

func loadBinary(t testing.TB) *binaryGolden {
	if binaryCache == nil {
		var g binaryGolden
		loadGz(t, "testdata/binary.json.gz", &g)
		binaryCache = &g
	}
	return binaryCache
}

func checkSlice(t *testing.T, what string, got []float64, want []fnum) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: %d points, want %d", what, len(got), len(want))
		return
	}
	for i := range got {
		w := float64(want[i])
		g := got[i]
		if math.IsInf(g, 1) && math.IsNaN(w) { // +∞ threshold is null in JSON
			continue
		}
		if !within(g, w) {
			t.Errorf("%s[%d] = %v, want %v", what, i, g, w)
			return
		}
	}
}

func checkNum(t *testing.T, what string, got, want float64) {
	t.Helper()
	if !within(got, want) {
		t.Errorf("%s = %.17g, want %.17g", what, got, want)
	}
}

// TestBinaryGolden compares every measure with the oracle values of
// testdata/binary.json.gz (scikit-learn 1.2.1 and numpy 1.24.2, written by
// tools/oracle/rank_binary.py), to 1e-9 relative.
func TestBinaryGolden(t *testing.T) {
	g := loadBinary(t)
	if len(g.Cases) < 200 {
		t.Fatalf("only %d golden cases", len(g.Cases))
	}
	for _, c := range g.Cases {
		t.Run(c.Name, func(t *testing.T) {
			e := &c.Expected
			tb, err := NewTable(c.Score, c.Y, c.Weight)
			if err != nil {
				t.Fatal(err)
			}
			if tb.Rows != int64(e.N) {
				t.Errorf("rows = %d, want %d", tb.Rows, e.N)
			}
			checkNum(t, "positives", tb.Positives(), e.Positives)
			checkNum(t, "negatives", tb.Negatives(), e.Negatives)
			auc, err := tb.AUC()
			if err != nil {
				t.Fatal(err)
			}
			checkNum(t, "roc_auc", auc, e.ROCAUC)
			rl, _ := tb.RankLoss()
			checkNum(t, "1-rank_loss", 1-rl, e.ROCAUC)
			if e.RankLoss != nil {
				checkNum(t, "rank_loss", rl, *e.RankLoss)
			}
			ap, _ := tb.AveragePrecision()
			checkNum(t, "average_precision", ap, e.AP)
			pa, _ := tb.PRAUCTrapezoid()
			checkNum(t, "pr_auc_trapezoid", pa, e.PRAUC)
			bep, _ := tb.BEP()
			checkNum(t, "bep", bep, e.BEP)
			for m, want := range e.PartialAUC {
				x, _ := strconv.ParseFloat(m, 64)
				got, err := tb.PartialAUC(x)
				if err != nil {
					t.Fatal(err)
				}
				checkNum(t, "partial_auc("+m+")", got, want)
			}
			roc, _ := tb.ROC(true)
			checkSlice(t, "roc.fpr", roc.FPR, e.ROC["fpr"])
			checkSlice(t, "roc.tpr", roc.TPR, e.ROC["tpr"])
			checkSlice(t, "roc.thresholds", roc.Thresholds, e.ROC["thresholds"])
			if e.ROCFull != nil {
				roc, _ := tb.ROC(false)
				checkSlice(t, "rocfull.fpr", roc.FPR, e.ROCFull["fpr"])
				checkSlice(t, "rocfull.tpr", roc.TPR, e.ROCFull["tpr"])
				checkSlice(t, "rocfull.thresholds", roc.Thresholds, e.ROCFull["thresholds"])
			}
			pr, _ := tb.PR()
			checkSlice(t, "pr.precision", pr.Precision, e.PR["precision"])
			checkSlice(t, "pr.recall", pr.Recall, e.PR["recall"])
			checkSlice(t, "pr.thresholds", pr.Thresholds, e.PR["thresholds"])
			if e.DET != nil {
				d, _ := tb.DET()
				checkSlice(t, "det.fpr", d.FPR, e.DET["fpr"])
				checkSlice(t, "det.fnr", d.FNR, e.DET["fnr"])
				checkSlice(t, "det.thresholds", d.Thresholds, e.DET["thresholds"])
				checkReportDET(t, tb, d, e.DET)
			}
			hl, err := tb.HingeLoss()
			if err != nil {
				t.Fatal(err)
			}
			checkNum(t, "hinge_loss", hl, e.HingeLoss)
			if e.LogLossSum != nil {
				sum, _, err := tb.LogLossSum(0)
				if err != nil {
					t.Fatal(err)
				}
				checkNum(t, "log_loss_sum", sum, *e.LogLossSum)
				for k, want := range e.LogLossEps {
					eps, _ := strconv.ParseFloat(k, 64)
					_, mean, _ := tb.LogLossSum(eps)
					checkNum(t, "log_loss eps="+k, mean, want)
				}
				for k, want := range e.LogLossSumEps {
					eps, _ := strconv.ParseFloat(k, 64)
					sum, _, _ := tb.LogLossSum(eps)
					checkNum(t, "log_loss_sum eps="+k, sum, want)
				}
			}
			if e.LogLoss != nil {
				ll, err := tb.LogLoss()
				if err != nil {
					t.Fatal(err)
				}
				checkNum(t, "log_loss", ll, *e.LogLoss)
				br, _ := tb.Brier()
				checkNum(t, "brier", br, *e.Brier)
			}
			for _, cal := range []struct {
				want  map[string][]fnum
				bins  int
				strat Binning
			}{{e.CalUniform5, 5, Uniform}, {e.CalUniform10, 10, Uniform}, {e.CalQuantile5, 5, Quantile}, {e.CalQuantile10, 10, Quantile}} {
				if cal.want == nil {
					continue
				}
				cc, err := tb.Calibration(cal.bins, cal.strat)
				if err != nil {
					t.Fatal(err)
				}
				what := "calibration" + strconv.Itoa(cal.bins) + []string{"uniform", "quantile"}[cal.strat]
				checkSlice(t, what+".prob_true", cc.ProbTrue, cal.want["prob_true"])
				checkSlice(t, what+".prob_pred", cc.ProbPred, cal.want["prob_pred"])
				if cal.bins == 10 && cal.strat == Uniform {
					checkNum(t, "ece", cc.ECE, *e.ECE10)
				}
			}
			if th := e.Thresholds; th != nil {
				check := func(name string, got Operating) {
					want := th[name].(map[string]any)
					wt, _ := want["threshold"].(float64)
					if want["threshold"] == nil {
						wt = math.Inf(1)
					}
					if got.Threshold != wt {
						t.Errorf("%s threshold = %v, want %v", name, got.Threshold, wt)
					}
					checkNum(t, name+" value", got.Value, want["value"].(float64))
				}
				y, _ := tb.Youden()
				check("youden", y)
				f1, _ := tb.MaxFBeta(1)
				check("fbeta1", f1)
				f2, _ := tb.MaxFBeta(2)
				check("fbeta2", f2)
				mc, _ := tb.MinCost(1, 5)
				check("cost", mc)
				cc, _ := tb.CostCurve()
				checkNum(t, "cost_curve_area", cc.Area, th["cost_curve_area"].(float64))
			}
		})
	}
}

// TestReportLossesGolden checks the report's hinge_loss, log_loss and
// log_loss_sum, with the default clipping and with Options.LogLossEps,
// against scikit-learn 1.2.1 (testdata/binary.json.gz: hinge_loss,
// log_loss(normalize=False), log_loss(eps=0.1)).
func TestReportLossesGolden(t *testing.T) {
	for _, c := range loadBinary(t).Cases {
		t.Run(c.Name, func(t *testing.T) {
			tb, err := NewTable(c.Score, c.Y, c.Weight)
			if err != nil {
				t.Fatal(err)
			}
			e := c.Expected
			for _, eps := range []float64{0, 0.1} {
				opt := DefaultOptions()
				opt.Curves, opt.LogLossEps = false, eps
				rep, err := NewReport(tb, opt)
				if err != nil {
					t.Fatal(err)
				}
				checkNum(t, "hinge_loss", *rep.HingeLoss, e.HingeLoss)
				if e.LogLossSum == nil { // the oracle has no log loss for scores of kind "real"
					continue
				}
				if eps == 0 {
					checkNum(t, "log_loss", *rep.LogLoss, *e.LogLoss)
					checkNum(t, "log_loss_sum", *rep.LogLossSum, *e.LogLossSum)
				} else {
					checkNum(t, "log_loss eps=0.1", *rep.LogLoss, e.LogLossEps["0.1"])
					checkNum(t, "log_loss_sum eps=0.1", *rep.LogLossSum, e.LogLossSumEps["0.1"])
				}
			}
		})
	}
}

// checkReportDET checks the report's det_curve: unthinned (curve points
// 0), scikit-learn's det_curve; thinned to 4 points, at most 4 of the
// full curve's own vertices (fewer when the rest are collinear), its
// first and its last among them, in order.
func checkReportDET(t *testing.T, tb *Table, full DETCurve, want map[string][]fnum) {
	t.Helper()
	opt := DefaultOptions()
	opt.CurvePoints = 0
	rep, err := NewReport(tb, opt)
	if err != nil {
		t.Fatal(err)
	}
	checkSlice(t, "report det_curve.fpr", rep.DETCurve.FPR, want["fpr"])
	checkSlice(t, "report det_curve.fnr", rep.DETCurve.FNR, want["fnr"])
	checkSlice(t, "report det_curve.thresholds", rep.DETCurve.Thresholds, want["thresholds"])
	// The page's DET figure, unthinned, is the same curve, bit for bit.
	opt.Figures, opt.FigurePoints = true, 0
	if rep, err = NewReport(tb, opt); err != nil {
		t.Fatal(err)
	}
	if f, d := rep.Figures.DET, rep.DETCurve; !slices.Equal(f.FPR, d.FPR) || !slices.Equal(f.FNR, d.FNR) || !slices.Equal(f.Thresholds, d.Thresholds) {
		t.Errorf("the figure's DET curve %v differs from det_curve %v", f, *d)
	}
	opt.Figures = false
	opt.CurvePoints = 4
	rep, err = NewReport(tb, opt)
	if err != nil {
		t.Fatal(err)
	}
	d := rep.DETCurve
	if m := len(full.FPR); len(d.FPR) > min(m, 4) || len(d.FPR) < min(m, 2) {
		t.Fatalf("thinned det_curve: %d points of %d", len(d.FPR), m)
	}
	if len(d.FPR) == 0 {
		return
	}
	j := 0
	for i := range d.FPR {
		for j < len(full.FPR) && full.Thresholds[j] != d.Thresholds[i] {
			j++
		}
		if j == len(full.FPR) || full.FPR[j] != d.FPR[i] || full.FNR[j] != d.FNR[i] {
			t.Fatalf("thinned det_curve point %d (%v, %v, %v) is not a vertex of the full curve, in order", i, d.FPR[i], d.FNR[i], d.Thresholds[i])
		}
	}
	if d.Thresholds[0] != full.Thresholds[0] || d.Thresholds[len(d.FPR)-1] != full.Thresholds[len(full.FPR)-1] {
		t.Error("thinned det_curve lost an end of the full curve")
	}
	if len(full.FPR) > 4 && (rep.CurveThinning == nil || !(rep.CurveThinning.DETCurve >= 0)) {
		t.Error("thinned det_curve: no curve_thinning_error.det_curve")
	}
}
