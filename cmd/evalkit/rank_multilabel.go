package main

import (
	"flag"

	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/task"
)

// rankMultilabelTask expands the --true and --score patterns of a
// multilabel rank (--multilabel) and returns its task, or nil without
// --multilabel. Options that do not apply are usage errors, --ci among
// them unless page (evalkit report asks for intervals by default; the
// page has none).
func rankMultilabelTask(e *env, path string, fs *flag.FlagSet, f *rankFlags, page bool) (*task.RankMultilabel, error) {
	if !f.ml.On {
		_, err := f.ml.Task(&f.RankFlags, fs, nil)
		return nil, err
	}
	if err := e.expandColumns(path, "--true", &f.True); err != nil {
		return nil, err
	}
	if err := e.expandColumns(path, "--score", &f.Score); err != nil {
		return nil, err
	}
	if _, on, err := f.ci.Options(); err != nil {
		return nil, err
	} else if on && !page {
		return nil, usagef("rank: --ci does not apply with --multilabel")
	}
	if sl, err := f.slices.Options(f.memory); err != nil {
		return nil, err
	} else if sl != nil {
		return nil, usagef("rank: --by does not apply with --multilabel")
	}
	if name := f.models.Used(fs); name != "" {
		return nil, usagef("rank: --%s does not apply with --multilabel", name)
	}
	if f.plotDir != "" || f.curvesOut != "" || f.renormalize {
		return nil, usagef("rank: --plot, --curves-out and --renormalize do not apply with --multilabel")
	}
	t, err := f.ml.Task(&f.RankFlags, fs, f.memory.Budget())
	if err != nil {
		return nil, err
	}
	return t, nil
}

// rankMultilabelFile reads the file at path into the multilabel state of t
// and returns its report.
func rankMultilabelFile(e *env, path string, t *task.RankMultilabel) (*rank.MultilabelReport, error) {
	r, err := e.open(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	stop := progress(e, r)
	st, err := t.Read(r)
	stop()
	if err != nil {
		return nil, cli.TaskError("rank", err)
	}
	return t.Report(st, r.Name())
}
