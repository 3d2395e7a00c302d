package report

import (
	"fmt"
	"strconv"

	"github.com/evalkit-go/evalkit/cluster"
)

// Cluster lays a clustering report out for people.
func Cluster(o *cluster.Report) *Doc {
	d := &Doc{Title: "Clustering indices", Blocks: summaryLead(o.Summary)}
	if x := o.ExternalReport; x != nil {
		p := &Pairs{Title: fmt.Sprintf("External: predicted C (%d clusters) vs reference C* (%d classes), %d rows", x.Clusters, x.Classes, o.N)}
		p.Add("a = |SS| (same in C, same in C*)", strconv.FormatInt(x.A, 10))
		p.Add("b = |SD| (same in C, different in C*)", strconv.FormatInt(x.B, 10))
		p.Add("c = |DS| (different in C, same in C*)", strconv.FormatInt(x.C, 10))
		p.Add("d = |DD| (different in both)", strconv.FormatInt(x.D, 10))
		p.Add("Jaccard coefficient", sigCI(o.Intervals, "jaccard", x.Jaccard))
		p.Add("Fowlkes–Mallows index", sigCI(o.Intervals, "fowlkes_mallows", x.FowlkesMallows))
		p.Add("Rand index", sigCI(o.Intervals, "rand_index", x.RandIndex))
		p.Add("adjusted Rand index", sigCI(o.Intervals, "adjusted_rand_index", x.AdjustedRandIndex))
		p.Add("mutual information (nats)", sigCI(o.Intervals, "mutual_info", x.MutualInfo))
		p.Add("NMI ("+x.Average+")", sigCI(o.Intervals, "nmi", x.NMI))
		p.Add("AMI ("+x.Average+")", sigCI(o.Intervals, "ami", x.AMI))
		p.Add("homogeneity", sigCI(o.Intervals, "homogeneity", x.Homogeneity))
		p.Add("completeness", sigCI(o.Intervals, "completeness", x.Completeness))
		p.Add(fmt.Sprintf("V-measure (β = %s)", Sig(x.Beta)), sigCI(o.Intervals, "v_measure", x.VMeasure))
		p.Add("purity", sigCI(o.Intervals, "purity", x.Purity))
		d.Blocks = append(d.Blocks, p)
		if x.Contingency != nil {
			d.Blocks = append(d.Blocks, contingency(x.Contingency))
		}
	}
	if x := o.InternalReport; x != nil {
		feat := "features"
		if len(x.Features) == 1 {
			feat = "feature"
		}
		p := &Pairs{Title: fmt.Sprintf("Internal: %d rows, %d %s, %s distance", o.N, len(x.Features), feat, x.Metric)}
		p.Add("Davies–Bouldin (scikit-learn)", sigCI(o.Intervals, "davies_bouldin", x.DaviesBouldin))
		p.Add("Davies–Bouldin (pairwise scatter)", sigCI(o.Intervals, "davies_bouldin_avgpair", x.DaviesBouldinAvgPair))
		p.Add("Dunn index", Sig(x.Dunn))
		sil := "silhouette"
		if x.SilhouetteRows != int(o.N) && x.SilhouetteRows > 0 {
			sil = fmt.Sprintf("silhouette (%d sampled rows)", x.SilhouetteRows)
		}
		p.Add(sil, sigCI(o.Intervals, "silhouette", x.Silhouette))
		p.Add("Calinski–Harabasz", sigCI(o.Intervals, "calinski_harabasz", x.CalinskiHarabasz))
		d.Blocks = append(d.Blocks, p)
		t := &Table{Title: "Clusters", Header: []string{"cluster", "size", "avg(C)", "diam(C)", "scatter", "silhouette"}}
		for _, c := range x.Clusters {
			t.Rows = append(t.Rows, Row(c.Label, strconv.Itoa(c.Size), Sig(c.Avg), Sig(c.Diam), Sig(c.Scatter), Sig(c.Silhouette)))
		}
		d.Blocks = append(d.Blocks, t)
	}
	d.labelsNote(o.LabelComparison)
	d.closing(o.Level, o.Intervals, o.Warnings, o.Signature)
	return d
}

// contingency is the contingency table for people: in full when the report has
// it so, else its textTop largest cells, largest first, ties in row-major
// order.
func contingency(ct *cluster.ContingencyTable) *Table {
	if ct.Matrix != nil {
		t := &Table{Title: "Contingency table (rows: reference classes C*, columns: clusters C)", Header: append([]string{""}, ct.Clusters...)}
		for i, l := range ct.Classes {
			cells := []string{l}
			for _, v := range ct.Matrix[i] {
				cells = append(cells, strconv.FormatInt(v, 10))
			}
			t.Rows = append(t.Rows, Row(cells...))
		}
		return t
	}
	top := ct.Largest(textTop)
	t := &Table{Title: fmt.Sprintf("Largest cells of the contingency table (%d of %d non-zero cells; all in the JSON's contingency.cells)", len(top), len(ct.Cells)),
		Header: []string{"reference class", "cluster", "count"}}
	for _, i := range top {
		c := ct.Cells[i]
		t.Rows = append(t.Rows, Row(ct.Classes[c[0]], ct.Clusters[c[1]], strconv.FormatInt(c[2], 10)))
	}
	return t
}
