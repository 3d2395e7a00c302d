package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/report"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/evalkit-go/evalkit/classify"
	"github.com/evalkit-go/evalkit/cluster"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/regress"
	"github.com/evalkit-go/evalkit/result"
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
	p, err := build(e, path)
	if err != nil {
		return err
	}
	return writePage(p, rf.out, rf.title)
}

// writePage adds the version and time to the summary and writes the page
// to path through a temporary file renamed into place, so that a failure
// leaves no file behind.
func writePage(p *report.Doc, path, title string) error {
	if title != "" {
		p.Title = title
	}
	p.Summary = append(p.Summary, report.Fact{Name: "evalkit", Value: report.T(evalkitVersion())},
		report.Fact{Name: "written", Value: report.T(time.Now().UTC().Format("2006-01-02 15:04 UTC"))})
	return writeFileAtomic(path, p.HTML)
}

// evalkitVersion is the version every signature carries.
func evalkitVersion() string { return result.Version }

func classifyPage(e *env, path string, f *classifyFlags, fs *flag.FlagSet) (*report.Doc, error) {
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
		p := taskPage("Multilabel classification", path, float64(rep.N),
			report.Fact{Name: "labels", Value: report.T(fmt.Sprint(len(rep.Labels)))},
			report.Fact{Name: "task", Value: report.T("classify --multilabel, columns " + f.True + " / " + f.Pred)})
		p.Summary = append(p.Summary, signatureFact(rep.Signature)...)
		p.Sections = report.MultilabelSections(rep)
		return p, nil
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
		return modelsPage("Classification of several models", path, out, f.Pred, "classify, true labels "+f.True,
			func(i int, name string, rep any, prefix string) []*report.Section {
				if r, ok := rep.(*classify.Report); ok {
					return report.ClassifySections(r, prefix, name)
				}
				return nil
			}), nil
	}
	if name := f.models.Used(fs); name != "" {
		return nil, usagef("classify: --%s needs several models (--pred m1,m2,…)", name)
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
	p := taskPage("Classification", path, float64(rep.N),
		report.Fact{Name: "classes", Value: report.T(fmt.Sprint(len(rep.Labels)))},
		report.Fact{Name: "class balance", Value: report.T(report.ClassBalance(rep))},
		report.Fact{Name: "task", Value: report.T("classify, columns " + f.True + " / " + f.Pred)})
	p.Summary = append(p.Summary, signatureFact(rep.Signature)...)
	p.Sections = report.ClassifySections(rep, "", "")
	return p, nil
}

