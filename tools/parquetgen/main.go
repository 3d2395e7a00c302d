// Command parquetgen writes the Parquet test files of package table with
// Apache Arrow's Go writer (pqarrow), a writer independent of the
// parquet-go library that evalkit reads with, and the same data as CSV.
// It lives in its own module so that evalkit's module does not depend on
// Arrow. Run from this directory:
//
//	go run . ../../table/testdata/parquet
//
// It writes, for each codec (none, snappy, gzip, zstd), arrow_CODEC.parquet:
// 50 rows in row groups of 7 rows (the last of 1), columns
//
//	y_true  int64             0 or 1
//	y_score double            uniform in [0, 1)
//	name    string            4 values, dictionary-encoded
//	pred    string            4 values, plain
//	opt     double, nullable  null in rows 3, 10, 17, … (0-based i%7 == 3)
//	b       boolean
//	f32     float             normal
//	u       uint32
//	labels  list<string>      0–2 of l0…l4; null in rows i%11 == 5
//	plabels list<string>      0–2 of l0…l4
//
// and arrow.csv, the same rows as CSV: numbers as Go's strconv prints them
// (shortest form; a float as float32), a null as an empty cell, a list as
// its elements joined by |. Data pages are version 2 for zstd and version 1
// otherwise, so both layouts are read.
package main

import (
	"encoding/csv"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

const rows = 50

type row struct {
	y               int64
	score           float64
	name, pred      string
	opt             *float64
	b               bool
	f32             float32
	u               uint32
	labels, plabels []string
	nullLabels      bool
}

func makeRows() []row {
	rng := rand.New(rand.NewPCG(11, 12))
	set := func() []string {
		var s []string
		for range rng.IntN(3) {
			s = append(s, fmt.Sprintf("l%d", rng.IntN(5)))
		}
		return s
	}
	out := make([]row, rows)
	for i := range out {
		r := row{
			y: int64(rng.IntN(2)), score: rng.Float64(),
			name: fmt.Sprintf("c%d", rng.IntN(4)), pred: fmt.Sprintf("c%d", rng.IntN(4)),
			b: rng.IntN(2) == 1, f32: float32(rng.NormFloat64()), u: rng.Uint32(),
			labels: set(), plabels: set(),
		}
		if i%7 != 3 {
			o := rng.NormFloat64()
			r.opt = &o
		}
		if i%11 == 5 {
			r.labels, r.nullLabels = nil, true
		}
		out[i] = r
	}
	return out
}

var schema = arrow.NewSchema([]arrow.Field{
	{Name: "y_true", Type: arrow.PrimitiveTypes.Int64},
	{Name: "y_score", Type: arrow.PrimitiveTypes.Float64},
	{Name: "name", Type: arrow.BinaryTypes.String},
	{Name: "pred", Type: arrow.BinaryTypes.String},
	{Name: "opt", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
	{Name: "b", Type: arrow.FixedWidthTypes.Boolean},
	{Name: "f32", Type: arrow.PrimitiveTypes.Float32},
	{Name: "u", Type: arrow.PrimitiveTypes.Uint32},
	{Name: "labels", Type: arrow.ListOf(arrow.BinaryTypes.String), Nullable: true},
	{Name: "plabels", Type: arrow.ListOf(arrow.BinaryTypes.String), Nullable: true},
}, nil)

func record(rs []row) arrow.RecordBatch {
	b := array.NewRecordBuilder(memory.DefaultAllocator, schema)
	defer b.Release()
	list := func(lb *array.ListBuilder, items []string, null bool) {
		if null {
			lb.AppendNull()
			return
		}
		lb.Append(true)
		vb := lb.ValueBuilder().(*array.StringBuilder)
		for _, s := range items {
			vb.Append(s)
		}
	}
	for _, r := range rs {
		b.Field(0).(*array.Int64Builder).Append(r.y)
		b.Field(1).(*array.Float64Builder).Append(r.score)
		b.Field(2).(*array.StringBuilder).Append(r.name)
		b.Field(3).(*array.StringBuilder).Append(r.pred)
		if r.opt == nil {
			b.Field(4).(*array.Float64Builder).AppendNull()
		} else {
			b.Field(4).(*array.Float64Builder).Append(*r.opt)
		}
		b.Field(5).(*array.BooleanBuilder).Append(r.b)
		b.Field(6).(*array.Float32Builder).Append(r.f32)
		b.Field(7).(*array.Uint32Builder).Append(r.u)
		list(b.Field(8).(*array.ListBuilder), r.labels, r.nullLabels)
		list(b.Field(9).(*array.ListBuilder), r.plabels, false)
	}
	return b.NewRecordBatch()
}

func writeParquet(path string, rs []row, codec compress.Compression, v2 bool) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	version := parquet.DataPageV1
	if v2 {
		version = parquet.DataPageV2
	}
	props := parquet.NewWriterProperties(
		parquet.WithCompression(codec),
		parquet.WithDictionaryDefault(false),
		parquet.WithDictionaryFor("name", true),
		parquet.WithMaxRowGroupLength(7),
		parquet.WithDataPageVersion(version),
		parquet.WithCreatedBy("evalkit tools/parquetgen (Apache Arrow Go pqarrow)"),
	)
	w, err := pqarrow.NewFileWriter(schema, f, props, pqarrow.DefaultWriterProps())
	if err != nil {
		return err
	}
	rec := record(rs)
	defer rec.Release()
	if err := w.Write(rec); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return nil
}

func writeCSV(path string, rs []row) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	w.Write([]string{"y_true", "y_score", "name", "pred", "opt", "b", "f32", "u", "labels", "plabels"})
	for _, r := range rs {
		opt := ""
		if r.opt != nil {
			opt = strconv.FormatFloat(*r.opt, 'g', -1, 64)
		}
		w.Write([]string{
			strconv.FormatInt(r.y, 10), strconv.FormatFloat(r.score, 'g', -1, 64), r.name, r.pred, opt,
			strconv.FormatBool(r.b), strconv.FormatFloat(float64(r.f32), 'g', -1, 32),
			strconv.FormatUint(uint64(r.u), 10), strings.Join(r.labels, "|"), strings.Join(r.plabels, "|"),
		})
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return err
	}
	return f.Close()
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: parquetgen DIR")
		os.Exit(2)
	}
	dir := os.Args[1]
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	rs := makeRows()
	codecs := []struct {
		name  string
		codec compress.Compression
	}{{"none", compress.Codecs.Uncompressed}, {"snappy", compress.Codecs.Snappy}, {"gzip", compress.Codecs.Gzip}, {"zstd", compress.Codecs.Zstd}}
	for _, c := range codecs {
		if err := writeParquet(filepath.Join(dir, "arrow_"+c.name+".parquet"), rs, c.codec, c.name == "zstd"); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	if err := writeCSV(filepath.Join(dir, "arrow.csv"), rs); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
