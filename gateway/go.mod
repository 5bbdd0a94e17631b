module github.com/organism-dev/organism/gateway

go 1.26.0
