package task

import (
	"unsafe"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/text"
)

// Text is a text measure's reading (bleu, chrf, ter, wer): the systems'
// hypothesis files and the references, read line by line in step (gzip
// transparently, UTF-8 checked), each system's sentence statistics
// computed with Corpus a batch of sentences at a time and summed with Add
// ([text.ReadStats]; no line is kept).
type Text[S any] struct {
	Metric  string // bleu, chrf, ter or wer: names the state in budget errors
	Systems text.Systems
	Corpus  func(hyps []string, refs [][]string) ([]S, error)
	Add     func(*S, S)
	// Keep keeps every sentence's statistics, packed, when the result
	// needs them (a paired test, a confidence level or intervals).
	Keep bool
	// Each, if not nil, gets each batch of the first system's sentence
	// statistics as soon as they are scored, with the 1-based line of the
	// batch's first sentence.
	Each func(first int, st []S) error
	// Budget is charged with each system's sums and the kept statistics as
	// they grow.
	Budget *budget.Budget
}

// Account returns the budget account of the text state.
func (t *Text[S]) Account() *budget.Account {
	return TextAccount(t.Budget, t.Metric)
}

// Read reads the systems and references and returns every system's
// statistics.
func (t *Text[S]) Read() (*text.Stats[S], error) {
	acct := t.Account()
	fixed := int64(len(t.Systems.Hyps)) * statsSize[S]()
	o := text.ReadOptions[S]{Keep: t.Keep, Each: t.Each,
		Charge: func(kept int64) error { return acct.Set(fixed + kept) }}
	return text.ReadStats(t.Systems, t.Corpus, t.Add, o)
}

// TextAccount returns the account of a text measure's state (the
// per-sentence statistics it keeps, which grow with the number of
// sentences; the lines are read in batches of fixed size and not kept).
func TextAccount(b *budget.Budget, metric string) *budget.Account {
	return b.Account("the "+metric+" state (per-sentence statistics)", "")
}

// ChargeText makes acct hold the statistics st: each system's sums and
// the kept sentences', as [Text.Read] charges them.
func ChargeText[S any](acct *budget.Account, st *text.Stats[S]) error {
	return acct.Set(int64(len(st.Sums))*statsSize[S]() + st.Kept())
}

// statsSize returns the size of a statistics value, which holds no
// pointers.
func statsSize[S any]() int64 {
	var zero S
	return int64(unsafe.Sizeof(zero))
}
