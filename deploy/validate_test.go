package deploy

import (
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/kyaml/filesys"
	"sigs.k8s.io/yaml"
)

// rendered is one overlay's output, decoded strictly into the Kubernetes API types.
type rendered struct {
	namespaces   []corev1.Namespace
	configMaps   []corev1.ConfigMap
	secrets      []corev1.Secret
	services     []corev1.Service
	pvcs         []corev1.PersistentVolumeClaim
	statefulSets []appsv1.StatefulSet
	deployments  []appsv1.Deployment
	policies     []networkingv1.NetworkPolicy
	pdbs         []policyv1.PodDisruptionBudget
	clusters     []cnpgCluster // CloudNativePG's PostgreSQL clusters (the ha overlay)
}

// overlays are every overlay under k8s/overlays; each renders and passes the policy checks.
var overlays = []string{"kind", "prod", "ha"}

// organs are the components that keep state (the gateway keeps none).
var organs = []string{"medulla", "presence", "soul", "mission"}

// placeholderSecrets are the files `organism keys export` and `organism certs dev` write; the
// overlays' secretGenerators read them, so rendering offline puts stand-ins in their place.
var placeholderSecrets = []string{"owner.pub", "soul.token", "mission.token", "gateway.token", "tls.crt", "tls.key", "ca.crt"}

