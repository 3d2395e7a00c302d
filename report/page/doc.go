// Package page writes a result as one self-contained HTML page: inline
// styles, figures as inline SVG drawn by package figure (no script, no
// font, no image fetched; a Content-Security-Policy meta tag forbids every
// request), a dark scheme through prefers-color-scheme and a print style
// that keeps each figure on one page.
//
// The page renders library result values only and computes no measure of
// its own: every number on it is written as
//
//	<data value="0.8333333333333334" data-key="macro.precision">0.8333</data>
//
// where data-key is the number's flattened JSON path (the key of --format
// csv) in the JSON of the same run, and value its every digit, so a test
// can check the page against that JSON. Figures (package figure) carry a
// <title>, a <desc> with their key numbers and, where useful, a table of
// those numbers; their colours are figure.Light and figure.Dark.
//
// Each task's page is a function of its result, the name the data is
// shown under and the columns it was read from: [ClassifyPage],
// [MultilabelPage], [RankPage], [RankMulticlassPage], [RegressPage],
// [ClusterPage], [FriedmanPage], [TextPage], [SentencePage], and for
// several models [ClassifyModelsPage], [RankModelsPage],
// [RegressModelsPage] and [ClusterModelsPage]; [Stamp] adds the version
// and the time a page is written.
package page
