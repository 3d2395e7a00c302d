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
	onecluster.csv split_in.csv delong_unpaired_a.csv delong_unpaired_b.csv \
	renorm.csv multilabel.csv multilabel_graded.csv asah_gos6.csv asah.csv \
	rank_multi_extreme.csv cluster_dist.csv cluster_dist_diag.csv rank_multi_models.csv; do
	cp "$cli/$f" .
done

# memory.md: 1000 rows, 500 distinct true labels, a few predictions off by one
awk 'BEGIN { print "y_true,y_pred"; for (i = 0; i < 1000; i++) { t = int(i/2); print "id" t ",id" (i%7 == 0 ? t+1 : t) } }' > ids.csv
# memory.md: a field of 2000 bytes on line 3
awk 'BEGIN { print "y_true,y_pred"; print "a,a"; s = ""; for (i = 0; i < 2000; i++) s = s "x"; print "b," s }' > longfield.csv

# classify.md: a regression target, which classify refuses as labels
printf 'y_true,y_pred\n3.2,2.9\n1.75,2.1\n4,3.6\n' > target.csv

# rank-scale.md: 200 distinct scores, more than --memory 4KiB holds
awk 'BEGIN { print "y_true,y_score"; for (i = 0; i < 200; i++) print (i % 3 == 0 ? 1 : 0) "," (i + 0.5) / 200 }' > s.csv
# rank-scale.md: two models' scores of the same rows
printf 'y_true,a,b\n1,0.9,0.8\n1,0.7,0.6\n1,0.6,0.9\n0,0.4,0.5\n0,0.3,0.2\n0,0.1,0.3\n' > ab.csv

# report.md: 400 rows whose weights grow with the score (a golden-ratio sequence, no randomness)
awk 'BEGIN { print "y_true,score,w"; for (i = 0; i < 400; i++) { y = i % 2; u = (i * 0.6180339887498949) % 1; s = u + 0.6 * y; printf "%d,%.4f,%.3f\n", y, s, 0.5 + s } }' > band_w.csv

# gates.md: 2000 rows scored by the current model, a worse candidate and a
# retrained one as good as the current (golden-ratio sequences, no randomness)
awk 'BEGIN { print "y_true,current,candidate,retrained"; for (i = 0; i < 2000; i++) { y = i % 2; u = (i * 0.6180339887498949) % 1; v = (i * 0.7548776662466927) % 1; w = (i * 0.5698402909980532) % 1; printf "%d,%.4f,%.4f,%.4f\n", y, (u + 0.8 * y) / 1.8, (v + 0.6 * y) / 1.6, (w + 0.82 * y) / 1.82 } }' > ci_scores.csv
# slices.md: 600 loan decisions in three age bands; the model errs more
# on the youngest (a golden-ratio sequence, no randomness)
awk 'BEGIN { print "age_band,region,y_true,y_pred,score"; split("18-29 30-49 50+", band, " "); split("north south", reg, " ")
  for (i = 0; i < 600; i++) { b = i % 3 + 1; r = int(i / 3) % 2 + 1; u = (i * 0.6180339887498949) % 1; v = (i * 0.7548776662466927) % 1
    y = (u < 0.45) ? 1 : 0; err = (b == 1) ? 0.26 : 0.1; p = (v < err) ? 1 - y : y
    s = 0.5 * p + 0.3 * y + 0.2 * v; printf "%s,%s,%d,%d,%.4f\n", band[b], reg[r], y, p, s } }' > loans.csv
# rank.md, classify.md: labels spelled as numbers, one of them not a number
printf 'y,s\n1,0.9\n1.0,0.8\nx,0.1\n0,0.3\n' > spelled.csv
# README.md: the labels 1, 1.0 and " 1", true and predicted
printf 'y_true,y_pred\n1,1.0\n0,0.0\n 1,1\n1.0, 1\n0,1.0\n0.0,0\n' > spellings.csv
