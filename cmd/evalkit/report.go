package main

import (
	"flag"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/task"
)

func init() {
	register(&command{
		name:    "report",
		summary: "everything a task measures, with figures, as one self-contained HTML page",
		run:     runReport,
	})
}

// reportTasks are the tasks "evalkit report" renders, in the order of
// "--task" in the help.
var reportTasks = []string{"classify", "rank", "regress", "cluster", "bleu", "chrf", "ter", "friedman"}

// reportTask infers the task of "evalkit report" from its arguments:
// --task wins; else the first task (in the order of reportTasks) that
// defines every flag given, so --score or --max-fpr means rank.
func reportTask(args []string) (string, error) {
	task := ""
	var names []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			continue
		}
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if name == "task" {
			if !hasVal {
				if i+1 >= len(args) {
					return "", usagef("report: flag needs an argument: -task")
				}
				val = args[i+1]
				i++
			}
			task = val
			continue
		}
		if name == "h" || name == "help" { // every task has help: it tells none
			continue
		}
		names = append(names, name)
	}
	if task == "" && (slices.Contains(names, "hyp") || slices.Contains(names, "ref")) {
		task = "bleu" // translations: BLEU unless --task chrf or ter
	}
	if task == "" {
		task = "classify"
	find:
		for _, t := range reportTasks[:4] {
			fs := flag.NewFlagSet(t, flag.ContinueOnError)
			var rf reportFlags
			rf.define(fs, t)
			reportTaskFlags(fs, t)
			for _, n := range names {
				if fs.Lookup(n) == nil {
					continue find
				}
			}
			task = t
			break
		}
	}
	for _, t := range reportTasks {
		if t == task {
			return task, nil
		}
	}
	return "", usagef("report: unknown --task %q (want %s)", task, strings.Join(reportTasks, ", "))
}

// reportTaskFlags defines the flags of task on fs and returns the function
// that builds its report.
func reportTaskFlags(fs *flag.FlagSet, task string) func(e *env, path string) (*report.Doc, error) {
	switch task {
	case "classify":
		var f classifyFlags
		f.define(fs)
		return func(e *env, path string) (*report.Doc, error) { return classifyPage(e, path, &f, fs) }
	case "rank":
		var f rankFlags
		f.define(fs)
		return func(e *env, path string) (*report.Doc, error) { return rankPage(e, path, &f, fs) }
	case "cluster":
		var f clusterFlags
		f.define(fs)
		return func(e *env, path string) (*report.Doc, error) { return clusterPage(e, path, &f, fs) }
	case "regress":
		var f regressFlags
		f.define(fs)
		return func(e *env, path string) (*report.Doc, error) { return regressPage(e, path, &f, fs) }
	}
	panic("evalkit: no report for task " + task)
}

// reportFlags are the flags of "evalkit report" beside the task's own.
type reportFlags struct {
	out, title, task string
}

func (r *reportFlags) define(fs *flag.FlagSet, task string) {
	fs.StringVar(&r.out, "o", "report.html", "the HTML file to write (through a temporary file renamed at the end)")
	fs.StringVar(&r.title, "title", "", "the page's title (default: the task and the data file)")
	fs.StringVar(&r.task, "task", task, "the task: "+strings.Join(reportTasks, ", ")+" (default: the first of these that has every flag given, so --score means rank)")
}

func runReport(e *env, args []string) error {
	task, err := reportTask(args)
	if err != nil {
		return err
	}
	if helpAsked(args) {
		return reportHelp(e, task)
	}
	switch task {
	case "bleu", "chrf", "ter", "friedman":
		return textReport(e, task, args)
	}
	fs := flag.NewFlagSet("report", flag.ContinueOnError)
	var rf reportFlags
	rf.define(fs, task)
	build := reportTaskFlags(fs, task)
	// Intervals are on by default in a report, where the task has them.
	if fl := fs.Lookup("ci"); fl != nil {
		fl.DefValue = "true"
		if err := fl.Value.Set("true"); err != nil {
			return err
		}
	}
	pos, err := parseFlags(fs, e, args)
	if err != nil {
		return err
	}
	path, err := oneFile(fs, pos)
	if err != nil {
		return err
	}
	formatSet := false
	fs.Visit(func(f *flag.Flag) { formatSet = formatSet || f.Name == "format" })
	if formatSet {
		return usagef("report: writes HTML; --format does not apply (run the task itself for text, JSON, Markdown or CSV)")
	}
	if rf.out == "" || rf.out == "-" {
		return usagef("report: -o needs a file name")
	}
	e.gates = cli.Gates(fs)
	p, err := build(e, path)
	if err != nil {
		return err
	}
	if fl := fs.Lookup("by"); fl != nil && sliced(fs) {
		sec, err := slicesPageSection(e, task, args)
		if err != nil {
			return err
		}
		p.Sections = append(p.Sections, sec)
	}
	// The gates lead the page; a failed one is exit status 3 once the
	// page is written.
	gates, err := e.gates.Evaluate(e.shown)
	if err != nil {
		return err
	}
	report.AddGates(p, gates)
	if err := writePage(p, rf.out, rf.title); err != nil {
		return err
	}
	return cli.GateFailure(gates)
}

