module github.com/organism-dev/organism/services/soul

go 1.26.0
