package rank

import (
	"errors"
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/internal/fsum"
	"github.com/evalkit-go/evalkit/result"
)

// ErrNotBinary: a true value of a multilabel problem is not 0 or 1 where
// the measure needs membership (the ROC AUC, average precision, LRAP,
// coverage error and label ranking loss; DCG and NDCG also take graded
// relevance).
var ErrNotBinary = errors.New("not 0 or 1")

// ErrNegativeRelevance: a graded relevance is negative (NDCG's ideal DCG
// needs relevances ≥ 0, as scikit-learn's ndcg_score does).
var ErrNegativeRelevance = errors.New("negative relevance")

// MultilabelOptions are the options of a multilabel ranking report. The
// zero value is valid: DCG and NDCG over every label, ties sharing their
// discounts, true values 0 or 1.
type MultilabelOptions struct {
	// K is the cut-off of DCG and NDCG: only each sample's K top-scored
	// labels count. 0 means every label (scikit-learn's k=None).
	K int
	// IgnoreTies ranks tied scores in label order instead of sharing
	// their discounts (scikit-learn's ignore_ties).
	IgnoreTies bool
	// Graded reads the true values as graded relevances (finite, ≥ 0):
	// the report then has DCG and NDCG only, the other measures needing
	// membership (0 or 1).
	Graded bool
	// Weights names the weight column in the signature ("" for none).
	Weights string
}

// Check returns a *result.OptionError for an option out of its range.
func (o MultilabelOptions) Check() error {
	if o.K < 0 {
		return &result.OptionError{Task: "rank", Option: "rank.MultilabelOptions.K", Problem: fmt.Sprintf("must be at least 1 (0: every label), got %d", o.K)}
	}
	return nil
}

// Signature returns the signature of a multilabel ranking report of the
// true columns labels and the score columns scores with these options
// (task rank-multilabel): the columns, the relevance (binary or graded),
// k (all for 0), ignore_ties, weights and the version.
func (o MultilabelOptions) Signature(labels, scores []string) *result.Signature {
	rel, k := "binary", "all"
	if o.Graded {
		rel = "graded"
	}
	if o.K > 0 {
		k = fmt.Sprint(o.K)
	}
	return result.NewSignature("rank-multilabel").List("true", labels, "none").List("score", scores, "none").
		Add("relevance", rel).Add("k", k).Bool("ignore_ties", o.IgnoreTies).Column("weights", o.Weights)
}

// Multilabel holds the samples of a multilabel ranking problem: per
// sample, a true value and a score for each of its labels, and a weight.
// The measures need whole rows (each sample's ranking of its labels) and
// whole columns (each label's ranking of the samples), so it keeps every
// value: 16 bytes a label and a sample, 8 more a sample with weights.
// States of consecutive parts of the data combine with
// [Multilabel.Merge], in order, into the state of the whole: the report
// does not depend on how the rows were cut.
type Multilabel struct {
	labels          int
	graded          bool
	weighted        bool
	truth, score, w []float64 // truth and score row-major, labels a row
}

// NewMultilabel returns an empty state of samples with labels labels,
// their true values graded relevances (graded) or 0/1, weighted or not.
// It panics if labels < 1.
func NewMultilabel(labels int, graded, weighted bool) *Multilabel {
	if labels < 1 {
		panic("rank: NewMultilabel: labels < 1")
	}
	return &Multilabel{labels: labels, graded: graded, weighted: weighted}
}

// Labels returns the number of labels of a sample.
func (m *Multilabel) Labels() int { return m.labels }

// Rows returns the number of samples added.
func (m *Multilabel) Rows() int { return len(m.truth) / m.labels }

// Bytes returns the memory the samples hold.
func (m *Multilabel) Bytes() int64 {
	return int64(cap(m.truth)+cap(m.score)+cap(m.w)) * 8
}

