package cli

import (
	"errors"
	"flag"
	"strconv"
	"strings"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/task"
)

// SliceFlags are the flags of slices (docs/slices.md): --by (repeatable),
// --min-slice-rows and --max-slices.
type SliceFlags struct {
	By        []string
	MinRows   int
	MaxSlices int
	fs        *flag.FlagSet
}

// sliceFlagNames are the flags of SliceFlags, which a slice's own run
// does not take.
var sliceFlagNames = []string{"by", "min-slice-rows", "max-slices"}

// Define adds --by, --min-slice-rows and --max-slices to fs.
func (s *SliceFlags) Define(fs *flag.FlagSet) {
	s.fs = fs
	fs.Func("by", "evaluate each value of column COL (each combination of A,B) as well as all rows: \"slices\" in JSON; may repeat", func(v string) error {
		s.By = append(s.By, v)
		return nil
	})
	fs.IntVar(&s.MinRows, "min-slice-rows", 1, "with --by: a slice of fewer rows is listed with its number of rows only")
	fs.IntVar(&s.MaxSlices, "max-slices", task.DefaultMaxSlices, "with --by: the most slices of one --by; past it an error names the column and its number of values")
}

// On reports whether --by was given.
func (s *SliceFlags) On() bool { return len(s.By) > 0 }

// Options checks the flags and returns the slicing; --min-slice-rows or
// --max-slices without --by is a usage error.
func (s *SliceFlags) Options(mem *budget.Size) (*task.Slices, error) {
	name := s.fs.Name()
	if !s.On() {
		bad := ""
		s.fs.Visit(func(f *flag.Flag) {
			if f.Name == "min-slice-rows" || f.Name == "max-slices" {
				bad = f.Name
			}
		})
		if bad != "" {
			return nil, Usagef("%s: --%s needs --by", name, bad)
		}
		return nil, nil
	}
	if s.MinRows < 1 {
		return nil, Usagef("%s: --min-slice-rows must be at least 1, got %d", name, s.MinRows)
	}
	if s.MaxSlices < 1 {
		return nil, Usagef("%s: --max-slices must be at least 1, got %d", name, s.MaxSlices)
	}
	out := &task.Slices{MinRows: s.MinRows, MaxSlices: s.MaxSlices, Budget: mem.Budget()}
	for _, by := range s.By {
		cols := strings.Split(by, ",")
		seen := map[string]bool{}
		for _, c := range cols {
			if c == "" {
				return nil, Usagef("%s: --by %q: an empty column name", name, by)
			}
			if seen[c] {
				return nil, Usagef("%s: --by %q names column %q twice", name, by, c)
			}
			seen[c] = true
		}
		out.By = append(out.By, cols)
	}
	return out, nil
}

// WithoutSliceFlags returns args without the flags of SliceFlags (and
// their values): the arguments of one slice's run.
func WithoutSliceFlags(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(out, args[i:]...)
		}
		name := strings.TrimLeft(a, "-")
		if len(name) == len(a) || len(a)-len(name) > 2 {
			out = append(out, a)
			continue
		}
		n, _, hasValue := strings.Cut(name, "=")
		drop := false
		for _, f := range sliceFlagNames {
			drop = drop || n == f
		}
		if !drop {
			out = append(out, a)
			continue
		}
		if !hasValue {
			i++ // the value
		}
	}
	return out
}

// SliceCompare is the comparison of slices of --ci (nil without it),
// after checking --adjust.
func SliceCompare(cmd string, withCI bool, level float64, adjust string) (*task.SliceCompare, error) {
	switch adjust {
	case "holm", "bonferroni", "none":
	default:
		return nil, Usagef("%s: --adjust must be holm, bonferroni or none, got %q", cmd, adjust)
	}
	if !withCI {
		return nil, nil
	}
	return &task.SliceCompare{Level: level, Adjust: adjust}, nil
}

// SliceResults returns the result of --by: the overall result with each
// slice's (results[i] of slice i of in, nil for one too small; errs[i],
// the task's error on the slice's rows, in its place) and the
// disparities of their headline measures over each slicing of s.
func SliceResults(cmd string, s *task.Slices, in *task.SlicedInput, overall any, results []any, errs []error) (*task.SlicesResult, error) {
	texts := make([]string, len(errs))
	for i, err := range errs {
		if err != nil {
			texts[i] = FlagText(TaskError(cmd, err).Error())
		}
	}
	return in.Assemble(s.By, overall, results, texts)
}

// CompareSlices compares each slice of out with the rest of the rows,
// whose result rest(i) gives for slice i (nil: not compared; a usage
// error stops), on the primary measure: primary (--primary), else the
// first of primaries the overall result has; each model's, for several.
func CompareSlices(cmd string, c task.SliceCompare, primary string, primaries []string, in *task.SlicedInput, out *task.SlicesResult, rest func(i int) (any, error)) error {
	overall := out.Result
	measures, err := task.HeadlineMeasures(overall)
	if err != nil {
		return err
	}
	if primary == "" {
		for _, p := range primaries {
			for _, m := range measures {
				if m == p || strings.HasSuffix(m, "."+p) && strings.HasPrefix(m, "models.") {
					primary = p
					break
				}
			}
			if primary != "" {
				break
			}
		}
	}
	if primary == "" {
		return Usagef("%s: --by with --ci: the result has none of the measures %s to compare slices on (give --primary)", cmd, strings.Join(primaries, ", "))
	}
	c.Measures = []string{primary}
	if len(measures) > 0 && strings.HasPrefix(measures[0], "models.") {
		c.Measures = nil
		for i := 0; ; i++ {
			if !slicesHasModel(measures, i) {
				break
			}
			c.Measures = append(c.Measures, "models."+strconv.Itoa(i)+"."+primary)
		}
	}
	rests := make([]any, len(in.Slices))
	for i, s := range out.Slices {
		if s.Result == nil || in.Slices[i].Rows == in.Rows() {
			continue
		}
		v, err := rest(i)
		var ue *UsageError
		if errors.As(err, &ue) {
			return err
		}
		rests[i] = v // nil when the task fails on the rest: not compared
	}
	return c.Compare(in, out, rests)
}

// slicesHasModel reports whether the several-model headline measures
// have model i's.
func slicesHasModel(measures []string, i int) bool {
	p := "models." + strconv.Itoa(i) + "."
	for _, m := range measures {
		if strings.HasPrefix(m, p) {
			return true
		}
	}
	return false
}
