package task

import (
	"errors"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/cluster"
	"github.com/evalkit-go/evalkit/table"
)

func TestClusterExternal(t *testing.T) {
	// A perfect clustering under other names: adjusted Rand index 1.
	c := &Cluster{True: "y", Preds: []string{"k"}, Options: cluster.DefaultOptions()}
	st, err := c.Read(csvReader(t, "y,k\na,1\na,1\nb,2\nb,2\nc,3\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := st.True.Names(); strings.Join(got, ",") != "a,b,c" {
		t.Errorf("labels %v, want in order of first appearance", got)
	}
	rep, err := c.Report(st, "t.csv")
	if err != nil {
		t.Fatal(err)
	}
	if rep.ExternalReport == nil || rep.ExternalReport.AdjustedRandIndex != 1 {
		t.Errorf("external report %+v, want ARI 1", rep.ExternalReport)
	}
}

func TestClusterWeightError(t *testing.T) {
	c := &Cluster{True: "y", Preds: []string{"k"}, Weight: "w"}
	_, err := c.Read(csvReader(t, "y,k,w\na,1,1\nb,2,1.5\n"))
	var pe *table.ParseError
	if !errors.As(err, &pe) || pe.Line != 3 {
		t.Fatalf("got %v, want a positioned error at line 3", err)
	}
}

func TestClusterModelsPairs(t *testing.T) {
	c := &Cluster{True: "y", Preds: ModelNames("m1,m2")}
	c.Models.Compare = []string{"adjusted_rand_index"}
	st, err := c.Read(csvReader(t, "y,m1,m2\na,1,1\na,1,2\nb,2,2\nb,2,2\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Joints) != 1 || len(st.Tabs) != 2 || st.Rows != 4 {
		t.Fatalf("%d joints, %d tables, %d rows; want 1, 2, 4", len(st.Joints), len(st.Tabs), st.Rows)
	}
}

func TestClusterFeatureRange(t *testing.T) {
	c := &Cluster{Preds: []string{"k"}, Features: []string{"x"}}
	_, err := c.Read(csvReader(t, "k,x\n1,0\n2,1e200\n"))
	if !errors.Is(err, errFeatureRange) {
		t.Fatalf("got %v, want errFeatureRange", err)
	}
}
