package cli

import (
	"flag"
	"testing"

	"github.com/evalkit-go/evalkit/budget"
)

func TestMemoryFlag(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	s := MemoryFlag(fs)
	if s.Bytes() != budget.Default() || budget.Default() <= 0 {
		t.Errorf("default %d", s.Bytes())
	}
	if err := fs.Parse([]string{"--memory", "64MiB"}); err != nil {
		t.Fatal(err)
	}
	if s.Budget().Limit() != 64<<20 {
		t.Errorf("limit %d", s.Budget().Limit())
	}
	if err := fs.Parse([]string{"--memory", "lots"}); err == nil {
		t.Error("bad size accepted")
	}
}
