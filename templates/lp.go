// This file registers the eureka Linear Program families of package
// linprog as templates.

package templates

import "github.com/numpred/numpred/linprog"

func init() {
	docs := map[string]string{
		"swap_seq":    "2N sequential calls swapping two globals (eureka)",
		"swap_iter":   "a loop calling swap N times (eureka)",
		"parity":      "recursive parity of N flipping a global (eureka)",
		"delay_iter":  "a loop calling a delay procedure N times (eureka)",
		"delay_recur": "recursive delay procedure called N times (eureka)",
		"sum":         "sum 1..N and subtract it back (eureka)",
	}
	for _, name := range linprog.Families() {
		name := name
		register(Template{Name: name, Ext: ".lp", Doc: docs[name], gen: func(n int) (string, error) {
			return linprog.Generate(name, n)
		}})
	}
}
