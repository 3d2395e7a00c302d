package main

import (
	"cmp"
	"flag"
	"fmt"
	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/cli"
	"runtime"
	"slices"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/figure"
	"github.com/evalkit-go/evalkit/regress"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/table"
)

func init() {
	register(&command{name: "regress", summary: "regression measures: MSE, MAE, MAPE, R², deviances, …", run: runRegress})
}

// plotSample is how many (y, ŷ) points per output --plot draws at most (a
// sample of the rows chosen by a hash of their input lines: see
// lineSample).
const plotSample = 5000

// regressFlags are the flags of "evalkit regress" (and of "evalkit report
// --task regress").
type regressFlags struct {
	cli.RegressFlags
	plotDir *string
	ci      cli.CIFlags
	memory  *budget.Size
	format  *string
	models  cli.ModelFlags
}

func (f *regressFlags) define(fs *flag.FlagSet) {
	f.RegressFlags.Define(fs)
	f.plotDir = fs.String("plot", "", "write predicted-vs-actual and residual plots (SVG and PNG) into `DIR`")
	f.ci.Define(fs)
	f.memory = budget.Flag(fs)
	f.format = formatFlag(fs)
	f.models.Define(fs, "mse")
}

func runRegress(e *env, args []string) error {
	fs := flag.NewFlagSet("regress", flag.ContinueOnError)
	var f regressFlags
	f.define(fs)
	path, outFmt, err := fileTask(e, fs, args, f.format)
	if err != nil {
		return err
	}
	if f.Models() {
		if *f.plotDir != "" {
			return usagef("regress: --plot is for one model")
		}
		out, err := regressModelsFile(e, path, &f, fs)
		if err != nil {
			return err
		}
		return emit(e, outFmt, out, func() *report.Doc { return report.Models(out, "Regression of "+displayName(path)) })
	}
	if name := f.models.Used(fs); name != "" {
		return usagef("regress: --%s needs several models (--pred m1,m2,… with one --true)", name)
	}
	sampleSize := 0
	if *f.plotDir != "" {
		sampleSize = plotSample
	}
	res, sample, err := regressFile(e, path, &f, sampleSize, false)
	if err != nil {
		return err
	}
	trues, preds := f.Trues(), f.Preds()
	k := len(trues)
	if *f.plotDir != "" {
		ys, ps := sample.columns(k)
		for j := range k {
			suffix := ""
			if k > 1 {
				suffix = "_" + trues[j]
			}
			var rows int64
			if res.Single != nil {
				rows = res.Single.N
			} else {
				rows = res.Multi.Combined.N
			}
			fg := regress.NewFigures(ys[j], ps[j], rows, 30)
			fg.Weighted = f.Weight != ""
			if err := saveFigures(*f.plotDir, []string{"regress_pred_vs_actual" + suffix, "regress_residuals" + suffix, "regress_residual_histogram" + suffix, "regress_qq" + suffix},
				figure.Regression(&fg, trues[j], preds[j])); err != nil {
				return err
			}
		}
	}
	return emit(e, outFmt, res, func() *report.Doc { return report.Regress(res) })
}

// regressFile checks the flags, reads the file and computes the result,
// with a sample of sampleSize rows (0: none) for figures and, with
// density, each output's density of actual against predicted from every
// row.
func regressFile(e *env, path string, f *regressFlags, sampleSize int, density bool) (*regress.Result, *lineSample, error) {
	ropt, err := f.ReportOptions()
	if err != nil {
		return nil, nil, err
	}
	opt, err := f.Options()
	if err != nil {
		return nil, nil, err
	}
	trues, preds := ropt.Trues, ropt.Preds
	ci, withCI, err := f.ci.Options()
	if err != nil {
		return nil, nil, err
	}
	opt.Moments = withCI
	m, sample, err := readRegress(e, path, regressCols{trues, preds, f.Weight}, opt, sampleSize, density, f.memory.Budget())
	if err != nil {
		return nil, nil, err
	}
	ivs, err := m.Intervals(ci, withCI) // before the report, whose quantile measures reorder the kept values
	if err != nil {
		return nil, nil, err
	}
	res, err := regress.NewResult(m, ropt)
	if err != nil {
		return nil, nil, cli.OptionUsage(err)
	}
	res.SetIntervals(ivs)
	return res, sample, nil
}

