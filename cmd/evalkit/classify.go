package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/cli"
	"strings"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/classify"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/table"
)

func init() {
	register(&command{
		name:    "classify",
		summary: "confusion matrix, accuracy, precision/recall/F, kappa, MCC, … from true and predicted labels",
		run:     runClassify,
	})
}

type classifyFlags struct {
	cli.ClassifyFlags
	memory *budget.Size
	ci     cli.CIFlags
	models cli.ModelFlags
	format *string
}

func (f *classifyFlags) define(fs *flag.FlagSet) {
	f.ClassifyFlags.Define(fs)
	f.memory = budget.Flag(fs)
	f.ci.Define(fs)
	f.models.Define(fs, "accuracy")
	f.format = formatFlag(fs)
}

func runClassify(e *env, args []string) error {
	fs := flag.NewFlagSet("classify", flag.ContinueOnError)
	var f classifyFlags
	f.define(fs)
	path, format, err := fileTask(e, fs, args, f.format)
	if err != nil {
		return err
	}
	opt, err := f.Options()
	if err != nil {
		return err
	}
	ci, withCI, err := f.ci.Options()
	if err != nil {
		return err
	}
	if f.Multilabel {
		if err := f.CheckMultilabel(opt); err != nil {
			return err
		}
		rep, err := multilabelFile(e, path, &f, opt, withCI)
		if err != nil {
			return err
		}
		if withCI {
			if err := rep.AddIntervals(ci); err != nil {
				return err
			}
		}
		return emit(e, format, rep, func() *report.Doc { return report.Multilabel(rep, displayName(path)) })
	}
	if strings.Contains(f.Pred, ",") {
		cip := cli.CIPtr(ci, withCI)
		out, err := classifyModelsFile(e, path, &f, opt, cip, f.models.Options(fs))
		if err != nil {
			return err
		}
		return emit(e, format, out, func() *report.Doc { return report.Models(out, "Classification of "+displayName(path)) })
	}
	if name := f.models.Used(fs); name != "" {
		return usagef("classify: --%s needs several models (--pred m1,m2,…)", name)
	}
	rep, c, err := classifyFile(e, path, &f, opt)
	if err != nil {
		return err
	}
	if withCI {
		if err := rep.AddIntervals(c, opt, ci); err != nil {
			return err
		}
	}
	return emit(e, format, rep, func() *report.Doc { return report.Classify(rep, displayName(path)) })
}

func displayName(path string) string {
	if path == "" || path == "-" {
		return "<stdin>"
	}
	return path
}

// classifyFile streams the file into a tally and computes the report; it
// returns the confusion matrix too (the intervals resample it).
func classifyFile(e *env, path string, f *classifyFlags, opt classify.Options) (*classify.Report, *classify.Confusion, error) {
	r, err := e.open(path)
	if err != nil {
		return nil, nil, err
	}
	defer r.Close()
	cols, err := table.Columns(r, f.True, f.Pred, f.Weight)
	if err != nil {
		return nil, nil, err
	}
	tc, pc, wc := cols[0], cols[1], cols[2]
	tally := classify.NewTally(opt.Labels)
	acct := f.memory.Budget().Account("the classify state (labels and confusion cells)", "or check that --true and --pred name label columns")
	order := &table.Ordered[*classify.Tally]{Fresh: func() *classify.Tally { return classify.NewTally(opt.Labels) }, Merge: tally.Merge,
		Check: func() error { return acct.Set(tally.Bytes()) }}
	err = readChunks(e, r, order,
		func(tally *classify.Tally, sub *table.Reader) error {
			for sub.Next() {
				yt, err := sub.Text(tc)
				if err != nil {
					return err
				}
				yp, err := sub.Text(pc)
				if err != nil {
					return err
				}
				w := -1.0
				if wc >= 0 {
					if w, err = sub.Weight(wc); err != nil {
						return err
					}
				}
				if ok, bad := tally.Add(yt, yp, w); !ok {
					col, v := tc, yt
					if bad == 1 {
						col, v = pc, yp
					}
					return sub.Errorf(col, fmt.Errorf("%w: %q (--labels gives %s)", classify.ErrUnknownLabel, v, strings.Join(opt.Labels, ",")))
				}
			}
			return nil
		})
	if err != nil {
		return nil, nil, err
	}
	labels, c := tally.Sorted()
	rep, err := classify.NewReport(labels, c, opt)
	if err != nil {
		return nil, nil, cli.ClassifyReportError(err, r.Name(), f.Weight)
	}
	return rep, c, nil
}

