//go:build buddy

package numpred

// buddyBackend says the tests run on rudd's buddy backend.
const buddyBackend = true
