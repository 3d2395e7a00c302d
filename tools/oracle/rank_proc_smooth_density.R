#!/usr/bin/env Rscript
# Oracle for `rank --smooth density`: writes
# rank/testdata/proc_smooth_density.json with pROC's smooth(roc,
# method = "density") at its defaults (n = 512, bw = "nrd0", the Gaussian
# kernel) and with the other bandwidth rules and kernels it passes on to
# R's density(): the smoothed curve's sensitivities and specificities (514
# points), the bandwidth (computed as smooth.roc.density does, on the
# controls and cases pooled) and auc() of the smoothed curve (the
# trapezoid over its points), for simulated data (set.seed; scores rounded,
# coarsely for ties; one case below the diagonal) and for pROC's own aSAH
# data.
#
# Rerun:  Rscript tools/oracle/rank_proc_smooth_density.R
suppressMessages(library(pROC))
library(jsonlite)
set.seed(20261127)

args <- commandArgs(trailingOnly = FALSE)
here <- dirname(sub("--file=", "", args[grep("--file=", args)]))
out <- file.path(here, "..", "..", "rank", "testdata", "proc_smooth_density.json")

# Numbers are written as strings of 17 significant digits (jsonlite
# prints at most 15).
fix <- function(v) sprintf("%.17g", v)
one <- function(name, y, s, bw = "nrd0", kernel = "gaussian") {
  r <- roc(y, s, levels = c(0, 1), direction = "<", quiet = TRUE)
  sm <- smooth(r, method = "density", bw = bw, kernel = kernel)
  pooled <- c(r$controls, r$cases)
  h <- if (is.character(bw)) match.fun(paste("bw", bw, sep = "."))(pooled) else bw
  list(name = name, y = y, s = s, bw = as.character(bw), kernel = kernel,
       bandwidth = fix(h), auc = fix(as.numeric(auc(sm))),
       sensitivities = fix(sm$sensitivities), specificities = fix(sm$specificities))
}
cases <- list()
for (n in c(8, 25, 60, 200, 1000)) for (digits in c(3, 1)) {
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
cases[[length(cases) + 1]] <- one("two_scores", c(0, 0, 1, 1, 0, 1), c(0, 0, 1, 1, 1, 0))
cases[[length(cases) + 1]] <- one("separated", c(0, 0, 0, 1, 1, 1), c(1, 2, 3, 4, 5, 6))
# Most scores equal: the interquartile range is 0 and nrd0 falls back on
# the standard deviation.
cases[[length(cases) + 1]] <- one("iqr_zero", c(0, 0, 0, 0, 1, 1, 1, 1, 0, 1), c(5, 5, 5, 5, 5, 5, 5, 5, 1, 9))
# Every score equal: nrd0 falls back on |x|.
cases[[length(cases) + 1]] <- one("one_score", c(0, 0, 1, 1), c(2, 2, 2, 2))
cases[[length(cases) + 1]] <- one("large_offset", c(0, 1, 0, 1, 1, 0, 0, 1), 1e6 + c(0.1, 0.4, 0.2, 0.9, 0.5, 0.05, 0.3, 0.7))
y <- as.integer(runif(120) < 0.3)
s <- round(rnorm(120, mean = 0.8 * y), 2)
cases[[length(cases) + 1]] <- one("bw_nrd", y, s, bw = "nrd")
cases[[length(cases) + 1]] <- one("bw_0.25", y, s, bw = 0.25)
for (k in c("epanechnikov", "rectangular", "triangular", "biweight", "cosine", "optcosine")) {
  cases[[length(cases) + 1]] <- one(paste0("kernel_", k), y, s, kernel = k)
}
data(aSAH)
ya <- as.integer(aSAH$outcome == "Poor")
cases[[length(cases) + 1]] <- one("aSAH_s100b", ya, aSAH$s100b)
cases[[length(cases) + 1]] <- one("aSAH_ndka", ya, aSAH$ndka)
cases[[length(cases) + 1]] <- one("aSAH_wfns", ya, as.numeric(aSAH$wfns))
doc <- list(source = sprintf("pROC %s, %s (tools/oracle/rank_proc_smooth_density.R)", packageVersion("pROC"), R.version.string), cases = cases)
writeLines(toJSON(doc, auto_unbox = TRUE, digits = NA), out)
cat(length(cases), "cases ->", out, "\n")
