package main

import (
	"flag"
	"strings"
	"unsafe"

	"github.com/evalkit-go/evalkit/budget"
)

// hypRefPaths checks the --hyp and --ref files of wer: a positional FILE
// stands for --hyp when --hyp is not given, and at most one file is
// standard input. It returns the hypothesis path.
func hypRefPaths(fs *flag.FlagSet, hyp string, refPaths []string, pos []string) (string, error) {
	if hyp == "" && len(pos) == 1 {
		hyp, pos = pos[0], nil
	}
	if len(pos) > 0 {
		return "", usagef("%s: unexpected arguments: %s", fs.Name(), strings.Join(pos, " "))
	}
	if hyp == "" {
		return "", usagef("%s: --hyp FILE is required", fs.Name())
	}
	if len(refPaths) == 0 {
		return "", usagef("%s: at least one --ref FILE is required", fs.Name())
	}
	stdinUsers := 0
	for _, p := range append([]string{hyp}, refPaths...) {
		if p == "-" {
			stdinUsers++
		}
	}
	if stdinUsers > 1 {
		return "", usagef("%s: only one of --hyp and --ref may be - (standard input)", fs.Name())
	}
	return hyp, nil
}

// chargeStats charges the per-sentence statistics stats to acct: size(s)
// bytes each.
func chargeStats[S any](acct *budget.Account, stats []S, size func(S) int64) error {
	var n int64
	for _, s := range stats {
		n += size(s)
	}
	return acct.Grow(n)
}

// fixedSize returns the size function of a statistics type without
// pointers (unsafe.Sizeof of its value).
func fixedSize[S any](s S) int64 { return int64(unsafe.Sizeof(s)) }

// streamAccount returns the account of a streamed text task's state (bleu,
// chrf): the per-sentence statistics it keeps, which grow with the number
// of sentences. The lines are read in batches of fixed size and not kept.
func streamAccount(fs *flag.FlagSet, memory *budget.Size) *budget.Account {
	return memory.Budget().Account("the "+fs.Name()+" state (per-sentence statistics)", "")
}
