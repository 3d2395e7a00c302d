package task

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/classify"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/regress"
	"github.com/evalkit-go/evalkit/result"
	"github.com/evalkit-go/evalkit/table"
)

// TestReadSlicedEqualsOwnRows: a one-pass read of the slices (chunks of a
// few rows each, so that a slice's rows spread over many chunks) gives,
// for every slice, the JSON of the result of reading only its rows (in
// chunks of another size), and for all the rows that of Read; the slices
// are those of Slices.Read, in its order.
func TestReadSlicedEqualsOwnRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 2))
	header := "g,h,y_true,y_pred,y_score,y,yhat,w"
	var rows []string
	for range 3000 {
		c := rng.IntN(3)
		p := c
		if rng.IntN(3) == 0 {
			p = rng.IntN(3)
		}
		y := rng.NormFloat64() * 10
		g := fmt.Sprint(rng.IntN(7) - 2)
		if rng.IntN(50) == 0 {
			g = "rare"
		}
		rows = append(rows, fmt.Sprintf("%s,%d,%d,%d,%.3f,%.4f,%.4f,%d", g, rng.IntN(2), c%2, p%2,
			float64(c%2)*0.4+rng.Float64(), y, y+rng.NormFloat64(), 1+rng.IntN(3)))
	}
	reader := func(rows []string, chunk int) *table.Reader {
		r, err := table.NewReaderWith(strings.NewReader(header+"\n"+strings.Join(rows, "\n")+"\n"), "t.csv", table.Options{Format: table.CSV, ChunkSize: chunk})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	jsonOf := func(v any, err error) string {
		if err != nil {
			return "error: " + err.Error()
		}
		b, err := result.JSON(v, "")
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	type task struct {
		name  string
		whole func(r *table.Reader) string                                      // Read and the result
		slice func(r *table.Reader, s *Slices) (*SlicedInput, []string, string) // ReadSliced: the slices' results and all rows'
	}
	classifyTask := func(name string, cl *Classify) task {
		clResult := func(tally *classify.Tally) string {
			rep, _, err := cl.Report(tally)
			return jsonOf(rep, err)
		}
		return task{name, func(r *table.Reader) string {
			tally, err := cl.Read(r)
			if err != nil {
				return jsonOf(nil, err)
			}
			return clResult(tally)
		}, func(r *table.Reader, s *Slices) (*SlicedInput, []string, string) {
			st, err := cl.ReadSliced(r, s)
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, x := range st.States {
				out = append(out, clResult(x))
			}
			return st.In, out, clResult(st.All)
		}}
	}
	clusterTask := func(name string, cl *Cluster) task {
		result := func(st *ClusterState) string {
			if len(cl.Preds) > 1 {
				return jsonOf(cl.ModelsReport(st, "t.csv"))
			}
			return jsonOf(cl.Report(st, "t.csv"))
		}
		return task{name, func(r *table.Reader) string {
			st, err := cl.Read(r)
			if err != nil {
				return jsonOf(nil, err)
			}
			return result(st)
		}, func(r *table.Reader, s *Slices) (*SlicedInput, []string, string) {
			st, err := cl.ReadSliced(r, s)
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, x := range st.States {
				out = append(out, result(x))
			}
			return st.In, out, result(st.All)
		}}
	}
	classifyModelsTask := func(name string, cl *ClassifyModels) task {
		result := func(st *classify.Models) string { return jsonOf(cl.Report(st)) }
		return task{name, func(r *table.Reader) string {
			st, err := cl.Read(r)
			if err != nil {
				return jsonOf(nil, err)
			}
			return result(st)
		}, func(r *table.Reader, s *Slices) (*SlicedInput, []string, string) {
			st, err := cl.ReadSliced(r, s)
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, x := range st.States {
				out = append(out, result(x))
			}
			return st.In, out, result(st.All)
		}}
	}
	rg := &Regress{Options: regress.Options{Trues: []string{"y"}, Preds: []string{"yhat"}}, State: regress.StateOptions{KeepValues: true}}
	rgResult := func(m *regress.Multi) string { return jsonOf(rg.Result(m)) }
	rk := &Rank{True: "y_true", Score: "y_score", Weight: "w"}
	rkResult := func(s *RankScores) string {
		tb, err := s.Table()
		if err != nil {
			return jsonOf(nil, err)
		}
		return jsonOf(s.Report(tb, rank.Options{CurvePoints: 50}))
	}
	tasks := []task{
		clusterTask("cluster", &Cluster{True: "y_true", Preds: []string{"y_pred"}, Weight: "w"}),
		clusterTask("cluster-features", &Cluster{Preds: []string{"y_pred"}, Features: []string{"y", "yhat"}}),
		clusterTask("cluster-models", &Cluster{True: "y_true", Preds: []string{"y_pred", "h"}}),
		// (unweighted: several models' weighted joint state depends on
		// the chunks, with or without slices)
		classifyModelsTask("classify-models", &ClassifyModels{True: "y_true", Preds: []string{"y_pred", "h"}}),
		classifyTask("classify", &Classify{True: "y_true", Pred: "y_pred", Weight: "w"}),
		classifyTask("classify-unweighted", &Classify{True: "y_true", Pred: "y_pred"}),
		{"regress", func(r *table.Reader) string {
			m, _, err := rg.Read(r)
			if err != nil {
				return jsonOf(nil, err)
			}
			return rgResult(m)
		}, func(r *table.Reader, s *Slices) (*SlicedInput, []string, string) {
			st, err := rg.ReadSliced(r, s)
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, x := range st.States {
				out = append(out, rgResult(x))
			}
			return st.In, out, rgResult(st.All)
		}},
		{"rank", func(r *table.Reader) string {
			s, err := rk.Read(r)
			if err != nil {
				return jsonOf(nil, err)
			}
			defer s.Close()
			return rkResult(s)
		}, func(r *table.Reader, s *Slices) (*SlicedInput, []string, string) {
			st, errs, err := rk.ReadSliced(r, s)
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for i, x := range st.States {
				if errs[i] != nil {
					out = append(out, jsonOf(nil, errs[i]))
				} else {
					out = append(out, rkResult(x))
				}
				x.Close()
			}
			defer st.All.Close()
			return st.In, out, rkResult(st.All)
		}},
	}
	by := [][]string{{"g"}, {"h", "g"}}
	recorded, err := (&Slices{By: by}).Read(reader(rows, 0), nil)
	if err != nil {
		t.Fatal(err)
	}
	// A warning names its row by file and line: the input's, or the
	// slice's own file's.
	for _, tk := range tasks {
		for _, chunk := range []int{40, 700} {
			t.Run(fmt.Sprintf("%s/chunk=%d", tk.name, chunk), func(t *testing.T) {
				in, got, all := tk.slice(reader(rows, chunk), &Slices{By: by})
				if want := tk.whole(reader(rows, 0)); all != want {
					t.Errorf("all rows:\n%.300s\nwant\n%.300s", all, want)
				}
				if len(in.Slices) != len(recorded.Slices) || in.Rows() != len(rows) {
					t.Fatalf("%d slices of %d rows, want %d of %d", len(in.Slices), in.Rows(), len(recorded.Slices), len(rows))
				}
				for i, s := range in.Slices {
					rs := recorded.Slices[i]
					if fmt.Sprint(s.By) != fmt.Sprint(rs.By) || s.Rows != rs.Rows || s.Slicing != rs.Slicing {
						t.Fatalf("slice %d: %v %d rows, want %v %d", i, s.By, s.Rows, rs.By, rs.Rows)
					}
					var own []string
					for _, x := range rs.rows {
						own = append(own, rows[x])
					}
					want := tk.whole(reader(own, 100))
					if g, w := lineless(got[i]), lineless(want); g != w {
						t.Errorf("slice %v:\n%.400s\nwant\n%.400s", s.By, g, w)
					}
				}
			})
		}
	}
}

// lineless is s without the line numbers of rows ("t.csv:12").
func lineless(s string) string {
	var b bytes.Buffer
	for i := 0; i < len(s); i++ {
		if !strings.HasPrefix(s[i:], "t.csv:") {
			b.WriteByte(s[i])
		} else {
			b.WriteString("t.csv:")
			i += len("t.csv:")
			for i < len(s) && s[i] >= '0' && s[i] <= '9' {
				i++
			}
			i--
		}
	}
	return b.String()
}
