package task

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/table"
	"github.com/evalkit-go/evalkit/text"
)

// werTask reads the hypothesis and reference texts with wer's counts.
func werTask(hyp, ref string, b *budget.Budget) *Text[text.WERStats] {
	files := map[string]string{"hyp": hyp, "ref": ref}
	open := func(path string) (*table.LineReader, error) {
		return table.NewLineReader(io.NopCloser(strings.NewReader(files[path])), path)
	}
	return &Text[text.WERStats]{Metric: "wer", Systems: text.Systems{Hyps: []string{"hyp"}, Refs: []string{"ref"}, Raw: true, Open: open},
		Corpus: text.WERCorpus(false), Add: (*text.WERStats).Merge, Budget: b}
}

func TestTextRead(t *testing.T) {
	// One substitution in 4 reference words (wer 0.25 by counting).
	b := budget.New(0)
	tk := werTask("a b c d\n", "a b x d\n", b)
	st, err := tk.Read()
	if err != nil {
		t.Fatal(err)
	}
	if st.N != 1 {
		t.Errorf("%d sentences, want 1", st.N)
	}
	if r := text.NewWERResult(st.Sums[0], false); r.Rate != 0.25 {
		t.Errorf("wer %v, want 0.25", r.Rate)
	}
	// Read charged what ChargeText charges for the same statistics.
	acct := b.Account("x", "")
	if err := ChargeText(acct, st); err != nil {
		t.Fatal(err)
	}
	if read := b.Used() - acct.Held(); acct.Held() != read {
		t.Errorf("ChargeText holds %d, Read charged %d", acct.Held(), read)
	}
}

func TestTextBudget(t *testing.T) {
	_, err := werTask("a\n", "a\n", budget.New(1)).Read()
	if !errors.Is(err, budget.ErrExceeded) || !strings.Contains(err.Error(), "the wer state (per-sentence statistics)") {
		t.Fatalf("got %v, want the wer state's budget error", err)
	}
}
