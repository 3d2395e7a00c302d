package gate

import (
	"strconv"
	"strings"

	"github.com/evalkit-go/evalkit/internal/editdist"
)

// nearest returns the path holding a number that is nearest to p by edit
// distance (Levenshtein, over characters), among the spellings a path may
// take: the flattened path (models.1.roc_auc), with elements named
// (models.new.roc_auc, slices' "result" skipped) and with * for the
// elements (models.*.roc_auc). Ties go to the first in document order.
func (e *evaluator) nearest(p string) string {
	if e.paths == nil {
		e.paths = spellings(e.root)
	}
	best, bestD := "", -1
	for _, c := range e.paths {
		if d := editdist.Distance(p, c, false); bestD < 0 || d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// nearestBelow returns the first path holding a number below p (p names
// an object or a list), else the nearest one.
func (e *evaluator) nearestBelow(p string) string {
	if e.paths == nil {
		e.paths = spellings(e.root)
	}
	for _, c := range e.paths {
		if strings.HasPrefix(c, p+".") {
			return c
		}
	}
	return e.nearest(p)
}

// spellings lists, in document order and without repeats, every spelling
// of every path of the document that holds a number or null.
func spellings(root any) []string {
	seen := map[string]bool{}
	var out []string
	add := func(s string) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	// flat, named and starred spellings grow together down the tree.
	var walk func(node any, flat, named, starred []string)
	walk = func(node any, flat, named, starred []string) {
		switch x := node.(type) {
		case *object:
			for _, k := range x.keys {
				n := named
				if k == "result" && len(flat) > 0 && isIndex(flat[len(flat)-1]) {
					// a slice's result: its members are read without "result".
					walk(x.m[k], app(flat, k), n, starred)
					continue
				}
				walk(x.m[k], app(flat, k), app(n, k), app(starred, k))
			}
		case []any:
			for i, el := range x {
				is := strconv.Itoa(i)
				nm := elementName(el, i)
				walk(el, app(flat, is), app(named, nm), app(starred, "*"))
			}
		default:
			if _, ok := numberOf(node); ok && len(flat) > 0 {
				add(strings.Join(flat, "."))
				add(strings.Join(named, "."))
				add(strings.Join(starred, "."))
			}
		}
	}
	walk(root, nil, nil, nil)
	return out
}

func app(s []string, x string) []string { return append(s[:len(s):len(s)], x) }

func isIndex(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}
