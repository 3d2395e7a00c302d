// Package plot draws evalkit's figures (ROC, P-R, DET, calibration,
// predicted-vs-actual, residuals, critical-difference diagrams) in one house
// style with gonum.org/v1/plot, and saves them as SVG and PNG.
//
// The style is what a careful analyst puts in a paper: a title, labelled
// axes with units where they have them, a light grid, a legend that carries
// the headline number (e.g. "model (AUC = 0.912)"), and a dashed grey
// reference line (the chance diagonal, y = x) where one means something.
// Each figure has its own file in this package; they share [New], [Save]
// and the palette here.
package plot
