module github.com/organism-dev/organism/services/medulla

go 1.26.0