// helpAsked reports whether args ask for help (-h, --help) before a "--".
func helpAsked(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h", "-help", "--help":
			return true
		}
	}
	return false
}

// reportHelp prints the help of "evalkit report" for task (the one the
// other arguments give, classify by default): what it does, how the task
// is chosen, how to see each task's flags, then report's flags and the
// task's.
func reportHelp(e *env, task string) error {
	w := e.stdout
	fmt.Fprintf(w, "usage: evalkit report [--task TASK] [-o FILE] [--title TITLE] [task flags] [FILE]\n\n")
	fmt.Fprintf(w, "Writes everything a task measures, with figures, as one self-contained HTML page.\n")
	fmt.Fprintf(w, "The task is --task, else the first of classify, rank, regress and cluster that has every\n")
	fmt.Fprintf(w, "flag given (--score means rank); --hyp and --ref mean bleu. A report takes the flags of\n")
	fmt.Fprintf(w, "its task's command (intervals, --ci, on by default). Each task's flags:\n\n")
	for _, t := range reportTasks {
		fmt.Fprintf(w, "  evalkit report --task %s --help\n", t)
	}
	fs := flag.NewFlagSet("report", flag.ContinueOnError)
	var rf reportFlags
	rf.define(fs, "") // no default --task: the help says how it is chosen
	switch task {
	case "bleu", "chrf", "ter", "friedman":
		fmt.Fprintf(w, "\nflags of report:\n")
		fs.SetOutput(w)
		fs.PrintDefaults()
		cmd := task
		args := []string{"--help"}
		if task == "friedman" {
			cmd, args = "compare", []string{"friedman", "--help"}
		}
		fmt.Fprintf(w, "\nand those of evalkit %s:\n", strings.Join(append([]string{cmd}, args[:len(args)-1]...), " "))
		for _, c := range commands {
			if c.name == cmd {
				return c.run(e, args)
			}
		}
		return errHelp
	}
	reportTaskFlags(fs, task)
	if fl := fs.Lookup("ci"); fl != nil {
		fl.DefValue = "true"
	}
	fmt.Fprintf(w, "\nflags of report with --task %s (report's and the task's):\n", task)
	fs.SetOutput(w)
	fs.PrintDefaults()
	return errHelp
}

// sliced reports whether --by was given on fs.
func sliced(fs *flag.FlagSet) bool {
	on := false
	fs.Visit(func(f *flag.Flag) { on = on || f.Name == "by" })
	return on
}

// slicesPageSection runs task with the report's arguments (without -o,
// --title and --task; with --ci unless they set it, as a report has
// intervals by default) and --by, and returns the page's slices section.
func slicesPageSection(e *env, name string, args []string) (*report.Section, error) {
	rest := dropFlags(args, []string{"o", "title", "task"})
	ci := false
	for _, a := range rest {
		n, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		ci = ci || strings.HasPrefix(a, "-") && n == "ci"
	}
	if !ci {
		rest = append([]string{"--ci"}, rest...)
	}
	var c *command
	for _, x := range commands {
		if x.name == name {
			c = x
		}
	}
	var got any
	te := *e
	te.capture = func(v any, _ func() *report.Doc) error { got = v; return nil }
	if err := c.run(&te, rest); err != nil {
		return nil, err
	}
	out, ok := got.(*task.SlicesResult)
	if !ok {
		return nil, fmt.Errorf("report: %s --by: no slices in the result (%T)", name, got)
	}
	return report.SlicesPageSection(out), nil
}

