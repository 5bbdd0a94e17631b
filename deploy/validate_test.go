package deploy

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
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
}

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
	for _, o := range []string{"kind", "prod"} {
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
	}
	return fmt.Errorf("kind %s is not one the policy checks know", kind)
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

// selects reports whether sel matches the labels of at least one workload's pods.
func (r *rendered) selects(sel map[string]string) bool {
	for _, w := range r.workloads() {
		ok := true
		for k, v := range sel {
			ok = ok && w.template.Labels[k] == v
		}
		if ok {
			return true
		}
	}
	return false
}

// violations lists every policy the rendered overlay breaks.
func (r *rendered) violations() []string {
	var v []string
	bad := func(format string, args ...any) { v = append(v, fmt.Sprintf(format, args...)) }
	secrets := map[string]corev1.Secret{}
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
	for _, overlay := range []string{"kind", "prod"} {
		t.Run(overlay, func(t *testing.T) {
			r := render(t, overlay)
			for _, v := range r.violations() {
				t.Error(v)
			}
			if got := len(r.statefulSets); got != 4 {
				t.Errorf("StatefulSets: got %d, want one per organ (4)", got)
			}
			if got := len(r.deployments); got != 1 || r.deployments[0].Name != "organism-gateway" {
				t.Errorf("Deployments: got %d, want the gateway alone", got)
			}
			// The NetworkPolicies admit exactly the design's calls.
			got := map[string][]string{}
			for _, p := range r.policies {
				callee := p.Spec.PodSelector.MatchLabels["app.kubernetes.io/component"]
				for _, in := range p.Spec.Ingress {
					for _, from := range in.From {
						if from.PodSelector != nil {
							got[callee] = append(got[callee], from.PodSelector.MatchLabels["app.kubernetes.io/component"])
						}
					}
				}
			}
			for callee, callers := range allowedCalls {
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
