package rank

// ThinFigureROC and ThinFigurePR thin a full curve as a report's figure of
// table t is thinned (FigurePoints n): with the block size bound of t's
// rows, the bound the table's own streaming thinner uses.
func ThinFigureROC(t *Table, c ROCCurve, n int) (ROCCurve, float64) {
	return c.thin(n, rowsBound(t.Rows))
}

func ThinFigurePR(t *Table, c PRCurve, n int) (PRCurve, float64) {
	return c.thin(n, rowsBound(t.Rows))
}
