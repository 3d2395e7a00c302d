// Command rankgen writes the data of bench/rank_spill.sh: N rows of
// "y_true,y_score" with random 0/1 labels and scores
// clip(Normal(0.4 + 0.2·y, 0.2), 0, 1) printed to 6 decimals (at most 10⁶
// distinct scores; with a third argument "full", every digit: about as
// many distinct scores as rows), the same rows for the same N and seed.
//
//	go run ./bench/rankgen N FILE [full]
package main

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
)

func main() {
	if len(os.Args) != 3 && (len(os.Args) != 4 || os.Args[3] != "full") {
		fmt.Fprintln(os.Stderr, "usage: rankgen N FILE [full]")
		os.Exit(2)
	}
	n, err := strconv.ParseInt(os.Args[1], 10, 64)
	if err != nil {
		fmt.Fprintln(os.Stderr, "rankgen:", err)
		os.Exit(2)
	}
	f, err := os.Create(os.Args[2])
	if err != nil {
		fmt.Fprintln(os.Stderr, "rankgen:", err)
		os.Exit(1)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	w.WriteString("y_true,y_score\n")
	r := rand.New(rand.NewPCG(20261123, 11))
	prec := 6
	format := byte('f')
	if len(os.Args) == 4 {
		prec, format = -1, 'g'
	}
	var line []byte
	for range n {
		y := r.IntN(2)
		s := min(max(r.NormFloat64()*0.2+0.4+0.2*float64(y), 0), 1)
		line = append(line[:0], byte('0'+y), ',')
		line = strconv.AppendFloat(line, s, format, prec, 64)
		line = append(line, '\n')
		w.Write(line)
	}
	if err := w.Flush(); err == nil {
		err = f.Close()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "rankgen:", err)
		os.Exit(1)
	}
}
