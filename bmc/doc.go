// Package bmc is numpred's decision-procedure engine: bounded model
// checking and k-induction over the whole unwound program, bit-precise
// by default.
package bmc
