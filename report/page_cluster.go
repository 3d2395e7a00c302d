package report

import (
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/cluster"
	"github.com/evalkit-go/evalkit/figure"
)

// ClusterSections lays out a clustering report: the external indices with
// the pair counts a, b, c, d, and the internal indices with each cluster's
// statistics. prefix is the report's JSON path.
func ClusterSections(r *cluster.Report, prefix string) []*Section {
	k := func(parts ...any) string { return Join(append([]any{prefix}, parts...)...) }
	var out []*Section
	if x := r.ExternalReport; x != nil {
		t := &Table{Title: "External indices (against the reference labels)", Header: []string{"index", "value"}, RowHeads: true}
		add := func(name, key string, v float64) {
			t.Rows = append(t.Rows, []Cell{T(name), cellInterval(N(k(key), v), prefix, key, r.Intervals)})
		}
		add("Jaccard coefficient a/(a+b+c)", "jaccard", x.Jaccard)
		add("Fowlkes–Mallows index", "fowlkes_mallows", x.FowlkesMallows)
		add("Rand index", "rand_index", x.RandIndex)
		add("adjusted Rand index", "adjusted_rand_index", x.AdjustedRandIndex)
		add("mutual information (nats)", "mutual_info", x.MutualInfo)
		add("normalised MI ("+x.Average+")", "nmi", x.NMI)
		add("adjusted MI ("+x.Average+")", "ami", x.AMI)
		add("homogeneity", "homogeneity", x.Homogeneity)
		add("completeness", "completeness", x.Completeness)
		add(fmt.Sprintf("V-measure (β = %s)", Sig(x.Beta)), "v_measure", x.VMeasure)
		add("purity", "purity", x.Purity)
		t.Rows = append(t.Rows, []Cell{T("reference classes"), C(k("n_classes"), float64(x.Classes))}, []Cell{T("clusters"), C(k("n_clusters"), float64(x.Clusters))},
			[]Cell{T("rows"), C(k("n"), float64(r.N))})
		tot := float64(x.A + x.B + x.C + x.D)
		sh := func(v int64) float64 {
			if tot == 0 {
				return 0
			}
			return math.Sqrt(float64(v) / tot)
		}
		pairs := &HeatMap{Title: "Pair counts (unordered pairs of rows; shade: share of all pairs)", RowTitle: "clustering C", ColTitle: "reference C*",
			RowLabels: []string{"same cluster", "different clusters"}, ColLabels: []string{"same class", "different classes"},
			Cells: [][]Cell{{C(k("a"), float64(x.A)), C(k("b"), float64(x.B))}, {C(k("c"), float64(x.C)), C(k("d"), float64(x.D))}},
			Shade: [][]float64{{sh(x.A), sh(x.B)}, {sh(x.C), sh(x.D)}}}
		intro, methods := "", (*Methods)(nil)
		if len(r.Intervals) > 0 {
			intro, methods = ciIntro(r.Level, r.Intervals, r.Signature)
			intro += " "
		}
		ext := &Section{ID: "external", Title: "External indices", Methods: methods,
			Intro:  intro + "a = |SS|: pairs in the same cluster and the same class; b = |SD|: same cluster, different classes; c = |DS|: different clusters, same class; d = |DD|: different in both. a + b + c + d = m(m − 1)/2.",
			Blocks: []Block{t, pairs}}
		if ct := x.Contingency; ct != nil {
			switch {
			case ct.Matrix == nil:
				top := ct.Largest(MaxMatrix)
				ct2 := &Table{Title: fmt.Sprintf("The %d largest of the %d non-zero cells of the contingency table (%d classes × %d clusters, more than --max-matrix; every cell is in the JSON's contingency.cells)", len(top), len(ct.Cells), len(ct.Classes), len(ct.Clusters)),
					Header: []string{"class C*", "cluster C", "count"}}
				for _, i := range top {
					c := ct.Cells[i]
					ct2.Rows = append(ct2.Rows, []Cell{T(ct.Classes[c[0]]), T(ct.Clusters[c[1]]), C(k("contingency", "cells", i, 2), float64(c[2]))})
				}
				ext.Add(ct2)
			case len(ct.Classes) > MaxMatrix || len(ct.Clusters) > MaxMatrix:
				ext.Add(Note(fmt.Sprintf("Contingency table: %d classes × %d clusters, more than %d, too many to draw; the counts are in the JSON (contingency.matrix).", len(ct.Classes), len(ct.Clusters), MaxMatrix)))
			default:
				m := make([][]float64, len(ct.Matrix))
				for i, row := range ct.Matrix {
					for _, v := range row {
						m[i] = append(m[i], float64(v))
					}
				}
				ext.Blocks = append(ext.Blocks, rowShareHeatMap("Contingency table (rows of each class in each cluster; shade: share of the class's row)", "class C*", "cluster C",
					ct.Classes, ct.Clusters, m, func(i, j int) string { return k("contingency", "matrix", i, j) }))
			}
		}
		out = append(out, ext)
	}
	if in := r.InternalReport; in != nil {
		t := &Table{Title: "Internal indices (" + in.Metric + " distance)", Header: []string{"index", "value"}, RowHeads: true}
		add := func(name, key string, v float64) {
			t.Rows = append(t.Rows, []Cell{T(name), cellInterval(N(k(key), v), prefix, key, r.Intervals)})
		}
		add("Davies–Bouldin (scikit-learn: scatter = mean distance to centroid)", "davies_bouldin", in.DaviesBouldin)
		add("Davies–Bouldin (scatter = mean pairwise distance in a cluster)", "davies_bouldin_avgpair", in.DaviesBouldinAvgPair)
		add("Dunn index", "dunn", in.Dunn)
		add("silhouette", "silhouette", in.Silhouette)
		add("Calinski–Harabasz", "calinski_harabasz", in.CalinskiHarabasz)
		t.Rows = append(t.Rows, []Cell{T("rows of the silhouette"), C(k("silhouette_rows"), float64(in.SilhouetteRows))})
		ct := &Table{Title: "Clusters", Header: []string{"cluster", "size", "scatter", "avg(C)", "diam(C)", "silhouette"}, RowHeads: true}
		for i, c := range in.Clusters {
			ck := func(f string) string { return k("clusters", i, f) }
			ct.Rows = append(ct.Rows, []Cell{T(c.Label), C(ck("size"), float64(c.Size)), N(ck("scatter"), c.Scatter), N(ck("avg"), c.Avg), N(ck("diam"), c.Diam), N(ck("silhouette"), c.Silhouette)})
		}
		blocks := []Block{t, ct}
		if len(in.Clusters) <= 40 {
			blocks = append(blocks, Figure(figure.Silhouette(in.Clusters)))
		}
		intro, methods := "", (*Methods)(nil)
		if len(r.Intervals) > 0 && r.ExternalReport == nil { // else the external section's intro says it
			intro, methods = ciIntro(r.Level, r.Intervals, r.Signature)
		}
		out = append(out, &Section{ID: "internal", Title: "Internal indices", Intro: intro, Methods: methods, Blocks: blocks})
	}
	if len(out) > 0 {
		for _, w := range r.Warnings {
			out[0].Add(Note("warning: " + w))
		}
	}
	return out
}
