// Package figure holds evalkit's figures as data and draws them.
//
// A [Figure] is a chart (two axes on linear, probit or log scales, with
// lines, confidence bands, bars, dots, 2-D histogram tiles, marked points
// and reference lines, a legend where it covers nothing drawn), or a critical-difference
// diagram ([CD]) or a probability simplex ([Simplex]); with it go a title,
// a text alternative (Desc), a note and a table of its numbers. The
// builders make the figures of the measure packages' results, once, for
// every front end: [ROC], [PR], [DET], [Calibration], [Scores],
// [Thresholds], [Cost] and [MulticlassROC] from rank's reports,
// [Regression] and [Density2D] from regress's figures, [ClassBars],
// [Silhouette], [NGramPrecisions], [Systems], [Sentences],
// [LearningCurve], [CDDiagram] and [SimplexFigure].
//
// Three writers draw the same figure: [Figure.SVG] as an element of an
// HTML page (coordinates in a 480-unit-wide view box, colours from the CSS
// classes of [StyleSheet], so a page's dark scheme and print style restyle
// it), [Figure.WriteSVG] as a standalone SVG file and [Figure.WritePNG] as
// a PNG image, both under the figure's title in the [Light] theme.
//
// Series differ by colour (the Okabe–Ito palette of [Light], safe for
// colour blindness), by dash pattern ([Dashes]) and by marker shape, so a
// figure reads in grey print too; [StyleOf] combines them so that up to
// [MaxStyles] series all look different. A legend stands beside a square
// plot area when it fits there, else in an empty corner of the plot area,
// else below it. A ROC figure whose curves mostly reach TPR 0.8 by FPR
// 0.05 draws the FPR on a log axis and says so in its note. A probit axis places a rate v at
// rank.Probit(v), the coordinate rank's DET thinning measures its error
// in. Non-finite points break a line and are not drawn.
package figure
