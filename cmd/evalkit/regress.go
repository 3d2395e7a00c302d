package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"

	"github.com/evalkit-go/evalkit/plot"
	"github.com/evalkit-go/evalkit/regress"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/table"
)

func init() {
	register(&command{name: "regress", summary: "regression measures: MSE, MAE, MAPE, R², deviances, … (SPEC §2.3)", run: runRegress})
}

// plotSample is how many (y, ŷ) points per output --plot draws at most (a
// seeded reservoir sample of the rows).
const plotSample = 5000

func runRegress(e *env, args []string) error {
	fs := flag.NewFlagSet("regress", flag.ContinueOnError)
	trueCols := fs.String("true", "y_true", "target column(s), comma-separated for several outputs")
	predCols := fs.String("pred", "y_pred", "prediction column(s), one per --true column")
	weightCol := fs.String("weight", "", "sample-weight column (default: every row weighs 1)")
	eps := fs.Float64("mape-epsilon", 0, "MAPE denominator max(|y|, ε); 0 makes a zero target undefined (scikit-learn uses 2.220446049250313e-16)")
	alpha := fs.Float64("alpha", 0.5, "quantile α of the pinball loss and D² pinball, in (0, 1)")
	power := fs.Float64("power", 0, "Tweedie power p (≤ 0 or ≥ 1) of tweedie_deviance and d2_tweedie")
	nFeatures := fs.Int("n-features", 0, "number of model features p: adds adjusted_r2")
	multi := fs.String("multioutput", "uniform", "several outputs: raw, uniform or variance-weighted")
	bounded := fs.Bool("bounded-memory", false, "skip medae and the D² pinball, absolute-error and (power ≠ 0) Tweedie scores, which hold every row (O(n) memory)")
	plotDir := fs.String("plot", "", "write predicted-vs-actual and residual plots (SVG and PNG) into `DIR`")
	format := formatFlag(fs)
	pos, err := parseFlags(fs, e, args)
	if err != nil {
		return err
	}
	path, err := oneFile(fs, pos)
	if err != nil {
		return err
	}
	outFmt, err := outputFormat(e, *format)
	if err != nil {
		return err
	}
	trues, preds := splitList(*trueCols), splitList(*predCols)
	if len(trues) == 0 || len(trues) != len(preds) {
		return usagef("regress: --true has %d columns and --pred %d; give one prediction column per target", len(trues), len(preds))
	}
	how, err := regress.ParseMultioutput(*multi)
	if err != nil {
		return usagef("regress: --multioutput: %v", err)
	}
	if *nFeatures < 0 {
		return usagef("regress: --n-features %d is negative", *nFeatures)
	}
	opt := regress.Options{MAPEEpsilon: *eps, Alpha: *alpha, Power: *power, KeepValues: !*bounded}
	if err := regress.CheckOptions(opt); err != nil {
		return usagef("regress: %v", err)
	}

	r, err := table.Open(path, e.stdin)
	if err != nil {
		return err
	}
	defer r.Close()
	k := len(trues)
	tc, pc := make([]int, k), make([]int, k)
	for j := range trues {
		if tc[j], err = r.Col(trues[j]); err != nil {
			return err
		}
		if pc[j], err = r.Col(preds[j]); err != nil {
			return err
		}
	}
	wc := -1
	if *weightCol != "" {
		if wc, err = r.Col(*weightCol); err != nil {
			return err
		}
	}

	m := regress.NewMulti(k, opt)
	m.SetRowName(func(line int64) string { return fmt.Sprintf("%s:%d", r.Name(), line) })
	if n := estimateRows(path); n > 0 {
		for j := 0; j < k; j++ {
			m.Output(j).Grow(n)
		}
	}
	var samples []*reservoir
	if *plotDir != "" {
		samples = make([]*reservoir, k)
		for j := range samples {
			samples[j] = newReservoir(plotSample, uint64(j))
		}
	}
	// One goroutine parses batches of rows while this one adds them.
	batches, free := make(chan *regressBatch, 4), make(chan *regressBatch, 6)
	for range 6 {
		free <- newRegressBatch(k, wc >= 0)
	}
	done := make(chan struct{})
	defer close(done)
	var readErr error
	go func() {
		defer close(batches)
		readErr = readRegressBatches(r, tc, pc, wc, batches, free, done)
	}()
	for b := range batches {
		var w []float64
		if wc >= 0 {
			w = b.w
		}
		if err := m.AddBatchAt(b.y, b.p, w, b.lines); err != nil {
			return err
		}
		for j, s := range samples {
			for i := range b.lines {
				s.add(b.y[j][i], b.p[j][i])
			}
		}
		free <- b
	}
	if readErr != nil {
		return readErr
	}

	nf := *nFeatures
	var out any
	var doc func() *report.Doc
	if k == 1 {
		rep := m.Output(0).Report(nf)
		out = rep
		doc = func() *report.Doc { return regressDoc(&rep, nil, trues, preds, how) }
	} else {
		mr := m.Report(nf, how)
		out = multiJSON(&mr, trues, preds)
		doc = func() *report.Doc { return regressDoc(&mr.Combined, &mr, trues, preds, how) }
	}
	if *plotDir != "" {
		for j, s := range samples {
			suffix := ""
			if k > 1 {
				suffix = "_" + trues[j]
			}
			if err := plot.SaveRegression(*plotDir, suffix, trues[j], preds[j], s.y, s.p); err != nil {
				return err
			}
		}
	}
	return emit(e, outFmt, out, doc)
}