// CheckTruth returns an error for a true value the state does not take:
// not finite (ErrNotFinite), not 0 or 1 without graded relevance
// (ErrNotBinary), or a negative graded relevance (ErrNegativeRelevance).
func (m *Multilabel) CheckTruth(v float64) error {
	switch {
	case math.IsNaN(v) || math.IsInf(v, 0):
		return fmt.Errorf("true value %v: %w", v, ErrNotFinite)
	case !m.graded && v != 0 && v != 1:
		return fmt.Errorf("true value %v is %w: the ROC AUC, average precision, LRAP, coverage error and label ranking loss need membership (rank.MultilabelOptions.Graded reads the values as graded relevances, for DCG and NDCG only)", v, ErrNotBinary)
	case m.graded && v < 0:
		return fmt.Errorf("relevance %v: %w: NDCG needs relevances ≥ 0", v, ErrNegativeRelevance)
	}
	return nil
}

// CheckScore returns an error wrapping ErrNotFinite for a NaN or infinite
// score.
func CheckScore(v float64) error {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Errorf("score %v: %w", v, ErrNotFinite)
	}
	return nil
}

// Add adds one sample: truth[j] and score[j] are the true value and the
// score of label j, w its weight (ignored when the state is unweighted).
// It returns the index of the label at fault (-1 for the weight) and an
// error for a value [Multilabel.CheckTruth] or [CheckScore] refuses, or a
// negative or not finite weight; the state is then unchanged. It panics
// if the slices do not hold one value a label.
func (m *Multilabel) Add(truth, score []float64, w float64) (int, error) {
	if len(truth) != m.labels || len(score) != m.labels {
		panic("rank: Multilabel.Add: not one value a label")
	}
	for j := range truth {
		if err := m.CheckTruth(truth[j]); err != nil {
			return j, err
		}
		if err := CheckScore(score[j]); err != nil {
			return j, err
		}
	}
	if m.weighted {
		switch {
		case math.IsNaN(w) || math.IsInf(w, 0):
			return -1, fmt.Errorf("weight %v: %w", w, ErrNotFinite)
		case w < 0:
			return -1, fmt.Errorf("weight %v: %w", w, ErrNegativeWeight)
		}
		m.w = append(m.w, w)
	}
	m.truth = append(m.truth, truth...)
	m.score = append(m.score, score...)
	return 0, nil
}

// Merge appends the samples of o (of the same labels) after those of m.
// It panics if the states differ in labels, relevance or weighting.
func (m *Multilabel) Merge(o *Multilabel) {
	if o.labels != m.labels || o.graded != m.graded || o.weighted != m.weighted {
		panic("rank: Multilabel.Merge: states of different shapes")
	}
	m.truth = append(m.truth, o.truth...)
	m.score = append(m.score, o.score...)
	m.w = append(m.w, o.w...)
}

// Reset empties m but keeps its memory for reuse.
func (m *Multilabel) Reset() {
	m.truth, m.score, m.w = m.truth[:0], m.score[:0], m.w[:0]
}

// Averages are a measure over the labels of a multilabel problem averaged
// as scikit-learn's average= does: micro (one binary problem of every
// (sample, label) pair, each with its sample's weight), macro (the mean
// over labels), weighted (the mean over labels weighted by their
// support) and samples (the weighted mean over samples of each sample's
// measure over its labels). NaN (JSON null) where undefined.
type Averages struct {
	Micro    float64 `json:"micro"`
	Macro    float64 `json:"macro"`
	Weighted float64 `json:"weighted"`
	Samples  float64 `json:"samples"`
}

// LabelRanking is one label of a multilabel ranking report: its true and
// score columns, its support (the weight of its relevant samples) and
// the ROC AUC and average precision of ranking the samples by its score.
type LabelRanking struct {
	Label            string  `json:"label"`
	Score            string  `json:"score"`
	Support          float64 `json:"support"`
	ROCAUC           float64 `json:"roc_auc"`
	AveragePrecision float64 `json:"average_precision"`
}

// MultilabelAUC holds the per-label and averaged ROC AUC and average
// precision of a multilabel report.
type MultilabelAUC struct {
	ROCAUC           Averages       `json:"roc_auc"`
	AveragePrecision Averages       `json:"average_precision"`
	PerLabel         []LabelRanking `json:"per_label"`
}

