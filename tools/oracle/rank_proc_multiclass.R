#!/usr/bin/env Rscript
# Oracle for `rank --classes a,b,c --score s` (one score column for every
# class): writes rank/testdata/proc_multiclass.json with pROC's
# multiclass.roc(response, predictor, levels = classes), one predictor: each
# pair's control and case level, the direction roc() chose (by the
# medians) and its AUC, and the mean AUC (Hand and Till), for simulated
# data (set.seed; scores rounded, coarsely for ties; classes whose medians
# tie; a class order against the scores) and for pROC's own aSAH data
# (gos6 and wfns against s100b and ndka, as pROC's tests use them), whose
# gos6 column it also writes to cmd/evalkit/testdata/cli/asah_gos6.csv.
#
# Rerun:  Rscript tools/oracle/rank_proc_multiclass.R
suppressMessages(library(pROC))
library(jsonlite)
set.seed(20261129)

args <- commandArgs(trailingOnly = FALSE)
here <- dirname(sub("--file=", "", args[grep("--file=", args)]))
out <- file.path(here, "..", "..", "rank", "testdata", "proc_multiclass.json")

fix <- function(v) sprintf("%.17g", v)
one <- function(name, y, s, levels) {
  m <- multiclass.roc(y, s, levels = levels, quiet = TRUE)
  pairs <- lapply(m$rocs, function(r) list(control = as.character(r$levels[1]), case = as.character(r$levels[2]),
                                           direction = r$direction, auc = fix(as.numeric(auc(r)))))
  list(name = name, y = as.character(y), s = s, classes = as.character(levels), pairs = pairs, auc = fix(as.numeric(m$auc)))
}
cases <- list()
for (n in c(12, 40, 150, 600)) for (k in c(3, 4)) for (digits in c(3, 0)) {
  lev <- letters[1:k]
  repeat {
    y <- sample(lev, n, replace = TRUE)
    if (all(table(factor(y, levels = lev)) >= 1)) break
  }
  mu <- c(0, 1, 0.4, 2)[match(y, lev)]
  s <- round(rnorm(n, mean = mu), digits)
  cases[[length(cases) + 1]] <- one(sprintf("n%d_k%d_d%d", n, k, digits), y, s, lev)
  cases[[length(cases) + 1]] <- one(sprintf("n%d_k%d_d%d_reversed", n, k, digits), y, s, rev(lev))
}
# Medians that tie (direction "<"), and a pair whose medians and ranks disagree.
cases[[length(cases) + 1]] <- one("median_tie", c("x", "x", "x", "y", "y", "y", "z", "z"), c(1, 2, 3, 2, 0, 5, 2, 2), c("x", "y", "z"))
cases[[length(cases) + 1]] <- one("median_vs_rank", c("p", "p", "p", "q", "q", "q", "r", "r"), c(0, 5, 6, 1, 2, 10, 3, 4), c("p", "q", "r"))
data(aSAH)
cases[[length(cases) + 1]] <- one("aSAH_gos6_s100b", aSAH$gos6, aSAH$s100b, levels(aSAH$gos6)[table(aSAH$gos6) > 0])
cases[[length(cases) + 1]] <- one("aSAH_gos6_ndka", aSAH$gos6, aSAH$ndka, levels(aSAH$gos6)[table(aSAH$gos6) > 0])
cases[[length(cases) + 1]] <- one("aSAH_wfns_s100b", aSAH$wfns, aSAH$s100b, levels(aSAH$wfns))
write.csv(data.frame(gos6 = aSAH$gos6, wfns = aSAH$wfns, s100b = aSAH$s100b, ndka = aSAH$ndka),
          file.path(here, "..", "..", "cmd", "evalkit", "testdata", "cli", "asah_gos6.csv"), row.names = FALSE, quote = FALSE)
doc <- list(source = sprintf("pROC %s, %s (tools/oracle/rank_proc_multiclass.R)", packageVersion("pROC"), R.version.string), cases = cases)
writeLines(toJSON(doc, auto_unbox = TRUE, digits = NA), out)
cat(length(cases), "cases ->", out, "\n")
