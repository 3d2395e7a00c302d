package main

import (
	"flag"
	"fmt"
	"strings"
	"unsafe"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/table"
)

// stringList is a flag that may be repeated (--ref a --ref b) or given as a
// comma-free list once per use.
type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, " ") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

// hypRefFlags adds --hyp and --ref (repeatable) to fs, for the translation
// measures.
func hypRefFlags(fs *flag.FlagSet) (hyp *string, refs *stringList) {
	hyp = fs.String("hyp", "", "hypothesis file, one sentence a line (- for stdin)")
	refs = &stringList{}
	fs.Var(refs, "ref", "reference file, one sentence a line; repeat for several references")
	return hyp, refs
}

// readHypRefs reads the hypothesis and reference files (gzip transparently,
// UTF-8 checked). A positional FILE stands for --hyp when --hyp is not given.
// Every reference file must have as many lines as the hypothesis file.
// refs[k][i] is reference k of sentence i.
// The lines are charged to acct (nil: not charged).
func readHypRefs(e *env, fs *flag.FlagSet, hyp string, refPaths []string, pos []string, acct *budget.Account) (hyps []string, refs [][]string, err error) {
	if hyp == "" && len(pos) == 1 {
		hyp, pos = pos[0], nil
	}
	if len(pos) > 0 {
		return nil, nil, usagef("%s: unexpected arguments: %s", fs.Name(), strings.Join(pos, " "))
	}
	if hyp == "" {
		return nil, nil, usagef("%s: --hyp FILE is required", fs.Name())
	}
	if len(refPaths) == 0 {
		return nil, nil, usagef("%s: at least one --ref FILE is required", fs.Name())
	}
	stdinUsers := 0
	for _, p := range append([]string{hyp}, refPaths...) {
		if p == "-" {
			stdinUsers++
		}
	}
	if stdinUsers > 1 {
		return nil, nil, usagef("%s: only one of --hyp and --ref may be - (standard input)", fs.Name())
	}
	hyps, err = table.ReadLinesCharged(hyp, e.stdin, acct.Grow)
	if err != nil {
		return nil, nil, err
	}
	for _, p := range refPaths {
		r, err := table.ReadLinesCharged(p, e.stdin, acct.Grow)
		if err != nil {
			return nil, nil, err
		}
		if len(r) != len(hyps) {
			return nil, nil, fmt.Errorf("%s has %d lines but the hypothesis %s has %d", p, len(r), hyp, len(hyps))
		}
		refs = append(refs, r)
	}
	return hyps, refs, nil
}

// textAccount returns the account of a text task's state: the sentences of
// every file read and their per-sentence statistics, which grow with the
// number of sentences.
func textAccount(fs *flag.FlagSet, memory *budget.Size) *budget.Account {
	return memory.Budget().Account("the "+fs.Name()+" state (sentences and per-sentence statistics)", "")
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
