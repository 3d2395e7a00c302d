#!/usr/bin/env Rscript
# Oracle for the comparison of slices with the rest of the rows on ROC AUC
# (evalkit rank --by g --ci): pROC's roc.test(slice, rest, paired = FALSE,
# method = "delong") on cmd/evalkit/testdata/slices/oracle.csv (written by
# tools/oracle/slices.py), Holm by p.adjust. Writes
# cmd/evalkit/testdata/slices/oracle_auc.json.
#
# Rerun:  python3 tools/oracle/slices.py && Rscript tools/oracle/slices.R
suppressMessages(library(pROC))
library(jsonlite)
args <- commandArgs(trailingOnly = FALSE)
here <- dirname(sub("--file=", "", args[grep("--file=", args)]))
dir <- file.path(here, "..", "..", "cmd", "evalkit", "testdata", "slices")
d <- read.csv(file.path(dir, "oracle.csv"), colClasses = c(g = "character"))
out <- list(source = paste0("pROC ", packageVersion("pROC"), " roc.test(paired = FALSE, method = \"delong\"), p.adjust(holm)"))
names <- sort(unique(d$g))
p <- c()
for (k in names) {
  s <- d[d$g == k, ]
  r <- d[d$g != k, ]
  rs <- roc(s$y_true, s$y_score, levels = c(0, 1), direction = "<", quiet = TRUE)
  rr <- roc(r$y_true, r$y_score, levels = c(0, 1), direction = "<", quiet = TRUE)
  tt <- roc.test(rs, rr, paired = FALSE, method = "delong")
  out[[k]] <- list(slice = as.numeric(auc(rs)), rest = as.numeric(auc(rr)),
                   statistic = unname(tt$statistic), p_value = tt$p.value)
  p <- c(p, tt$p.value)
}
adj <- p.adjust(p, "holm")
for (i in seq_along(names)) out[[names[i]]]$p_adjusted <- adj[i]
writeLines(toJSON(out, auto_unbox = TRUE, digits = NA, pretty = TRUE), file.path(dir, "oracle_auc.json"))
