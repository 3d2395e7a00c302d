package cli

import (
	"flag"
	"strings"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/task"
)

// MultilabelFlags are the flags of a multilabel rank (--multilabel): the
// relevance and the DCG and NDCG options; --true, --score, --weight and
// --k are the rank flags'.
type MultilabelFlags struct {
	On, Graded, IgnoreTies bool
}

// Define adds --multilabel, --graded and --ignore-ties to fs.
func (f *MultilabelFlags) Define(fs *flag.FlagSet) {
	fs.BoolVar(&f.On, "multilabel", false, "multilabel ranking: --true and --score name one column a label each (comma lists or glob patterns such as 'y_*', paired in order); reports per-label and averaged ROC AUC and average precision, LRAP, coverage error, label ranking loss, DCG and NDCG")
	fs.BoolVar(&f.Graded, "graded", false, "with --multilabel, the true columns are graded relevances (numbers ≥ 0) and only dcg and ndcg are reported")
	fs.BoolVar(&f.IgnoreTies, "ignore-ties", false, "with --multilabel, DCG and NDCG rank tied scores in column order instead of sharing their discounts (faster; scikit-learn's ignore_ties)")
}

// Task returns the multilabel rank task of the flags, with the rank flags
// rf (its --true and --score already expanded) and the flag set fs that
// parsed them (--k counts only when given: without it DCG and NDCG use
// every label). Its errors are usage errors.
func (f *MultilabelFlags) Task(rf *RankFlags, fs *flag.FlagSet, memory *budget.Budget) (*task.RankMultilabel, error) {
	if !f.On {
		if f.Graded || f.IgnoreTies {
			return nil, Usagef("rank: --graded and --ignore-ties are for --multilabel")
		}
		return nil, nil
	}
	given := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { given[fl.Name] = true })
	for _, name := range []string{"classes", "pos-label", "bins", "bin-range", "max-fpr", "cal-bins", "cal-strategy", "level", "conf", "cost-fp", "cost-fn",
		"curves", "curve-points", "log-loss-eps", "pauc-range", "pauc-focus", "pauc-correct", "at-specificity", "at-sensitivity", "ci-blocks"} {
		if given[name] {
			return nil, Usagef("rank: --%s does not apply with --multilabel", name)
		}
	}
	t := &task.RankMultilabel{Trues: strings.Split(rf.True, ","), Scores: strings.Split(rf.Score, ","), Weight: rf.Weight, Budget: memory,
		Options: rank.MultilabelOptions{IgnoreTies: f.IgnoreTies, Graded: f.Graded}}
	if given["k"] {
		if rf.K < 1 {
			return nil, Usagef("rank: --k must be at least 1 (leave it out for every label), got %d", rf.K)
		}
		t.Options.K = rf.K
	}
	switch {
	case len(t.Trues) != len(t.Scores):
		return nil, Usagef("rank: --multilabel pairs --true and --score in order, but --true names %d columns (%s) and --score %d (%s)", len(t.Trues), rf.True, len(t.Scores), rf.Score)
	case len(t.Trues) < 2:
		return nil, Usagef("rank: --multilabel needs at least 2 labels (one --true and one --score column each), got %d", len(t.Trues))
	}
	for _, list := range [][]string{t.Trues, t.Scores} {
		seen := map[string]bool{}
		for _, c := range list {
			if c == "" {
				return nil, Usagef("rank: --true and --score name an empty column")
			}
			if seen[c] {
				return nil, Usagef("rank: --multilabel names column %q twice", c)
			}
			seen[c] = true
		}
	}
	return t, nil
}