// regressCols names the columns read: one target and one prediction
// column per output, and the weight column ("" for none).
type regressCols struct {
	trues, preds []string
	weight       string
}

// readRegress reads the rows of the file into a k-output state, on every
// core, and, when sampleSize > 0, draws a sample of them for --plot.
//
// table.Parallel cuts the input into chunks of whole rows and hands each
// to a worker, which adds its rows to a state of its own for that chunk,
// in batches. A chunk's state is merged into the result as soon as the
// chunks before it are (in input order: (*table.Reader).Chunk), then
// reset and reused. The result therefore does not depend on which worker
// read which chunk: a file gives the same numbers, to the last bit, on
// every run, equal to a sequential read's up to the rounding of the
// compensated sums. The kept values (median absolute error, D² scores)
// are appended in file order, into room reserved from an estimate of the
// number of rows. Every row carries its input line as its position, which
// warnings print as file:line; a state keeps the smallest, so a warning
// names the first offending row of the file. An error is the first one in
// the file, as a sequential read would report it.
//
// The kept values are charged to the memory budget bud; past it the read
// stops with an error naming --bounded-memory.
func readRegress(e *env, path string, cols regressCols, opt regress.Options, sampleSize int, density bool, bud *budget.Budget) (*regress.Multi, *lineSample, error) {
	r, err := e.open(path)
	if err != nil {
		return nil, nil, err
	}
	defer r.Close()
	k := len(cols.trues)
	tc, pc := make([]int, k), make([]int, k)
	for j := range k {
		if tc[j], err = r.Col(cols.trues[j]); err != nil {
			return nil, nil, err
		}
		if pc[j], err = r.Col(cols.preds[j]); err != nil {
			return nil, nil, err
		}
	}
	wc := -1
	if cols.weight != "" {
		if wc, err = r.Col(cols.weight); err != nil {
			return nil, nil, err
		}
	}
	name := func(line int64) string { return r.Position(int(line)) }
	m := regress.NewMulti(k, opt)
	m.SetRowName(name)
	acct := bud.Account("regress's kept values (every row's target and absolute error, for medae and the D² scores)",
		"or use --bounded-memory to skip those measures")
	// Reserve room for the estimated rows when that fits the budget;
	// otherwise the values grow as read, and the budget stops them.
	if n := table.EstimateRows(r); n > 0 && opt.KeepValues && int64(n)*24*int64(k) <= bud.Available() {
		for j := range k {
			m.Output(j).Grow(n)
		}
		if err := acct.Set(m.Bytes()); err != nil {
			return nil, nil, err
		}
	}
	merge := &table.Ordered[*regress.Multi]{
		Fresh: func() *regress.Multi {
			c := regress.NewMulti(k, opt)
			c.SetRowName(name)
			return c
		},
		Merge: m.Merge,
		Reset: (*regress.Multi).Reset,
		Check: func() error { return acct.Set(m.Bytes()) },
	}
	workers := runtime.GOMAXPROCS(0)
	batches := make([]*regressBatch, workers)
	samples := make([]*lineSample, workers)
	for i := range batches {
		batches[i] = newRegressBatch(tc, pc, wc)
		samples[i] = &lineSample{size: sampleSize}
		if density {
			samples[i].dens = make([]regress.Density, k)
		}
	}
	defer progress(e, r)()
	err = r.Parallel(workers, func(worker int, sub *table.Reader) error {
		if err := merge.Failed(); err != nil {
			return err
		}
		c := merge.Get()
		if err := batches[worker].read(sub, c, samples[worker]); err != nil {
			return err
		}
		return merge.Put(sub.Chunk(), c)
	})
	if err != nil {
		return nil, nil, err
	}
	if merge.Pending() > 0 || m.Output(0).N() != int64(r.Rows()) {
		panic(fmt.Sprintf("evalkit: internal error: %d of %d rows merged, %d chunks left", m.Output(0).N(), r.Rows(), merge.Pending()))
	}
	return m, mergeSamples(samples, sampleSize), nil
}

