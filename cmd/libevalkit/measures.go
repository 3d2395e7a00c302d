package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/task"
)

// The narrow calls below give one measure (or one curve) of the core
// without the rest of a task's report: the entry points of
// evalkit.metrics where no task prints the measure (every vertex of a
// curve, the ranking measures of relevance matrices). Their JSON is an
// object of the measure's parts.

// evalCurve is the curve named by the curve option ("roc", "pr" or "det")
// of binary scores: the labels ("true"), the scores ("score") and the
// weights ("weight", optional) read as task.Rank reads them, the curve of
// the score table (rank.Table.ROC, PR, DET): {"x": …, "y": …,
// "thresholds": …}, x and y the curve's rates (fpr and tpr; precision and
// recall; fpr and fnr).
func evalCurve(options []byte, in *Input) ([]byte, error) {
	fs := flag.NewFlagSet("curve", flag.ContinueOnError)
	posLabel := fs.String("pos-label", "", "positive label")
	curve := fs.String("curve", "roc", "roc, pr or det")
	drop := fs.Bool("drop-intermediate", true, "roc: drop the vertices collinear with both neighbours")
	if err := parseOptions(fs, options); err != nil {
		return nil, err
	}
	tb, s, err := scoreTable("curve", in, *posLabel)
	if err != nil {
		return nil, err
	}
	defer s.Close()
	var x, yy, th []float64
	switch *curve {
	case "roc":
		c, err := tb.ROC(*drop)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", in.name(), err)
		}
		x, yy, th = c.FPR, c.TPR, c.Thresholds
	case "pr":
		c, err := tb.PR()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", in.name(), err)
		}
		x, yy, th = c.Precision, c.Recall, c.Thresholds
	case "det":
		c, err := tb.DET()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", in.name(), err)
		}
		x, yy, th = c.FPR, c.FNR, c.Thresholds
	default:
		return nil, cli.Usagef("curve: curve %q is not roc, pr or det", *curve)
	}
	return json.Marshal(map[string]any{"x": finite(x), "y": finite(yy), "thresholds": finite(th), "pos_label": s.PosLabel})
}

// scoreTable reads the labels ("true"), the scores ("score") and the
// weights ("weight", optional) of in as task.Rank reads them, with the
// positive label posLabel ("" the default rule), into the exact score
// table. The caller closes the scores.
func scoreTable(taskName string, in *Input, posLabel string) (*rank.Table, *task.RankScores, error) {
	y, err := in.labels(taskName, "true")
	if err != nil {
		return nil, nil, err
	}
	score, err := in.value1(taskName, "score")
	if err != nil {
		return nil, nil, err
	}
	if score == nil {
		return nil, nil, cli.Usagef("%s: no scores given", taskName)
	}
	w, err := in.value1(taskName, "weight")
	if err != nil {
		return nil, nil, err
	}
	weight := ""
	if w != nil {
		weight = "sample_weight"
	}
	t := &task.Rank{True: "y_true", Score: "y_score", Weight: weight, PosLabel: posLabel, Memory: math.MaxInt64}
	s, err := t.ReadArrays(in.name(), y, score, w)
	if err != nil {
		return nil, nil, cli.TaskError("rank", err)
	}
	tb, err := s.Table()
	if err != nil {
		s.Close()
		return nil, nil, err
	}
	return tb, s, nil
}

// evalScore is one measure of binary scores, without the rest of rank's
// report: the measure option names it (roc_auc; partial_auc with
// max_fpr, McClish's standardized partial AUC; average_precision;
// log_loss; brier), read from the exact score table (rank.Table.AUC,
// PartialAUC, AveragePrecision, LogLoss, Brier) of the rows read as
// evalCurve reads them. The result is {"value": …, "pos_label": …}.
func evalScore(options []byte, in *Input) ([]byte, error) {
	fs := flag.NewFlagSet("score", flag.ContinueOnError)
	posLabel := fs.String("pos-label", "", "positive label")
	measure := fs.String("measure", "roc_auc", "roc_auc, partial_auc, average_precision, log_loss or brier")
	maxFPR := fs.Float64("max-fpr", 1, "partial_auc: the largest false-positive rate")
	if err := parseOptions(fs, options); err != nil {
		return nil, err
	}
	var pos string
	v, err := scoreMeasure(in, *posLabel, *measure, *maxFPR, &pos)
	if err != nil {
		return nil, err
	}
	return json.Marshal(map[string]any{"value": v, "pos_label": pos})
}

