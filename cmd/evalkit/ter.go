package main

import (
	"bytes"
	"flag"

	"github.com/evalkit-go/evalkit/cli"
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
	cli.DefineTER(fs, &o)
	pos, err := parseFlags(fs, e, args)
	if err != nil {
		return err
	}
	if err := tf.check(); err != nil {
		return err
	}
	f, each, n, nrefs, err := readSystemStats(e, fs, tf, pos, o.Corpus, text.AddTER, fixedSize[text.TERStats])
	if err != nil {
		return err
	}
	if err := text.TERHasSentences(n, tf.Hyps[0]); err != nil {
		return err
	}
	if tf.Sentence {
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
	out, err := o.Report(each, nrefs, tf.Corpus(n))
	return emitCorpus(e, f, out, err)
}
