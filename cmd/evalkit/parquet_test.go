package main

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress"
)

// csvToParquet writes the CSV file at path as Parquet with parquet-go's
// writer, in row groups of group rows, compressed with codec. A column
// whose every value an int64 or a float64 spells back exactly (strconv's
// shortest form) becomes INT64 or DOUBLE, any other a STRING; an empty
// cell is a null. The columns keep their order. ok is false for a file
// that does not fit (quoted names with commas, ragged rows).
func csvToParquet(t *testing.T, path, out string, group int, codec compress.Codec) (ok bool) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil || len(recs) < 2 {
		return false
	}
	header, rows := recs[0], recs[1:]
	kinds := make([]reflect.Type, len(header))
	for c, name := range header {
		if strings.ContainsAny(name, ",\"") || name == "" {
			return false
		}
		isInt, isFloat := true, true
		for _, row := range rows {
			v := row[c]
			if v == "" {
				continue
			}
			if i, err := strconv.ParseInt(v, 10, 64); err != nil || strconv.FormatInt(i, 10) != v {
				isInt = false
			}
			if f, err := strconv.ParseFloat(v, 64); err != nil || strconv.FormatFloat(f, 'g', -1, 64) != v {
				isFloat = false
			}
		}
		switch {
		case isInt:
			kinds[c] = reflect.TypeFor[*int64]()
		case isFloat:
			kinds[c] = reflect.TypeFor[*float64]()
		default:
			kinds[c] = reflect.TypeFor[*string]()
		}
	}
	fields := make([]reflect.StructField, len(header))
	for c, name := range header {
		tag := name + ",optional"
		if kinds[c] == reflect.TypeFor[*string]() && c%2 == 0 {
			tag += ",dict"
		}
		fields[c] = reflect.StructField{Name: fmt.Sprintf("F%d", c), Type: kinds[c], Tag: reflect.StructTag(`parquet:"` + tag + `"`)}
	}
	typ := reflect.StructOf(fields)
	var buf bytes.Buffer
	w := parquet.NewWriter(&buf, parquet.SchemaOf(reflect.New(typ).Interface()), parquet.Compression(codec))
	for i, row := range rows {
		v := reflect.New(typ).Elem()
		for c, s := range row {
			if s == "" {
				continue
			}
			var x any
			switch kinds[c] {
			case reflect.TypeFor[*int64]():
				n, _ := strconv.ParseInt(s, 10, 64)
				x = &n
			case reflect.TypeFor[*float64]():
				f, _ := strconv.ParseFloat(s, 64)
				x = &f
			default:
				x = &s
			}
			v.Field(c).Set(reflect.ValueOf(x))
		}
		if err := w.Write(v.Addr().Interface()); err != nil {
			t.Fatal(err)
		}
		if (i+1)%group == 0 {
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return true
}

// TestParquetSameAsCSV runs every CLI golden case that succeeds on one CSV
// file again on that file written as Parquet (every codec in turn) and
// wants the same standard output, byte for byte: from one row group, the
// golden output (the CSV is one chunk too); from row groups of one row,
// the output of the CSV read in chunks of one row (Parallel's chunks are
// then the same rows, and states merged in chunk order give the same bits
// even where, as regress's weighted MAPE does, the last bit depends on
// the chunks).
func TestParquetSameAsCSV(t *testing.T) {
	files, _ := filepath.Glob("testdata/cli/*.args")
	codecs := []compress.Codec{&parquet.Snappy, &parquet.Gzip, &parquet.Zstd, &parquet.Uncompressed}
	dir := t.TempDir()
	ran := 0
	for i, f := range files {
		base := strings.TrimSuffix(f, ".args")
		if _, err := os.Stat(base + ".code"); err == nil {
			continue // an error case
		}
		if _, err := os.Stat(base + ".stdin"); err == nil {
			continue
		}
		raw, _ := os.ReadFile(f)
		args := strings.Fields(string(raw))
		csvAt := -1
		for j, a := range args {
			if strings.HasSuffix(a, ".csv") && !strings.HasPrefix(a, "-") {
				if csvAt >= 0 {
					csvAt = -2
					break
				}
				csvAt = j
			}
		}
		if csvAt < 0 || strings.HasPrefix(args[0], "split") {
			continue
		}
		src := filepath.Join("testdata/cli", args[csvAt])
		name := filepath.Base(base)
		golden, err := os.ReadFile(base + ".stdout")
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(golden, []byte(args[csvAt])) {
			continue // the output names the file
		}
		runIn := func(t *testing.T, args []string) []byte {
			wd, _ := os.Getwd()
			if err := os.Chdir("testdata/cli"); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			err := run(args, bytes.NewReader(nil), &stdout, &stderr)
			os.Chdir(wd)
			if err != nil {
				t.Fatalf("%v\n%s", err, stderr.Bytes())
			}
			return stdout.Bytes()
		}
		for _, group := range []int{1 << 30, 1} {
			out := filepath.Join(dir, fmt.Sprintf("%s-%d.parquet", name, group))
			if !csvToParquet(t, src, out, group, codecs[i%len(codecs)]) {
				break
			}
			t.Run(fmt.Sprintf("%s/group=%d", name, group), func(t *testing.T) {
				want := golden
				if group == 1 {
					restore := setChunkSize(1)
					want = runIn(t, args)
					restore()
				}
				pargs := slices.Clone(args)
				pargs[csvAt] = out
				if got := runIn(t, pargs); !bytes.Equal(got, want) {
					t.Errorf("stdout differs from the CSV's:\n--- got\n%s\n--- want\n%s", got, want)
				}
			})
			ran++
		}
	}
	t.Logf("%d golden cases read from Parquet", ran)
}

// TestParquetMultilabelLists reads the label sets of classify_multilabel
// from Parquet lists of strings (a null list is the empty set, as an empty
// cell is), on standard input with --input-format parquet, and wants the
// golden output of the CSV.
func TestParquetMultilabelLists(t *testing.T) {
	type row struct {
		True []string `parquet:"y_true,list"`
		Pred []string `parquet:"y_pred,list"`
	}
	data, err := os.ReadFile("testdata/cli/classify_multilabel.stdin")
	if err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	split := func(s string) []string {
		if s == "" {
			return nil
		}
		return strings.Split(s, "|")
	}
	var rows []row
	for _, r := range recs[1:] {
		rows = append(rows, row{split(r[0]), split(r[1])})
	}
	var buf bytes.Buffer
	w := parquet.NewGenericWriter[row](&buf, parquet.Compression(&parquet.Zstd))
	for i := 0; i < len(rows); i += 2 {
		w.Write(rows[i:min(i+2, len(rows))])
		w.Flush()
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/cli/classify_multilabel.stdout")
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if err := run([]string{"classify", "--multilabel", "--format", "text", "--input-format", "parquet", "-"}, bytes.NewReader(buf.Bytes()), &stdout, &stderr); err != nil {
		t.Fatalf("%v\n%s", err, stderr.Bytes())
	}
	if !bytes.Equal(stdout.Bytes(), want) {
		t.Errorf("got\n%s\nwant\n%s", stdout.Bytes(), want)
	}
}

// TestParquetBadInput: a truncated file, a wrong magic number, a null and
// a column of the wrong type are data errors (exit 1) naming the file and,
// for values, the row group, row and column.
func TestParquetBadInput(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.parquet")
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, b, 0o644)
		return p
	}
	fromCSV := func(name, text string) string {
		p := filepath.Join(dir, name)
		csvToParquet(t, write(name+".csv", []byte(text)), p, 2, &parquet.Snappy)
		return p
	}
	good = fromCSV("good.parquet", "y_true,y_score\n1,0.5\n0,0.25\n1,0.75\n")
	data, _ := os.ReadFile(good)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"rank", write("trunc.parquet", data[:len(data)/2])}, "trunc.parquet: invalid Parquet file: the file does not begin and end with \"PAR1\""},
		{[]string{"rank", write("magic.parquet", append([]byte("PAR0"), data[4:]...))}, "magic.parquet: invalid Parquet file"},
		{[]string{"rank", "--input-format", "parquet", write("text.csv", []byte("y_true,y_score\n1,0.5\n"))}, "text.csv: invalid Parquet file"},
		{[]string{"rank", fromCSV("null.parquet", "y_true,y_score\n1,0.5\n0,0.25\n1,0.75\n0,\n")}, `null.parquet: row group 2, row 2: column "y_score": empty value: null`},
		{[]string{"rank", fromCSV("type.parquet", "y_true,y_score\n1,0.5\n0,0.25\n1,abc\n")}, `type.parquet: row group 2, row 1: column "y_score": value "abc" is not a number`},
		{[]string{"rank", "--true", "nope", good}, `good.parquet: no such column "nope" (the header has: y_true, y_score)`},
		// split finds a class too small after reading every row: it names
		// the class's first row by row group and row, not a CSV line.
		{[]string{"split", "--kfold", "2", "--stratify", "y_true", fromCSV("small.parquet", "y_true,y_score\na,0.5\nb,0.25\nc,0.75\n")},
			`small.parquet: row group 1, row 1: column "y_true": class too small: class "a" has 1 member(s): every class has fewer than the 2 folds`},
		{[]string{"split", "--holdout", "0.5", "--stratify", "y_true", fromCSV("small2.parquet", "y_true,y_score\n1,0.5\n1,0.25\n0,0.75\n1,0.1\n")},
			`small2.parquet: row group 2, row 1: column "y_true": class too small: class "0" has 1 member(s), fewer than 2`},
	}
	for _, c := range cases {
		var stdout, stderr bytes.Buffer
		err := run(c.args, bytes.NewReader(nil), &stdout, &stderr)
		if code := exitCode(err, &stderr); code != 1 || !strings.Contains(stderr.String(), c.want) || stdout.Len() > 0 {
			t.Errorf("%v: exit %d, stderr %q, want exit 1 and %q", c.args, code, stderr.String(), c.want)
		}
	}
}