// render runs kustomize (its Go API, on an in-memory copy of k8s/) over one overlay.
func render(t *testing.T, overlay string) *rendered {
	t.Helper()
	mem := filesys.MakeFsInMemory()
	err := filepath.WalkDir("k8s", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if strings.Contains(p, string(filepath.Separator)+"secrets"+string(filepath.Separator)) {
			return nil // never render real key material in a test
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return mem.WriteFile("/"+p, b)
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range overlays {
		for _, f := range placeholderSecrets {
			mem.WriteFile("/k8s/overlays/"+o+"/secrets/"+f, []byte("placeholder "+f))
		}
	}
	resMap, err := krusty.MakeKustomizer(krusty.MakeDefaultOptions()).Run(mem, "/k8s/overlays/"+overlay)
	if err != nil {
		t.Fatalf("kustomize build overlays/%s: %v", overlay, err)
	}
	r := &rendered{}
	for _, res := range resMap.Resources() {
		raw, err := res.AsYAML()
		if err != nil {
			t.Fatal(err)
		}
		if err := r.decode(res.GetKind(), raw); err != nil {
			t.Errorf("overlays/%s: %s %s: %v", overlay, res.GetKind(), res.GetName(), err)
		}
	}
	return r
}

// decode appends raw to the list of its kind; an unknown field or an unknown kind is an error.
func (r *rendered) decode(kind string, raw []byte) error {
	strict := func(into any) error { return yaml.UnmarshalStrict(raw, into) }
	switch kind {
	case "Namespace":
		var o corev1.Namespace
		return appendOK(strict(&o), &r.namespaces, o)
	case "ConfigMap":
		var o corev1.ConfigMap
		return appendOK(strict(&o), &r.configMaps, o)
	case "Secret":
		var o corev1.Secret
		return appendOK(strict(&o), &r.secrets, o)
	case "Service":
		var o corev1.Service
		return appendOK(strict(&o), &r.services, o)
	case "PersistentVolumeClaim":
		var o corev1.PersistentVolumeClaim
		return appendOK(strict(&o), &r.pvcs, o)
	case "StatefulSet":
		var o appsv1.StatefulSet
		return appendOK(strict(&o), &r.statefulSets, o)
	case "Deployment":
		var o appsv1.Deployment
		return appendOK(strict(&o), &r.deployments, o)
	case "NetworkPolicy":
		var o networkingv1.NetworkPolicy
		return appendOK(strict(&o), &r.policies, o)
	case "PodDisruptionBudget":
		var o policyv1.PodDisruptionBudget
		return appendOK(strict(&o), &r.pdbs, o)
	case "Cluster":
		o, err := decodeCluster(raw)
		return appendOK(err, &r.clusters, o)
	}
	return fmt.Errorf("kind %s is not one the policy checks know", kind)
}

// subset reports whether every label of sel is in labels.
func subset(sel, labels map[string]string) bool {
	for k, v := range sel {
		if labels[k] != v {
			return false
		}
	}
	return true
}

func appendOK[T any](err error, list *[]T, o T) error {
	if err == nil {
		*list = append(*list, o)
	}
	return err
}

// workload is a pod template with where it came from.
type workload struct {
	name     string
	template corev1.PodTemplateSpec
}

func (r *rendered) workloads() []workload {
	var out []workload
	for _, s := range r.statefulSets {
		out = append(out, workload{"StatefulSet/" + s.Name, s.Spec.Template})
	}
	for _, d := range r.deployments {
		out = append(out, workload{"Deployment/" + d.Name, d.Spec.Template})
	}
	return out
}

// selects reports whether sel matches the labels of at least one workload's pods (a
// PostgreSQL cluster's instance pods count: the operator makes them with known labels).
func (r *rendered) selects(sel map[string]string) bool {
	pods := []map[string]string{}
	for _, w := range r.workloads() {
		pods = append(pods, w.template.Labels)
	}
	for _, c := range r.clusters {
		pods = append(pods, c.podLabels())
	}
	for _, labels := range pods {
		ok := true
		for k, v := range sel {
			ok = ok && labels[k] == v
		}
		if ok {
			return true
		}
	}
	return false
}

// replicas is a workload's replica count (Kubernetes' default 1 when unset).
func replicas(n *int32) int32 {
	if n == nil {
		return 1
	}
	return *n
}

// violations lists every policy the rendered overlay breaks.
func (r *rendered) violations() []string {
	var v []string
	bad := func(format string, args ...any) { v = append(v, fmt.Sprintf(format, args...)) }
	secrets := map[string]corev1.Secret{}
	// The Secrets a PostgreSQL operator writes for a rendered cluster exist once it runs.
	for _, c := range r.clusters {
		name, keys := c.appSecret()
		data := map[string][]byte{}
		for _, k := range keys {
			data[k] = nil
		}
		secrets[name] = corev1.Secret{Data: data}
		v = append(v, clusterViolations(c)...)
	}
	for _, s := range r.secrets {
		secrets[s.Name] = s
		for key, val := range s.Data {
			if key == "owner.key" || (key != "tls.key" && strings.Contains(string(val), "PRIVATE KEY")) {
				bad("Secret/%s holds %s: the owner's private key stays out of every pod", s.Name, key)
			}
		}
	}
	secretKey := func(where, name, key string) {
		s, ok := secrets[name]
		if !ok {
			bad("%s references Secret %s, which the overlay does not create", where, name)
			return
		}
		if _, ok := s.Data[key]; key != "" && !ok {
			bad("%s references key %s of Secret %s, which it lacks", where, key, name)
		}
	}
	for _, w := range r.workloads() {
		pod := w.template.Spec
		if sc := pod.SecurityContext; sc == nil || sc.RunAsNonRoot == nil || !*sc.RunAsNonRoot || sc.SeccompProfile == nil || sc.SeccompProfile.Type != corev1.SeccompProfileTypeRuntimeDefault {
			bad("%s: pod must run as non-root with the RuntimeDefault seccomp profile", w.name)
		}
		for _, vol := range pod.Volumes {
			if vol.Secret != nil {
				for _, it := range vol.Secret.Items {
					secretKey(w.name+" volume "+vol.Name, vol.Secret.SecretName, it.Key)
				}
				secretKey(w.name+" volume "+vol.Name, vol.Secret.SecretName, "")
			}
			if vol.HostPath != nil {
				bad("%s: hostPath volume %s is not allowed under the restricted profile", w.name, vol.Name)
			}
		}
		for _, c := range append(append([]corev1.Container{}, pod.InitContainers...), pod.Containers...) {
			where := w.name + " container " + c.Name
			if c.LivenessProbe == nil || c.ReadinessProbe == nil || c.StartupProbe == nil {
				bad("%s: needs liveness, readiness and startup probes", where)
			}
			for _, res := range []corev1.ResourceName{corev1.ResourceCPU, corev1.ResourceMemory} {
				if _, ok := c.Resources.Limits[res]; !ok {
					bad("%s: no %s limit", where, res)
				}
				if _, ok := c.Resources.Requests[res]; !ok {
					bad("%s: no %s request", where, res)
				}
			}
			sc := c.SecurityContext
			if sc == nil || sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation || sc.ReadOnlyRootFilesystem == nil || !*sc.ReadOnlyRootFilesystem ||
				sc.Capabilities == nil || !slices.Contains(sc.Capabilities.Drop, "ALL") {
				bad("%s: needs allowPrivilegeEscalation false, a read-only root filesystem and every capability dropped", where)
			}
			if sc != nil && sc.RunAsUser != nil && *sc.RunAsUser == 0 {
				bad("%s: runs as root", where)
			}
			if i := strings.LastIndex(c.Image, ":"); i < 0 || strings.Contains(c.Image[i:], "/") || c.Image[i+1:] == "latest" {
				bad("%s: image %q needs a pinned tag (not latest)", where, c.Image)
			}
			for _, e := range c.Env {
				if e.ValueFrom != nil && e.ValueFrom.SecretKeyRef != nil {
					secretKey(where+" env "+e.Name, e.ValueFrom.SecretKeyRef.Name, e.ValueFrom.SecretKeyRef.Key)
				}
			}
		}
	}
	for _, s := range r.statefulSets {
		if s.Spec.Replicas == nil || *s.Spec.Replicas != 1 {
			bad("StatefulSet/%s: one replica (one SQLite writer)", s.Name)
		}
		if len(s.Spec.VolumeClaimTemplates) == 0 {
			bad("StatefulSet/%s: its database needs a PVC", s.Name)
		}
	}
	// An organ's state is one SQLite file (one writer, on its PVC) unless ORGANISM_STORE names a
	// shared PostgreSQL: more than one replica, or a Deployment (no PVC of its own), needs the
	// latter, from a Secret (the DSN carries a password).
	organ := func(labels map[string]string) string {
		if c := labels["app.kubernetes.io/component"]; slices.Contains(organs, c) {
			return c
		}
		return ""
	}
	type organWorkload struct {
		name     string
		replicas int32
		shared   bool
		labels   map[string]string
		template corev1.PodTemplateSpec
	}
	var organWorkloads []organWorkload
	for _, s := range r.statefulSets {
		organWorkloads = append(organWorkloads, organWorkload{"StatefulSet/" + s.Name, replicas(s.Spec.Replicas), false, s.Spec.Template.Labels, s.Spec.Template})
	}
	for _, d := range r.deployments {
		organWorkloads = append(organWorkloads, organWorkload{"Deployment/" + d.Name, replicas(d.Spec.Replicas), true, d.Spec.Template.Labels, d.Spec.Template})
	}
	storeFromSecret := map[string]bool{} // organ component -> takes its DSN from a Secret
	for _, w := range organWorkloads {
		if organ(w.labels) == "" {
			continue
		}
		fromSecret := false
		for _, c := range w.template.Spec.Containers {
			for _, e := range c.Env {
				if e.Name != "ORGANISM_STORE" {
					continue
				}
				if e.Value != "" {
					bad("%s: ORGANISM_STORE is a literal value; a DSN carries a password and comes from a Secret", w.name)
				}
				if e.ValueFrom != nil && e.ValueFrom.SecretKeyRef != nil {
					fromSecret = true
				}
			}
		}
		storeFromSecret[organ(w.labels)] = fromSecret
		if (w.replicas > 1 || w.shared) && !fromSecret {
			bad("%s: %d replica(s) without a PVC of their own need a shared store (ORGANISM_STORE from a Secret); on SQLite they would diverge or lose their state", w.name, w.replicas)
		}
		if w.replicas > 1 {
			covered := false
			for _, p := range r.pdbs {
				if p.Spec.Selector == nil || !subset(p.Spec.Selector.MatchLabels, w.labels) {
					continue
				}
				covered = (p.Spec.MinAvailable != nil && p.Spec.MinAvailable.IntValue() >= 1) ||
					(p.Spec.MaxUnavailable != nil && int32(p.Spec.MaxUnavailable.IntValue()) < w.replicas)
			}
			if !covered {
				bad("%s: %d replicas need a PodDisruptionBudget keeping at least one available", w.name, w.replicas)
			}
		}
	}
	for _, c := range r.configMaps {
		for k, val := range c.Data {
			if strings.Contains(val, "postgres://") || strings.Contains(val, "postgresql://") {
				bad("ConfigMap/%s key %s holds a DSN; it carries a password and belongs in a Secret", c.Name, k)
			}
		}
	}
	// A PostgreSQL cluster admits every organ that stores in it (the default-deny policy would
	// otherwise cut them off) and never the gateway, which keeps no state.
	for _, c := range r.clusters {
		admitted := map[string]bool{}
		for _, p := range r.policies {
			if !subset(p.Spec.PodSelector.MatchLabels, c.podLabels()) || len(p.Spec.PodSelector.MatchLabels) == 0 {
				continue
			}
			for _, in := range p.Spec.Ingress {
				for _, from := range in.From {
					if from.PodSelector != nil {
						admitted[from.PodSelector.MatchLabels["app.kubernetes.io/component"]] = true
					}
				}
			}
		}
		for o, stores := range storeFromSecret {
			if stores && !admitted[o] {
				bad("Cluster/%s: no NetworkPolicy admits %s, which stores in it", c.Metadata.Name, o)
			}
		}
		if admitted["gateway"] {
			bad("Cluster/%s: a NetworkPolicy admits the gateway, which keeps no state", c.Metadata.Name)
		}
	}
	for _, s := range r.services {
		if len(s.Spec.Selector) == 0 || !r.selects(s.Spec.Selector) {
			bad("Service/%s selects no workload (%v)", s.Name, s.Spec.Selector)
		}
	}
	for _, p := range r.pdbs {
		if p.Spec.Selector == nil || !r.selects(p.Spec.Selector.MatchLabels) {
			bad("PodDisruptionBudget/%s selects no workload", p.Name)
		}
	}
	for _, p := range r.policies {
		if len(p.Spec.PodSelector.MatchLabels) > 0 && !r.selects(p.Spec.PodSelector.MatchLabels) {
			bad("NetworkPolicy/%s applies to no workload (%v)", p.Name, p.Spec.PodSelector.MatchLabels)
		}
		for _, in := range p.Spec.Ingress {
			for _, from := range in.From {
				if from.PodSelector != nil && !r.selects(from.PodSelector.MatchLabels) {
					bad("NetworkPolicy/%s admits pods labelled %v, and no workload has those labels", p.Name, from.PodSelector.MatchLabels)
				}
			}
		}
	}
	return v
}

// allowedCalls are the calls the design makes, callee <- callers (pod components); federation
// peers reach medulla by namespace.
var allowedCalls = map[string][]string{
	"medulla":  {"gateway", "mission", "soul"},
	"presence": {"gateway", "mission"},
	"soul":     {"gateway"},
	"mission":  {"gateway"},
}

func TestOverlays(t *testing.T) {
	for _, overlay := range overlays {
		t.Run(overlay, func(t *testing.T) {
			r := render(t, overlay)
			for _, v := range r.violations() {
				t.Error(v)
			}
			var organDeployments []string
			for _, d := range r.deployments {
				if d.Name != "organism-gateway" {
					organDeployments = append(organDeployments, d.Name)
					if got := replicas(d.Spec.Replicas); got != 2 {
						t.Errorf("Deployment/%s: got %d replicas, want 2", d.Name, got)
					}
				}
			}
			slices.Sort(organDeployments)
			switch overlay {
			case "ha":
				// Organs as Deployments of two on one PostgreSQL cluster; no StatefulSet, no PVC.
				want := []string{"organism-medulla", "organism-mission", "organism-presence", "organism-soul"}
				if !slices.Equal(organDeployments, want) || len(r.statefulSets) != 0 {
					t.Errorf("organs: got Deployments %v and %d StatefulSets, want Deployments %v alone", organDeployments, len(r.statefulSets), want)
				}
				if len(r.clusters) != 1 {
					t.Fatalf("PostgreSQL clusters: got %d, want 1", len(r.clusters))
				}
			default:
				if got := len(r.statefulSets); got != 4 {
					t.Errorf("StatefulSets: got %d, want one per organ (4)", got)
				}
				if len(organDeployments) != 0 || len(r.clusters) != 0 {
					t.Errorf("got organ Deployments %v and %d clusters, want the gateway alone on SQLite", organDeployments, len(r.clusters))
				}
			}
			// The NetworkPolicies admit exactly the design's calls.
			got := map[string][]string{}
			for _, p := range r.policies {
				callee := p.Spec.PodSelector.MatchLabels["app.kubernetes.io/component"]
				if c := p.Spec.PodSelector.MatchLabels["cnpg.io/cluster"]; c != "" {
					callee = "postgres"
				}
				for _, in := range p.Spec.Ingress {
					for _, from := range in.From {
						if from.PodSelector != nil && from.PodSelector.MatchLabels["app.kubernetes.io/component"] != "" {
							got[callee] = append(got[callee], from.PodSelector.MatchLabels["app.kubernetes.io/component"])
						}
					}
				}
			}
			want := maps.Clone(allowedCalls)
			if overlay == "ha" {
				want["postgres"] = []string{"medulla", "mission", "presence", "soul"}
			}
			for callee, callers := range want {
				slices.Sort(got[callee])
				if !slices.Equal(got[callee], callers) {
					t.Errorf("callers admitted to %s: got %v, want %v", callee, got[callee], callers)
				}
			}
		})
	}
	prod := render(t, "prod")
	for _, s := range prod.statefulSets {
		c := s.Spec.Template.Spec.Containers[0]
		if c.ReadinessProbe == nil || c.ReadinessProbe.Exec == nil || !slices.Contains(c.ReadinessProbe.Exec.Command, "organism.ready") {
			t.Errorf("prod %s: readiness must check organism.ready over TLS (exec organism health)", s.Name)
		}
	}
	var cfg map[string]string
	for _, c := range prod.configMaps {
		cfg = c.Data
	}
	if cfg["ORGANISM_TLS_CERT"] == "" || cfg["OTEL_EXPORTER_OTLP_ENDPOINT"] == "" {
		t.Errorf("prod config: got %v, want TLS files and an OTLP endpoint", cfg)
	}
}

// The checks can fail: each broken variant of a good rendering is caught.
func TestPolicyChecksCatchViolations(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(r *rendered)
		want   string
	}{
		{"probe removed", func(r *rendered) { r.statefulSets[0].Spec.Template.Spec.Containers[0].ReadinessProbe = nil }, "probes"},
		{"limits removed", func(r *rendered) { r.deployments[0].Spec.Template.Spec.Containers[0].Resources.Limits = nil }, "limit"},
		{"latest tag", func(r *rendered) { r.statefulSets[1].Spec.Template.Spec.Containers[0].Image = "organism:latest" }, "pinned tag"},
		{"untagged image", func(r *rendered) { r.statefulSets[1].Spec.Template.Spec.Containers[0].Image = "registry:5000/organism" }, "pinned tag"},
		{"root", func(r *rendered) { f := false; r.deployments[0].Spec.Template.Spec.SecurityContext.RunAsNonRoot = &f }, "non-root"},
		{"service selects nothing", func(r *rendered) {
			r.services[0].Spec.Selector = map[string]string{"app.kubernetes.io/component": "ghost"}
		}, "selects no workload"},
		{"policy names a missing label", func(r *rendered) {
			r.policies[len(r.policies)-1].Spec.Ingress[0].From[0].PodSelector.MatchLabels = map[string]string{"app.kubernetes.io/component": "ghost"}
		}, "no workload has those labels"},
		{"secret missing", func(r *rendered) { r.secrets = nil }, "does not create"},
		{"owner key in a secret", func(r *rendered) { r.secrets[0].Data["owner.key"] = []byte("-----BEGIN PRIVATE KEY-----") }, "private key"},
		{"two replicas of a store", func(r *rendered) { n := int32(2); r.statefulSets[0].Spec.Replicas = &n }, "one replica"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := render(t, "kind")
			if v := r.violations(); len(v) != 0 {
				t.Fatalf("the good rendering already breaks: %v", v)
			}
			tt.mutate(r)
			v := strings.Join(r.violations(), "\n")
			if !strings.Contains(v, tt.want) {
				t.Errorf("got violations %q, want one containing %q", v, tt.want)
			}
		})
	}
}

