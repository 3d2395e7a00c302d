#!/usr/bin/env Rscript
# Oracle for several score columns compared at once (issue 9 §3): writes
# rank/testdata/models.json with, for each generated case, pROC's
# roc.test(method="delong", paired=TRUE) of every pair (statistic,
# p-value, 95% CI of the difference), R's p.adjust(method="holm") of those
# p-values (= statsmodels multipletests(method="holm")), and DeLong's χ²
# test that all AUCs are equal computed from pROC's var() and cov()
# (method="delong") with the contrast matrix of successive differences
# (DeLong, DeLong & Clarke-Pearson 1988). The first case is also written as
# cmd/evalkit/testdata/cli/scores3.csv for the command-line golden files.
#
# Rerun:  Rscript tools/oracle/rank_models.R
suppressMessages(library(pROC))
library(jsonlite)
set.seed(20261123)

args <- commandArgs(trailingOnly = FALSE)
here <- dirname(sub("--file=", "", args[grep("--file=", args)]))
root <- file.path(here, "..", "..")

gen <- function(n, m, digits) {
  y <- as.integer(runif(n) < 0.4)
  y[1:2] <- 1L; y[3:4] <- 0L
  base <- rnorm(n, mean = 0.9 * y, sd = 1)
  s <- sapply(seq_len(m), function(j) round(0.7 * base + rnorm(n, mean = (0.2 * j) * y, sd = 0.7), digits))
  list(y = y, s = s)
}

cases <- list()
k <- 0
for (cfg in list(c(60, 3, 3), c(200, 4, 2), c(500, 3, 1), c(1000, 5, 4))) {
  n <- cfg[1]; m <- cfg[2]; digits <- cfg[3]
  d <- gen(n, m, digits)
  rocs <- lapply(seq_len(m), function(j) roc(d$y, d$s[, j], levels = c(0, 1), direction = "<", quiet = TRUE))
  aucs <- sapply(rocs, function(r) as.numeric(auc(r)))
  pairs <- list()
  ps <- c()
  for (i in 1:(m - 1)) for (j in (i + 1):m) {
    t <- roc.test(rocs[[i]], rocs[[j]], method = "delong", paired = TRUE)
    pairs[[length(pairs) + 1]] <- list(a = i - 1, b = j - 1, statistic = unname(t$statistic),
      p_value = t$p.value, ci = as.numeric(t$conf.int))
    ps <- c(ps, t$p.value)
  }
  S <- matrix(0, m, m)
  for (i in 1:m) for (j in 1:m) {
    S[i, j] <- if (i == j) var(rocs[[i]], method = "delong") else cov(rocs[[i]], rocs[[j]], method = "delong")
  }
  L <- matrix(0, m - 1, m)
  for (i in 1:(m - 1)) { L[i, i] <- 1; L[i, i + 1] <- -1 }
  lt <- L %*% aucs
  chi <- as.numeric(t(lt) %*% solve(L %*% S %*% t(L)) %*% lt)
  k <- k + 1
  cases[[k]] <- list(y = d$y, scores = lapply(seq_len(m), function(j) d$s[, j]), auc = aucs, pairs = pairs,
    holm = p.adjust(ps, method = "holm"), bonferroni = p.adjust(ps, method = "bonferroni"),
    chi2 = chi, df = m - 1, chi2_p = pchisq(chi, m - 1, lower.tail = FALSE))
  if (k == 1) {
    df <- data.frame(y_true = d$y, d$s)
    names(df) <- c("y_true", paste0("m", seq_len(m)))
    write.csv(df, file.path(root, "cmd", "evalkit", "testdata", "cli", "scores3.csv"), row.names = FALSE, quote = FALSE)
  }
}
writeLines(toJSON(list(source = sprintf("pROC %s, R %s", packageVersion("pROC"), getRversion()), cases = cases),
  digits = NA, auto_unbox = TRUE), file.path(root, "rank", "testdata", "models.json"))
