package domain

import "time"

var timeZero time.Time
