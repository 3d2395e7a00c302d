#!/usr/bin/env Rscript
# Oracle for `rank --smooth binormal`: writes rank/testdata/proc_smooth.json
# with pROC's smooth(roc, method = "binormal") at its defaults (n = 512):
# the smoothed curve's sensitivities and specificities (514 points), the
# binormal model's coefficients and auc() of the smoothed curve (the
# closed form pnorm(a / sqrt(1 + b^2))), for simulated data (set.seed;
# scores rounded, coarsely for ties; one case below the diagonal) and for
# pROC's own aSAH data (s100b, ndka, wfns as numbers; also the data of the
# command line's golden cases, cmd/evalkit/testdata/cli/asah.csv). Cases
# that pROC cannot smooth are written with smoothable = false.
#
# Rerun:  Rscript tools/oracle/rank_proc_smooth.R
suppressMessages(library(pROC))
library(jsonlite)
set.seed(20261128)

args <- commandArgs(trailingOnly = FALSE)
here <- dirname(sub("--file=", "", args[grep("--file=", args)]))
out <- file.path(here, "..", "..", "rank", "testdata", "proc_smooth.json")

# Numbers are written as strings of 17 significant digits (jsonlite
# prints at most 15).
fix <- function(v) sprintf("%.17g", v)
one <- function(name, y, s) {
  r <- roc(y, s, levels = c(0, 1), direction = "<", quiet = TRUE)
  sm <- tryCatch(smooth(r, method = "binormal"), error = function(e) NULL)
  if (is.null(sm)) return(list(name = name, y = y, s = s, smoothable = FALSE))
  co <- coefficients(sm$model)
  list(name = name, y = y, s = s, smoothable = TRUE, auc = fix(as.numeric(auc(sm))),
       intercept = fix(unname(co[1])), slope = fix(unname(co[2])),
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
data(aSAH)
ya <- as.integer(aSAH$outcome == "Poor")
cases[[length(cases) + 1]] <- one("aSAH_s100b", ya, aSAH$s100b)
cases[[length(cases) + 1]] <- one("aSAH_ndka", ya, aSAH$ndka)
cases[[length(cases) + 1]] <- one("aSAH_wfns", ya, as.numeric(aSAH$wfns))
doc <- list(source = sprintf("pROC %s, %s (tools/oracle/rank_proc_smooth.R)", packageVersion("pROC"), R.version.string), cases = cases)
writeLines(toJSON(doc, auto_unbox = TRUE, digits = NA), out)
cat(length(cases), "cases ->", out, "\n")
