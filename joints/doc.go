// Package joints holds the tests of the laws that live where two organs meet: soul writing
// through medulla, mission landing through medulla and presence, the gateway in front of an
// organ. They sit in their own module so that no organ's go.mod depends on another organ or on
// the gateway, not even for its tests; each test starts the organs it needs on bufconn behind
// the real interceptor chain.
package joints
