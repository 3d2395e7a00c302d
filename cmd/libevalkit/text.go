package main

import (
	"flag"
	"io"
	"strconv"
	"strings"

	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/table"
	"github.com/evalkit-go/evalkit/task"
	"github.com/evalkit-go/evalkit/text"
)

// The text tasks (bleu, chrf, ter, wer) take sentences: a column of role
// "hyp" a system (the first the baseline of a paired test) and of role
// "ref" a reference, each a label column whose row i is sentence i. They
// are read as the command line reads its --hyp and --ref files, one
// sentence a line (task.Text over in-memory lines), so that the result,
// the checks and the messages are the command line's; the hyp and ref
// options name the systems and references in results and messages
// (default: "hypotheses" and "references", or hyp_0, …, ref_0, … when
// there are several). A sentence holding a line break is an error.

// textSystems returns the systems of in as text.Systems over in-memory
// lines: the names of the hypotheses and references (given, as comma
// lists of one entry, or the defaults) and an Open that reads a column's
// sentences as lines.
func textSystems(taskName string, in *Input, hyps, refs []string) (text.Systems, error) {
	hs, rs := in.Labels["hyp"], in.Labels["ref"]
	if len(hs) == 0 {
		return text.Systems{}, cli.Usagef("%s: no hypotheses given", taskName)
	}
	if len(rs) == 0 {
		return text.Systems{}, cli.Usagef("%s: no references given", taskName)
	}
	var err error
	if hyps, err = columnNames(taskName, "hyp", hyps, len(hs), "hypotheses"); err != nil {
		return text.Systems{}, err
	}
	if refs, err = columnNames(taskName, "ref", refs, len(rs), "references"); err != nil {
		return text.Systems{}, err
	}
	cols := map[string]task.Labels{}
	for i, h := range hyps {
		cols[h] = hs[i]
	}
	for i, r := range refs {
		if _, dup := cols[r]; dup {
			return text.Systems{}, cli.Usagef("%s: %q names a hypothesis and a reference", taskName, r)
		}
		cols[r] = rs[i]
	}
	for name, l := range cols {
		for i, c := range l.Codes {
			if uint64(c) >= uint64(len(l.Names)) {
				return text.Systems{}, &task.RowError{Name: name, Row: i, Err: strconvError(c, len(l.Names))}
			}
			if strings.ContainsAny(l.Names[c], "\n") {
				return text.Systems{}, &task.RowError{Name: name, Row: i, Err: errLineBreak}
			}
		}
	}
	open := func(name string) (*table.LineReader, error) {
		return table.NewLineReader(io.NopCloser(&lineReader{l: cols[name]}), name)
	}
	return text.Systems{Hyps: hyps, Refs: refs, Open: open}, nil
}

// columnNames is the names of m columns of role: the option's (one comma
// list, as the library's options give lists), else def for one column
// and role_0, role_1, … for several.
func columnNames(taskName, role string, given []string, m int, def string) ([]string, error) {
	if len(given) == 1 {
		given = strings.Split(given[0], ",")
	}
	if len(given) == 0 {
		if m == 1 {
			return []string{def}, nil
		}
		given = make([]string, m)
		for j := range given {
			given[j] = role + "_" + strconv.Itoa(j)
		}
	}
	if len(given) != m {
		return nil, cli.Usagef("%s: --%s names %d columns, but %d were given", taskName, role, len(given), m)
	}
	seen := map[string]bool{}
	for _, g := range given {
		if seen[g] {
			return nil, cli.Usagef("%s: --%s names %q twice", taskName, role, g)
		}
		seen[g] = true
	}
	return given, nil
}

type textError string

func (e textError) Error() string { return string(e) }

const errLineBreak = textError("a sentence holds a line break (a sentence is one line)")

func strconvError(c int64, k int) error {
	return textError("sentence code " + strconv.FormatInt(c, 10) + " is not among the " + strconv.Itoa(k) + " sentences")
}

// lineReader reads a column of sentences as lines: each row's sentence
// and a line feed.
type lineReader struct {
	l    task.Labels
	row  int
	part string // the rest of the current line
	nl   bool   // the line feed of the current line is still to come
}

func (r *lineReader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		switch {
		case r.part != "":
			k := copy(p[n:], r.part)
			r.part = r.part[k:]
			n += k
		case r.nl:
			p[n] = '\n'
			n++
			r.nl = false
		case r.row < len(r.l.Codes):
			r.part, r.nl = r.l.Names[r.l.Codes[r.row]], true
			r.row++
		default:
			if n == 0 {
				return 0, io.EOF
			}
			return n, nil
		}
	}
	return n, nil
}

// textFlags defines the options bleu, chrf and ter share (cli.TextFlags)
// and format, and checks them after parsing.
func textFlags(fs *flag.FlagSet) (*cli.TextFlags, *string) {
	var tf cli.TextFlags
	tf.Define(fs)
	return &tf, formatFlag(fs)
}

