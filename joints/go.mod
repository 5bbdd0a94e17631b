module github.com/organism-dev/organism/joints

go 1.26.0

replace (
	github.com/organism-dev/organism/gateway => ../gateway
	github.com/organism-dev/organism/platform => ../platform
	github.com/organism-dev/organism/proto => ../proto
	github.com/organism-dev/organism/services/medulla => ../services/medulla
	github.com/organism-dev/organism/services/mission => ../services/mission
	github.com/organism-dev/organism/services/presence => ../services/presence
	github.com/organism-dev/organism/services/soul => ../services/soul
)
