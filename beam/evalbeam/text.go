package evalbeam

import (
	"bytes"
	"context"
	"encoding/gob"
	"fmt"
	"reflect"
	"slices"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/table"
	"github.com/evalkit-go/evalkit/task"
	"github.com/evalkit-go/evalkit/text"
)

// Text configures a pipeline of a text measure, "evalkit bleu|chrf|ter|wer".
//
// Its input is sharded aligned files: each --hyp and --ref pattern
// matches the same number of files, and the i-th file of every pattern
// (in name order) holds the same sentences, one a line. Shard i (those
// files) is one unit, read by one worker in step as the command line reads
// whole files; the sentences of the corpus are those of shard 0, then
// shard 1, and so on.
type Text struct {
	Metric string // bleu, chrf, ter or wer
	BLEU   text.BLEUOptions
	CHRF   text.CHRFOptions
	TER    text.TEROptions
	CER    bool // wer --cer
	// Hyps and Refs are the patterns, as given: the systems' names.
	Hyps, Refs []string
	// Corpus is what the result reports besides the scores (Systems and
	// Sentences are filled in from the data).
	Corpus text.CorpusOptions
	// Memory is --memory as given ("": a quarter of the memory of the
	// worker that gathers the per-sentence statistics).
	Memory string
	Output string
}

// TextUnit is one shard of the aligned input: the i-th file of every
// --hyp pattern, then of every --ref pattern.
type TextUnit struct {
	Index      int
	Hyps, Refs []string
}

// textPart is the statistics of one or more consecutive shards, from
// shard Index on: each system's sums, and each sentence's (packed) when
// the result needs them (text.ReadStats, as the command line reads). Only
// the field of the metric is set.
type textPart struct {
	Index int
	BLEU  *text.Stats[text.BLEUStats]
	CHRF  *text.Stats[text.CHRFStats]
	TER   *text.Stats[text.TERStats]
	WER   *text.Stats[text.WERStats]
}

func init() {
	partType := reflect.TypeOf((*textPart)(nil))
	beam.RegisterType(partType.Elem())
	beam.RegisterCoder(partType, encodeTextPart, decodeTextPart)
	accType := reflect.TypeOf((*textAcc)(nil))
	beam.RegisterType(accType.Elem())
	beam.RegisterCoder(accType, encodeTextAcc, decodeTextAcc)
	beam.RegisterType(reflect.TypeOf((*TextUnit)(nil)).Elem())
	register.DoFn2x2[context.Context, TextUnit, *textPart, error](&textReadFn{})
	register.Combiner3[*textAcc, *textPart, *textAcc](&textCombineFn{})
	register.Iter1[*textPart]()
	register.DoFn3x1[context.Context, []byte, func(**textPart) bool, error](&textGatherFn{})
	register.DoFn2x1[context.Context, *textAcc, error](&textWriteFn{})
}

// The coders of textPart and textAcc: gob. (Beam finds a coder's
// functions by name, so each type has its own, not one generic pair.)
func encodeTextPart(p *textPart) ([]byte, error) { return encodeGob(p) }
func decodeTextPart(b []byte) (*textPart, error) { return decodeGob[textPart](b) }
func encodeTextAcc(a *textAcc) ([]byte, error)   { return encodeGob(a) }
func decodeTextAcc(b []byte) (*textAcc, error)   { return decodeGob[textAcc](b) }

func encodeGob[T any](v *T) ([]byte, error) {
	var b bytes.Buffer
	err := gob.NewEncoder(&b).Encode(v)
	return b.Bytes(), err
}

func decodeGob[T any](b []byte) (*T, error) {
	v := new(T)
	return v, gob.NewDecoder(bytes.NewReader(b)).Decode(v)
}

