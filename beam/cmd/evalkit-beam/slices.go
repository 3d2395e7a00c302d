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

// slicing checks the flags as evalkit does and returns the pipeline's
// slicing: nil without --by. With --ci, --by is a usage error: the
// comparison of each slice with the rest of the rows ("vs_rest",
// "slices_worse") runs the task on the rest of the rows, which
// evalkit-beam does not.
func (s *sliceFlags) slicing(withCI bool) (*evalbeam.Slicing, error) {
	sl, err := s.f.Options(new(budget.Size)) // the budget is unused: each worker holds one unit
	if err != nil || sl == nil {
		return nil, err
	}
	if withCI {
		return nil, usagef("%s: --by with --ci: comparing each slice with the rest of the rows needs evalkit (run evalkit %s --by … --ci on the concatenated input, or leave out --ci)", s.cmd, s.cmd)
	}
	return &evalbeam.Slicing{Cmd: s.cmd, By: sl.By, MinRows: sl.MinRows, MaxSlices: sl.MaxSlices}, nil
}
