package rank

import (
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/result"
)

// TopLossShare and TopLossRatio say when a report warns that one row
// carries the log loss: when its (weighted) loss is more than
// TopLossShare of the sum and more than TopLossRatio times the mean loss
// of the other rows. The log loss and its interval then rest on that row
// (a probability near 0 for a row's true class costs up to
// −log(Eps) ≈ 36 on its own, against a mean near 0.5 for a fair model);
// the ratio keeps small data, where every row carries a large share,
// from warning about ordinary rows.
const (
	TopLossShare = 0.1
	TopLossRatio = 10
)

// logLossCI returns the interval of a mean log loss from the (effective)
// number of rows n, the mean and the unbiased variance v of the per-row
// losses: the t-interval on the scale of log(mean), by the delta method,
//
//	mean · exp(±t_{n−1} · √(v/n) / mean)
//
// (method delta-lognormal). Per-row log losses are skewed to the right
// and heavy-tailed (a row whose true class has a probability near 0
// costs up to 36): the symmetric t-interval's low end then falls to 0 and
// its high end short, while this interval stays above 0 and reaches
// higher. Over simulated losses with a few near-zero probabilities it
// covered more often than the t-interval in every setting (see
// TestLogLossCICoverage and docs/ci.md). A mean of 0 (every loss 0) gives
// [0, 0].
func logLossCI(n, mean, v, level float64) (hyptest.Interval, error) {
	iv, err := hyptest.MeanCI(n, mean, v, level)
	if err != nil {
		return iv, err
	}
	if !(mean > 0) {
		return hyptest.Interval{Low: 0, High: 0, Method: hyptest.CIDeltaLogNormal}, nil
	}
	f := math.Exp((iv.High - mean) / mean)
	return hyptest.Interval{Low: mean / f, High: mean * f, Method: hyptest.CIDeltaLogNormal}, nil
}

// topLossWarning returns the warning that one row carries the summed
// log loss total of rows of total weight W ("" if none does, see
// TopLossShare): who is the row, w its weight and loss its weighted log
// loss w·ℓ.
func topLossWarning(who string, w, loss, total, W float64) string {
	if !(total > 0) || !(loss > TopLossShare*total) {
		return ""
	}
	// ℓ > ratio · (total − wℓ)/(W − w), written without dividing by 0
	if !(loss*(W-w) > TopLossRatio*w*(total-loss)) {
		return ""
	}
	return fmt.Sprintf("log_loss: %s carries %s of the summed log loss (its loss %s of %s): the log loss and its interval rest on it; check that row's probabilities",
		who, result.Pct(loss/total), result.FormatFloat(round4(loss)), result.FormatFloat(round4(total)))
}

// round4 rounds v to 4 significant digits, for a message.
func round4(v float64) float64 {
	if v == 0 || math.IsInf(v, 0) || math.IsNaN(v) {
		return v
	}
	e := math.Pow(10, 3-math.Floor(math.Log10(math.Abs(v))))
	return math.Round(v*e) / e
}

// warnTopLoss adds the warning of a binary report whose rows' log losses
// sum to total, when the row of the largest loss, of cell top, carries it
// (see TopLossShare). Weighted rows get none: the score table keeps each
// cell's mass, not each row's weight.
func (rep *Report) warnTopLoss(top topCell, total float64) {
	if top.rows == 0 {
		return
	}
	class := fmt.Sprintf("of class %q", rep.PosLabel)
	if !top.pos {
		class = fmt.Sprintf("not of class %q", rep.PosLabel)
	}
	who := fmt.Sprintf("the row %s scored %s", class, result.FormatFloat(top.score))
	if top.rows > 1 {
		who = fmt.Sprintf("each of the %s rows %s scored %s", result.Int(top.rows), class, result.FormatFloat(top.score))
	}
	if w := topLossWarning(who, 1, top.loss, total, rep.Positives+rep.Negatives); w != "" {
		rep.Warnings = append(rep.Warnings, w)
	}
}
