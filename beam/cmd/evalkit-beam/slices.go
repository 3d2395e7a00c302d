package main

import (
	"flag"

	"github.com/evalkit-go/evalkit/beam/evalbeam"
	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/cli"
)

// sliceFlags are evalkit's flags of slices (--by, --min-slice-rows,
// --max-slices) for the task cmd.
type sliceFlags struct {
	cmd string
	f   cli.SliceFlags
}

func defineSlices(fs *flag.FlagSet, cmd string) *sliceFlags {
	s := &sliceFlags{cmd: cmd}
	s.f.Define(fs)
	return s
}

// sliceCI is how a task compares each slice with the rest of the rows
// under --ci (evalkit's sliceJob): the interval level, the several-model
// flags (--adjust, --primary) and the measures to compare on, the first
// of them that the result has.
type sliceCI struct {
	level     float64
	models    *cli.ModelFlags
	primaries []string
}

// slicing checks the flags as evalkit does and returns the pipeline's
// slicing: nil without --by. With --ci, each slice is compared with the
// rest of the rows as evalkit compares it ("vs_rest", "slices_worse"),
// on cmp's measures.
func (s *sliceFlags) slicing(withCI bool, cmp *sliceCI) (*evalbeam.Slicing, error) {
	sl, err := s.f.Options(new(budget.Size)) // the budget is unused: each worker holds one unit
	if err != nil || sl == nil {
		return nil, err
	}
	out := &evalbeam.Slicing{Cmd: s.cmd, By: sl.By, MinRows: sl.MinRows, MaxSlices: sl.MaxSlices}
	if _, err := cli.SliceCompare(s.cmd, withCI, cmp.level, cmp.models.Adjust); err != nil {
		return nil, err
	}
	if withCI {
		out.Compare, out.Level, out.Adjust = true, cmp.level, cmp.models.Adjust
		out.Primary, out.Primaries = cmp.models.Primary, cmp.primaries
	}
	return out, nil
}

// oneModelFlag returns the name of a several-model flag given to a task
// of one model, which is a usage error, or "": with --by, --adjust and
// --primary are not, serving the comparison of the slices (as in evalkit).
func oneModelFlag(fs *flag.FlagSet, sliced bool) string {
	name := ""
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "baseline", "compare":
			name = f.Name
		case "primary", "adjust":
			if !sliced {
				name = f.Name
			}
		}
	})
	return name
}