// flagged is v with its warnings in flag terms (cli.FlagWarnings), as
// every page shows them; it keeps v as the result the page's gates check.
func flagged[T any](e *env, v T) T {
	cli.FlagWarnings(v)
	task.Summarize(v)
	e.shown = v
	return v
}

// writePage adds the version and time to the summary and writes the page
// to path through a temporary file renamed into place, so that a failure
// leaves no file behind.
func writePage(p *report.Doc, path, title string) error {
	if title != "" {
		p.Title = title
	}
	report.Stamp(p, time.Now())
	return writeFileAtomic(path, p.HTML)
}

func classifyPage(e *env, path string, f *classifyFlags, fs *flag.FlagSet) (*report.Doc, error) {
	if err := e.expandColumns(path, "--pred", &f.Pred); err != nil {
		return nil, err
	}
	opt, err := f.Options()
	if err != nil {
		return nil, err
	}
	if f.Multilabel {
		if err := f.CheckMultilabel(opt); err != nil {
			return nil, err
		}
		ci, withCI, err := f.ci.Options()
		if err != nil {
			return nil, err
		}
		rep, err := multilabelFile(e, path, f, opt, cli.CIPtr(ci, withCI))
		if err != nil {
			return nil, err
		}
		return report.MultilabelPage(flagged(e, rep), displayName(path), f.True, f.Pred), nil
	}
	if strings.Contains(f.Pred, ",") {
		ci, withCI, err := f.ci.Options()
		if err != nil {
			return nil, err
		}
		cip := cli.CIPtr(ci, withCI)
		out, err := classifyModelsFile(e, path, f, opt, cip, f.models.Options(fs))
		if err != nil {
			return nil, err
		}
		return report.ClassifyModelsPage(flagged(e, out), displayName(path), f.True, f.Pred), nil
	}
	if err := f.models.OneModel(fs, "classify", "--pred m1,m2,…"); err != nil {
		return nil, err
	}
	rep, c, err := classifyFile(e, path, f, opt)
	if err != nil {
		return nil, err
	}
	if ci, ok, err := f.ci.Options(); err != nil {
		return nil, err
	} else if ok {
		if err := rep.AddIntervals(c, opt, ci); err != nil {
			return nil, err
		}
	}
	return report.ClassifyPage(flagged(e, rep), displayName(path), f.True, f.Pred), nil
}

func rankPage(e *env, path string, f *rankFlags, fs *flag.FlagSet) (*report.Doc, error) {
	if f.renormalize && f.Classes == "" {
		return nil, usagef("rank: --renormalize is for the probabilities of --classes")
	}
	if t, err := rankMultilabelTask(e, path, fs, f, true); err != nil {
		return nil, err
	} else if t != nil {
		trues, scores := f.True, f.Score
		rep, err := rankMultilabelFile(e, path, t)
		if err != nil {
			return nil, err
		}
		return report.RankMultilabelPage(flagged(e, rep), displayName(path), trues, scores), nil
	}
	if f.MulticlassModels() {
		f.Curves, f.figures, f.figurePoints = false, true, report.CurvePoints
		out, err := rankMulticlassModelsFile(e, path, f, fs)
		if err != nil {
			return nil, err
		}
		return report.RankMulticlassModelsPage(flagged(e, out), displayName(path), f.Classes, f.True, strings.Join(f.ScoreSets, " ")), nil
	}
	if err := e.expandColumns(path, "--score", &f.Score); err != nil {
		return nil, err
	}
	if err := f.Check(); err != nil {
		return nil, err
	}
	if f.plotDir != "" || f.curvesOut != "" {
		return nil, usagef("report: --plot and --curves-out do not apply (the page has the figures)")
	}
	f.Curves = false
	f.figures = true
	f.figurePoints = report.CurvePoints
	_, withCI, err := f.ci.Options()
	if err != nil {
		return nil, err
	}
	form, err := f.form(fs, withCI)
	if err != nil {
		return nil, err
	}
	out, err := f.run(e, path, fs, form)
	if err != nil {
		return nil, err
	}
	name := displayName(path)
	switch rep := out.(type) {
	case *board.Models:
		return report.RankModelsPage(flagged(e, rep), name, f.True, f.Score), nil
	case *rank.UnivariateReport:
		return report.RankUnivariatePage(rep, name, f.Classes, f.True, f.Score), nil
	case *rank.MulticlassReport:
		return report.RankMulticlassPage(flagged(e, rep), name, f.Classes, f.True, f.Score), nil
	}
	return report.RankPage(flagged(e, out.(*rank.Report)), name, f.True, f.Score), nil
}