// TextUnits matches the --hyp and --ref patterns and pairs their files
// into shards: every pattern must match the same number of files.
func TextUnits(ctx context.Context, hyps, refs []string) ([]TextUnit, error) {
	pats := append(append([]string{}, hyps...), refs...)
	files := make([][]string, len(pats))
	for j, pat := range pats {
		flag := "--hyp"
		if j >= len(hyps) {
			flag = "--ref"
		}
		var err error
		if files[j], err = match(ctx, flag, pat); err != nil {
			return nil, err
		}
		if len(files[j]) != len(files[0]) {
			return nil, fmt.Errorf("%s matches %d files but %s matches %d: the hypotheses and references are sharded alike, the i-th file of each pattern holding the same sentences",
				pat, len(files[j]), pats[0], len(files[0]))
		}
	}
	units := make([]TextUnit, len(files[0]))
	for i := range units {
		units[i].Index = i
		for j := range pats {
			if j < len(hyps) {
				units[i].Hyps = append(units[i].Hyps, files[j][i])
			} else {
				units[i].Refs = append(units[i].Refs, files[j][i])
			}
		}
	}
	return units, nil
}

// Pipeline adds the measure of the shards to s: each shard is read into
// its statistics (textReadFn), a CombineFn gathers them (summing them when
// the result needs no sentence each), and the result is written.
func (t *Text) Pipeline(s beam.Scope, units []TextUnit) {
	if !t.keep() {
		combineUnits(s, t.Metric, units, &textReadFn{T: *t}, &textCombineFn{}, &textWriteFn{T: *t})
		return
	}
	// The per-sentence statistics reach the writer as a side input, each
	// shard's part encoded once on its way: a combiner's accumulator,
	// holding every part gathered so far, would be encoded and decoded
	// again between stages (at 3·10⁵ sentences of BLEU --confidence, a
	// peak of 154 MB against 40 MB for evalkit).
	s = s.Scope(t.Metric)
	us := beam.Reshuffle(s, beam.CreateList(s, units))
	parts := beam.ParDo(s, &textReadFn{T: *t}, us)
	beam.ParDo0(s, &textGatherFn{T: *t}, beam.Impulse(s), beam.SideInput{Input: parts})
}

type textGatherFn struct{ T Text }

// ProcessElement gathers every shard's part (the side input, in any
// order) and writes the result as textWriteFn does.
func (f *textGatherFn) ProcessElement(ctx context.Context, _ []byte, parts func(**textPart) bool) error {
	var all []*textPart
	var p *textPart
	for parts(&p) {
		all = append(all, p)
		p = nil
	}
	return (&textWriteFn{T: f.T}).ProcessElement(ctx, &textAcc{Parts: all})
}

func (t *Text) keep() bool { return t.Corpus.PerSentence() }

// openLines opens a local or remote file for reading line by line.
func openLines(ctx context.Context) func(string) (*table.LineReader, error) {
	return func(path string) (*table.LineReader, error) {
		if !remote(path) {
			return table.OpenLines(path, nil)
		}
		rc, err := openRemote(ctx, path)
		if err != nil {
			return nil, err
		}
		return table.NewLineReader(rc, path)
	}
}

type textReadFn struct{ T Text }

// ProcessElement reads one shard into its statistics, as the command line
// reads whole files (task.Text).
func (f *textReadFn) ProcessElement(ctx context.Context, u TextUnit) (*textPart, error) {
	sys := text.Systems{Hyps: u.Hyps, Refs: u.Refs, Open: openLines(ctx), Raw: f.T.Metric == "wer"}
	p := &textPart{Index: u.Index}
	keep := f.T.keep()
	var err error
	switch f.T.Metric {
	case "bleu":
		b, e := text.NewBLEU(f.T.BLEU)
		if e != nil {
			return nil, usageError("bleu: %v", e)
		}
		p.BLEU, err = (&task.Text[text.BLEUStats]{Systems: sys, Corpus: b.Corpus, Add: (*text.BLEUStats).Add, Keep: keep}).Read()
	case "chrf":
		c, e := text.NewCHRF(f.T.CHRF)
		if e != nil {
			return nil, usageError("chrf: %v", e)
		}
		p.CHRF, err = (&task.Text[text.CHRFStats]{Systems: sys, Corpus: c.Corpus, Add: (*text.CHRFStats).Add, Keep: keep}).Read()
	case "ter":
		p.TER, err = (&task.Text[text.TERStats]{Systems: sys, Corpus: f.T.TER.Corpus, Add: text.AddTER, Keep: keep}).Read()
	case "wer":
		p.WER, err = (&task.Text[text.WERStats]{Systems: sys, Corpus: text.WERCorpus(f.T.CER), Add: (*text.WERStats).Merge}).Read()
	default:
		return nil, fmt.Errorf("evalbeam: unknown text metric %q", f.T.Metric)
	}
	if err != nil {
		return nil, userError(err)
	}
	return p, nil
}

