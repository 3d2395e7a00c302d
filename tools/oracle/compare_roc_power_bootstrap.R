#!/usr/bin/env Rscript
# Oracle for `compare roc-power --method bootstrap`: writes
# task/testdata/proc_roc_power_bootstrap.json with pROC's
# power.roc.test(roc1, roc2, method = "bootstrap", boot.n = B) (the
# variances and covariance of the AUCs over B stratified bootstrap
# replicates) and pROC's covvar with the same method, on pROC's aSAH data
# and a simulated set (the data sets of tools/oracle/compare_roc_power.R,
# which must run first); power.roc.test itself (its power, and its cases
# for power 0.9) for pROC's example pair, aSAH's ndka and wfns. R's random
# stream cannot be matched: a test compares within Monte Carlo error, so
# B is large.
#
# Rerun:  Rscript tools/oracle/compare_roc_power_bootstrap.R   (a few minutes)
suppressMessages(library(pROC))
library(jsonlite)
set.seed(20261128)
B <- 5000

args <- commandArgs(trailingOnly = FALSE)
here <- dirname(sub("--file=", "", args[grep("--file=", args)]))
root <- file.path(here, "..", "..")
fix <- function(v) sprintf("%.17g", v)
data <- fromJSON(file.path(root, "task", "testdata", "proc_roc_power_data.json"), simplifyVector = TRUE)$data
cases <- list()
for (i in seq_len(nrow(data))) {
  s <- data[i, ]
  if (!(s$name %in% c("aSAH", "sim60"))) next
  y <- unlist(s$y)
  pairs <- if (s$name == "aSAH") list(c("ndka", "wfns"), c("s100b", "ndka")) else list(c("ndka", "wfns"))
  for (pair in pairs) {
    r1 <- roc(y, unlist(s[[pair[1]]]), levels = c(0, 1), direction = "<", quiet = TRUE)
    r2 <- roc(y, unlist(s[[pair[2]]]), levels = c(0, 1), direction = "<", quiet = TRUE)
    cv <- pROC:::covvar(r1, r2, "bootstrap", boot.n = B, progress = "none")
    case <- list(data = s$name, score_a = pair[1], score_b = pair[2], boot_n = B,
      var1 = fix(cv$var1), var2 = fix(cv$var2), cov12 = fix(cv$cov12))
    if (s$name == "aSAH" && pair[1] == "ndka") {
      case$power <- fix(power.roc.test(r1, r2, method = "bootstrap", boot.n = B, progress = "none")$power)
      case$ncases_power_0.9 <- fix(power.roc.test(r1, r2, power = 0.9, method = "bootstrap", boot.n = B, progress = "none")$ncases)
    }
    cases[[length(cases) + 1]] <- case
  }
}
out <- file.path(root, "task", "testdata", "proc_roc_power_bootstrap.json")
doc <- list(source = sprintf("pROC %s, %s (tools/oracle/compare_roc_power_bootstrap.R)", packageVersion("pROC"), R.version.string), cases = cases)
writeLines(toJSON(doc, auto_unbox = TRUE, digits = NA), out)
cat(length(cases), "cases ->", out, "\n")
