# The reference side of bench/cluster.sh: pandas + scikit-learn.
import sys
import pandas as pd
from sklearn.metrics import cluster as C
from sklearn.metrics import silhouette_score, davies_bouldin_score, calinski_harabasz_score
task, path = sys.argv[1], sys.argv[2]
df = pd.read_csv(path)
if task == "external":
    t, p = df["y_true"].to_numpy(), df["y_pred"].to_numpy()
    out = [C.pair_confusion_matrix(t, p), C.rand_score(t, p), C.adjusted_rand_score(t, p),
           C.fowlkes_mallows_score(t, p), C.normalized_mutual_info_score(t, p),
           C.homogeneity_completeness_v_measure(t, p)]
elif task == "silhouette":
    X = df[["f%d" % i for i in range(16)]].to_numpy()
    out = [silhouette_score(X, df["y_pred"].to_numpy())]
else:
    X = df[["f%d" % i for i in range(16)]].to_numpy()
    y = df["y_pred"].to_numpy()
    out = [davies_bouldin_score(X, y), calinski_harabasz_score(X, y)]
print(out)
