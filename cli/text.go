package cli

import (
	"flag"
	"fmt"
	"strings"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/text"
)

// StringList is a flag that may be repeated (--ref a --ref b).
type StringList []string

func (s *StringList) String() string     { return strings.Join(*s, " ") }
func (s *StringList) Set(v string) error { *s = append(*s, v); return nil }

// TextFlags are the flags bleu, chrf and ter share: the systems (--hyp,
// repeatable: the first is the baseline of a paired test), the references,
// sentence-level output and the significance options.
type TextFlags struct {
	Hyps, Refs           StringList
	Sentence, Confidence bool
	ConfN                int
	PairedBS, PairedAR   bool
	PairedBSN, PairedARN int
	Seed                 uint64
	CI                   CIFlags
	Memory               *budget.Size
	fs                   *flag.FlagSet
}

// Define adds the text flags to fs.
func (t *TextFlags) Define(fs *flag.FlagSet) {
	t.fs = fs
	fs.Var(&t.Hyps, "hyp", "hypothesis file, one sentence a line (- for stdin); repeat to compare systems (the first is the baseline of --paired-bs/--paired-ar)")
	fs.Var(&t.Refs, "ref", "reference file, one sentence a line; repeat for several references")
	fs.BoolVar(&t.Sentence, "sentence", false, "print one JSON object per line (JSON Lines) with the sentence-level scores")
	fs.BoolVar(&t.Confidence, "confidence", false, "add a 95% bootstrap confidence interval (mean ± half-width) for each system")
	fs.IntVar(&t.ConfN, "confidence-n", 1000, "bootstrap resamples for --confidence")
	fs.BoolVar(&t.PairedBS, "paired-bs", false, "paired bootstrap resampling test of each --hyp against the first")
	fs.BoolVar(&t.PairedAR, "paired-ar", false, "paired approximate randomisation test of each --hyp against the first")
	fs.IntVar(&t.PairedBSN, "paired-bs-n", 1000, "bootstrap resamples for --paired-bs")
	fs.IntVar(&t.PairedARN, "paired-ar-n", 10000, "randomisation trials for --paired-ar")
	fs.Uint64Var(&t.Seed, "seed", text.DefaultSeed, "random seed of the bootstrap and randomisation tests (1, as every resampling; sacreBLEU's 12345 does not give sacreBLEU's draws: the generator differs)")
	t.CI.Define(fs)
	t.Memory = MemoryFlag(fs)
}

// Check validates the combination of flags, with format the output
// format asked for ("" for the default).
func (t *TextFlags) Check(format string) error {
	name := t.fs.Name()
	if t.PairedBS && t.PairedAR {
		return Usagef("%s: --paired-bs and --paired-ar exclude each other", name)
	}
	paired := t.PairedBS || t.PairedAR
	if paired && len(t.Hyps) < 2 {
		return Usagef("%s: a paired test needs a baseline and at least one more --hyp", name)
	}
	if t.Sentence && (len(t.Hyps) > 1 || paired || t.Confidence) {
		return Usagef("%s: --sentence scores one system and excludes --confidence and the paired tests", name)
	}
	if t.Sentence && format != "" && format != "json" {
		return Usagef("%s: --sentence prints JSON Lines; --format %s is not available", name, format)
	}
	if t.Confidence && paired {
		return Usagef("%s: the paired tests report confidence intervals already; drop --confidence", name)
	}
	if _, on, err := t.CI.Options(); err != nil {
		return err
	} else if on && (t.Sentence || paired) {
		return Usagef("%s: --ci is for corpus scores, of one system or several (the paired tests report their own intervals)", name)
	}
	if t.ConfN < 1 || t.PairedBSN < 1 || t.PairedARN < 1 {
		return Usagef("%s: --confidence-n, --paired-bs-n and --paired-ar-n must be ≥ 1", name)
	}
	return nil
}

// Corpus is what the flags ask of a corpus-level result for the systems.
func (t *TextFlags) Corpus() text.CorpusOptions {
	o := text.CorpusOptions{Systems: t.Hyps, Seed: t.Seed}
	if t.Confidence {
		o.ConfidenceN = t.ConfN
	}
	switch {
	case t.PairedAR:
		o.Paired = &text.PairedOptions{Method: text.PairedAR, N: t.PairedARN, Seed: t.Seed}
	case t.PairedBS:
		o.Paired = &text.PairedOptions{Method: text.PairedBS, N: t.PairedBSN, Seed: t.Seed}
	}
	if ci, on, _ := t.CI.Options(); on {
		o.CI = &ci
	}
	return o
}

// BLEUFlags are bleu's own flags.
type BLEUFlags struct {
	Tokenize, Smooth          string
	Lowercase, EffectiveOrder bool
	SmoothValue               float64
	MaxNgramOrder             int
	fs                        *flag.FlagSet
}

