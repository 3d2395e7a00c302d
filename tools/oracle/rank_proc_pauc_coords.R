#!/usr/bin/env Rscript
# Oracle for `rank --pauc-range/--pauc-focus/--pauc-correct` and
# `rank --at-specificity/--at-sensitivity`: writes
# rank/testdata/proc_pauc_coords.json with pROC's
# auc(roc, partial.auc=, partial.auc.focus=, partial.auc.correct=) (NA as
# null) and coords(roc, x, input="specificity"|"sensitivity",
# ret=c("threshold","specificity","sensitivity")), for simulated data
# (set.seed; scores rounded, coarsely for ties; one case below the
# diagonal) and for pROC's own aSAH data (s100b, ndka, wfns as numbers),
# which it also writes to cmd/evalkit/testdata/cli/asah.csv.
#
# Rerun:  Rscript tools/oracle/rank_proc_pauc_coords.R
suppressMessages(library(pROC))
library(jsonlite)
set.seed(20261127)

args <- commandArgs(trailingOnly = FALSE)
here <- dirname(sub("--file=", "", args[grep("--file=", args)]))
out <- file.path(here, "..", "..", "rank", "testdata", "proc_pauc_coords.json")

ranges <- list(c(1, 0.8), c(0.9, 0.6), c(0.5, 0), c(0.95, 0.93), c(1, 0), c(0.3, 0.7))
# Numbers are written as strings of 17 significant digits (jsonlite
# prints at most 15): "NA", "Inf" and "-Inf" as R prints them.
fix <- function(v) ifelse(is.na(v), "NA", ifelse(is.infinite(v), ifelse(v > 0, "Inf", "-Inf"), sprintf("%.17g", v)))
one <- function(name, y, s) {
  r <- roc(y, s, levels = c(0, 1), direction = "<", quiet = TRUE)
  pauc <- list()
  for (rg in ranges) for (focus in c("specificity", "sensitivity")) for (corr in c(FALSE, TRUE)) {
    v <- suppressWarnings(as.numeric(auc(r, partial.auc = rg, partial.auc.focus = focus, partial.auc.correct = corr)))
    pauc[[length(pauc) + 1]] <- list(range = rg, focus = focus, corrected = corr, value = fix(v))
  }
  sp <- sort(unique(c(r$specificities[seq(1, length(r$specificities), length.out = 4)], 0, 1, 0.9, 0.95, 0.5, 0.123)))
  se <- sort(unique(c(r$sensitivities[seq(1, length(r$sensitivities), length.out = 4)], 0, 1, 0.8, 0.5, 0.777)))
  cs <- coords(r, sp, input = "specificity", ret = c("threshold", "specificity", "sensitivity"), transpose = FALSE)
  ce <- coords(r, se, input = "sensitivity", ret = c("threshold", "specificity", "sensitivity"), transpose = FALSE)
  list(name = name, y = y, s = s, auc = fix(as.numeric(auc(r))), pauc = pauc,
       at_specificity = fix(sp), coords_specificity = list(threshold = fix(cs$threshold), specificity = fix(cs$specificity), sensitivity = fix(cs$sensitivity)),
       at_sensitivity = fix(se), coords_sensitivity = list(threshold = fix(ce$threshold), specificity = fix(ce$specificity), sensitivity = fix(ce$sensitivity)))
}
cases <- list()
for (n in c(8, 25, 60, 200)) for (digits in c(3, 1)) {
  repeat {
    y <- as.integer(runif(n) < 0.4)
    if (sum(y) >= 2 && sum(1 - y) >= 2) break
  }
  s <- round(rnorm(n, mean = 1.1 * y), digits)
  cases[[length(cases) + 1]] <- one(sprintf("n%d_d%d", n, digits), y, s)
}
repeat {
  y <- as.integer(runif(40) < 0.5)
  if (sum(y) >= 2 && sum(1 - y) >= 2) break
}
cases[[length(cases) + 1]] <- one("below_diagonal", y, round(rnorm(40, mean = -1.2 * y), 2))
data(aSAH)
ya <- as.integer(aSAH$outcome == "Poor")
cases[[length(cases) + 1]] <- one("aSAH_s100b", ya, aSAH$s100b)
cases[[length(cases) + 1]] <- one("aSAH_ndka", ya, aSAH$ndka)
cases[[length(cases) + 1]] <- one("aSAH_wfns", ya, as.numeric(aSAH$wfns))
# pROC's aSAH data for the command line's golden cases (outcome Poor = 1).
write.csv(data.frame(y = ya, s100b = aSAH$s100b, ndka = aSAH$ndka, wfns = as.numeric(aSAH$wfns)),
          file.path(here, "..", "..", "cmd", "evalkit", "testdata", "cli", "asah.csv"), row.names = FALSE, quote = FALSE)
doc <- list(source = sprintf("pROC %s, %s (tools/oracle/rank_proc_pauc_coords.R)", packageVersion("pROC"), R.version.string), cases = cases)
writeLines(toJSON(doc, auto_unbox = TRUE, digits = NA), out)
cat(length(cases), "cases ->", out, "\n")
