package main

import (
	"bytes"
	"flag"

	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/text"
)

func init() {
	register(&command{name: "ter", summary: "translation edit rate (TER), as sacreBLEU", run: runTER})
}

func runTER(e *env, args []string) error {
	fs := flag.NewFlagSet("ter", flag.ContinueOnError)
	tf := addTextFlags(fs)
	var o text.TEROptions
	fs.BoolVar(&o.CaseSensitive, "case-sensitive", false, "keep case (default: lowercase both sides)")
	fs.BoolVar(&o.NoPunct, "no-punct", false, `delete the punctuation . , ? : ; ! " ( ) (and CJK punctuation with --asian-support)`)
	fs.BoolVar(&o.Normalized, "normalized", false, "tercom normalisation: unescape XML entities, split off punctuation")
	fs.BoolVar(&o.AsianSupport, "asian-support", false, "split CJK characters (with --normalized), delete CJK punctuation (with --no-punct)")
	pos, err := parseFlags(fs, e, args)
	if err != nil {
		return err
	}
	if err := tf.check(fs); err != nil {
		return err
	}
	f, each, n, nrefs, err := readSystemStats(e, fs, tf, pos, o.Corpus, text.AddTER, fixedSize[text.TERStats])
	if err != nil {
		return err
	}
	if err := text.TERHasSentences(n, tf.hyps[0]); err != nil {
		return err
	}
	if *tf.sentence {
		var b bytes.Buffer
		for _, s := range each[0] {
			line, err := report.JSON(text.NewTERSentence(s), "")
			if err != nil {
				return err
			}
			b.Write(bytes.TrimRight(line, "\n"))
			b.WriteByte('\n')
		}
		_, err := e.stdout.Write(b.Bytes())
		return err
	}
	out, err := o.Report(each, nrefs, tf.corpusOptions(n))
	return emitCorpus(e, f, out, err)
}
