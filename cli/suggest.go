package cli

import (
	"flag"
	"strings"
)

// Suggest returns the name among names nearest to typed, for a "did you
// mean" hint: the same up to case, '_' for '-' and leading dashes, or
// within an edit distance of 2 (at most a third of the longer name); "" when
// none is near.
func Suggest(typed string, names []string) string {
	norm := func(s string) string {
		return strings.ToLower(strings.ReplaceAll(strings.TrimLeft(s, "-"), "_", "-"))
	}
	t := norm(typed)
	best, bestD := "", 3
	for _, n := range names {
		m := norm(n)
		d := editDistance(t, m)
		if d == 0 {
			return n
		}
		if d < bestD && d*3 <= max(len(t), len(m)) {
			best, bestD = n, d
		}
	}
	return best
}

// FlagHint returns " (did you mean --name?)" for a flag error of fs that
// names an undefined flag near a defined one, else "".
func FlagHint(fs *flag.FlagSet, err error) string {
	const undefined = "flag provided but not defined: "
	msg := err.Error()
	i := strings.Index(msg, undefined)
	if i < 0 {
		return ""
	}
	typed := strings.TrimSpace(msg[i+len(undefined):])
	if eq := strings.IndexByte(typed, '='); eq >= 0 {
		typed = typed[:eq]
	}
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	if s := Suggest(typed, names); s != "" {
		return " (did you mean --" + s + "?)"
	}
	return ""
}

// editDistance is the optimal-string-alignment distance between a and b
// (in bytes): insertions, deletions, substitutions and transpositions of
// adjacent bytes each count 1.
func editDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}