// reportSample is how many rows the regression figures of a report draw
// at most.
const reportSample = 2000

func regressPage(e *env, path string, f *regressFlags, fs *flag.FlagSet) (*report.Doc, error) {
	if *f.plotDir != "" {
		return nil, usagef("report: --plot does not apply (the page has the figures)")
	}
	trues, preds := f.Trues(), f.Preds()
	if len(trues) == 1 && len(preds) > 1 {
		out, err := regressModelsFile(e, path, f, fs)
		if err != nil {
			return nil, err
		}
		return report.RegressModelsPage(flagged(e, out), displayName(path), f.Pred, trues[0]), nil
	}
	if err := f.models.OneModel(fs, "regress", "--pred m1,m2,… with one --true"); err != nil {
		return nil, err
	}
	res, sample, err := regressFile(e, path, f, reportSample, true)
	if err != nil {
		return nil, err
	}
	return report.RegressPage(flagged(e, res), sample.Figures(res, f.Weight != ""), displayName(path), f.True, f.Pred, trues, preds), nil
}

func clusterPage(e *env, path string, f *clusterFlags, fs *flag.FlagSet) (*report.Doc, error) {
	if strings.Contains(f.Pred, ",") {
		out, err := clusterModelsFile(e, path, f, f.models.Options(fs))
		if err != nil {
			return nil, err
		}
		return report.ClusterModelsPage(flagged(e, out), displayName(path), f.Pred), nil
	}
	if err := f.models.OneModel(fs, "cluster", "--pred m1,m2,…"); err != nil {
		return nil, err
	}
	rep, err := clusterFile(e, path, f)
	if err != nil {
		return nil, err
	}
	return report.ClusterPage(flagged(e, rep), displayName(path)), nil
}

// textReport runs bleu, chrf or ter (metric), or compare friedman, with
// its own flags (args without the report's -o, --title and --task) and
// renders its result value.
func textReport(e *env, metric string, args []string) error {
	var rf reportFlags
	var rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || a == "-" || a == "--" || (name != "o" && name != "title" && name != "task") {
			rest = append(rest, a)
			continue
		}
		if !hasVal {
			if i+1 >= len(args) {
				return usagef("report: flag needs an argument: -%s", name)
			}
			i++
			val = args[i]
		}
		switch name {
		case "o":
			rf.out = val
		case "title":
			rf.title = val
		}
	}
	if rf.out == "" {
		rf.out = "report.html"
	}
	if rf.out == "-" {
		return usagef("report: -o needs a file name")
	}
	var c *command
	for _, cmd := range commands {
		if cmd.name == metric || (metric == "friedman" && cmd.name == "compare") {
			c = cmd
		}
	}
	if metric == "friedman" {
		rest = append([]string{"friedman"}, rest...)
	}
	// Intervals are on by default in a report: --confidence, unless a
	// paired test (which has its own) or sentence scores are asked for.
	given := map[string]bool{}
	for _, a := range rest {
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if strings.HasPrefix(a, "-") {
			given[name] = true
		}
	}
	if metric != "friedman" && !given["confidence"] && !given["paired-bs"] && !given["paired-ar"] && !given["sentence"] {
		rest = append([]string{"--confidence"}, rest...)
	}
	var got any
	te := *e
	te.capture = func(v any, _ func() *report.Doc) error { got = v; return nil }
	var sc *report.SentenceScores
	if given["sentence"] {
		sc = &report.SentenceScores{Key: "score", Name: strings.ToUpper(metric)}
		if metric == "bleu" {
			sc.Key = "bleu"
		}
		te.stdout = sc
	}
	if err := c.run(&te, rest); err != nil {
		return err
	}
	if sc != nil {
		if err := sc.Flush(); err != nil {
			return err
		}
		return writePage(report.SentencePage(sc.Name, sc.Key, metric+" "+strings.Join(rest, " "), sc.Scores), rf.out, rf.title)
	}
	if got == nil {
		return errHelp // the task printed its help
	}
	if fo, ok := got.(*task.FriedmanResult); ok {
		return writePage(report.FriedmanPage(fo), rf.out, rf.title)
	}
	p := report.TextPage(got, metric, metric+" "+strings.Join(rest, " "))
	if p == nil {
		return fmt.Errorf("report: %s: no page for a result of type %T", metric, got)
	}
	return writePage(p, rf.out, rf.title)
}
