package cli

import (
	"strings"

	"github.com/evalkit-go/evalkit/label"
)

// MultiClasses checks --classes against the --score columns of a
// multiclass rank and returns the class labels, the score columns (one
// per class) and each label's index; its errors are usage errors.
func (f *RankFlags) MultiClasses() (classes, scores []string, index map[string]int, err error) {
	return f.multiClasses()
}

// UnivariateClasses checks --classes of a multiclass rank of one --score
// column for every class and returns the class labels; its errors are
// usage errors.
func (f *RankFlags) UnivariateClasses() ([]string, error) {
	g := *f
	g.univariate = true
	classes, _, _, err := g.multiClasses()
	return classes, err
}

func (f *RankFlags) multiClasses() (classes, scores []string, index map[string]int, err error) {
	classes = strings.Split(f.Classes, ",")
	scores = strings.Split(f.Score, ",")
	if len(classes) != len(scores) && !(f.univariate && len(scores) == 1) {
		return nil, nil, nil, Usagef("rank: --classes names %d classes (%s) but --score gives %d columns (%s): one probability column per class, in the order of --classes", len(classes), f.Classes, len(scores), f.Score)
	}
	if len(classes) < 2 {
		return nil, nil, nil, Usagef("rank: --classes needs at least 2 classes")
	}
	index = map[string]int{}
	for i, c := range classes {
		if c == "" {
			return nil, nil, nil, Usagef("rank: --classes has an empty label")
		}
		if _, dup := index[c]; dup {
			return nil, nil, nil, Usagef("rank: --classes repeats %q", c)
		}
		index[c] = i
	}
	// Classes that are all numbers compare as numbers: 1 and 1.0 repeat.
	if a, b, dup := label.Repeated(classes); dup {
		return nil, nil, nil, Usagef("rank: --classes repeats %q as %q (labels that are all numbers compare as numbers)", a, b)
	}
	return classes, scores, index, nil
}
