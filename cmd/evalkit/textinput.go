package main

import (
	"flag"
	"fmt"
	"strings"

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
func readHypRefs(e *env, fs *flag.FlagSet, hyp string, refPaths []string, pos []string) (hyps []string, refs [][]string, err error) {
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
	hyps, err = table.ReadLines(hyp, e.stdin)
	if err != nil {
		return nil, nil, err
	}
	for _, p := range refPaths {
		r, err := table.ReadLines(p, e.stdin)
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