// regressBatch is a batch of parsed rows: y[j][i], p[j][i] are output j
// of row i, w[i] its weight, lines[i] its input line.
type regressBatch struct {
	y, p  [][]float64
	w     []float64
	lines []int64
}

const regressBatchRows = 4096

func newRegressBatch(k int, weighted bool) *regressBatch {
	b := &regressBatch{y: make([][]float64, k), p: make([][]float64, k)}
	for j := range b.y {
		b.y[j] = make([]float64, 0, regressBatchRows)
		b.p[j] = make([]float64, 0, regressBatchRows)
	}
	if weighted {
		b.w = make([]float64, 0, regressBatchRows)
	}
	b.lines = make([]int64, 0, regressBatchRows)
	return b
}

// readRegressBatches parses the rows into batches taken from free and sent
// on out, until the input ends, a row is bad (the error is returned) or
// done is closed.
func readRegressBatches(r *table.Reader, tc, pc []int, wc int, out, free chan *regressBatch, done chan struct{}) error {
	var b *regressBatch
	take := func() bool {
		select {
		case b = <-free:
		case <-done:
			return false
		}
		for j := range b.y {
			b.y[j], b.p[j] = b.y[j][:0], b.p[j][:0]
		}
		b.w, b.lines = b.w[:0], b.lines[:0]
		return true
	}
	send := func() bool {
		select {
		case out <- b:
			return true
		case <-done:
			return false
		}
	}
	if !take() {
		return nil
	}
	for r.Next() {
		for j := range tc {
			y, err := r.Float(tc[j])
			if err != nil {
				return err
			}
			p, err := r.Float(pc[j])
			if err != nil {
				return err
			}
			b.y[j], b.p[j] = append(b.y[j], y), append(b.p[j], p)
		}
		if wc >= 0 {
			w, err := r.Weight(wc)
			if err != nil {
				return err
			}
			b.w = append(b.w, w)
		}
		b.lines = append(b.lines, int64(r.Line()))
		if len(b.lines) == regressBatchRows {
			if !send() || !take() {
				return nil
			}
		}
	}
	if err := r.Err(); err != nil {
		return err
	}
	if len(b.lines) > 0 {
		send()
	}
	return nil
}

// estimateRows guesses the number of rows of a plain (not compressed)
// file from its size and the length of its first lines, to reserve the
// kept values at once; 0 when it cannot tell.
func estimateRows(path string) int {
	if path == "" || path == "-" || strings.HasSuffix(strings.ToLower(path), ".gz") {
		return 0
	}
	f, err := os.Open(path)
	if err != nil {
		return 0
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return 0
	}
	head := make([]byte, 1<<16)
	n, _ := io.ReadFull(f, head)
	nl := bytes.Count(head[:n], []byte{'\n'})
	if nl < 2 {
		return 0
	}
	est := float64(st.Size()) / (float64(n) / float64(nl)) * 1.02
	if est > 1<<40 {
		return 0
	}
	return int(est)
}

func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// reservoir keeps a uniform sample of at most size (y, ŷ) pairs
// (Vitter's algorithm R) with a seeded generator: the same input gives the
// same figure.
type reservoir struct {
	size int
	seen int64
	y, p []float64
	rng  *rand.Rand
}

func newReservoir(size int, seed uint64) *reservoir {
	return &reservoir{size: size, rng: rand.New(rand.NewPCG(seed, 0x5eed))}
}

func (r *reservoir) add(y, p float64) {
	r.seen++
	if len(r.y) < r.size {
		r.y, r.p = append(r.y, y), append(r.p, p)
		return
	}
	if i := r.rng.Int64N(r.seen); i < int64(r.size) {
		r.y[i], r.p[i] = y, p
	}
}

// obj is a JSON object with its keys in a fixed order.
type obj []kv

type kv struct {
	k string
	v any
}

func (o obj) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, f := range o {
		if i > 0 {
			b = append(b, ',')
		}
		kb, err := report.JSON(f.k, "")
		if err != nil {
			return nil, err
		}
		vb, err := report.JSON(f.v, "")
		if err != nil {
			return nil, err
		}
		b = append(append(append(b, kb...), ':'), vb...)
	}
	return append(b, '}'), nil
}

