package main

import (
	"flag"
	"io"

	"github.com/evalkit-go/evalkit/demo"
	"github.com/evalkit-go/evalkit/report"
)

func init() {
	register(&command{
		name:    "demo",
		summary: "the whole evaluation story on real data embedded in the binary (no files needed)",
		run:     runDemo,
	})
}

func runDemo(e *env, args []string) error {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	format := fs.String("format", "text", "output format: text, json, markdown or csv")
	folds := fs.Int("folds", 10, "number of cross-validation folds")
	seed := fs.Uint64("seed", 1, "seed for shuffled splits and bootstrap samples")
	rounds := fs.Int("rounds", 50, "bootstrap rounds for the bias–variance and .632 estimates")
	workers := fs.Int("workers", 0, "models trained at once (default: all CPUs); results do not depend on it")
	plotDir := fs.String("plot", "", "also write the learning curves (DIR/learning_curves.svg, .png) and the critical-difference diagram (DIR/cd_diagram.svg, .png)")
	reportPath := fs.String("report", "", "write the demo's whole story as one self-contained HTML page to this file (and print nothing)")
	pos, err := parseFlags(fs, e, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("demo: takes no files")
	}
	if *folds < 2 || *rounds < 2 {
		return usagef("demo: --folds and --rounds must be at least 2")
	}
	f, err := outputFormat(e, *format)
	if err != nil {
		return err
	}
	var progress io.Writer
	if e.stderrTerm {
		progress = e.stderr
	}
	rep, err := demo.Run(demo.Options{Folds: *folds, Seed: *seed, Rounds: *rounds, Workers: *workers, Progress: progress})
	if err != nil {
		return err
	}
	if *plotDir != "" {
		names, figs := rep.Figures()
		if err := saveFigures(*plotDir, names, figs); err != nil {
			return err
		}
	}
	if *reportPath != "" {
		return writePage(flagged(e, rep).Page(), *reportPath, "")
	}
	return emit(e, f, rep, func() *report.Doc { return rep.Doc() })
}
