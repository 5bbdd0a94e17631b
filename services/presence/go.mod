module github.com/organism-dev/organism/services/presence

go 1.26.0

require (
	github.com/organism-dev/organism/platform v0.0.0
	github.com/organism-dev/organism/proto v0.0.0
)

replace (
	github.com/organism-dev/organism/platform => ../../platform
	github.com/organism-dev/organism/proto => ../../proto
)
