package rank

import (
	"io"
	"runtime"
	"strconv"
	"strings"
	"sync"
)

// CurvesCSVHeader is the header row of [Table.WriteCurvesCSV].
const CurvesCSVHeader = "threshold,tp,fp,tpr,fpr,precision,recall\n"

// WriteCurvesCSV writes every distinct threshold of the table as one CSV
// row, in decreasing order: the threshold, the cumulative true- and
// false-positive masses of the samples scoring at least that much, and the
// rates, precision and recall there (precision 0 where nothing is
// predicted positive, as [Table.PR]). Every vertex of the ROC curve without
// dropping (after the point (0, 0) at threshold +∞) and of the P-R curve
// (before its final point: recall 0, precision 1) is a row; numbers are
// printed with every digit, as the JSON. The rows are formatted on every
// core in blocks and written in order. It returns ErrOneClass when a class
// is missing, and the first error of w.
func (t *Table) WriteCurvesCSV(w io.Writer) error {
	p, n, err := t.check()
	if err != nil {
		return err
	}
	tp, fp := t.cum()
	if _, err := io.WriteString(w, CurvesCSVHeader); err != nil {
		return err
	}
	return writeCurveRows(w, nil, t.Score, tp, fp, p, n)
}

// ModelsCurvesCSVHeader is the header row of the curves CSV of several
// models: a model column, then the columns of [CurvesCSVHeader].
const ModelsCurvesCSVHeader = "model," + CurvesCSVHeader

// writeModelCurves writes the rows of [Table.WriteCurvesCSV] of one model's
// table, each after the model's name (quoted as CSV needs), without a
// header.
func (t *Table) writeModelCurves(w io.Writer, model string) error {
	p, n, err := t.check()
	if err != nil {
		return err
	}
	tp, fp := t.cum()
	return writeCurveRows(w, append(csvField(model), ','), t.Score, tp, fp, p, n)
}

// csvField is s as a CSV field: quoted, with quotes doubled, when it holds
// a comma, a quote or a line break.
func csvField(s string) []byte {
	if !strings.ContainsAny(s, ",\"\r\n") {
		return []byte(s)
	}
	return []byte(`"` + strings.ReplaceAll(s, `"`, `""`) + `"`)
}

// writeCurveRows writes the CSV rows of [Table.WriteCurvesCSV] for
// consecutive rows of a table: their scores and cumulative masses, with the
// table's totals p and n; each row starts with prefix.
func writeCurveRows(w io.Writer, prefix []byte, score, tp, fp []float64, p, n float64) (err error) {
	const block = 1 << 15
	blocks := (len(tp) + block - 1) / block
	workers := min(runtime.GOMAXPROCS(0), blocks)
	// Block b is formatted into bufs[b%k] by worker b%workers, and
	// written when done; k = 2·workers buffers let the workers run ahead
	// of the writer by one round.
	k := 2 * workers
	bufs := make([][]byte, k)
	ready := make([]chan struct{}, k)
	free := make([]chan struct{}, k)
	for i := range k {
		ready[i] = make(chan struct{}, 1)
		free[i] = make(chan struct{}, 1)
		free[i] <- struct{}{}
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for wk := range workers {
		wg.Go(func() {
			for b := wk; b < blocks; b += workers {
				select {
				case <-free[b%k]:
				case <-stop:
					return
				}
				buf := bufs[b%k][:0]
				for i := b * block; i < min(len(tp), (b+1)*block); i++ {
					buf = append(buf, prefix...)
					buf = strconv.AppendFloat(buf, score[i], 'g', -1, 64)
					buf = append(buf, ',')
					buf = strconv.AppendFloat(buf, tp[i], 'g', -1, 64)
					buf = append(buf, ',')
					buf = strconv.AppendFloat(buf, fp[i], 'g', -1, 64)
					buf = append(buf, ',')
					buf = strconv.AppendFloat(buf, tp[i]/p, 'g', -1, 64)
					buf = append(buf, ',')
					buf = strconv.AppendFloat(buf, fp[i]/n, 'g', -1, 64)
					buf = append(buf, ',')
					var prec float64
					if d := tp[i] + fp[i]; d != 0 {
						prec = tp[i] / d
					}
					buf = strconv.AppendFloat(buf, prec, 'g', -1, 64)
					buf = append(buf, ',')
					buf = strconv.AppendFloat(buf, tp[i]/p, 'g', -1, 64)
					buf = append(buf, '\n')
				}
				bufs[b%k] = buf
				ready[b%k] <- struct{}{}
			}
		})
	}
	for b := range blocks {
		<-ready[b%k]
		if err == nil {
			_, err = w.Write(bufs[b%k])
		}
		if err != nil {
			close(stop)
			break
		}
		free[b%k] <- struct{}{}
	}
	wg.Wait()
	return err
}
