package deploy

import (
	"fmt"
	"strings"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/yaml"
)

// cnpgCluster is the part of CloudNativePG's postgresql.cnpg.io/v1 Cluster the ha overlay
// uses, spelled as the operator's CRD spells it. Decoding is strict: a field this type does not
// name (a typo such as "instance", or a field the overlay starts using without a check) fails
// the validation instead of being dropped by the API server's pruning at apply time.
type cnpgCluster struct {
	APIVersion string            `json:"apiVersion"`
	Kind       string            `json:"kind"`
	Metadata   metav1.ObjectMeta `json:"metadata"`
	Spec       cnpgClusterSpec   `json:"spec"`
}

type cnpgClusterSpec struct {
	Instances             int                         `json:"instances"`
	ImageName             string                      `json:"imageName"`
	PrimaryUpdateStrategy string                      `json:"primaryUpdateStrategy,omitempty"`
	MinSyncReplicas       int                         `json:"minSyncReplicas,omitempty"`
	MaxSyncReplicas       int                         `json:"maxSyncReplicas,omitempty"`
	PostgreSQL            cnpgPostgres                `json:"postgresql,omitempty"`
	Bootstrap             cnpgBootstrap               `json:"bootstrap"`
	Storage               cnpgStorage                 `json:"storage"`
	Resources             corev1.ResourceRequirements `json:"resources,omitempty"`
	Affinity              cnpgAffinity                `json:"affinity,omitempty"`
}

type cnpgPostgres struct {
	Parameters map[string]string `json:"parameters,omitempty"`
}

type cnpgBootstrap struct {
	InitDB *cnpgInitDB `json:"initdb,omitempty"`
}

type cnpgInitDB struct {
	Database string `json:"database"`
	Owner    string `json:"owner"`
}

type cnpgStorage struct {
	Size         string  `json:"size"`
	StorageClass *string `json:"storageClass,omitempty"`
}

type cnpgAffinity struct {
	EnablePodAntiAffinity *bool  `json:"enablePodAntiAffinity,omitempty"`
	TopologyKey           string `json:"topologyKey,omitempty"`
	PodAntiAffinityType   string `json:"podAntiAffinityType,omitempty"`
}

// decodeCluster decodes raw strictly into a Cluster of postgresql.cnpg.io/v1.
func decodeCluster(raw []byte) (cnpgCluster, error) {
	var c cnpgCluster
	if err := yaml.UnmarshalStrict(raw, &c); err != nil {
		return c, err
	}
	if c.APIVersion != "postgresql.cnpg.io/v1" {
		return c, fmt.Errorf("apiVersion %q: want postgresql.cnpg.io/v1", c.APIVersion)
	}
	return c, nil
}

// podLabels are labels CloudNativePG puts on every instance pod of the cluster, which
// NetworkPolicies select.
func (c cnpgCluster) podLabels() map[string]string {
	return map[string]string{"cnpg.io/cluster": c.Metadata.Name}
}

// appSecret is the Secret the operator writes for the bootstrap owner; its keys are the
// operator's documented ones (uri is a postgresql:// DSN naming the primary's Service).
func (c cnpgCluster) appSecret() (string, []string) {
	return c.Metadata.Name + "-app", []string{"username", "password", "host", "port", "dbname", "uri", "jdbc-uri", "pgpass"}
}

// clusterViolations lists what a PostgreSQL cluster for the organs must be: more than one
// instance (a failover target), a pinned image, storage and resources sized, a synchronous
// replica (an acknowledged commit survives a failover), instances on different nodes, and an
// owner who may create the organs' schemas.
func clusterViolations(c cnpgCluster) []string {
	var v []string
	bad := func(format string, args ...any) {
		v = append(v, fmt.Sprintf("Cluster/%s: ", c.Metadata.Name)+fmt.Sprintf(format, args...))
	}
	s := c.Spec
	if s.Instances < 2 {
		bad("instances %d: want at least 2 (a primary and a replica to fail over to)", s.Instances)
	}
	if i := strings.LastIndex(s.ImageName, ":"); i < 0 || strings.Contains(s.ImageName[i:], "/") || s.ImageName[i+1:] == "latest" {
		bad("imageName %q needs a pinned tag (not latest)", s.ImageName)
	}
	if s.MinSyncReplicas < 1 || s.MaxSyncReplicas < s.MinSyncReplicas || s.MaxSyncReplicas >= s.Instances {
		bad("synchronous replicas min %d max %d of %d instances: want 1 <= min <= max < instances, so an acknowledged commit survives a failover", s.MinSyncReplicas, s.MaxSyncReplicas, s.Instances)
	}
	if sc := s.PostgreSQL.Parameters["synchronous_commit"]; sc != "" && sc != "on" && sc != "remote_apply" && sc != "remote_write" {
		bad("synchronous_commit %q: an acknowledgement must mean a durable commit", sc)
	}
	if q, err := resource.ParseQuantity(s.Storage.Size); err != nil || q.Sign() <= 0 {
		bad("storage size %q: want a positive quantity", s.Storage.Size)
	}
	for _, res := range []corev1.ResourceName{corev1.ResourceCPU, corev1.ResourceMemory} {
		if _, ok := s.Resources.Limits[res]; !ok {
			bad("no %s limit", res)
		}
		if _, ok := s.Resources.Requests[res]; !ok {
			bad("no %s request", res)
		}
	}
	if a := s.Affinity; a.EnablePodAntiAffinity == nil || !*a.EnablePodAntiAffinity || a.TopologyKey != "kubernetes.io/hostname" {
		bad("instances must be spread over nodes (affinity.enablePodAntiAffinity with topologyKey kubernetes.io/hostname)")
	}
	if s.Bootstrap.InitDB == nil || s.Bootstrap.InitDB.Database == "" || s.Bootstrap.InitDB.Owner == "" {
		bad("bootstrap.initdb needs a database and its owner (the organs connect as the owner and create their schemas)")
	}
	return v
}
