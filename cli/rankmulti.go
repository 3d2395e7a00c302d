package cli

import (
	"errors"
	"fmt"
	"strings"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/label"
	"github.com/evalkit-go/evalkit/task"
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
	if f.MulticlassModels() {
		return nil, nil, nil, Usagef("rank: several multiclass models (--score given %d times with --classes) are not offered here: evaluate one model's --score columns at a time", len(f.ScoreSets))
	}
	classes = strings.Split(f.Classes, ",")
	scores = strings.Split(f.Score, ",")
	if len(classes) != len(scores) && !(f.univariate && len(scores) == 1) {
		return nil, nil, nil, Usagef("rank: --classes names %d classes (%s) but --score gives %d columns (%s): one probability column per class, in the order of --classes", len(classes), f.Classes, len(scores), f.Score)
	}
	index, err = f.checkClasses(classes)
	return classes, scores, index, err
}

// ClassList returns the labels of --classes, checked: at least two, none
// empty, none repeated. Its errors are usage errors.
func (f *RankFlags) ClassList() ([]string, error) {
	classes := strings.Split(f.Classes, ",")
	if _, err := f.checkClasses(classes); err != nil {
		return nil, err
	}
	return classes, nil
}

// checkClasses checks the labels of --classes and returns each one's
// index.
func (f *RankFlags) checkClasses(classes []string) (index map[string]int, err error) {
	if len(classes) < 2 {
		return nil, Usagef("rank: --classes needs at least 2 classes")
	}
	index = map[string]int{}
	for i, c := range classes {
		if c == "" {
			return nil, Usagef("rank: --classes has an empty label")
		}
		if _, dup := index[c]; dup {
			return nil, Usagef("rank: --classes repeats %q", c)
		}
		index[c] = i
	}
	// Classes that are all numbers compare as numbers: 1 and 1.0 repeat.
	if a, b, dup := label.Repeated(classes); dup {
		return nil, Usagef("rank: --classes repeats %q as %q (labels that are all numbers compare as numbers)", a, b)
	}
	return index, nil
}

// MulticlassModelSets returns the classes and, for each --score of
// several multiclass models ([RankFlags.MulticlassModels]), the model's
// name and its probability columns, one a class in the order of
// --classes: each --score is NAME=COLUMNS or COLUMNS, the columns a comma
// list or glob patterns matched against header. A model without a name
// is named after its columns' common prefix, without trailing _ - . or
// spaces. Its errors are usage errors, or errors naming the pattern.
func (f *RankFlags) MulticlassModelSets(header []string) (classes, names []string, cols [][]string, err error) {
	if classes, err = f.ClassList(); err != nil {
		return nil, nil, nil, err
	}
	seen := map[string]bool{}
	for _, set := range f.ScoreSets {
		name, list, named := strings.Cut(set, "=")
		if !named {
			list, name = set, ""
		}
		expanded, err := ExpandColumns("--score", list, header)
		if err != nil {
			return nil, nil, nil, err
		}
		cs := strings.Split(expanded, ",")
		if len(cs) != len(classes) {
			return nil, nil, nil, Usagef("rank: --classes names %d classes (%s) but --score %s gives %d columns (%s): each model's --score gives one probability column per class, in the order of --classes", len(classes), f.Classes, set, len(cs), expanded)
		}
		if !named {
			name = commonPrefix(cs)
		}
		if name == "" {
			return nil, nil, nil, Usagef("rank: --score %s: its columns share no prefix to name the model by: give it a name, NAME=%s", set, set)
		}
		if seen[name] {
			return nil, nil, nil, Usagef("rank: two --score models are named %q: give each a name, NAME=COLUMNS", name)
		}
		seen[name] = true
		names, cols = append(names, name), append(cols, cs)
	}
	return classes, names, cols, nil
}

// CheckMulticlassModels checks the flags of several multiclass models
// ([RankFlags.MulticlassModels]) that the input does not decide: --bins,
// which they do not take, then the first of refused that is not nil (the
// caller's own flags they do not take), then [RankFlags.Check].
func (f *RankFlags) CheckMulticlassModels(refused ...error) error {
	if f.Bins > 0 {
		return Usagef("rank: --bins is for binary scores only")
	}
	for _, err := range refused {
		if err != nil {
			return err
		}
	}
	return f.Check()
}

// MulticlassModelSetsOf is [RankFlags.MulticlassModelSets] of the header
// of the input called name: an error that is not a usage error names the
// input.
func (f *RankFlags) MulticlassModelSetsOf(name string, header []string) (classes, names []string, cols [][]string, err error) {
	classes, names, cols, err = f.MulticlassModelSets(header)
	var ue *UsageError
	if err != nil && !errors.As(err, &ue) {
		err = fmt.Errorf("%s: %w", name, err)
	}
	return classes, names, cols, err
}

// MulticlassModelsTask returns the task of several multiclass models of
// the flags, of the classes, names and columns that
// [RankFlags.MulticlassModelSetsOf] gives, the several-model options mo
// checked against the models' names (a usage error). Its Budget and
// Renormalize are left to the caller.
func (f *RankFlags) MulticlassModelsTask(classes, names []string, cols [][]string, mo board.Options) (*task.RankMultiModels, error) {
	if err := mo.Check("rank", names); err != nil {
		return nil, OptionUsage(err)
	}
	return &task.RankMultiModels{True: f.True, Weight: f.Weight, Classes: classes, Models: cols, Names: names}, nil
}

// commonPrefix returns the longest common prefix of cols, without
// trailing separators (_ - . and spaces).
func commonPrefix(cols []string) string {
	p := cols[0]
	for _, c := range cols[1:] {
		for !strings.HasPrefix(c, p) {
			p = p[:len(p)-1]
		}
	}
	return strings.TrimRight(p, "_-. ")
}