// TestParquetArrowSameAsCSV runs tasks on the files Apache Arrow's Go
// writer made (table/testdata/parquet, from tools/parquetgen) and on the
// files DuckDB's writer made of the same rows (tools/duckdbgen), every
// codec, and on the same data as CSV, and wants the same output.
func TestParquetArrowSameAsCSV(t *testing.T) {
	const dir = "../../table/testdata/parquet/"
	tasks := [][]string{
		{"rank", "--format", "json", "--true", "y_true", "--score", "y_score"},
		{"rank", "--format", "json", "--true", "y_true", "--score", "f32", "--weight", "u"},
		{"classify", "--format", "json", "--true", "name", "--pred", "pred"},
		{"classify", "--format", "json", "--multilabel", "--true", "labels", "--pred", "plabels"},
		{"compare", "mcnemar", "--format", "json", "--true", "name", "--pred-a", "pred", "--pred-b", "name"},
		{"split", "--kfold", "3", "--stratify", "name", "--shuffle", "--seed", "4", "--emit", "assign"},
	}
	var files []string
	for _, codec := range []string{"none", "snappy", "gzip", "zstd"} {
		files = append(files, "arrow_"+codec+".parquet")
	}
	for _, codec := range []string{"uncompressed", "snappy", "gzip", "zstd"} {
		files = append(files, "duckdb_"+codec+".parquet")
	}
	for _, task := range tasks {
		var want, stderr bytes.Buffer
		if err := run(append(slices.Clone(task), dir+"arrow.csv"), nil, &want, &stderr); err != nil {
			t.Fatalf("%v: %v\n%s", task, err, stderr.Bytes())
		}
		for _, file := range files {
			var got bytes.Buffer
			if err := run(append(slices.Clone(task), dir+file), nil, &got, &stderr); err != nil {
				t.Fatalf("%v %s: %v\n%s", task, file, err, stderr.Bytes())
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Errorf("%v %s:\n--- got\n%s\n--- want (CSV)\n%s", task, file, got.Bytes(), want.Bytes())
			}
		}
	}
}

