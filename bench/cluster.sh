#!/usr/bin/env bash
# evalkit cluster vs pandas + scikit-learn on the same generated data:
#   external indices on N rows (default 10⁷): pair_confusion_matrix,
#     rand_score, adjusted_rand_score, fowlkes_mallows_score,
#     normalized_mutual_info_score, homogeneity_completeness_v_measure
#     (evalkit prints all of its external indices, AMI included);
#   silhouette on SIL_N × 16 (default 20 000) vs silhouette_score (evalkit
#     also computes avg, diam, d_min, Dunn and both Davies–Bouldin indices
#     in the same pass);
#   Davies–Bouldin + Calinski–Harabasz on DB_N × 16 (default 10⁶); evalkit
#     skips the O(n²) indices above --pairwise-limit (50 000).
# Both sides read the same CSV file. Run through bench/compare.sh cluster.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
N=${N:-10000000}
SIL_N=${SIL_N:-20000}
DB_N=${DB_N:-1000000}
F=$(seq -s, -f 'f%g' 0 15)

gen() { # kind rows file
  [ -s "$3" ] || "$PY" bench/cluster_gen.py "$1" "$2" "$3"
}
ext=bench/out/cluster_ext_$N.csv
sil=bench/out/cluster_sil_$SIL_N.csv
db=bench/out/cluster_db_$DB_N.csv
gen external "$N" "$ext"
gen internal "$SIL_N" "$sil"
gen internal "$DB_N" "$db"

echo "external indices, $N rows"
measure "evalkit cluster" "$EVALKIT" cluster "$ext" --format json
e=$LAST_MEDIAN
measure "pandas + scikit-learn" "$PY" bench/cluster_ref.py external "$ext"
r=$LAST_MEDIAN
echo "  ratio (scikit-learn / evalkit): $(ratio "$r" "$e")×  (goal ≥ 10×)"

echo "silhouette, $SIL_N × 16"
measure "evalkit cluster --features" "$EVALKIT" cluster "$sil" --features "$F" --format json
e=$LAST_MEDIAN
measure "silhouette_score" "$PY" bench/cluster_ref.py silhouette "$sil"
r=$LAST_MEDIAN
echo "  ratio (scikit-learn / evalkit): $(ratio "$r" "$e")×  (goal ≥ 1.5×)"

echo "Davies–Bouldin + Calinski–Harabasz, $DB_N × 16"
measure "evalkit cluster --features" "$EVALKIT" cluster "$db" --features "$F" --format json
e=$LAST_MEDIAN
measure "davies_bouldin + calinski_h." "$PY" bench/cluster_ref.py db "$db"
r=$LAST_MEDIAN
echo "  ratio (scikit-learn / evalkit): $(ratio "$r" "$e")×  (goal ≥ 2×)"
