module github.com/organism-dev/organism/cmd/organism

go 1.26.0
