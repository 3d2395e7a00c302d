#!/usr/bin/env Rscript
# Oracle for `compare delong --alternative` and `--unpaired`: writes
# rank/testdata/delong_alternative.json with pROC's
# roc.test(method="delong", paired=TRUE, alternative=...) statistic,
# p-value and confidence interval of the difference for each alternative
# ("cases"), and roc.test(method="delong", paired=FALSE, alternative=...)
# statistic D, its degrees of freedom and p-value for two independent
# samples ("unpaired").
# Data are generated here (set.seed), scores rounded to 3 decimals (or
# coarser, for ties) so that they print exactly.
#
# Rerun:  Rscript tools/oracle/rank_delong_alternative.R
suppressMessages(library(pROC))
library(jsonlite)
set.seed(20261126)

args <- commandArgs(trailingOnly = FALSE)
here <- dirname(sub("--file=", "", args[grep("--file=", args)]))
out <- file.path(here, "..", "..", "rank", "testdata", "delong_alternative.json")

cases <- list()
k <- 0
for (n in c(6, 12, 30, 80, 200)) {
  for (digits in c(3, 1)) {
    repeat {
      y <- as.integer(runif(n) < 0.5)
      if (sum(y) >= 2 && sum(1 - y) >= 2) break
    }
    a <- round(rnorm(n, mean = 0.9 * y), digits)
    b <- round(0.5 * a + rnorm(n, mean = 0.3 * y, sd = 0.9), digits)
    ra <- roc(y, a, levels = c(0, 1), direction = "<", quiet = TRUE)
    rb <- roc(y, b, levels = c(0, 1), direction = "<", quiet = TRUE)
    res <- list()
    for (alt in c("two.sided", "greater", "less")) {
      tt <- roc.test(ra, rb, method = "delong", paired = TRUE, alternative = alt)
      res[[alt]] <- list(z = unname(tt$statistic), p_value = tt$p.value, diff_ci95 = as.numeric(tt$conf.int))
    }
    k <- k + 1
    cases[[k]] <- list(name = sprintf("n%d_d%d", n, digits), y = y, a = a, b = b, expected = res)
  }
}
unpaired <- list()
k <- 0
for (n in list(c(6, 9), c(20, 13), c(50, 80), c(150, 120), c(400, 300))) {
  for (digits in c(3, 1)) {
    gen <- function(m, shift) {
      repeat {
        y <- as.integer(runif(m) < 0.5)
        if (sum(y) >= 2 && sum(1 - y) >= 2) break
      }
      list(y = y, s = round(rnorm(m, mean = shift * y), digits))
    }
    A <- gen(n[1], 1.0)
    B <- gen(n[2], 0.6)
    ra <- roc(A$y, A$s, levels = c(0, 1), direction = "<", quiet = TRUE)
    rb <- roc(B$y, B$s, levels = c(0, 1), direction = "<", quiet = TRUE)
    res <- list()
    for (alt in c("two.sided", "greater", "less")) {
      tt <- roc.test(ra, rb, method = "delong", paired = FALSE, alternative = alt)
      res[[alt]] <- list(d = unname(tt$statistic), df = unname(tt$parameter), p_value = tt$p.value)
    }
    k <- k + 1
    unpaired[[k]] <- list(name = sprintf("n%d_%d_d%d", n[1], n[2], digits), y_a = A$y, a = A$s, y_b = B$y, b = B$s,
                          auc_a = as.numeric(auc(ra)), auc_b = as.numeric(auc(rb)), expected = res)
  }
}
doc <- list(source = sprintf("pROC %s, %s (tools/oracle/rank_delong_alternative.R)",
                             packageVersion("pROC"), R.version.string),
            cases = cases, unpaired = unpaired)
writeLines(toJSON(doc, auto_unbox = TRUE, digits = NA), out)
cat(length(cases), "cases ->", out, "\n")