// TestParquetSplit: split reads Parquet like CSV (--emit assign gives the
// same bytes), and --emit data, which writes Parquet input as CSV, refuses
// a list column instead of writing it empty.
func TestParquetSplit(t *testing.T) {
	const dir = "../../table/testdata/parquet/"
	args := []string{"split", "--kfold", "3", "--stratify", "name", "--shuffle", "--seed", "4", "--emit", "assign"}
	var want, got, stderr bytes.Buffer
	if err := run(append(slices.Clone(args), dir+"arrow.csv"), nil, &want, &stderr); err != nil {
		t.Fatal(err, stderr.String())
	}
	if err := run(append(slices.Clone(args), dir+"arrow_snappy.parquet"), nil, &got, &stderr); err != nil {
		t.Fatal(err, stderr.String())
	}
	if !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Errorf("got\n%s\nwant\n%s", got.Bytes(), want.Bytes())
	}
	got.Reset()
	err := run([]string{"split", "--kfold", "3", dir + "arrow_snappy.parquet"}, nil, &got, &stderr)
	if err == nil || !strings.Contains(err.Error(), `row group 1, row 1: column "labels": unsupported column type: a Parquet list`) || got.Len() > 0 {
		t.Errorf("split --emit data of lists: %v, %d bytes out", err, got.Len())
	}
}