// MultilabelReport holds the multilabel ranking measures, in the CLI's
// JSON shape. With graded relevance only DCG and NDCG are set.
type MultilabelReport struct {
	N         int64    `json:"n"`
	WeightSum float64  `json:"weight_sum"`
	Labels    []string `json:"labels"`
	Scores    []string `json:"scores"`
	// Multilabel holds the ROC AUC and average precision, per label and
	// averaged; nil with graded relevance.
	Multilabel *MultilabelAUC `json:"multilabel,omitempty"`
	// LRAP, CoverageError and LabelRankingLoss are nil with graded
	// relevance.
	LRAP             *float64 `json:"label_ranking_average_precision,omitempty"`
	CoverageError    *float64 `json:"coverage_error,omitempty"`
	LabelRankingLoss *float64 `json:"label_ranking_loss,omitempty"`
	// K is the cut-off of DCG and NDCG, nil (JSON null) for every label.
	K          *int     `json:"k"`
	IgnoreTies bool     `json:"ignore_ties"`
	DCG        float64  `json:"dcg"`
	NDCG       float64  `json:"ndcg"`
	Warnings   []string `json:"warnings"`
	// Signature says how the report was computed.
	Signature *result.Signature `json:"signature,omitempty"`
}

// rows returns the samples as row slices over the state's arrays.
func (m *Multilabel) rows() (truth, score [][]float64, weight []float64) {
	n := m.Rows()
	truth, score = make([][]float64, n), make([][]float64, n)
	for i := range n {
		truth[i] = m.truth[i*m.labels : (i+1)*m.labels : (i+1)*m.labels]
		score[i] = m.score[i*m.labels : (i+1)*m.labels : (i+1)*m.labels]
	}
	if m.weighted {
		weight = m.w
	}
	return truth, score, weight
}

// Report returns the measures of the samples, labels and scores naming
// the true and score columns of each label (for the report), as
// scikit-learn 1.2's functions of the same names with sample_weight the
// weights:
//
//   - for each label, roc_auc_score and average_precision_score of its
//     column, and their averages over labels (micro, macro, weighted,
//     samples, as average=…);
//   - label_ranking_average_precision_score ([LRAP]), coverage_error
//     ([CoverageError]), label_ranking_loss ([LabelRankingLoss]);
//   - dcg_score and ndcg_score ([DCG], [NDCG]) with opt.K and
//     opt.IgnoreTies.
//
// Where scikit-learn raises because a ROC AUC is undefined (a label, or
// with samples a sample, whose true values are all 0 or all 1), the AUC
// is NaN (JSON null) with a warning, and so is every average over it. An
// average precision without a relevant sample is 0, with a warning, as
// scikit-learn's (which warns too); with only relevant samples it is 1.
//
// It returns ErrEmpty for no samples or a zero total weight,
// ErrWeightRange for weights whose sum overflows, and ErrTooFewLabels
// for fewer than 2 labels (scikit-learn's multilabel measures need at
// least two). It panics if labels or scores do not name every label.
func (m *Multilabel) Report(labels, scores []string, opt MultilabelOptions) (*MultilabelReport, error) {
	if len(labels) != m.labels || len(scores) != m.labels {
		panic("rank: Multilabel.Report: not one name a label")
	}
	if err := opt.Check(); err != nil {
		return nil, err
	}
	if m.labels < 2 {
		return nil, ErrTooFewLabels
	}
	n := m.Rows()
	if n == 0 {
		return nil, ErrEmpty
	}
	truth, score, weight := m.rows()
	var ws fsum.Sum
	for _, w := range weight {
		ws.Add(w)
	}
	wsum := float64(n)
	if weight != nil {
		wsum = ws.Value()
	}
	switch {
	case wsum == 0:
		return nil, fmt.Errorf("every weight is 0: %w", ErrEmpty)
	case !(wsum <= math.MaxFloat64):
		return nil, fmt.Errorf("the weights sum to %v: %w", wsum, ErrWeightRange)
	}
	rep := &MultilabelReport{N: int64(n), WeightSum: wsum, Labels: labels, Scores: scores, IgnoreTies: opt.IgnoreTies, Warnings: []string{}}
	if opt.K > 0 {
		k := opt.K
		rep.K = &k
	}
	var err error
	if rep.DCG, err = DCG(truth, score, opt.K, opt.IgnoreTies, weight); err != nil {
		return nil, err
	}
	if rep.NDCG, err = NDCG(truth, score, opt.K, opt.IgnoreTies, weight); err != nil {
		return nil, err
	}
	if m.graded {
		return rep, nil
	}
	member := make([][]bool, n)
	for i, row := range truth {
		member[i] = make([]bool, len(row))
		for j, v := range row {
			member[i][j] = v == 1
		}
	}
	lrap, err := LRAP(member, score, weight)
	if err != nil {
		return nil, err
	}
	cov, err := CoverageError(member, score, weight)
	if err != nil {
		return nil, err
	}
	lrl, err := LabelRankingLoss(member, score, weight)
	if err != nil {
		return nil, err
	}
	rep.LRAP, rep.CoverageError, rep.LabelRankingLoss = &lrap, &cov, &lrl
	rep.Multilabel, err = m.aucs(rep, member, weight)
	return rep, err
}