// regressBatch is one worker's buffer of parsed rows: y[j][i], p[j][i]
// are output j of row i, w[i] its weight, lines[i] its input line.
type regressBatch struct {
	tc, pc []int // the columns of each output's target and prediction
	wc     int   // the weight column, or -1
	y, p   [][]float64
	w      []float64
	lines  []int64
}

const regressBatchRows = 4096

func newRegressBatch(tc, pc []int, wc int) *regressBatch {
	k := len(tc)
	b := &regressBatch{tc: tc, pc: pc, wc: wc, y: make([][]float64, k), p: make([][]float64, k)}
	for j := range b.y {
		b.y[j] = make([]float64, 0, regressBatchRows)
		b.p[j] = make([]float64, 0, regressBatchRows)
	}
	if wc >= 0 {
		b.w = make([]float64, 0, regressBatchRows)
	}
	b.lines = make([]int64, 0, regressBatchRows)
	return b
}

// truncate keeps the first n rows (n ≤ regressBatchRows; the slices keep
// their full capacity, which parse fills by index).
func (b *regressBatch) truncate(n int) {
	for j := range b.y {
		b.y[j], b.p[j] = b.y[j][:n], b.p[j][:n]
	}
	if b.w != nil {
		b.w = b.w[:n]
	}
	b.lines = b.lines[:n]
}

// read adds the rows of one chunk to m, a batch at a time, and offers them
// to the sample. The rows before a bad one are added before its error is
// returned, so that the first error of the chunk is reported, be it a
// value that does not parse or one regress rejects (y − ŷ overflowing).
func (b *regressBatch) read(sub *table.Reader, m *regress.Multi, sample *lineSample) error {
	for {
		b.truncate(regressBatchRows)
		n := 0
		var bad error
		for n < regressBatchRows && sub.Next() {
			if bad = b.parse(sub, n); bad != nil {
				break
			}
			n++
		}
		if bad == nil {
			bad = sub.Err()
		}
		b.truncate(n)
		if n > 0 {
			if err := m.AddBatchAt(b.y, b.p, b.w, b.lines); err != nil {
				return err
			}
			sample.add(b)
		}
		if bad != nil || n < regressBatchRows {
			return bad
		}
	}
}

// parse stores the current row of sub as row i of the batch (by index,
// not append: the slices are full-length here); on an error the row may be
// half stored (read drops it).
func (b *regressBatch) parse(sub *table.Reader, i int) error {
	for j := range b.tc {
		y, err := sub.Float(b.tc[j])
		if err != nil {
			return err
		}
		p, err := sub.Float(b.pc[j])
		if err != nil {
			return err
		}
		b.y[j][i], b.p[j][i] = y, p
	}
	if b.wc >= 0 {
		w, err := sub.Weight(b.wc)
		if err != nil {
			return err
		}
		b.w[i] = w
	}
	b.lines[i] = int64(sub.Line())
	return nil
}

// lineSample is a sample of at most size rows for --plot: the rows whose
// hashed input line is smallest (a bottom-k sample). The hash, SplitMix64's
// finalizer, mixes the bits of the line number well enough for the sample
// to be uniform, and is a bijection, so no two lines share a hash: the
// sample depends on the file alone — not on how its chunks were shared
// among workers — and the samples of parts merge into the sample of the
// whole. The same file gives the same figure on every run.
//
// With dens (one per output) it also counts every row in each output's
// density of actual against predicted.
type lineSample struct {
	size int
	rows []sampleRow // a max-heap on h
	dens []regress.Density
}

type sampleRow struct {
	h    uint64
	line int64
	y, p []float64 // one value per output
}

