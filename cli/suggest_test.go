package cli

import (
	"flag"
	"io"
	"testing"
)

func TestSuggest(t *testing.T) {
	names := []string{"pos-label", "true", "pred", "score", "weight", "max-fpr", "classes"}
	for typed, want := range map[string]string{
		"pos_label": "pos-label", "--pos_label": "pos-label", "POS-LABEL": "pos-label", "wieght": "weight",
		"scores": "score", "class": "classes", "maxfpr": "max-fpr", "x": "", "bogus": "", "prde": "pred", "rnak": "",
	} {
		if got := Suggest(typed, names); got != want {
			t.Errorf("Suggest(%q) = %q, want %q", typed, got, want)
		}
	}
	fs := flag.NewFlagSet("rank", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.String("pos-label", "", "")
	err := fs.Parse([]string{"--pos_label=1"})
	if got := FlagHint(fs, err); got != " (did you mean --pos-label?)" {
		t.Errorf("FlagHint = %q", got)
	}
}