// The ha overlay's checks can fail: each broken variant of its good rendering is caught.
func TestHAChecksCatchViolations(t *testing.T) {
	organ := func(r *rendered, name string) *appsv1.Deployment {
		for i := range r.deployments {
			if r.deployments[i].Name == "organism-"+name {
				return &r.deployments[i]
			}
		}
		t.Fatalf("no Deployment organism-%s", name)
		return nil
	}
	dropStore := func(d *appsv1.Deployment) {
		c := &d.Spec.Template.Spec.Containers[0]
		c.Env = slices.DeleteFunc(c.Env, func(e corev1.EnvVar) bool { return e.Name == "ORGANISM_STORE" })
	}
	tests := []struct {
		name   string
		mutate func(r *rendered)
		want   string
	}{
		{"organ replicas on SQLite", func(r *rendered) { dropStore(organ(r, "medulla")) }, "need a shared store"},
		{"one organ Deployment on SQLite", func(r *rendered) {
			d := organ(r, "soul")
			n := int32(1)
			d.Spec.Replicas = &n
			dropStore(d)
		}, "need a shared store"},
		{"DSN as a literal", func(r *rendered) {
			c := &organ(r, "mission").Spec.Template.Spec.Containers[0]
			for i := range c.Env {
				if c.Env[i].Name == "ORGANISM_STORE" {
					c.Env[i] = corev1.EnvVar{Name: "ORGANISM_STORE", Value: "postgres://organism:hunter2@db/organism"}
				}
			}
		}, "literal value"},
		{"DSN in the ConfigMap", func(r *rendered) { r.configMaps[0].Data["ORGANISM_STORE"] = "postgres://organism:hunter2@db/organism" }, "belongs in a Secret"},
		{"DSN from a Secret nobody makes", func(r *rendered) {
			c := &organ(r, "presence").Spec.Template.Spec.Containers[0]
			for i := range c.Env {
				if c.Env[i].Name == "ORGANISM_STORE" {
					c.Env[i].ValueFrom.SecretKeyRef.Name = "organism-pg-ap"
				}
			}
		}, "does not create"},
		{"DSN from a key the operator does not write", func(r *rendered) {
			c := &organ(r, "presence").Spec.Template.Spec.Containers[0]
			for i := range c.Env {
				if c.Env[i].Name == "ORGANISM_STORE" {
					c.Env[i].ValueFrom.SecretKeyRef.Key = "url"
				}
			}
		}, "which it lacks"},
		{"organ PDB removed", func(r *rendered) {
			r.pdbs = slices.DeleteFunc(r.pdbs, func(p policyv1.PodDisruptionBudget) bool { return p.Name == "organism-presence" })
		}, "PodDisruptionBudget keeping at least one"},
		{"one PostgreSQL instance", func(r *rendered) { r.clusters[0].Spec.Instances = 1 }, "at least 2"},
		{"PostgreSQL image latest", func(r *rendered) { r.clusters[0].Spec.ImageName = "ghcr.io/cloudnative-pg/postgresql:latest" }, "pinned tag"},
		{"no synchronous replica", func(r *rendered) { r.clusters[0].Spec.MinSyncReplicas = 0 }, "synchronous replicas"},
		{"asynchronous commit", func(r *rendered) { r.clusters[0].Spec.PostgreSQL.Parameters["synchronous_commit"] = "off" }, "durable commit"},
		{"no storage size", func(r *rendered) { r.clusters[0].Spec.Storage.Size = "" }, "storage size"},
		{"no PostgreSQL limits", func(r *rendered) { r.clusters[0].Spec.Resources.Limits = nil }, "limit"},
		{"instances on one node", func(r *rendered) { r.clusters[0].Spec.Affinity.EnablePodAntiAffinity = nil }, "spread over nodes"},
		{"no owner", func(r *rendered) { r.clusters[0].Spec.Bootstrap.InitDB = nil }, "bootstrap.initdb"},
		{"PostgreSQL shut off from an organ", func(r *rendered) {
			for i := range r.policies {
				if r.policies[i].Name == "postgres-ingress" {
					from := &r.policies[i].Spec.Ingress[0].From
					*from = slices.DeleteFunc(*from, func(p networkingv1.NetworkPolicyPeer) bool {
						return p.PodSelector.MatchLabels["app.kubernetes.io/component"] == "mission"
					})
				}
			}
		}, "no NetworkPolicy admits mission"},
		{"PostgreSQL open to the gateway", func(r *rendered) {
			for i := range r.policies {
				if r.policies[i].Name == "postgres-ingress" {
					r.policies[i].Spec.Ingress[0].From = append(r.policies[i].Spec.Ingress[0].From,
						networkingv1.NetworkPolicyPeer{PodSelector: &metav1.LabelSelector{MatchLabels: map[string]string{"app.kubernetes.io/component": "gateway"}}})
				}
			}
		}, "admits the gateway"},
		{"policy for a cluster that is not there", func(r *rendered) { r.clusters = nil }, "applies to no workload"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := render(t, "ha")
			if v := r.violations(); len(v) != 0 {
				t.Fatalf("the good rendering already breaks: %v", v)
			}
			tt.mutate(r)
			v := strings.Join(r.violations(), "\n")
			if !strings.Contains(v, tt.want) {
				t.Errorf("got violations %q, want one containing %q", v, tt.want)
			}
		})
	}
}

