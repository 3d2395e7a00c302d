package main

import (
	"bytes"
	_ "embed"
	"flag"
	"fmt"

	"github.com/evalkit-go/evalkit/classify"
	"github.com/evalkit-go/evalkit/report"
)

//go:embed demodata/wine_knn.csv
var demoWine []byte

func init() {
	register(&command{
		name:    "demo",
		summary: "evaluate real predictions embedded in the binary (no files needed)",
		run:     runDemo,
	})
}

func runDemo(e *env, args []string) error {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	format := fs.String("format", "text", "output format: text, json, markdown or csv")
	pos, err := parseFlags(fs, e, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("demo: takes no files")
	}
	f, err := outputFormat(e, *format)
	if err != nil {
		return err
	}
	e2 := *e
	e2.stdin = bytes.NewReader(demoWine)
	var cf classifyFlags
	cf.define(flag.NewFlagSet("demo", flag.ContinueOnError)) // defaults
	rep, err := classifyFile(&e2, "-", &cf, classify.Options{Beta: 1})
	if err != nil {
		return err
	}
	return emit(e, f, rep, func() *report.Doc {
		d := classifyDoc(rep, "wine (embedded)")
		d.Title = fmt.Sprintf("evalkit demo: 5-nearest-neighbour classifier on the UCI Wine data (n = %d)", rep.N)
		d.Blocks = append([]report.Block{report.Note(
			"Out-of-fold predictions from 10-fold stratified cross-validation, three cultivars.\n" +
				"Run \"evalkit classify FILE\" on your own y_true,y_pred columns for the same report.")}, d.Blocks...)
		return d
	})
}
