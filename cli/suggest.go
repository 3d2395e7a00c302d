package cli

import (
	"flag"
	"strings"

	"github.com/evalkit-go/evalkit/internal/editdist"
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
		d := editdist.Distance(t, m, true)
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