// The Cluster custom resource is decoded strictly: a misspelt or unknown field, or another
// API version, fails instead of being pruned silently by the API server at apply time.
func TestClusterDecodingIsStrict(t *testing.T) {
	good, err := os.ReadFile("k8s/overlays/ha/postgres.yaml")
	if err != nil {
		t.Fatal(err)
	}
	doc := strings.SplitN(string(good), "\n---\n", 2)[0]
	if _, err := decodeCluster([]byte(doc)); err != nil {
		t.Fatalf("the overlay's Cluster: got %v, want it to decode", err)
	}
	tests := []struct{ name, from, to string }{
		{"typo in a spec field", "  instances: 3", "  instance: 3"},
		{"unknown nested field", "    initdb:\n", "    initdb:\n      databse: x\n"},
		{"other API version", "postgresql.cnpg.io/v1", "postgresql.cnpg.io/v2"},
		{"string where a number goes", "  instances: 3", "  instances: three"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			broken := strings.Replace(doc, tt.from, tt.to, 1)
			if broken == doc {
				t.Fatalf("the mutation %q found nothing to change", tt.from)
			}
			if _, err := decodeCluster([]byte(broken)); err == nil {
				t.Errorf("got no error, want the strict decoding to refuse it")
			}
		})
	}
}