// readText checks the options, then reads the systems of in with task.Text
// (every sentence's statistics kept when the result needs them).
func readText[S any](taskName string, in *Input, tf *cli.TextFlags, format string,
	corpus func(hyps []string, refs [][]string) ([]S, error), add func(*S, S)) (report.Format, *text.Stats[S], error) {
	f, err := outputFormat(format)
	if err != nil {
		return 0, nil, err
	}
	if tf.Sentence {
		return 0, nil, cli.Usagef("%s: --sentence (JSON Lines) is for the command line; the library gives the corpus result", taskName)
	}
	sys, err := textSystems(taskName, in, tf.Hyps, tf.Refs)
	if err != nil {
		return 0, nil, err
	}
	in.textTask = taskName
	tf.Hyps, tf.Refs = sys.Hyps, sys.Refs
	if err := tf.Check(format); err != nil {
		return 0, nil, err
	}
	if err := tf.ChargeFlags(); err != nil {
		return 0, nil, err
	}
	t := task.Text[S]{Metric: taskName, Systems: sys, Corpus: corpus, Add: add, Keep: tf.Corpus().PerSentence(), Budget: tf.Memory.Budget()}
	st, err := t.Read()
	return f, st, err
}

// evalBLEU is "evalkit bleu" of sentences in memory.
func evalBLEU(options []byte, in *Input) ([]byte, error) {
	fs := flag.NewFlagSet("bleu", flag.ContinueOnError)
	tf, format := textFlags(fs)
	var bf cli.BLEUFlags
	bf.Define(fs)
	if err := parseOptions(fs, options); err != nil {
		return nil, err
	}
	opts, err := bf.Options(tf.Sentence)
	if err != nil {
		return nil, err
	}
	b, err := text.NewBLEU(opts)
	if err != nil {
		return nil, cli.Usagef("bleu: %v", err)
	}
	f, st, err := readText("bleu", in, tf, *format, b.Corpus, (*text.BLEUStats).Add)
	if err != nil {
		return nil, err
	}
	out, err := b.Report(st, len(tf.Refs), tf.Corpus())
	return in.emitCorpus(f, out, err)
}

// evalCHRF is "evalkit chrf" of sentences in memory.
func evalCHRF(options []byte, in *Input) ([]byte, error) {
	fs := flag.NewFlagSet("chrf", flag.ContinueOnError)
	tf, format := textFlags(fs)
	var cf cli.CHRFFlags
	cf.Define(fs)
	if err := parseOptions(fs, options); err != nil {
		return nil, err
	}
	opts, err := cf.Options()
	if err != nil {
		return nil, err
	}
	c, err := text.NewCHRF(opts)
	if err != nil {
		return nil, cli.Usagef("chrf: %v", err)
	}
	f, st, err := readText("chrf", in, tf, *format, c.Corpus, (*text.CHRFStats).Add)
	if err != nil {
		return nil, err
	}
	out, err := c.Report(st, len(tf.Refs), tf.Corpus())
	return in.emitCorpus(f, out, err)
}

// evalTER is "evalkit ter" of sentences in memory.
func evalTER(options []byte, in *Input) ([]byte, error) {
	fs := flag.NewFlagSet("ter", flag.ContinueOnError)
	tf, format := textFlags(fs)
	var o text.TEROptions
	cli.DefineTER(fs, &o)
	if err := parseOptions(fs, options); err != nil {
		return nil, err
	}
	f, st, err := readText("ter", in, tf, *format, o.Corpus, text.AddTER)
	if err != nil {
		return nil, err
	}
	if err := text.TERHasSentences(st.N, tf.Hyps[0]); err != nil {
		return nil, err
	}
	out, err := o.Report(st, len(tf.Refs), tf.Corpus())
	return in.emitCorpus(f, out, err)
}

// evalWER is "evalkit wer" of sentences in memory: one hypothesis column
// and one reference column, read as they are (no whitespace stripped).
func evalWER(options []byte, in *Input) ([]byte, error) {
	fs := flag.NewFlagSet("wer", flag.ContinueOnError)
	var wf cli.WERFlags
	wf.Define(fs)
	format := formatFlag(fs)
	if err := parseOptions(fs, options); err != nil {
		return nil, err
	}
	f, err := outputFormat(*format)
	if err != nil {
		return nil, err
	}
	if wf.Sentence {
		return nil, cli.Usagef("wer: --sentence (JSON Lines) is for the command line; the library gives the corpus result")
	}
	var hyps []string
	if wf.Hyp != "" {
		hyps = []string{wf.Hyp}
	}
	sys, err := textSystems("wer", in, hyps, wf.Refs)
	if err != nil {
		return nil, err
	}
	if len(sys.Hyps) != 1 {
		return nil, cli.Usagef("wer: one hypothesis column, got %d", len(sys.Hyps))
	}
	wf.Refs = sys.Refs
	if err := wf.CheckRefs(); err != nil {
		return nil, err
	}
	sys.Raw = true
	t := task.Text[text.WERStats]{Metric: "wer", Systems: sys, Corpus: text.WERCorpus(wf.CER), Add: (*text.WERStats).Merge, Budget: wf.Memory.Budget()}
	st, err := t.Read()
	if err != nil {
		return nil, err
	}
	if err := text.WERHasSentences(st.N, sys.Hyps[0]); err != nil {
		return nil, err
	}
	out := text.NewWERResult(st.Sums[0], wf.CER)
	return in.emit(f, out, func() *report.Doc { return report.WER(out) })
}

// emitCorpus renders a text measure's corpus result (one system, several,
// or a paired test).
func (in *Input) emitCorpus(f report.Format, out text.CorpusResult, err error) ([]byte, error) {
	if err != nil {
		return nil, err
	}
	return in.emitPage(f, out, func() *report.Doc { return report.Corpus(out) },
		func() *report.Doc { return report.TextPage(out, in.textTask, in.textTask+" "+InputName) })
}
