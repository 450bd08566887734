//go:build tools

// Package tools pins the module's dependencies before every package that
// uses them exists, so that concurrent work never races on go.mod.
package tools

import (
	_ "github.com/dalzilio/rudd"
	_ "github.com/spf13/pflag"
	_ "github.com/stretchr/testify/require"
	_ "modernc.org/cc/v4"
)
