module github.com/organism-dev/organism/services/presence

go 1.26.0