func rankPage(e *env, path string, f *rankFlags, fs *flag.FlagSet) (*report.Doc, error) {
	if err := f.Check(); err != nil {
		return nil, err
	}
	if f.plotDir != "" || f.curvesOut != "" {
		return nil, usagef("report: --plot and --curves-out do not apply (the page has the figures)")
	}
	f.Curves = false
	f.figures = true
	f.figurePoints = report.CurvePoints
	if f.Classes == "" && strings.Contains(f.Score, ",") {
		if f.Bins > 0 {
			return nil, usagef("rank: --bins is for one score column")
		}
		ci, withCI, err := f.ci.Options()
		if err != nil {
			return nil, err
		}
		cip := cli.CIPtr(ci, withCI)
		out, err := rankModelsFile(e, path, f, cip, f.models.Options(fs))
		if err != nil {
			return nil, err
		}
		p := modelsPage("Scores of several models", path, out, f.Score, "rank, true labels "+f.True,
			func(int, string, any, string) []*report.Section { return nil })
		var models []report.RankModel
		for i, m := range out.Models {
			if r, ok := m.Report.(*rank.Report); ok && r.Figures != nil {
				models = append(models, report.RankModel{Name: m.Name, Prefix: report.Join("models", i), Report: r})
			}
		}
		if len(models) == len(out.Models) {
			p.Sections = append(p.Sections, report.RankSections(models)...)
		}
		return p, nil
	}
	if f.Classes != "" || strings.Contains(f.Score, ",") {
		if f.Classes == "" {
			return nil, usagef("rank: several --score columns need --classes (one class label per column)")
		}
		if f.Bins > 0 {
			return nil, usagef("rank: --bins is for binary scores only")
		}
		rep, err := rankMulticlassFile(e, path, f)
		if err != nil {
			return nil, err
		}
		p := taskPage("Class probabilities", path, float64(rep.N),
			report.Fact{Name: "classes", Value: report.T(f.Classes)},
			report.Fact{Name: "task", Value: report.T("rank, columns " + f.True + " / " + f.Score)})
		p.Sections = report.RankMulticlassSections(rep)
		return p, nil
	}
	rep, err := rankBinaryFile(e, path, f)
	if err != nil {
		return nil, err
	}
	p := taskPage("Scores", path, float64(rep.N),
		report.Fact{Name: "positives", Value: report.C("positives", rep.Positives)},
		report.Fact{Name: "negatives", Value: report.C("negatives", rep.Negatives)},
		report.Fact{Name: "positive class", Value: report.T(rep.PosLabel)},
		report.Fact{Name: "task", Value: report.T("rank, columns " + f.True + " / " + f.Score)})
	p.Summary = append(p.Summary, signatureFact(rep.Signature)...)
	p.Sections = report.RankSections([]report.RankModel{{Report: rep}})
	return p, nil
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
		return modelsPage("Regression by several models", path, out, f.Pred, "",
			func(i int, name string, rep any, prefix string) []*report.Section {
				if r, ok := rep.(*regress.Report); ok {
					return suffixed(report.RegressSections(r, nil, nil, prefix, trues[0], name), name)
				}
				return nil
			}), nil
	}
	res, sample, err := regressFile(e, path, f, reportSample, true)
	if err != nil {
		return nil, err
	}
	k := len(trues)
	ys, ps := sample.Columns(k)
	figs := make([]regress.Figures, k)
	var n int64
	if res.Single != nil {
		n = res.Single.N
	} else {
		n = res.Multi.Combined.N
	}
	for j := range figs {
		figs[j] = regress.NewFigures(ys[j], ps[j], n, 30)
		figs[j].Density = &sample.Density[j]
		figs[j].Weighted = f.Weight != ""
	}
	p := taskPage("Regression", path, float64(n), report.Fact{Name: "task", Value: report.T("regress, columns " + f.True + " / " + f.Pred)})
	p.Summary = append(p.Summary, signatureFact(res.Signature)...)
	if res.Single != nil {
		p.Sections = report.RegressSections(res.Single, res.Signature, &figs[0], "", trues[0], preds[0])
		return p, nil
	}
	p.Sections = report.RegressMultiSections(res.Multi, res.Multi.How.String(), trues, preds)
	for j := range figs {
		if len(figs[j].Actual) > 0 {
			p.Sections = append(p.Sections, report.RegressFigures(&figs[j], trues[j], preds[j], trues[j]))
		}
	}
	return p, nil
}

func clusterPage(e *env, path string, f *clusterFlags, fs *flag.FlagSet) (*report.Doc, error) {
	if strings.Contains(f.Pred, ",") {
		out, err := clusterModelsFile(e, path, f, f.models.Options(fs))
		if err != nil {
			return nil, err
		}
		return modelsPage("Clustering by several models", path, out, f.Pred, "",
			func(i int, name string, rep any, prefix string) []*report.Section {
				if r, ok := rep.(*cluster.Report); ok {
					return suffixed(report.ClusterSections(r, prefix), name)
				}
				return nil
			}), nil
	}
	rep, err := clusterFile(e, path, f)
	if err != nil {
		return nil, err
	}
	p := taskPage("Clustering", path, float64(rep.N))
	if x := rep.ExternalReport; x != nil {
		p.Summary = append(p.Summary, report.Fact{Name: "reference classes", Value: report.C("n_classes", float64(x.Classes))},
			report.Fact{Name: "clusters", Value: report.C("n_clusters", float64(x.Clusters))})
	}
	p.Summary = append(p.Summary, signatureFact(rep.Signature)...)
	p.Sections = report.ClusterSections(rep, "")
	return p, nil
}