// measureKeys returns the measure keys of a report in output order.
func measureKeys(r *regress.Report) []string {
	var keys []string
	for _, sp := range regress.Specs {
		keys = append(keys, sp.Key)
		if sp.Key == "r2" && r.AdjustedR2 != nil {
			keys = append(keys, "adjusted_r2")
		}
	}
	return keys
}

// multiJSON lays out a multi-output report: the combined measures (arrays
// of per-output values for raw), then each output's.
func multiJSON(mr *regress.MultiReport, trues, preds []string) obj {
	c := &mr.Combined
	o := obj{{"n", c.N}, {"weight_sum", c.WeightSum}, {"multioutput", mr.How.String()}}
	for _, key := range measureKeys(c) {
		if mr.How == regress.Raw {
			vals := make([]float64, len(mr.Outputs))
			for j := range mr.Outputs {
				vals[j], _ = mr.Outputs[j].Get(key)
			}
			o = append(o, kv{key, vals})
		} else {
			v, _ := c.Get(key)
			o = append(o, kv{key, v})
		}
	}
	o = append(o, kv{"alpha", c.Alpha}, kv{"power", c.Power})
	outs := make([]obj, len(mr.Outputs))
	// A combined value is null exactly when an output's is; the outputs'
	// warnings, named by target column, say why.
	warnings := []string{}
	for j := range mr.Outputs {
		r := &mr.Outputs[j]
		oj := obj{{"true", trues[j]}, {"pred", preds[j]}}
		for _, key := range measureKeys(r) {
			v, _ := r.Get(key)
			oj = append(oj, kv{key, v})
		}
		oj = append(oj, kv{"warnings", r.Warnings})
		outs[j] = oj
		for _, w := range r.Warnings {
			warnings = append(warnings, trues[j]+": "+w)
		}
	}
	return append(o, kv{"outputs", outs}, kv{"warnings", warnings})
}

// display formats a measure for people: MAPE, sMAPE and WAPE as
// percentages, the rest to 4 significant digits.
func display(sp regress.Spec, v float64) string {
	if sp.Percent {
		return report.Pct(v)
	}
	return report.Sig(v)
}

func specOf(key string) regress.Spec {
	for _, sp := range regress.Specs {
		if sp.Key == key {
			return sp
		}
	}
	return regress.Spec{Key: key, Name: "adjusted R²"}
}

func regressDoc(c *regress.Report, mr *regress.MultiReport, trues, preds []string, how regress.Multioutput) *report.Doc {
	d := &report.Doc{Title: "Regression"}
	info := &report.Pairs{}
	info.Add("rows", fmt.Sprint(c.N))
	if c.WeightSum != float64(c.N) {
		info.Add("weight sum", report.Sig(c.WeightSum))
	}
	info.Add("pinball α", report.Sig(c.Alpha))
	info.Add("Tweedie power", report.Sig(c.Power))
	d.Blocks = append(d.Blocks, info)
	label := func(sp regress.Spec) string {
		switch sp.Key {
		case "pinball":
			return fmt.Sprintf("pinball loss (α = %s)", report.Sig(c.Alpha))
		case "tweedie_deviance":
			return fmt.Sprintf("Tweedie deviance (p = %s)", report.Sig(c.Power))
		case "d2_tweedie":
			return fmt.Sprintf("D² Tweedie (p = %s)", report.Sig(c.Power))
		case "d2_pinball":
			return fmt.Sprintf("D² pinball (α = %s)", report.Sig(c.Alpha))
		}
		return sp.Name
	}
	warnings := c.Warnings
	if mr == nil {
		p := &report.Pairs{Title: fmt.Sprintf("%s vs %s", preds[0], trues[0])}
		for _, key := range measureKeys(c) {
			sp := specOf(key)
			v, _ := c.Get(key)
			p.Add(label(sp), display(sp, v))
		}
		d.Blocks = append(d.Blocks, p)
	} else {
		t := &report.Table{Header: []string{"measure"}}
		for j := range mr.Outputs {
			t.Header = append(t.Header, trues[j])
		}
		if how != regress.Raw {
			t.Header = append(t.Header, how.String())
		}
		for _, key := range measureKeys(c) {
			sp := specOf(key)
			row := []string{label(sp)}
			for j := range mr.Outputs {
				v, _ := mr.Outputs[j].Get(key)
				row = append(row, display(sp, v))
			}
			if how != regress.Raw {
				v, _ := c.Get(key)
				row = append(row, display(sp, v))
			}
			t.Rows = append(t.Rows, row)
		}
		d.Blocks = append(d.Blocks, t)
		warnings = nil
		for j := range mr.Outputs {
			for _, w := range mr.Outputs[j].Warnings {
				warnings = append(warnings, trues[j]+": "+w)
			}
		}
	}
	if len(warnings) > 0 {
		d.Blocks = append(d.Blocks, report.Note("warnings:\n  "+strings.Join(warnings, "\n  ")))
	}
	return d
}
