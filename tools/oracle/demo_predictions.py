#!/usr/bin/python3
"""Real predictions for `evalkit demo`: out-of-fold predictions of a
5-nearest-neighbour classifier (unscaled features, so it makes honest
mistakes) on the UCI Wine recognition data that Debian's python3-sklearn
ships, from 10-fold stratified cross-validation (no shuffling).

    /usr/bin/python3 tools/oracle/demo_predictions.py > cmd/evalkit/demodata/wine_knn.csv
"""
import sys

import numpy as np
from sklearn.datasets import load_wine
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.neighbors import KNeighborsClassifier

X, y = load_wine(return_X_y=True)
names = load_wine().target_names
cv = StratifiedKFold(n_splits=10)
proba = cross_val_predict(KNeighborsClassifier(n_neighbors=5), X, y, cv=cv, method="predict_proba")
pred = proba.argmax(axis=1)
out = sys.stdout
out.write("y_true,y_pred," + ",".join(f"p_{n}" for n in names) + "\n")
for t, p, pr in zip(y, pred, proba):
    out.write(f"{names[t]},{names[p]}," + ",".join(f"{v:.1f}" for v in pr) + "\n")