// Define adds bleu's own flags to fs.
func (b *BLEUFlags) Define(fs *flag.FlagSet) {
	b.fs = fs
	fs.StringVar(&b.Tokenize, "tokenize", text.Tok13a, "tokenizer: "+strings.Join(text.Tokenizers, ", "))
	fs.BoolVar(&b.Lowercase, "lowercase", false, "lowercase before tokenizing (case-insensitive BLEU)")
	fs.StringVar(&b.Smooth, "smooth", text.SmoothExp, "smoothing: "+strings.Join(text.Smooths, ", "))
	fs.Float64Var(&b.SmoothValue, "smooth-value", 0, "value for --smooth floor (default 0.1) or add-k (default 1)")
	fs.BoolVar(&b.EffectiveOrder, "effective-order", false, "average only the n-gram orders present (default on with --sentence, as sacreBLEU)")
	fs.IntVar(&b.MaxNgramOrder, "max-ngram-order", text.DefaultOrder, fmt.Sprintf("maximum n-gram order N, 1 to %d (sacreBLEU's max_ngram_order)", text.OrderLimit))
}

// Options checks the flags and returns the BLEU options; sentence says
// whether sentence-level scores are printed (--sentence).
func (b *BLEUFlags) Options(sentence bool) (text.BLEUOptions, error) {
	opts := text.BLEUOptions{Tokenize: b.Tokenize, Lowercase: b.Lowercase, Smooth: b.Smooth, EffectiveOrder: b.EffectiveOrder,
		MaxNgramOrder: b.MaxNgramOrder}
	if b.MaxNgramOrder == 0 { // the library's default; not an order
		return opts, Usagef("bleu: %v: --max-ngram-order 0 is not an order from 1 to %d", text.ErrBadOption, text.OrderLimit)
	}
	set := map[string]bool{}
	b.fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if set["smooth-value"] {
		v := b.SmoothValue
		opts.SmoothValue = &v
	}
	if sentence && !set["effective-order"] {
		opts.EffectiveOrder = true
	}
	if err := opts.Check(); err != nil {
		return opts, Usagef("bleu: %v", err)
	}
	return opts, nil
}

// CHRFFlags are chrf's own flags.
type CHRFFlags struct {
	CharOrder, WordOrder, Beta          int
	Lowercase, Whitespace, EpsSmoothing bool
}

// Define adds chrf's own flags to fs.
func (c *CHRFFlags) Define(fs *flag.FlagSet) {
	fs.IntVar(&c.CharOrder, "char-order", 6, "character n-gram order")
	fs.IntVar(&c.WordOrder, "word-order", 0, "word n-gram order (2 gives chrF++)")
	fs.IntVar(&c.Beta, "beta", 2, "weight β of recall")
	fs.BoolVar(&c.Lowercase, "lowercase", false, "lowercase first (case-insensitive chrF)")
	fs.BoolVar(&c.Whitespace, "whitespace", false, "keep whitespace in character n-grams")
	fs.BoolVar(&c.EpsSmoothing, "eps-smoothing", false, "ε-smoothed average of per-order F-scores, as chrF++.py, Moses and NLTK (sacreBLEU's --chrf-eps-smoothing)")
}

// Options checks the flags and returns the chrF options.
func (c *CHRFFlags) Options() (text.CHRFOptions, error) {
	if c.CharOrder < 1 || c.WordOrder < 0 || c.Beta < 1 {
		return text.CHRFOptions{}, Usagef("chrf: --char-order and --beta must be ≥ 1 and --word-order ≥ 0")
	}
	opts := text.CHRFOptions{CharOrder: c.CharOrder, WordOrder: c.WordOrder, Beta: c.Beta,
		Lowercase: c.Lowercase, Whitespace: c.Whitespace, EpsSmoothing: c.EpsSmoothing}
	if err := opts.Check(); err != nil {
		return opts, Usagef("chrf: %v", err)
	}
	return opts, nil
}

// DefineTER adds ter's own flags to fs, setting o.
func DefineTER(fs *flag.FlagSet, o *text.TEROptions) {
	fs.BoolVar(&o.CaseSensitive, "case-sensitive", false, "keep case (default: lowercase both sides)")
	fs.BoolVar(&o.NoPunct, "no-punct", false, `delete the punctuation . , ? : ; ! " ( ) (and CJK punctuation with --asian-support)`)
	fs.BoolVar(&o.Normalized, "normalized", false, "tercom normalisation: unescape XML entities, split off punctuation")
	fs.BoolVar(&o.AsianSupport, "asian-support", false, "split CJK characters (with --normalized), delete CJK punctuation (with --no-punct)")
}

// WERFlags are the flags of wer: one hypothesis file, its references
// (exactly one is accepted), --cer and --sentence.
type WERFlags struct {
	Hyp           string
	Refs          StringList
	CER, Sentence bool
	Memory        *budget.Size
}

// Define adds wer's flags to fs.
func (w *WERFlags) Define(fs *flag.FlagSet) {
	fs.StringVar(&w.Hyp, "hyp", "", "hypothesis file, one sentence a line (- for stdin)")
	fs.Var(&w.Refs, "ref", "reference file, one sentence a line; repeat for several references")
	fs.BoolVar(&w.CER, "cer", false, "character error rate: Unicode code points, spaces included, instead of words")
	fs.BoolVar(&w.Sentence, "sentence", false, "print one JSON object per line (rate, errors, ref_tokens) instead of the corpus rate")
	w.Memory = MemoryFlag(fs)
}

// CheckRefs checks that wer has one reference file.
func (w *WERFlags) CheckRefs() error {
	if len(w.Refs) != 1 {
		return Usagef("wer: one --ref FILE, got %d", len(w.Refs))
	}
	return nil
}
