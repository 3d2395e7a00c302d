// Package report lays results out for people and writes them for
// programs.
//
// Its document model is a [Doc]: a title and blocks of name–value
// [Pairs], [Table]s and [Note]s, which [Doc.Text] lays out with
// text/tabwriter and [Doc.Markdown] as pipe tables; [Write] writes a
// result in a [Format], JSON and CSV by package result's encoders, text
// and Markdown from its Doc. Text shows numbers to 4 significant digits
// ([Sig]); machine formats show every digit.
//
// One file per task family builds each result's Doc: [Classify] and
// [Multilabel], [Rank] and [RankMulticlass], [Regress], [Cluster], the
// text measures ([BLEU], [CHRF], [TER], [WER], [Systems], [Paired], or
// [Corpus] for any of them) and several models ([Models]). Package report
// sits above the measure packages, which hold no presentation; the HTML
// page is package report/page.
package report
