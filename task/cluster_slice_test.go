package task

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/table"
)

// The sliced read's state of every row, merged from the slices' states,
// numbers the labels in order of first appearance in the input, as Read
// does, though the slices come in another order (their values sorted)
// and the chunks are small.
func TestClusterReadSlicedLabelOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 9))
	var b strings.Builder
	b.WriteString("g,t,p\n")
	for range 2000 {
		fmt.Fprintf(&b, "s%d,c%d,k%d\n", 9-rng.IntN(10), rng.IntN(40), rng.IntN(60))
	}
	reader := func(chunk int) *table.Reader {
		r, err := table.NewReaderWith(strings.NewReader(b.String()), "t.csv", table.Options{Format: table.CSV, ChunkSize: chunk})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	c := &Cluster{True: "t", Preds: []string{"p"}}
	want, err := c.Read(reader(0))
	if err != nil {
		t.Fatal(err)
	}
	for _, chunk := range []int{30, 500} {
		st, err := c.ReadSliced(reader(chunk), &Slices{By: [][]string{{"g"}}})
		if err != nil {
			t.Fatal(err)
		}
		if got, w := st.All.True.Names(), want.True.Names(); !slices.Equal(got, w) {
			t.Errorf("chunks of %d bytes: reference labels %v, want %v", chunk, got, w)
		}
		if got, w := st.All.Preds[0].Names(), want.Preds[0].Names(); !slices.Equal(got, w) {
			t.Errorf("chunks of %d bytes: clusters %v, want %v", chunk, got, w)
		}
		if st.All.Rows != want.Rows || st.All.Tabs[0].N() != want.Tabs[0].N() {
			t.Errorf("chunks of %d bytes: %d rows, %d counted; want %d, %d", chunk, st.All.Rows, st.All.Tabs[0].N(), want.Rows, want.Tabs[0].N())
		}
	}
}
