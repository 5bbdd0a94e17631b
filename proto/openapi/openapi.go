// Package openapi embeds the OpenAPI v2 documents generated from each service's HTTP rules.
package openapi

import "embed"

// Files holds organism/<svc>/v1/<svc>.swagger.json for every service.
//
//go:embed organism
var Files embed.FS
