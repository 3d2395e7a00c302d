// Package text scores machine translation and other generated text against
// references: BLEU and chrF/chrF++ exactly as sacreBLEU 2.6.0 computes them,
// and paired significance tests between systems.
//
// # Conventions
//
// Every measure is a pure function of a mergeable sufficient statistic:
// BLEUStats (per-order clipped matches and totals, hypothesis and closest
// reference lengths) and CHRFStats (per-order hypothesis, reference and
// matched n-gram counts). Corpus scores are scores of the summed
// statistics of the sentences, so statistics computed on any split of the
// corpus — in batches, on several goroutines or machines — merge exactly
// with Add. The one-call functions CorpusBLEU, SentenceBLEU, CorpusCHRF
// and SentenceCHRF are thin wrappers.
//
// Paired compares systems by paired bootstrap resampling or approximate
// randomisation over the sentences' statistics, and BootstrapCI gives a
// bootstrap confidence interval, both with sacreBLEU's definitions and
// seeded, platform-independent random streams.
//
// References come as reference sets: refs[k][i] is reference k of sentence
// i (one slice per reference file), as sacreBLEU's corpus_score takes them.
//
// Text semantics follow Python, because sacreBLEU's numbers depend on it:
// whitespace is Python's str.split() whitespace (Unicode White_Space plus
// U+001C–U+001F), lowercasing is Python's str.lower() (full mapping, final
// sigma), characters are code points. Inputs must be valid UTF-8.
//
// Options structs have a valid zero value: sacreBLEU's defaults (BLEU: 13a
// tokenizer, exp smoothing, mixed case; chrF: character order 6, word order
// 0, β 2). Bad option values give ErrUnknownTokenizer, ErrUnknownSmooth or
// ErrBadOption; empty or mismatched inputs give ErrEmpty or ErrLength.
//
// Signatures are sacreBLEU's, field for field, except that the version
// field is SignatureVersion ("2.6.0+evalkit"): sacreBLEU writes its own
// version there, and evalkit is not sacreBLEU.
//
// Reference: M. Post, "A Call for Clarity in Reporting BLEU Scores", WMT
// 2018; K. Papineni et al., "BLEU", ACL 2002; M. Popović, "chrF", WMT 2015
// and "chrF++", WMT 2017; P. Koehn, "Statistical Significance Tests for
// Machine Translation Evaluation", EMNLP 2004; S. Riezler and J. Maxwell,
// "On Some Pitfalls in Automatic Evaluation and Significance Testing for
// MT", 2005.
package text