// textReport runs bleu, chrf or ter with its own flags (args without the
// report's -o, --title and --task) and renders its result value.
func textReport(e *env, task string, args []string) error {
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
		if cmd.name == task || (task == "friedman" && cmd.name == "compare") {
			c = cmd
		}
	}
	if task == "friedman" {
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
	if task != "friedman" && !given["confidence"] && !given["paired-bs"] && !given["paired-ar"] && !given["sentence"] {
		rest = append([]string{"--confidence"}, rest...)
	}
	var got any
	te := *e
	te.capture = func(v any) error { got = v; return nil }
	var sc *sentenceScores
	if given["sentence"] {
		sc = &sentenceScores{key: "score", name: strings.ToUpper(task)}
		if task == "bleu" {
			sc.key = "bleu"
		}
		te.stdout = sc
	}
	if err := c.run(&te, rest); err != nil {
		return err
	}
	if sc != nil {
		if err := sc.flush(); err != nil {
			return err
		}
		p := &report.Doc{Title: sc.name + " of each sentence"}
		p.Summary = []report.Fact{{Name: "task", Value: report.T(task + " " + strings.Join(rest, " "))},
			{Name: "sentences", Value: report.T(fmt.Sprint(len(sc.scores)))}}
		p.Sections = report.SentenceSections(sc.name, sc.key, sc.scores)
		return writePage(p, rf.out, rf.title)
	}
	if got == nil {
		return errHelp // the task printed its help
	}
	if fo, ok := friedmanResult(got); ok {
		return writePage(friedmanPage(fo), rf.out, rf.title)
	}
	secs := report.TextSections(got)
	if secs == nil {
		return fmt.Errorf("report: %s: no page for a result of type %T", task, got)
	}
	p := &report.Doc{Title: map[string]string{"bleu": "BLEU", "chrf": "chrF", "ter": "TER"}[task] + " of machine translation"}
	p.Summary = []report.Fact{{Name: "task", Value: report.T(task + " " + strings.Join(rest, " "))}}
	p.Sections = secs
	return writePage(p, rf.out, rf.title)
}

// suffixed names sections after their model.
// modelsPage is the page of several models' results on one file: the
// summary every such page has (data, rows, the model columns and, when not
// empty, the task line), the leaderboard and comparisons, and perModel's
// sections for each model.
func modelsPage(title, path string, out *board.Models, models, task string, perModel func(i int, name string, rep any, prefix string) []*report.Section) *report.Doc {
	p := taskPage(title, path, float64(out.N), report.Fact{Name: "models", Value: report.T(models)})
	if task != "" {
		p.Summary = append(p.Summary, report.Fact{Name: "task", Value: report.T(task)})
	}
	p.Sections = report.ModelsSections(out, perModel)
	return p
}

func suffixed(secs []*report.Section, model string) []*report.Section {
	for _, s := range secs {
		s.ID += "-" + model
		s.Title += " — " + model
	}
	return secs
}

// signatureFact is the summary line of a result's signature (none when
// the result has none).
func signatureFact(sig *result.Signature) []report.Fact {
	if sig == nil {
		return nil
	}
	return []report.Fact{{Name: "signature", Value: report.T(sig.String())}}
}

// flagGiven reports whether flag name was given on the command line.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// sentenceScores takes the JSON Lines of --sentence as they are written
// and keeps each line's score (the field key) and the metric's name: 8
// bytes a sentence, not the lines.
type sentenceScores struct {
	key, name string
	scores    []float64
	part      []byte // an unfinished line
}

func (s *sentenceScores) Write(b []byte) (int, error) {
	n := len(b)
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			s.part = append(s.part, b...)
			break
		}
		line := b[:i]
		if len(s.part) > 0 {
			line = append(s.part, line...)
		}
		if err := s.line(line); err != nil {
			return 0, err
		}
		s.part = s.part[:0]
		b = b[i+1:]
	}
	return n, nil
}

func (s *sentenceScores) line(l []byte) error {
	if len(bytes.TrimSpace(l)) == 0 {
		return nil
	}
	var v map[string]json.RawMessage
	if err := json.Unmarshal(l, &v); err != nil {
		return fmt.Errorf("report: reading the sentence scores: %v", err)
	}
	var x float64
	if raw, ok := v[s.key]; !ok || json.Unmarshal(raw, &x) != nil {
		x = math.NaN() // null: undefined
	}
	if raw, ok := v["name"]; ok && len(s.scores) == 0 {
		json.Unmarshal(raw, &s.name)
	}
	s.scores = append(s.scores, x)
	return nil
}

// flush takes a last line written without its newline.
func (s *sentenceScores) flush() error {
	if len(s.part) == 0 {
		return nil
	}
	err := s.line(s.part)
	s.part = nil
	return err
}

// taskPage is a page titled title + the data's name, whose summary starts
// with the data file and its rows (JSON key n) and goes on with facts.
func taskPage(title, path string, n float64, facts ...report.Fact) *report.Doc {
	name := displayName(path)
	p := &report.Doc{Title: title + ": " + name}
	p.Summary = append([]report.Fact{{Name: "data", Value: report.T(name)}, {Name: "rows", Value: report.C("n", n)}}, facts...)
	return p
}
