// Package report lays results out for people and writes them for
// programs.
//
// Its one document model is a [Doc]: a title, summary [Fact]s, opening
// blocks and titled [Section]s, whose blocks are name–value [Pairs],
// [Table]s of [Cell]s, [HeatMap]s, [Note]s and figures (package figure).
// A number cell carries the flattened JSON key of its value (the key of
// --format csv). Three writers take any Doc: [Doc.Text] lays it out with
// text/tabwriter, [Doc.Markdown] as pipe tables and [Doc.HTML] as one
// self-contained HTML page. [Write] writes a result in a [Format]: JSON
// and CSV by package result's encoders, text and Markdown from its Doc.
// People see numbers to 4 significant digits ([Sig]); machine formats
// and the HTML data elements carry every digit.
//
// Each result has two layouts, one file per task family: a compact one
// for the terminal ([Classify] and [Multilabel], [Rank] and
// [RankMulticlass], [Regress], [Cluster], the text measures ([BLEU],
// [CHRF], [TER], [WER], [Systems], [Paired], or [Corpus] for any of them)
// and several models ([Models])), and the sections of the HTML report
// with figures (the page_*.go files: [ClassifySections],
// [MultilabelSections], [RankSections], [RankMulticlassSections],
// [RegressSections], [ClusterSections], [TextSections],
// [SentenceSections] and [ModelsSections]). The compare tests' layouts
// are functions of package task's results ([McNemar], [TTest], [DeLong],
// [Friedman], …).
//
// Each task's whole page is a function of its result, the name the data
// is shown under and the columns it was read from: [ClassifyPage],
// [MultilabelPage], [RankPage], [RankMulticlassPage], [RegressPage],
// [ClusterPage], [FriedmanPage], [TextPage], [SentencePage], and for
// several models [ClassifyModelsPage], [RankModelsPage],
// [RegressModelsPage] and [ClusterModelsPage]; [Stamp] adds the version
// and the time a page is written.
//
// # The HTML page
//
// [Doc.HTML] writes inline styles and figures as inline SVG drawn by
// package figure: no script, no font, no image fetched (a
// Content-Security-Policy meta tag forbids every request), a dark scheme
// through prefers-color-scheme and a print style that keeps each figure
// on one page. The page computes no measure of its own: every number on
// it is written as
//
//	<data value="0.8333333333333334" data-key="macro.precision">0.8333</data>
//
// where data-key is the number's JSON path in the JSON of the same run,
// and value its every digit, so a test can check the page against that
// JSON. Figures carry a <title>, a <desc> with their key numbers and,
// where useful, a table of those numbers; their colours are figure.Light
// and figure.Dark.
//
// Package report sits above the measure packages, which hold no
// presentation.
package report
