// Package deploy holds Organism's deployment files (k8s/, kind/) and the offline test that
// renders every kustomize overlay and checks it against the Kubernetes API types and the
// project's policies. It is a module of its own so kustomize and k8s.io/api stay out of the
// organs' dependency graphs.
package deploy
