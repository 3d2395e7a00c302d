package task

import (
	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/classify"
	"github.com/evalkit-go/evalkit/cluster"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/regress"
)

// Headline keys: the numbers a one-model result's Summary states with
// their intervals, those with an interval, in this order.
var (
	classifyHeadline = []string{"accuracy", "macro.f1"}
	rankHeadline     = []string{"roc_auc", "average_precision"}
	regressHeadline  = []string{"mse", "mae", "r2"}
	clusterHeadline  = []string{"adjusted_rand_index", "nmi", "silhouette"}
)

// Summarize sets the Summary of a one-model result v that has intervals
// (a *classify.Report, *rank.Report, *regress.Result of one output or
// *cluster.Report): its headline numbers with their intervals in one
// sentence ([board.IntervalSummary]). Other values, and results without
// intervals, are left as they are. The text measures set theirs
// themselves. A *SlicesResult has its overall result and every slice's
// summarized, as each would be alone. Call it once, before v is written.
func Summarize(v any) {
	switch r := v.(type) {
	case *SlicesResult:
		if r == nil {
			return
		}
		Summarize(r.Result)
		for i := range r.Slices {
			if r.Slices[i].Result != nil && summarized(r.Slices[i].Result) {
				r.Slices[i].doc = nil // encoded without its summary
			}
		}
	case *classify.Report:
		if r != nil && len(r.Intervals) > 0 {
			r.Summary = board.IntervalSummary(r, classifyHeadline, r.Level)
		}
	case *rank.Report:
		if r != nil && len(r.Intervals) > 0 {
			r.Summary = board.IntervalSummary(r, rankHeadline, r.Level)
		}
	case *regress.Result:
		if r != nil && r.Single != nil && len(r.Single.Intervals) > 0 {
			r.Single.Summary = board.IntervalSummary(r.Single, regressHeadline, r.Single.Level)
		}
	case *cluster.Report:
		if r != nil && len(r.Intervals) > 0 {
			r.Summary = board.IntervalSummary(r, clusterHeadline, r.Level)
		}
	}
}

// summarized summarizes v and reports whether it now has a summary.
func summarized(v any) bool {
	Summarize(v)
	switch r := v.(type) {
	case *classify.Report:
		return r != nil && r.Summary != ""
	case *rank.Report:
		return r != nil && r.Summary != ""
	case *regress.Result:
		return r != nil && r.Single != nil && r.Single.Summary != ""
	case *cluster.Report:
		return r != nil && r.Summary != ""
	}
	return false
}
