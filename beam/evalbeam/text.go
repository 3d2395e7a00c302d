package evalbeam

import (
	"bytes"
	"context"
	"encoding/gob"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"
	"unsafe"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/table"
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

// textPart is the statistics of one or more shards: each system's
// per-sentence statistics in corpus order (from shard Index on), or with
// a result that needs no sentence each system's sum. Only the field of the
// metric is set.
type textPart struct {
	Index int
	N     int // sentences
	BLEU  [][]text.BLEUStats
	CHRF  [][]text.CHRFStats
	TER   [][]text.TERStats
	WER   [][]text.WERStats
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
	s = s.Scope(t.Metric)
	us := beam.Reshuffle(s, beam.CreateList(s, units))
	parts := beam.ParDo(s, &textReadFn{T: *t}, us)
	total := beam.Combine(s, &textCombineFn{Keep: t.keep()}, parts)
	beam.ParDo0(s, &textWriteFn{T: *t}, total)
}

func (t *Text) keep() bool { return t.Corpus.PerSentence() }

// openLines opens a local or remote file for reading line by line.
func openLines(ctx context.Context) func(string) (*table.LineReader, error) {
	return func(path string) (*table.LineReader, error) {
		if !strings.Contains(path, "://") {
			return table.OpenLines(path, nil)
		}
		fs, err := filesystem.New(ctx, path)
		if err != nil {
			return nil, err
		}
		rc, err := fs.OpenRead(ctx, path)
		if err != nil {
			fs.Close()
			return nil, err
		}
		return table.NewLineReader(closeBoth{rc, fs}, path)
	}
}

// closeBoth is a remote file that closes its file system with it.
type closeBoth struct {
	io.ReadCloser
	fs filesystem.Interface
}

func (c closeBoth) Close() error {
	err := c.ReadCloser.Close()
	c.fs.Close()
	return err
}

type textReadFn struct{ T Text }

// ProcessElement reads one shard into its statistics, as the command line
// reads whole files (text.ReadStats).
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
		p.BLEU, p.N, err = text.ReadStats(sys, b.Corpus, (*text.BLEUStats).Add, keep, nil)
	case "chrf":
		c, e := text.NewCHRF(f.T.CHRF)
		if e != nil {
			return nil, usageError("chrf: %v", e)
		}
		p.CHRF, p.N, err = text.ReadStats(sys, c.Corpus, (*text.CHRFStats).Add, keep, nil)
	case "ter":
		p.TER, p.N, err = text.ReadStats(sys, f.T.TER.Corpus, text.AddTER, keep, nil)
	case "wer":
		p.WER, p.N, err = text.ReadStats(sys, text.WERCorpus(f.T.CER), (*text.WERStats).Merge, keep, nil)
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

// textCombineFn merges the shards' statistics. Without Keep it sums them
// (integer counts: any order gives the same sums); with Keep it gathers
// the parts, which carry their shard index, and textWriteFn puts them in
// order.
type textCombineFn struct{ Keep bool }

func (f *textCombineFn) CreateAccumulator() *textAcc { return &textAcc{} }

func (f *textCombineFn) AddInput(a *textAcc, p *textPart) *textAcc {
	return f.MergeAccumulators(a, &textAcc{Parts: []*textPart{p}})
}

func (f *textCombineFn) MergeAccumulators(a, b *textAcc) *textAcc {
	a.Parts = append(a.Parts, b.Parts...)
	if !f.Keep && len(a.Parts) > 1 {
		sum := a.Parts[0]
		for _, p := range a.Parts[1:] {
			sum.N += p.N
			sum.BLEU = addSums(sum.BLEU, p.BLEU, (*text.BLEUStats).Add)
			sum.CHRF = addSums(sum.CHRF, p.CHRF, (*text.CHRFStats).Add)
			sum.TER = addSums(sum.TER, p.TER, text.AddTER)
			sum.WER = addSums(sum.WER, p.WER, (*text.WERStats).Merge)
		}
		a.Parts = a.Parts[:1]
	}
	return a
}

// addSums adds each system's sum in b to a's.
func addSums[S any](a, b [][]S, add func(*S, S)) [][]S {
	if a == nil {
		return b
	}
	for k := range b {
		add(&a[k][0], b[k][0])
	}
	return a
}

func (f *textCombineFn) ExtractOutput(a *textAcc) *textAcc { return a }

type textWriteFn struct{ T Text }

// ProcessElement puts the gathered statistics in corpus order, charges
// them to the memory budget, builds the result with the command line's
// builder and writes it.
func (f *textWriteFn) ProcessElement(ctx context.Context, a *textAcc) error {
	parts := a.Parts
	slices.SortFunc(parts, func(x, y *textPart) int { return x.Index - y.Index })
	n := 0
	for _, p := range parts {
		n += p.N
	}
	t := f.T
	o := t.Corpus
	o.Systems, o.Sentences = t.Hyps, n
	var sz budget.Size
	if t.Memory != "" {
		if err := sz.Set(t.Memory); err != nil {
			return usageError("%s: --memory: %v", t.Metric, err)
		}
	}
	acct := sz.Budget().Account("the "+t.Metric+" state (per-sentence statistics)", "")
	var out text.Documented
	var err error
	switch t.Metric {
	case "bleu":
		var stats [][]text.BLEUStats
		if stats, err = gather(parts, func(p *textPart) [][]text.BLEUStats { return p.BLEU }, acct, fixedSize); err == nil {
			b, _ := text.NewBLEU(t.BLEU)
			out, err = b.Report(stats, len(t.Refs), o)
		}
	case "chrf":
		var stats [][]text.CHRFStats
		if stats, err = gather(parts, func(p *textPart) [][]text.CHRFStats { return p.CHRF }, acct,
			text.CHRFStats.Bytes); err == nil {
			c, _ := text.NewCHRF(t.CHRF)
			out, err = c.Report(stats, len(t.Refs), o)
		}
	case "ter":
		var stats [][]text.TERStats
		if stats, err = gather(parts, func(p *textPart) [][]text.TERStats { return p.TER }, acct, fixedSize); err == nil {
			out, err = t.TER.Report(stats, len(t.Refs), o)
		}
	case "wer":
		var stats [][]text.WERStats
		if stats, err = gather(parts, func(p *textPart) [][]text.WERStats { return p.WER }, acct, fixedSize); err == nil {
			if err = text.WERHasSentences(n, t.Hyps[0]); err == nil {
				var total text.WERStats
				for _, s := range stats[0] {
					total.Merge(s)
				}
				out = text.NewWERResult(total, t.CER)
			}
		}
	}
	if err != nil {
		return userError(err)
	}
	return writeJSON(ctx, t.Output, out)
}

// gather concatenates each system's statistics of the parts (in corpus
// order), charging them to acct, size bytes each.
func gather[S any](parts []*textPart, get func(*textPart) [][]S, acct *budget.Account, size func(S) int64) ([][]S, error) {
	var out [][]S
	for _, p := range parts {
		st := get(p)
		if out == nil {
			out = make([][]S, len(st))
		}
		for k := range st {
			var b int64
			for _, s := range st[k] {
				b += size(s)
			}
			if err := acct.Grow(b); err != nil {
				return nil, err
			}
			out[k] = append(out[k], st[k]...)
		}
	}
	return out, nil
}

// fixedSize is the size of a statistic without pointers.
func fixedSize[S any](s S) int64 { return int64(unsafe.Sizeof(s)) }
