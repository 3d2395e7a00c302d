#!/bin/sh
# make.sh writes the files the examples of README.md and docs/*.md read
# (cmd/evalkit/doc_test.go runs them): most are copies of the command's
# golden inputs, the rest are written below. Run it from docs/testdata.
set -e
cli=../../cmd/evalkit/testdata/cli
for f in pets.csv scores.csv sales.csv hyp.txt ref.txt ref2.txt sys2.txt \
	rank_multi.csv rank_multi_weighted.csv rank_weighted.csv \
	classify_multilabel_ci_weighted.stdin small.csv badnum.csv blobs3.csv \
	preds.csv folds.csv zhou.csv errors.csv posthoc_scores.csv cv_folds.csv \
	datasets.csv abmeans.csv compare_delong.csv bad.csv bad2.csv models3.csv \
	scores3.csv multi.csv oneclass.csv nan.csv badprob.csv badsum.csv \
	noclass.csv zero.csv short.txt badutf8.txt compare_bad.csv \
	onecluster.csv split_in.csv; do
	cp "$cli/$f" .
done

# memory.md: 1000 rows, 500 distinct true labels, a few predictions off by one
awk 'BEGIN { print "y_true,y_pred"; for (i = 0; i < 1000; i++) { t = int(i/2); print "id" t ",id" (i%7 == 0 ? t+1 : t) } }' > ids.csv
# memory.md: a field of 2000 bytes on line 3
awk 'BEGIN { print "y_true,y_pred"; print "a,a"; s = ""; for (i = 0; i < 2000; i++) s = s "x"; print "b," s }' > longfield.csv
