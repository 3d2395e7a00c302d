// Command pqgen writes the data of bench/parquet.sh, and reads it back the
// way a user of package table does.
//
//	go run ./bench/pqgen write N PREFIX   # PREFIX.csv and PREFIX.parquet
//	go run ./bench/pqgen read FILE        # every row's two columns, in parallel
//
// The data: N rows of y_true (0/1, INT64) and y_score (a float64 model
// score, every bit random: clip(Normal(0.4 + 0.2·y, 0.2), 0, 1)), the same
// rows for the same N. The CSV prints the score in Go's shortest form (as
// pandas and most writers do, ~19 characters); the Parquet file is what
// pyarrow writes by default: snappy, row groups of 1 Mi rows.
//
// read opens FILE with table.Open, asks for both columns and reads every
// row with Reader.Parallel and Reader.Float, and prints the row count and
// the sum of the scores, so that nothing is optimised away.
package main

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"sync"

	"github.com/evalkit-go/evalkit/table"
	"github.com/parquet-go/parquet-go"
)

type row struct {
	Y     int64   `parquet:"y_true"`
	Score float64 `parquet:"y_score"`
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "pqgen:", err)
	os.Exit(1)
}

func write(n int, prefix string) {
	cf, err := os.Create(prefix + ".csv")
	if err != nil {
		fail(err)
	}
	pf, err := os.Create(prefix + ".parquet")
	if err != nil {
		fail(err)
	}
	cw := bufio.NewWriterSize(cf, 1<<20)
	cw.WriteString("y_true,y_score\n")
	pw := parquet.NewGenericWriter[row](pf, parquet.Compression(&parquet.Snappy))
	rng := rand.New(rand.NewPCG(7, 8))
	const group = 1 << 20
	buf := make([]row, 0, 4096)
	var line []byte
	for i := range n {
		y := int64(rng.IntN(2))
		s := min(1, max(0, 0.4+0.2*float64(y)+0.2*rng.NormFloat64()))
		line = strconv.AppendInt(line[:0], y, 10)
		line = append(line, ',')
		line = strconv.AppendFloat(line, s, 'g', -1, 64)
		line = append(line, '\n')
		cw.Write(line)
		buf = append(buf, row{y, s})
		if len(buf) == cap(buf) || (i+1)%group == 0 || i == n-1 {
			if _, err := pw.Write(buf); err != nil {
				fail(err)
			}
			buf = buf[:0]
			if (i+1)%group == 0 {
				if err := pw.Flush(); err != nil {
					fail(err)
				}
			}
		}
	}
	if err := pw.Close(); err != nil {
		fail(err)
	}
	if err := cw.Flush(); err != nil {
		fail(err)
	}
	cf.Close()
	pf.Close()
}

func read(path string) {
	r, err := table.Open(path, os.Stdin)
	if err != nil {
		fail(err)
	}
	defer r.Close()
	yc, err := r.Col("y_true")
	if err != nil {
		fail(err)
	}
	sc, err := r.Col("y_score")
	if err != nil {
		fail(err)
	}
	var mu sync.Mutex
	sum, rows := 0.0, 0
	err = r.Parallel(0, func(_ int, sub *table.Reader) error {
		s, n := 0.0, 0
		for sub.Next() {
			y, err := sub.Float(yc)
			if err != nil {
				return err
			}
			v, err := sub.Float(sc)
			if err != nil {
				return err
			}
			s += v + y
			n++
		}
		mu.Lock()
		sum, rows = sum+s, rows+n
		mu.Unlock()
		return nil
	})
	if err != nil {
		fail(err)
	}
	fmt.Println(rows, sum)
}

func main() {
	switch {
	case len(os.Args) == 4 && os.Args[1] == "write":
		n, err := strconv.Atoi(os.Args[2])
		if err != nil {
			fail(err)
		}
		write(n, os.Args[3])
	case len(os.Args) == 3 && os.Args[1] == "read":
		read(os.Args[2])
	default:
		fmt.Fprintln(os.Stderr, "usage: pqgen write N PREFIX | pqgen read FILE")
		os.Exit(2)
	}
}
