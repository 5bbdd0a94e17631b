package gateway

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"

	"github.com/organism-dev/organism/proto/openapi"
)

// mergedOpenAPI joins the per-service OpenAPI v2 documents into one.
func mergedOpenAPI() ([]byte, error) {
	doc := map[string]any{
		"swagger":     "2.0",
		"info":        map[string]any{"title": "Organism", "version": "v1", "description": "JSON facade of the soul, medulla, mission and presence services."},
		"consumes":    []string{"application/json"},
		"produces":    []string{"application/json"},
		"paths":       map[string]any{},
		"definitions": map[string]any{},
		"tags":        []any{},
	}
	err := fs.WalkDir(openapi.Files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".swagger.json") {
			return err
		}
		raw, err := fs.ReadFile(openapi.Files, p)
		if err != nil {
			return err
		}
		var part map[string]any
		if err := json.Unmarshal(raw, &part); err != nil {
			return fmt.Errorf("openapi %s: %w", p, err)
		}
		for _, key := range []string{"paths", "definitions"} {
			src, _ := part[key].(map[string]any)
			dst := doc[key].(map[string]any)
			for k, v := range src {
				dst[k] = v
			}
		}
		if tags, ok := part["tags"].([]any); ok {
			doc["tags"] = append(doc["tags"].([]any), tags...)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return json.MarshalIndent(doc, "", "  ")
}
