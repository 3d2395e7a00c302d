package cluster_test

import (
	"fmt"

	"github.com/evalkit-go/evalkit/cluster"
)

// The numbers agree with scikit-learn 1.2.1 (pair_confusion_matrix,
// fowlkes_mallows_score, rand_score, adjusted_rand_score,
// normalized/adjusted_mutual_info_score, v_measure_score).
func ExampleEvaluate() {
	truth := []int{0, 0, 0, 1, 1, 1} // reference classes C*
	pred := []int{0, 0, 1, 1, 2, 2}  // predicted clusters C
	r, err := cluster.Evaluate(truth, pred, nil)
	if err != nil {
		panic(err)
	}
	fmt.Printf("a=%d b=%d c=%d d=%d\n", r.A, r.B, r.C, r.D)
	fmt.Printf("JC=%.4f FMI=%.4f RI=%.4f ARI=%.4f\n", r.Jaccard, r.FowlkesMallows, r.RandIndex, r.AdjustedRand)
	fmt.Printf("NMI=%.4f AMI=%.4f V=%.4f purity=%.4f\n", r.NMI[cluster.Arithmetic], r.AMI[cluster.Arithmetic], r.VMeasure, r.Purity)
	// Output:
	// a=2 b=1 c=4 d=8
	// JC=0.2857 FMI=0.4714 RI=0.6667 ARI=0.2424
	// NMI=0.5158 AMI=0.2988 V=0.5158 purity=0.8333
}

// silhouette, DB and CH agree with scikit-learn 1.2.1 silhouette_score,
// davies_bouldin_score and calinski_harabasz_score.
func ExampleEvaluateInternal() {
	x := []float64{ // 6 points in 2 dimensions
		0, 0, 0, 1, 1, 0,
		5, 5, 5, 6, 6, 5,
	}
	labels := []int{0, 0, 0, 1, 1, 1}
	r, err := cluster.EvaluateInternal(x, 2, labels, cluster.InternalOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Printf("silhouette=%.4f DB=%.4f DB(avg)=%.4f Dunn=%.4f CH=%.2f\n",
		r.Silhouette, r.DaviesBouldin, r.DaviesBouldinAvgPair, r.Dunn, r.CalinskiHarabasz)
	c := r.Clusters[0]
	fmt.Printf("cluster 0: avg=%.4f diam=%.4f d_min=%.4f d_cen=%.4f\n", c.Avg, c.Diam, c.DMin[1], c.DCen[1])
	// Output:
	// silhouette=0.8398 DB=0.1850 DB(avg)=0.3219 Dunn=4.5277 CH=112.50
	// cluster 0: avg=1.1381 diam=1.4142 d_min=6.4031 d_cen=7.0711
}
