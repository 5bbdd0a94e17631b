module github.com/organism-dev/organism/platform

go 1.26.0
