module github.com/organism-dev/organism/services/mission

go 1.26.0