// multilabelFile reads path into the multilabel state; cross keeps the
// cross-label moments that only --ci uses.
func multilabelFile(e *env, path string, f *classifyFlags, opt classify.Options, cross bool) (*classify.MultilabelReport, error) {
	r, err := e.open(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	cols, err := table.Columns(r, f.True, f.Pred, f.Weight)
	if err != nil {
		return nil, err
	}
	tc, pc, wc := cols[0], cols[1], cols[2]
	fresh := func() *classify.Multilabel {
		m := classify.NewMultilabel(opt.Labels, opt.Beta)
		if !cross {
			m.NoCross()
		}
		return m
	}
	m := fresh()
	acct := f.memory.Budget().Account("the multilabel state (labels and per-label counts)", "or check that --true and --pred name label columns")
	order := &table.Ordered[*classify.Multilabel]{Fresh: fresh, Merge: m.Merge,
		Check: func() error { return acct.Set(m.Bytes()) }}
	err = readChunks(e, r, order,
		func(m *classify.Multilabel, sub *table.Reader) error {
			var ts, ps [][]byte
			var err error
			for sub.Next() {
				if ts, err = sub.LabelSet(tc, f.Sep, ts); err != nil {
					return err
				}
				if ps, err = sub.LabelSet(pc, f.Sep, ps); err != nil {
					return err
				}
				w := 1.0
				if wc >= 0 {
					if w, err = sub.Weight(wc); err != nil {
						return err
					}
				}
				if bad, ok := m.Add(ts, ps, w); !ok {
					col := tc
					for _, p := range ps {
						if bytes.Equal(p, bad) {
							col = pc
						}
					}
					return sub.Errorf(col, fmt.Errorf("%w: %q (--labels gives %s)", classify.ErrUnknownLabel, bad, strings.Join(opt.Labels, ",")))
				}
			}
			return nil
		})
	if err != nil {
		return nil, err
	}
	rep, err := m.Report(opt.ZeroDivision)
	if err == nil {
		rep.Signature = opt.MultilabelSignature(f.Sep)
	}
	if err != nil {
		if errors.Is(err, classify.ErrZeroWeight) || errors.Is(err, classify.ErrWeightRange) {
			return nil, fmt.Errorf("%s: column %q: %w", r.Name(), f.Weight, err)
		}
		return nil, fmt.Errorf("%s: %w", r.Name(), err)
	}
	return rep, nil
}

// classifyModelsFile reads the true labels and every model's predictions
// into one joint state and evaluates and compares the models.
func classifyModelsFile(e *env, path string, f *classifyFlags, opt classify.Options, ci *hyptest.CIOptions, mo board.Options) (*board.Models, error) {
	names := modelNames(f.Pred)
	if err := mo.Check("classify", names); err != nil {
		return nil, cli.OptionUsage(err)
	}
	r, err := e.open(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	cols, err := table.Columns(r, append([]string{f.True, f.Weight}, names...)...)
	if err != nil {
		return nil, err
	}
	tc, wc, pcs := cols[0], cols[1], cols[2:]
	m := len(names)
	joint := classify.NewModels(m, opt.Labels)
	acct := f.memory.Budget().Account("the classify state of several models (labels, and a cell for each distinct tuple of true and predicted labels)", "or check that --true and --pred name label columns")
	order := &table.Ordered[*classify.Models]{Fresh: func() *classify.Models { return classify.NewModels(m, opt.Labels) }, Merge: joint.Merge,
		Check: func() error { return acct.Set(joint.Bytes()) }}
	err = readChunks(e, r, order, func(st *classify.Models, sub *table.Reader) error {
		preds := make([][]byte, m)
		for sub.Next() {
			yt, err := sub.Text(tc)
			if err != nil {
				return err
			}
			for j, pc := range pcs {
				if preds[j], err = sub.Text(pc); err != nil {
					return err
				}
			}
			w := -1.0
			if wc >= 0 {
				if w, err = sub.Weight(wc); err != nil {
					return err
				}
			}
			if ok, bad := st.Add(yt, preds, w); !ok {
				col, v := tc, yt
				if bad >= 0 {
					col, v = pcs[bad], preds[bad]
				}
				return sub.Errorf(col, fmt.Errorf("%w: %q (--labels gives %s)", classify.ErrUnknownLabel, v, strings.Join(opt.Labels, ",")))
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	out, err := classify.NewModelsReport(joint, names, opt, mo, ci)
	if err != nil {
		return nil, cli.ClassifyReportError(err, r.Name(), f.Weight)
	}
	return out, nil
}
