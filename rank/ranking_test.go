package rank

import (
	"strconv"
	"testing"
)

// TestRankingGolden compares DCG, NDCG, LabelRankingLoss, LRAP and
// CoverageError with scikit-learn 1.2.1 (testdata/ranking.json.gz,
// tools/oracle/rank_ranking.py) to 1e-9 relative.
func TestRankingGolden(t *testing.T) {
	var g struct {
		Cases []struct {
			Name     string             `json:"name"`
			Rel      [][]float64        `json:"rel"`
			Truth    [][]bool           `json:"truth"`
			Score    [][]float64        `json:"score"`
			Weight   []float64          `json:"weight"`
			Expected map[string]float64 `json:"expected"`
		} `json:"cases"`
	}
	loadGz(t, "testdata/ranking.json.gz", &g)
	for _, c := range g.Cases {
		t.Run(c.Name, func(t *testing.T) {
			e := c.Expected
			for _, k := range []int{0, 1, 3} {
				key := "all"
				if k > 0 {
					key = strconv.Itoa(k)
				}
				for _, it := range []bool{false, true} {
					prefix := ""
					if it {
						prefix = "it_"
					}
					if want, ok := e["dcg_"+prefix+key]; ok {
						got, err := DCG(c.Rel, c.Score, k, it, c.Weight)
						if err != nil {
							t.Fatal(err)
						}
						checkNum(t, "dcg_"+prefix+key, got, want)
					}
					if want, ok := e["ndcg_"+prefix+key]; ok {
						got, err := NDCG(c.Rel, c.Score, k, it, c.Weight)
						if err != nil {
							t.Fatal(err)
						}
						checkNum(t, "ndcg_"+prefix+key, got, want)
					}
				}
			}
			got, err := LabelRankingLoss(c.Truth, c.Score, c.Weight)
			if err != nil {
				t.Fatal(err)
			}
			checkNum(t, "label_ranking_loss", got, e["label_ranking_loss"])
			got, _ = LRAP(c.Truth, c.Score, c.Weight)
			checkNum(t, "lrap", got, e["lrap"])
			got, _ = CoverageError(c.Truth, c.Score, c.Weight)
			checkNum(t, "coverage_error", got, e["coverage_error"])
		})
	}
}