// lineHash is SplitMix64 (Steele, Lea & Flood 2014) at the line number: a
// bijection of uint64.
func lineHash(line int64) uint64 {
	z := uint64(line) + 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// add offers the rows of a batch.
func (s *lineSample) add(b *regressBatch) {
	for j := range s.dens {
		d := &s.dens[j]
		for i, y := range b.y[j] {
			d.Add(y, b.p[j][i])
		}
	}
	if s.size == 0 {
		return
	}
	for i, line := range b.lines {
		h := lineHash(line)
		var at int
		switch {
		case len(s.rows) < s.size:
			s.rows = append(s.rows, sampleRow{y: make([]float64, len(b.y)), p: make([]float64, len(b.y))})
			at = len(s.rows) - 1
		case h < s.rows[0].h:
			at = 0 // replaces the largest hash
		default:
			continue
		}
		r := &s.rows[at]
		r.h, r.line = h, line
		for j := range b.y {
			r.y[j], r.p[j] = b.y[j][i], b.p[j][i]
		}
		if at == 0 {
			s.down()
		} else {
			s.up(at)
		}
	}
}

// up restores the max-heap order after row i was appended.
func (s *lineSample) up(i int) {
	for i > 0 {
		parent := (i - 1) / 2
		if s.rows[parent].h >= s.rows[i].h {
			return
		}
		s.rows[parent], s.rows[i] = s.rows[i], s.rows[parent]
		i = parent
	}
}

// down restores the max-heap order after the root was replaced.
func (s *lineSample) down() {
	i, n := 0, len(s.rows)
	for {
		big := i
		for _, c := range []int{2*i + 1, 2*i + 2} {
			if c < n && s.rows[c].h > s.rows[big].h {
				big = c
			}
		}
		if big == i {
			return
		}
		s.rows[big], s.rows[i] = s.rows[i], s.rows[big]
		i = big
	}
}

// mergeSamples returns the sample of the union of the parts' rows: the
// size rows of smallest hash among them, in input order.
func mergeSamples(parts []*lineSample, size int) *lineSample {
	all := &lineSample{size: size}
	for _, p := range parts {
		all.rows = append(all.rows, p.rows...)
		if p.dens != nil && all.dens == nil {
			all.dens = make([]regress.Density, len(p.dens))
		}
		for j := range p.dens {
			all.dens[j].Merge(&p.dens[j])
		}
	}
	slices.SortFunc(all.rows, func(a, b sampleRow) int { return cmp.Compare(a.h, b.h) })
	all.rows = all.rows[:min(len(all.rows), size)]
	slices.SortFunc(all.rows, func(a, b sampleRow) int { return cmp.Compare(a.line, b.line) })
	return all
}

// columns returns the sampled targets and predictions of each of k
// outputs.
func (s *lineSample) columns(k int) (ys, ps [][]float64) {
	ys, ps = make([][]float64, k), make([][]float64, k)
	for j := range k {
		for _, r := range s.rows {
			ys[j] = append(ys[j], r.y[j])
			ps[j] = append(ps[j], r.p[j])
		}
	}
	return ys, ps
}

// regressModelsFile reads one target and several models' predictions of it
// (one output per model, on every core) and evaluates the models.
func regressModelsFile(e *env, path string, f *regressFlags, fs *flag.FlagSet) (*board.Models, error) {
	target, names := f.Trues()[0], f.Preds()
	mo := f.models.Options(fs)
	if err := mo.Check("regress", names); err != nil {
		return nil, cli.OptionUsage(err)
	}
	ropt := regress.ReportOptions{NFeatures: f.NFeatures, Weights: f.Weight}
	if err := ropt.Check(); err != nil {
		return nil, cli.OptionUsage(err)
	}
	opt, err := f.Options()
	if err != nil {
		return nil, err
	}
	trues := make([]string, len(names))
	for j := range trues {
		trues[j] = target
	}
	ci, withCI, err := f.ci.Options()
	if err != nil {
		return nil, err
	}
	cip := cli.CIPtr(ci, withCI)
	opt.Moments = withCI
	m, _, err := readRegress(e, path, regressCols{trues, names, f.Weight}, opt, 0, false, f.memory.Budget())
	if err != nil {
		return nil, err
	}
	out, err := regress.NewModelsReport(m, target, names, ropt, mo, cip)
	if err != nil {
		return nil, cli.OptionUsage(err)
	}
	return out, nil
}
