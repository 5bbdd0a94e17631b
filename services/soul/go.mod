module github.com/organism-dev/organism/services/soul

go 1.26.0

require github.com/yuin/goldmark v1.8.7 // indirect
