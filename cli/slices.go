package cli

import (
	"flag"
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
