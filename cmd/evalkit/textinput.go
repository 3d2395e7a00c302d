package main

import (
	"flag"
	"strings"
)

// hypRefPaths checks the --hyp and --ref files of wer: a positional FILE
// stands for --hyp when --hyp is not given, and at most one file is
// standard input. It returns the hypothesis path.
func hypRefPaths(fs *flag.FlagSet, hyp string, refPaths []string, pos []string) (string, error) {
	if hyp == "" && len(pos) == 1 {
		hyp, pos = pos[0], nil
	}
	if len(pos) > 0 {
		return "", usagef("%s: unexpected arguments: %s (give the files as --hyp FILE --ref FILE; --ref may repeat)", fs.Name(), strings.Join(pos, " "))
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
