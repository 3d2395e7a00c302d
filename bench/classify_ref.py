#!/usr/bin/python3
"""The reference side of bench/classify.sh: pandas + scikit-learn computing
what `evalkit classify` prints (confusion matrix, accuracy, per-class and
micro/macro/weighted precision/recall/F, Cohen's kappa, MCC)."""
import sys

import pandas as pd
from sklearn import metrics as M

df = pd.read_csv(sys.argv[1])
yt, yp = df["y_true"], df["y_pred"]
labels = sorted(set(yt.unique()) | set(yp.unique()))
cm = M.confusion_matrix(yt, yp, labels=labels)
acc = M.accuracy_score(yt, yp)
per = M.precision_recall_fscore_support(yt, yp, labels=labels, zero_division=0)
avgs = [M.precision_recall_fscore_support(yt, yp, labels=labels, average=a, zero_division=0)
        for a in ("micro", "macro", "weighted")]
kappa = M.cohen_kappa_score(yt, yp, labels=labels)
mcc = M.matthews_corrcoef(yt, yp)
print(acc, avgs[1][2], kappa, mcc)
