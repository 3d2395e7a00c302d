package regress_test

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/regress"
)

// NewModelsReportRows over the rows a state keeps gives the bytes of
// NewModelsReport on that state, for every measure a paired bootstrap
// compares, weighted or not, the targets given only when a compared
// measure reads them (ModelsCompared); with the primary compared by
// default, and none with keep false.
func TestModelsReportRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	const n = 300
	y, w := make([]float64, n), make([]float64, n)
	p := [3][]float64{make([]float64, n), make([]float64, n), make([]float64, n)}
	for i := range y {
		y[i] = float64(rng.IntN(400)-100) / 8
		w[i] = float64(rng.IntN(5)) / 2
		for j := range p {
			p[j][i] = y[i] + rng.NormFloat64()*float64(j+1)
		}
	}
	build := func(weighted bool) *regress.Multi {
		m := regress.NewMulti(3, regress.StateOptions{KeepValues: true})
		for i := range y {
			ys, ps := []float64{y[i], y[i], y[i]}, []float64{p[0][i], p[1][i], p[2][i]}
			var err error
			if weighted {
				err = m.AddWeighted(ys, ps, w[i])
			} else {
				err = m.Add(ys, ps)
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		return m
	}
	names := []string{"a", "b", "c"}
	for _, weighted := range []bool{false, true} {
		for _, mo := range []board.Options{
			{ComparePrimary: true},
			{ComparePrimary: true, Primary: "r2"},
			{Compare: []string{"mse", "rmse", "mae", "mape", "wape", "max_error", "r2"}, Bootstrap: 200, Seed: 7, Baseline: "b"},
			{Compare: []string{"mae"}, Bootstrap: 100},
		} {
			want, err := regress.NewModelsReport(build(weighted), "y", names, regress.Options{}, mo, nil)
			if err != nil {
				t.Fatal(err)
			}
			m := build(weighted)
			measures, targets := regress.ModelsCompared(mo, true)
			if len(measures) == 0 {
				t.Fatalf("%+v: nothing compared", mo)
			}
			rows := &regress.PairedRows{}
			for j := range 3 {
				ys, ads, ws := m.Output(j).Kept()
				if targets && j == 0 {
					rows.Y = slices.Clone(ys)
				}
				rows.AbsErr = append(rows.AbsErr, slices.Clone(ads))
				if j == 0 {
					rows.W = slices.Clone(ws)
				}
			}
			got, err := regress.NewModelsReportRows(m, rows, "y", names, regress.Options{}, mo, nil)
			if err != nil {
				t.Fatal(err)
			}
			a, _ := json.Marshal(got)
			b, _ := json.Marshal(want)
			if string(a) != string(b) {
				t.Errorf("weighted %v, %+v:\n%s\nwant\n%s", weighted, mo, a, b)
			}
		}
	}
	if ms, _ := regress.ModelsCompared(board.Options{ComparePrimary: true}, false); len(ms) != 0 {
		t.Errorf("keep false compares %v", ms)
	}
}