// scoreMeasure is the measure named measure of the score table of in
// (scoreTable) with the positive label posLabel, and in posName, when
// given, the positive label's name.
func scoreMeasure(in *Input, posLabel, measure string, maxFPR float64, posName ...*string) (float64, error) {
	if err := checkScoreMeasure(measure); err != nil {
		return 0, err
	}
	tb, s, err := scoreTable("score", in, posLabel)
	if err != nil {
		return 0, err
	}
	defer s.Close()
	for _, p := range posName {
		*p = s.PosLabel
	}
	v, err := tableMeasure(tb, measure, maxFPR)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", in.name(), err)
	}
	return v, nil
}

// checkScoreMeasure returns a usage error unless measure names a measure
// of tableMeasure.
func checkScoreMeasure(measure string) error {
	switch measure {
	case "roc_auc", "partial_auc", "average_precision", "log_loss", "brier":
		return nil
	}
	return cli.Usagef("score: measure %q is not roc_auc, partial_auc, average_precision, log_loss or brier", measure)
}

// tableMeasure is the measure named measure (checkScoreMeasure) of the
// score table tb: rank.Table.AUC, PartialAUC at maxFPR,
// AveragePrecision, LogLoss or Brier.
func tableMeasure(tb *rank.Table, measure string, maxFPR float64) (float64, error) {
	switch measure {
	case "roc_auc":
		return tb.AUC()
	case "partial_auc":
		return tb.PartialAUC(maxFPR)
	case "average_precision":
		return tb.AveragePrecision()
	case "log_loss":
		return tb.LogLoss()
	}
	return tb.Brier()
}

// finite is v with ±Inf as the strings "inf" and "-inf" and NaN as
// null, which JSON has no numbers for.
func finite(v []float64) []any {
	out := make([]any, len(v))
	for i, x := range v {
		switch {
		case math.IsInf(x, 1):
			out[i] = "inf"
		case math.IsInf(x, -1):
			out[i] = "-inf"
		case math.IsNaN(x):
			out[i] = nil
		default:
			out[i] = x
		}
	}
	return out
}

// evalRanking is a ranking measure of n samples' k labels (or documents):
// k columns of the truth ("true": relevances for dcg and ndcg, 0/1
// membership for the others), k columns of scores ("score") and the
// samples' weights ("weight", optional); the measure option names the
// measure (rank.DCG, rank.NDCG, rank.LRAP, rank.CoverageError,
// rank.LabelRankingLoss), k and ignore_ties those of DCG and NDCG. The
// result is {"value": …}.
func evalRanking(options []byte, in *Input) ([]byte, error) {
	fs := flag.NewFlagSet("ranking", flag.ContinueOnError)
	measure := fs.String("measure", "ndcg", "dcg, ndcg, lrap, coverage or label_ranking_loss")
	k := fs.Int("k", 0, "dcg, ndcg: the first k positions (0: all)")
	ignoreTies := fs.Bool("ignore-ties", false, "dcg, ndcg: rank tied labels in index order")
	if err := parseOptions(fs, options); err != nil {
		return nil, err
	}
	truth, score := in.values("true"), in.values("score")
	if len(truth) == 0 || len(truth) != len(score) {
		return nil, cli.Usagef("ranking: %d truth columns and %d score columns, the same number (at least 1) expected", len(truth), len(score))
	}
	w, err := in.value1("ranking", "weight")
	if err != nil {
		return nil, err
	}
	rows := func(cols [][]float64) [][]float64 {
		n := len(cols[0])
		flat := make([]float64, n*len(cols))
		out := make([][]float64, n)
		for i := range out {
			out[i] = flat[i*len(cols) : (i+1)*len(cols)]
			for j, c := range cols {
				out[i][j] = c[i]
			}
		}
		return out
	}
	s := rows(score)
	var bools [][]bool
	if *measure != "dcg" && *measure != "ndcg" {
		bools = make([][]bool, len(s))
		flat := make([]bool, len(s)*len(truth))
		for i := range bools {
			bools[i] = flat[i*len(truth) : (i+1)*len(truth)]
			for j, c := range truth {
				bools[i][j] = c[i] != 0
			}
		}
	}
	var v float64
	switch *measure {
	case "dcg":
		v, err = rank.DCG(rows(truth), s, *k, *ignoreTies, w)
	case "ndcg":
		v, err = rank.NDCG(rows(truth), s, *k, *ignoreTies, w)
	case "lrap":
		v, err = rank.LRAP(bools, s, w)
	case "coverage":
		v, err = rank.CoverageError(bools, s, w)
	case "label_ranking_loss":
		v, err = rank.LabelRankingLoss(bools, s, w)
	default:
		return nil, cli.Usagef("ranking: measure %q is not dcg, ndcg, lrap, coverage or label_ranking_loss", *measure)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", in.name(), err)
	}
	return json.Marshal(map[string]float64{"value": v})
}