// textAcc gathers parts: with Keep every part, put in corpus order when
// the result is built; otherwise one part holding the sums.
type textAcc struct {
	Parts []*textPart
}

// textCombineFn sums the shards' statistics when no sentence's are kept
// (integer counts: any order gives the same sums); the kept sentences'
// statistics go to the writer as a side input instead (Text.Pipeline).
type textCombineFn struct{}

func (f *textCombineFn) CreateAccumulator() *textAcc { return &textAcc{} }

func (f *textCombineFn) AddInput(a *textAcc, p *textPart) *textAcc {
	return f.MergeAccumulators(a, &textAcc{Parts: []*textPart{p}})
}

func (f *textCombineFn) MergeAccumulators(a, b *textAcc) *textAcc {
	a.Parts = append(a.Parts, b.Parts...)
	if len(a.Parts) > 1 {
		// Sums only: integer counts, the same in any order.
		sum := a.Parts[0]
		for _, p := range a.Parts[1:] {
			join(&sum.BLEU, p.BLEU, (*text.BLEUStats).Add)
			join(&sum.CHRF, p.CHRF, (*text.CHRFStats).Add)
			join(&sum.TER, p.TER, text.AddTER)
			join(&sum.WER, p.WER, (*text.WERStats).Merge)
		}
		a.Parts = a.Parts[:1]
	}
	return a
}

// join adds next's statistics, of the shards after *st's, to *st (a
// missing one is none).
func join[S any](st **text.Stats[S], next *text.Stats[S], add func(*S, S)) error {
	switch {
	case next == nil:
		return nil
	case *st == nil:
		*st = next
		return nil
	}
	return (*st).Join(next, add)
}

func (f *textCombineFn) ExtractOutput(a *textAcc) *textAcc { return a }

type textWriteFn struct{ T Text }

// ProcessElement puts the gathered statistics in corpus order, charges
// those kept to the memory budget, builds the result with the command
// line's builder and writes it.
func (f *textWriteFn) ProcessElement(ctx context.Context, a *textAcc) error {
	parts := a.Parts
	slices.SortFunc(parts, func(x, y *textPart) int { return x.Index - y.Index })
	all := &textPart{}
	for _, p := range parts {
		for _, err := range []error{join(&all.BLEU, p.BLEU, (*text.BLEUStats).Add), join(&all.CHRF, p.CHRF, (*text.CHRFStats).Add),
			join(&all.TER, p.TER, text.AddTER), join(&all.WER, p.WER, (*text.WERStats).Merge)} {
			if err != nil {
				return userError(err)
			}
		}
	}
	t := f.T
	o := t.Corpus
	o.Systems = t.Hyps
	var sz budget.Size
	if t.Memory != "" {
		if err := sz.Set(t.Memory); err != nil {
			return usageError("%s: --memory: %v", t.Metric, err)
		}
	}
	acct := task.TextAccount(sz.Budget(), t.Metric)
	var out text.CorpusResult
	var err error
	switch t.Metric {
	case "bleu":
		if err = task.ChargeText(acct, all.BLEU); err == nil {
			b, _ := text.NewBLEU(t.BLEU)
			out, err = b.Report(all.BLEU, len(t.Refs), o)
		}
	case "chrf":
		if err = task.ChargeText(acct, all.CHRF); err == nil {
			c, _ := text.NewCHRF(t.CHRF)
			out, err = c.Report(all.CHRF, len(t.Refs), o)
		}
	case "ter":
		if err = task.ChargeText(acct, all.TER); err == nil {
			out, err = t.TER.Report(all.TER, len(t.Refs), o)
		}
	case "wer":
		if err = text.WERHasSentences(all.WER.N, t.Hyps[0]); err == nil {
			out = text.NewWERResult(all.WER.Sums[0], t.CER)
		}
	}
	if err != nil {
		return userError(err)
	}
	return writeJSON(ctx, t.Output, out)
}
