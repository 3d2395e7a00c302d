"""evalkit: the evaluation of ML models on numpy arrays, over evalkit's Go core.

    import evalkit as ek
    r = ek.rank(y, proba, ci=True)      # binary scores
    r = ek.classify(y, y_pred)          # predicted labels
    r = ek.regress(y, y_pred)           # 2-D y_pred: several outputs
    r = ek.cluster(labels, labels_pred, features=X)
    r = ek.bleu(hypotheses, references)  # also chrf, ter, wer
    r["roc_auc"], r.interval("roc_auc"), r.to_dict(), r.text

Every option of the command line's task is a keyword argument of the same
name in snake_case (pos_label, max_fpr, ci_method, …); sample_weight= is the
weight column. The result is the command line's JSON output for the same
data and options; a bad input raises ValueError with the command line's
message. No measure is computed in Python.

evalkit.metrics holds drop-ins for the functions of sklearn.metrics
(roc_auc_score, f1_score, …), computed by the same core.
"""

from ._native import bleu, chrf, classify, cluster, rank, regress, ter, wer
from ._result import Result
from . import metrics

__all__ = ["rank", "classify", "regress", "cluster", "bleu", "chrf", "ter", "wer", "Result", "metrics"]
__version__ = "0.1.0"
