#!/usr/bin/env Rscript
# Oracle for rank's DeLong variance, confidence interval and paired test:
# writes rank/testdata/delong.json.gz with pROC's var(method="delong"),
# ci.auc(method="delong") and roc.test(method="delong", paired=TRUE)
# (statistic, p-value and the 95% confidence interval of the difference).
# Data are generated here (set.seed), scores rounded to 6 decimals (or
# coarser, for ties) so that they print exactly.
#
# Rerun:  Rscript tools/oracle/rank_delong.R
suppressMessages(library(pROC))
library(jsonlite)
set.seed(20261122)

args <- commandArgs(trailingOnly = FALSE)
here <- dirname(sub("--file=", "", args[grep("--file=", args)]))
out <- file.path(here, "..", "..", "rank", "testdata", "delong.json.gz")

gen <- function(n, digits) {
  repeat {
    y <- as.integer(runif(n) < runif(1, 0.2, 0.8))
    if (n <= 4) y <- rep(c(0L, 1L), length.out = n)
    if (sum(y) >= 2 && sum(1 - y) >= 2) break
  }
  a <- round(rnorm(n, mean = 0.8 * y, sd = 1), digits)
  b <- round(0.6 * a + rnorm(n, mean = 0.5 * y, sd = 0.8), digits)
  list(y = y, a = a, b = b)
}

cases <- list()
sizes <- c(4, 5, 8, 13, 30, 60, 120, 300, 1000, 3000, 10000)
k <- 0
for (n in sizes) {
  for (digits in c(6, 1, 0)) {
    reps <- if (n >= 3000) 1 else 3
    for (r in seq_len(reps)) {
      d <- gen(n, digits)
      ra <- roc(d$y, d$a, levels = c(0, 1), direction = "<", quiet = TRUE)
      rb <- roc(d$y, d$b, levels = c(0, 1), direction = "<", quiet = TRUE)
      ci <- suppressWarnings(ci.auc(ra, method = "delong", conf.level = 0.95))
      ci90 <- suppressWarnings(ci.auc(ra, method = "delong", conf.level = 0.9))
      tt <- roc.test(ra, rb, method = "delong", paired = TRUE)
      k <- k + 1
      cases[[k]] <- list(
        name = sprintf("n%d_d%d_%d", n, digits, r),
        y = d$y, a = d$a, b = d$b,
        auc_a = as.numeric(auc(ra)), auc_b = as.numeric(auc(rb)),
        var_a = var(ra, method = "delong"), var_b = var(rb, method = "delong"),
        ci95 = c(ci[1], ci[3]), ci90 = c(ci90[1], ci90[3]),
        z = unname(tt$statistic), p_value = tt$p.value,
        diff_ci95 = as.numeric(tt$conf.int))
    }
  }
}
doc <- list(source = sprintf("pROC %s, %s (tools/oracle/rank_delong.R)",
                             packageVersion("pROC"), R.version.string),
            cases = cases)
con <- gzfile(out, "w")
writeLines(toJSON(doc, auto_unbox = TRUE, digits = NA), con)
close(con)
cat(length(cases), "cases ->", out, "\n")
