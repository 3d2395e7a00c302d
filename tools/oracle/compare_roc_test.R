#!/usr/bin/env Rscript
# Oracle for `compare roc-test --method bootstrap|venkatraman` (paired, and
# unpaired with --unpaired): writes rank/testdata/proc_roc_test.json with
# pROC's roc.test(roc1, roc2, method = "bootstrap" | "venkatraman",
# paired = , boot.n = ) for pROC's aSAH data (s100b, ndka, wfns as
# numbers; the unpaired cases split the rows into the odd and the even
# ones) and for simulated data (set.seed). What is deterministic is
# written to compare exactly: the AUCs and Venkatraman's E. What is random
# (R's stream cannot be matched) is written with its number of
# replicates: the bootstrap's D and p-values, Venkatraman's p-value, so
# that a test can compare within Monte Carlo error.
#
# Rerun:  Rscript tools/oracle/compare_roc_test.R   (a few minutes)
# The one-sided bootstrap p-values are roc.test's formulas (pnorm(-D),
# pnorm(D)) applied to the two-sided run's D.
suppressMessages(library(pROC))
library(jsonlite)
set.seed(20261130)

args <- commandArgs(trailingOnly = FALSE)
here <- dirname(sub("--file=", "", args[grep("--file=", args)]))
out <- file.path(here, "..", "..", "rank", "testdata", "proc_roc_test.json")
B <- 2000

fix <- function(v) sprintf("%.17g", v)
one <- function(name, ya, sa, yb, sb, paired) {
  r1 <- roc(ya, sa, levels = c(0, 1), direction = "<", quiet = TRUE)
  r2 <- roc(yb, sb, levels = c(0, 1), direction = "<", quiet = TRUE)
  bt <- roc.test(r1, r2, method = "bootstrap", paired = paired, boot.n = B, progress = "none")
  # roc.test's one-sided p-values of the same D: pnorm(-D) and pnorm(D).
  alt <- list(greater = fix(pnorm(-bt$statistic)), less = fix(pnorm(bt$statistic)))
  vk <- roc.test(r1, r2, method = "venkatraman", paired = paired, boot.n = B, progress = "none")
  list(name = name, paired = paired, ya = ya, sa = sa, yb = yb, sb = sb,
       auc_a = fix(as.numeric(auc(r1))), auc_b = fix(as.numeric(auc(r2))), boot_n = B,
       bootstrap_d = fix(unname(bt$statistic)), bootstrap_p = fix(bt$p.value),
       bootstrap_p_greater = unname(alt$greater), bootstrap_p_less = unname(alt$less),
       venkatraman_e = fix(unname(vk$statistic)), venkatraman_p = fix(vk$p.value))
}
data(aSAH)
y <- as.integer(aSAH$outcome == "Poor")
wfns <- as.numeric(aSAH$wfns)
cases <- list()
cases[[length(cases) + 1]] <- one("aSAH_s100b_ndka", y, aSAH$s100b, y, aSAH$ndka, TRUE)
cases[[length(cases) + 1]] <- one("aSAH_wfns_s100b", y, wfns, y, aSAH$s100b, TRUE)
odd <- seq(1, length(y), 2)
even <- seq(2, length(y), 2)
cases[[length(cases) + 1]] <- one("aSAH_s100b_odd_ndka_even", y[odd], aSAH$s100b[odd], y[even], aSAH$ndka[even], FALSE)
cases[[length(cases) + 1]] <- one("aSAH_wfns_odd_s100b_even", y[odd], wfns[odd], y[even], aSAH$s100b[even], FALSE)
for (n in c(40, 90)) {
  yy <- as.integer(runif(n) < 0.45)
  a <- round(rnorm(n, mean = 1.0 * yy), 2)
  b <- round(0.6 * a + rnorm(n, mean = 0.5 * yy, sd = 0.8), 1)
  cases[[length(cases) + 1]] <- one(sprintf("sim%d_paired", n), yy, a, yy, b, TRUE)
  y2 <- as.integer(runif(n + 13) < 0.4)
  b2 <- round(rnorm(n + 13, mean = 0.7 * y2), 2)
  cases[[length(cases) + 1]] <- one(sprintf("sim%d_unpaired", n), yy, a, y2, b2, FALSE)
}
doc <- list(source = sprintf("pROC %s, %s (tools/oracle/compare_roc_test.R)", packageVersion("pROC"), R.version.string), cases = cases)
writeLines(toJSON(doc, auto_unbox = TRUE, digits = NA), out)
cat(length(cases), "cases ->", out, "\n")