// binaryAUCAP returns the ROC AUC (NaN when a class is missing) and the
// average precision (0 without positives, 1 without negatives) of one
// binary problem, and whether it had positives and negatives.
func binaryAUCAP(score []float64, positive []bool, weight []float64) (auc, ap float64, pos, neg bool, err error) {
	t, err := NewTable(score, positive, weight)
	if err != nil {
		return 0, 0, false, false, err
	}
	p, n := t.Positives(), t.Negatives()
	switch {
	case p == 0:
		return math.NaN(), 0, false, n > 0, nil
	case n == 0:
		return math.NaN(), 1, true, false, nil
	}
	if auc, err = t.AUC(); err != nil {
		return 0, 0, false, false, err
	}
	if ap, err = t.AveragePrecision(); err != nil {
		return 0, 0, false, false, err
	}
	return auc, ap, true, true, nil
}

// aucs computes the per-label and averaged ROC AUC and average precision
// (scikit-learn's _average_binary_score), adding warnings to rep.
func (m *Multilabel) aucs(rep *MultilabelReport, member [][]bool, weight []float64) (*MultilabelAUC, error) {
	n, L := m.Rows(), m.labels
	out := &MultilabelAUC{PerLabel: make([]LabelRanking, L)}
	col := make([]float64, n)
	pos := make([]bool, n)
	var oneClass, noPos []string
	for j := range L {
		var sup fsum.Sum
		for i := range n {
			col[i], pos[i] = m.score[i*L+j], member[i][j]
			if pos[i] {
				w := 1.0
				if weight != nil {
					w = weight[i]
				}
				sup.Add(w)
			}
		}
		auc, ap, hasPos, hasNeg, err := binaryAUCAP(col, pos, weight)
		if err != nil {
			return nil, err
		}
		if !hasPos || !hasNeg {
			oneClass = append(oneClass, rep.Labels[j])
		}
		if !hasPos {
			noPos = append(noPos, rep.Labels[j])
		}
		out.PerLabel[j] = LabelRanking{Label: rep.Labels[j], Score: rep.Scores[j], Support: sup.Value(), ROCAUC: auc, AveragePrecision: ap}
	}
	if len(oneClass) > 0 {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf("multilabel.roc_auc: null for %s and the macro and weighted averages: a label whose samples are all relevant or all irrelevant has no ROC AUC (scikit-learn's roc_auc_score raises)", joinNames(oneClass)))
	}
	if len(noPos) > 0 {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf("multilabel.average_precision: 0 for %s, which has no relevant sample (scikit-learn's convention, with its warning)", joinNames(noPos)))
	}
	// Macro and weighted: scikit-learn's np.average of the per-label
	// values, the weights the supports.
	var aucM, apM, aucW, apW, supT fsum.Sum
	for _, l := range out.PerLabel {
		aucM.Add(l.ROCAUC)
		apM.Add(l.AveragePrecision)
		if l.Support != 0 { // a label of zero support counts 0 (scikit-learn)
			aucW.Add(l.ROCAUC * l.Support)
			apW.Add(l.AveragePrecision * l.Support)
		}
		supT.Add(l.Support)
	}
	out.ROCAUC.Macro, out.AveragePrecision.Macro = aucM.Value()/float64(L), apM.Value()/float64(L)
	if len(oneClass) > 0 {
		out.ROCAUC.Macro, out.ROCAUC.Weighted = math.NaN(), math.NaN()
	} else {
		out.ROCAUC.Weighted = aucW.Value() / supT.Value()
	}
	if supT.Value() == 0 {
		// No relevant sample at all: scikit-learn returns 0 for the
		// weighted average precision.
		out.AveragePrecision.Weighted = 0
	} else {
		out.AveragePrecision.Weighted = apW.Value() / supT.Value()
	}
	// Micro: every (sample, label) pair, with its sample's weight.
	var fw []float64
	if weight != nil {
		fw = make([]float64, n*L)
		for i := range n {
			for j := range L {
				fw[i*L+j] = weight[i]
			}
		}
	}
	flat := make([]bool, n*L)
	for i := range n {
		copy(flat[i*L:], member[i])
	}
	auc, ap, hasPos, hasNeg, err := binaryAUCAP(m.score, flat, fw)
	if err != nil {
		return nil, err
	}
	out.ROCAUC.Micro, out.AveragePrecision.Micro = auc, ap
	if !hasPos || !hasNeg {
		rep.Warnings = append(rep.Warnings, "multilabel.roc_auc.micro: null, every (sample, label) pair is relevant or every one irrelevant")
	}
	// Samples: each sample's labels as one unweighted binary problem, the
	// samples' values averaged with their weights (a sample of weight 0
	// counts 0, as in scikit-learn).
	var aucS, apS, wS fsum.Sum
	undefined, noPosRows := 0, 0
	for i := range n {
		w := 1.0
		if weight != nil {
			w = weight[i]
		}
		a, p, hp, hn, err := binaryAUCAP(m.score[i*L:(i+1)*L], member[i], nil)
		if err != nil {
			return nil, err
		}
		if !hp || !hn {
			undefined++
		}
		if !hp {
			noPosRows++
		}
		wS.Add(w)
		if w != 0 {
			aucS.Add(a * w)
			apS.Add(p * w)
		}
	}
	out.ROCAUC.Samples, out.AveragePrecision.Samples = aucS.Value()/wS.Value(), apS.Value()/wS.Value()
	if undefined > 0 {
		out.ROCAUC.Samples = math.NaN()
		rep.Warnings = append(rep.Warnings, fmt.Sprintf("multilabel.roc_auc.samples: null, %d of %d samples have labels all relevant or all irrelevant, which have no ROC AUC (scikit-learn's roc_auc_score raises)", undefined, n))
	}
	if noPosRows > 0 {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf("multilabel.average_precision.samples: %d of %d samples have no relevant label and count 0 (scikit-learn's convention, with its warning)", noPosRows, n))
	}
	return out, nil
}

// joinNames lists names for a message: "a", "a and b", "a, b and c".
func joinNames(names []string) string {
	q := make([]string, len(names))
	for i, s := range names {
		q[i] = fmt.Sprintf("%q", s)
	}
	switch len(q) {
	case 1:
		return "label " + q[0]
	case 2:
		return "labels " + q[0] + " and " + q[1]
	}
	s := "labels "
	for i, x := range q[:len(q)-1] {
		if i > 0 {
			s += ", "
		}
		s += x
	}
	return s + " and " + q[len(q)-1]
}
